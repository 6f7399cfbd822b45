import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer } from './server.ts';
import type { ScriptedServer } from './server.ts';
import { audioInfo, toneWav } from './audio.ts';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function upload(audio: Buffer, fields: Record<string, string> = { model: 'whisper-1' }) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(audio)], { type: 'audio/wav' }), 'speech.wav');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return fetch(`${server!.baseUrl}/audio/transcriptions`, { method: 'POST', body: form });
}

describe('scripted audio routes', () => {
  it('answers transcriptions in order and records what was uploaded (format, duration, the bytes)', async () => {
    server = await startScriptedServer({
      script: {
        transcriptions: [
          { name: 'task', text: 'open the clock' },
          { garbage: '<html>' },
          { error: { status: 503, message: 'loading' } },
        ],
      },
    });
    const wav = toneWav(1_250, 22_050);
    const first = await upload(wav, { model: 'whisper-1', language: 'en' });
    expect(await first.json()).toEqual({ text: 'open the clock' });
    const [req] = server.requests();
    expect(req).toMatchObject({
      path: '/v1/audio/transcriptions',
      answeredBy: '#1 task',
      body: {
        model: 'whisper-1',
        language: 'en',
        file: {
          name: 'speech.wav',
          mime: 'audio/wav',
          bytes: wav.length,
          audio: { container: 'wav', sampleRate: 22_050, channels: 1, bitsPerSample: 16 },
        },
      },
    });
    expect((req!.body as { file: { audio: { durationMs: number } } }).file.audio.durationMs).toBeCloseTo(1_250, 0);
    expect(server.audio(req!.seq)!.equals(wav)).toBe(true);
    const viaRoute = Buffer.from(
      await (await fetch(`${server.baseUrl.replace('/v1', '')}/__scripted/audio/${req!.seq}`)).arrayBuffer(),
    );
    expect(viaRoute.equals(wav)).toBe(true);
    const garbage = await upload(wav);
    expect(garbage.status).toBe(200);
    expect(await garbage.text()).toBe('<html>');
    expect((await upload(wav)).status).toBe(503);
    const none = await upload(wav);
    expect(none.status).toBe(500);
    expect(await none.text()).toMatch(/No transcription left in the script/);
    expect((await upload(wav, {})).status).toBe(400);
  });

  it('speaks a valid WAV (scripted length, else about 40 ms a character) and rejects a request without input', async () => {
    server = await startScriptedServer({ script: { speech: [{ durationMs: 300 }] } });
    const speak = (body: unknown) =>
      fetch(`${server!.baseUrl}/audio/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const r1 = await speak({ model: 'tts-1', voice: 'alloy', input: 'Tomorrow is sunny.' });
    expect(r1.headers.get('content-type')).toBe('audio/wav');
    expect(audioInfo(new Uint8Array(await r1.arrayBuffer()))).toMatchObject({
      container: 'wav',
      sampleRate: 16_000,
      durationMs: 300,
    });
    const r2 = await speak({ model: 'tts-1', voice: 'alloy', input: 'x'.repeat(20) });
    expect(audioInfo(new Uint8Array(await r2.arrayBuffer())).durationMs).toBe(800);
    expect((await speak({ model: 'tts-1', voice: 'alloy' })).status).toBe(400);
    expect(server.requests().map((r) => r.answeredBy)).toEqual(['#1', 'tone', '']);
  });
});
