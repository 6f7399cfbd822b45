/**
 * @moba/testkit — tools for testing and trying MobA without a model or a phone's real screens:
 * the scripted OpenAI-compatible model server (`moba model-server`) and the synthetic
 * uiautomator dump generator.
 */
export { startScriptedServer } from './scripted/server.ts';
export type { ScriptedRequest, ScriptedServer, StartScriptedServerOptions } from './scripted/server.ts';
export { SCRIPT_PROVIDERS, Script, loadScriptFile, parseScript, testPattern } from './scripted/script.ts';
export type {
  InjectedError,
  Pattern,
  ScriptAnswer,
  ScriptInput,
  ScriptProvider,
  ScriptStep,
  SpeechStep,
  StepMatch,
  TranscriptionStep,
} from './scripted/script.ts';
export { audioInfo, toneWav } from './scripted/audio.ts';
export type { AudioInfo, ReceivedFile } from './scripted/audio.ts';
export { scriptedEmbedding, toBase64Floats } from './scripted/embeddings.ts';
export { dumpXml, escapeAttribute, syntheticScreen } from './synthetic-dump.ts';
export type { DumpXmlOptions, Rect, SyntheticNode } from './synthetic-dump.ts';
