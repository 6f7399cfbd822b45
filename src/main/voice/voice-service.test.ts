import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../store/database.ts';
import { ArtifactStore } from '../store/artifacts.ts';
import { SettingsService } from '../settings/settings-service.ts';
import { EnvSecretStore } from '../settings/secrets.ts';
import { scriptedModel } from '../../../test/support/scripted-model.ts';
import type { ScriptedServer, ScriptInput } from '@moba/testkit';
import { tempDir } from '@moba/testkit/rigs';
import { encodeWav } from '../../shared/voice/audio-format.ts';
import { VoiceService } from './voice-service.ts';

const RATE = 16_000;
const speechLike = (ms: number) =>
  encodeWav(
    Float32Array.from(
      { length: (RATE * ms) / 1000 },
      (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / RATE) * (1 + Math.sin(i / 400)),
    ),
    RATE,
  );
const silence = (ms: number) => encodeWav(new Float32Array((RATE * ms) / 1000), RATE);

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(
  script: ScriptInput,
  configure: { transcriber?: boolean; speaker?: boolean; baseUrl?: string } = {},
) {
  const dir = tempDir('moba-voice-');
  cleanups.push(() => dir.dispose());
  const db = openDatabase({ path: ':memory:' });
  cleanups.push(() => db.close());
  const model: ScriptedServer = await scriptedModel(script);
  cleanups.push(() => model.close());
  const settings = new SettingsService({ db, secrets: new EnvSecretStore(), env: {} });
  const endpoint = (name: string) => ({
    baseUrl: configure.baseUrl ?? model.baseUrl,
    model: name,
    timeoutMs: 5_000,
    maxRetries: 0,
  });
  settings.update({
    models: {
      ...(configure.transcriber !== false ? { transcriber: endpoint('whisper-1') } : {}),
      ...(configure.speaker !== false ? { speaker: endpoint('tts-1') } : {}),
    },
    voice: {
      voices: { en: { endpoint: 'alloy', browser: '' }, zh: { endpoint: 'zf_xiaobei', browser: '' } },
      format: 'wav',
      rate: 1.25,
    },
  });
  const artifacts = new ArtifactStore(db, `${dir.path}/artifacts`);
  return { model, settings, artifacts, voice: new VoiceService({ settings, artifacts, now: () => 1_000 }) };
}

