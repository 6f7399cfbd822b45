/**
 * @moba/testkit/speech — real speech for voice tests: espeak-ng makes spoken audio, and a
 * PocketSphinx server recognises it behind the OpenAI-compatible transcription API.
 */
export { espeakWav } from './espeak.ts';
export type { SpeakOptions } from './espeak.ts';
export { recognise, startPocketsphinxServer } from './pocketsphinx-server.ts';
export type { PocketsphinxServer, RecognisedRequest } from './pocketsphinx-server.ts';