describe('VoiceService', () => {
  it('sends the recording to the transcriber, keeps the audio and the transcript, and builds the voice_input event', async () => {
    const { model, voice, artifacts } = await setup({ transcriptions: [{ text: 'Open the clock app' }] });
    const audio = speechLike(1_200);
    const { transcriptId, record } = await voice.transcribe({ audio, purpose: 'task', language: 'en' });
    expect(record).toMatchObject({
      text: 'Open the clock app',
      purpose: 'task',
      model: 'whisper-1',
      engine: 'endpoint',
      language: 'en',
    });
    expect(record.audio).toMatchObject({
      mime: 'audio/wav',
      format: 'wav/pcm_s16le',
      sampleRate: RATE,
      channels: 1,
      bytes: audio.byteLength,
    });
    expect(record.audio.durationMs).toBeCloseTo(1_200, 5);
    // What reached the endpoint is the same audio, as a multipart upload with the model and language.
    const [req] = model.requests();
    expect(req).toMatchObject({
      path: '/v1/audio/transcriptions',
      body: {
        model: 'whisper-1',
        language: 'en',
        response_format: 'json',
        file: { name: 'speech.wav', audio: { container: 'wav', sampleRate: RATE } },
      },
    });
    expect(model.audio(req!.seq)!.equals(Buffer.from(audio))).toBe(true);
    // The audio and the record are artifacts; the id resolves after a restart.
    expect(artifacts.read(record.audio.sha256).equals(Buffer.from(audio))).toBe(true);
    expect(voice.transcript(transcriptId)).toEqual(record);
    expect(voice.voiceInput(transcriptId, 'task', 'Open the Clock app, then stop')).toMatchObject({
      use: 'task',
      transcript: 'Open the clock app',
      text: 'Open the Clock app, then stop',
      edited: true,
      by: 'person',
    });
    expect(voice.voiceInput(transcriptId, 'task', ' Open the clock app ').edited).toBe(false);
  });

  it('sends nothing for silence, a click-length recording or bytes that are not audio', async () => {
    const { model, voice } = await setup({ transcriptions: [{ text: 'never used' }] });
    await expect(voice.transcribe({ audio: silence(2_000), purpose: 'task' })).rejects.toMatchObject({
      code: 'VOICE_NO_SPEECH',
      message: expect.stringMatching(/Nothing was heard.*2\.0 s.*digital silence/),
    });
    await expect(voice.transcribe({ audio: speechLike(100), purpose: 'task' })).rejects.toMatchObject({
      code: 'VOICE_NO_SPEECH',
      message: expect.stringMatching(/only 100 ms/),
    });
    await expect(voice.transcribe({ audio: new TextEncoder().encode('hello'), purpose: 'task' })).rejects.toMatchObject(
      { code: 'VOICE_AUDIO_INVALID' },
    );
    await expect(voice.transcribe({ audio: new Uint8Array(0), purpose: 'task' })).rejects.toMatchObject({
      code: 'VOICE_AUDIO_INVALID',
      message: expect.stringMatching(/empty/),
    });
    expect(model.requests()).toHaveLength(0);
  });

  it('reports an endpoint that is down, answers an error, answers garbage or hears no words — with the endpoint named', async () => {
    const down = await setup({}, { baseUrl: 'http://127.0.0.1:9/v1' });
    await expect(down.voice.transcribe({ audio: speechLike(800), purpose: 'task' })).rejects.toMatchObject({
      code: 'MODEL_HTTP_ERROR',
      message: expect.stringMatching(/Could not reach the transcription endpoint http:\/\/127\.0\.0\.1:9\/v1/),
    });
    const { voice } = await setup({
      transcriptions: [
        { error: { status: 503, message: 'model is loading' } },
        { garbage: '<html>502 Bad Gateway</html>' },
        { text: '  ' },
        { text: '[BLANK_AUDIO]' },
      ],
    });
    await expect(voice.transcribe({ audio: speechLike(800), purpose: 'guidance' })).rejects.toMatchObject({
      code: 'MODEL_HTTP_ERROR',
      message: expect.stringMatching(/transcription endpoint .* HTTP 503: model is loading/),
    });
    await expect(voice.transcribe({ audio: speechLike(800), purpose: 'guidance' })).rejects.toMatchObject({
      code: 'MODEL_REPLY_INVALID',
      message: expect.stringMatching(/did not answer with a transcript.*502 Bad Gateway/),
    });
    await expect(voice.transcribe({ audio: speechLike(800), purpose: 'guidance' })).rejects.toMatchObject({
      code: 'VOICE_NO_SPEECH',
    });
    await expect(voice.transcribe({ audio: speechLike(800), purpose: 'guidance' })).rejects.toMatchObject({
      code: 'VOICE_NO_SPEECH',
    });
  });

  it('says how to turn voice on when no transcriber or speaker is configured', async () => {
    const { voice, model } = await setup({}, { transcriber: false, speaker: false });
    await expect(voice.transcribe({ audio: speechLike(800), purpose: 'task' })).rejects.toMatchObject({
      code: 'MODEL_NOT_CONFIGURED',
      message: expect.stringMatching(/transcriber role.*Settings → Voice/),
    });
    await expect(voice.speak('hello')).rejects.toMatchObject({
      code: 'MODEL_NOT_CONFIGURED',
      message: expect.stringMatching(/speaker role/),
    });
    expect(model.requests()).toHaveLength(0);
  });

  it('speaks with the voice of the text’s language at the set rate and returns playable audio', async () => {
    const { voice, model } = await setup({ speech: [{ durationMs: 300 }, { garbage: '{"error":"oops"}' }] });
    const out = await voice.speak('明天上海晴，最高二十四度');
    expect(out).toMatchObject({ mime: 'audio/wav', voice: 'zf_xiaobei', language: 'zh' });
    expect(out.audio.subarray(0, 4).toString()).toBe('RIFF');
    expect(model.requests()[0]).toMatchObject({
      path: '/v1/audio/speech',
      body: {
        model: 'tts-1',
        voice: 'zf_xiaobei',
        input: '明天上海晴，最高二十四度',
        response_format: 'wav',
        speed: 1.25,
      },
    });
    await expect(voice.speak('Tomorrow is sunny')).rejects.toMatchObject({
      code: 'MODEL_REPLY_INVALID',
      message: expect.stringMatching(/speech endpoint .* did not answer with audio/),
    });
    await expect(voice.speak('   ')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
