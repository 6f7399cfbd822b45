/**
 * Voice through the `moba` command. A task spoken by espeak-ng is recognised by a REAL offline
 * recogniser (PocketSphinx with its en-us model, behind the OpenAI-compatible transcription
 * API) and becomes a run on the simulated phone: nothing scripts what was said — the scripted
 * model answers by the order of its calls, never by the task's words. The answer is spoken
 * through /v1/audio/speech into a file. Then the failures: silence, an endpoint that is down,
 * one that answers garbage, no microphone — each a clear message, and no run started.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/shared/schemas/run.ts';
import { audioInfo, toneWav } from '@moba/testkit';
import type { ScriptedServer } from '@moba/testkit';
import { espeakWav, startPocketsphinxServer } from '@moba/testkit/speech';
import type { PocketsphinxServer } from '@moba/testkit/speech';
import { tempDir } from '@moba/testkit/rigs';
import { scriptedModel } from '../support/scripted-model.ts';
import { REFLECT_GO_ON } from '../support/agent-harness.ts';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'moba.js');
/** The single-level agent (`--no-plan`): it acts until it reports the task done itself. */
const ACT = 'You are an agent that operates an Android phone';
const SELECT = 'You choose which installed Android app to open';

function moba(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, MOBA_ADB_AUTOSTART: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const jsonLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('moba run --voice-in / --speak', () => {
  let sphinx: PocketsphinxServer;
  beforeAll(async () => {
    sphinx = await startPocketsphinxServer();
  });
  afterAll(async () => {
    await sphinx?.close();
  });

  describe('with the simulated phone', () => {
    let rig: PhoneRig;
    beforeAll(async () => {
      rig = await startPhoneRig({ seed: 1 });
    });
    afterAll(async () => {
      await rig?.dispose();
    });

    it('a task spoken aloud is recognised offline, runs on the phone, and its answer is spoken into a file', {
      timeout: 300_000,
    }, async () => {
      // Nothing here names the task: the model's script follows the order of the calls only.
      const model: ScriptedServer = await scriptedModel({
        steps: [
          {
            name: 'act: open the forecast',
            match: { system: ACT },
            reply: {
              observation: 'home',
              thought: 'The forecast is in Weather.',
              can_complete: 'true',
              action: 'Open_App("Weather")',
            },
          },
          {
            name: 'select',
            match: { system: SELECT },
            reply: { package: 'com.moba.weather', reason: 'forecast' },
            times: 'always',
          },
          {
            name: 'act: answer',
            match: { system: ACT },
            reply: {
              observation: 'forecast',
              thought: 'Read it out.',
              can_complete: 'true',
              action: 'Finish("{{match:desc="([^"]+)" #daily_item}}")',
            },
          },
          REFLECT_GO_ON,
        ],
      });
      const data = tempDir('moba-voice-cli-');
      try {
        const wav = join(data.path, 'spoken.wav');
        writeFileSync(wav, await espeakWav('what is the weather tomorrow', { voice: 'en-us', wordsPerMinute: 160 }));
        const said = join(data.path, 'answer.wav');
        const out = await moba(
          [
            'run',
            '--device',
            rig.serial,
            '--voice-in',
            wav,
            '--mode',
            'auto',
            '--no-plan',
            '--json',
            '--base-url',
            model.baseUrl,
            '--model',
            'scripted',
            '--transcriber-base-url',
            sphinx.baseUrl,
            '--transcriber-model',
            'pocketsphinx-en-us',
            '--speaker-base-url',
            model.baseUrl,
            '--speaker-model',
            'tts-1',
            '--speak',
            said,
          ],
          { MOBA_HOME: data.path, HOME: rig.adb.home, ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}` },
        );
        expect(
          out.code,
          `${out.stderr}\nmodel: ${JSON.stringify(model.requests().map((r) => [r.answeredBy, r.status]))}`,
        ).toBe(0);
        // The recogniser heard the espeak audio (22,050 Hz WAV) and its words became the task.
        const [recognised] = sphinx.requests();
        expect(recognised).toMatchObject({
          error: null,
          file: { audio: { container: 'wav', sampleRate: 22_050 } },
          fields: { model: 'pocketsphinx-en-us' },
        });
        expect(recognised!.text).toMatch(/weather tomorrow/);
        const events = jsonLines(out.stdout)
          .map((l) => l.event as RunEvent)
          .filter(Boolean);
        const started = events.find((e) => e.type === 'run_started');
        expect(started).toMatchObject({ task: recognised!.text });
        expect(events.find((e) => e.type === 'voice_input')).toMatchObject({
          use: 'task',
          transcript: recognised!.text,
          text: recognised!.text,
          edited: false,
          model: 'pocketsphinx-en-us',
          baseUrl: sphinx.baseUrl,
        });
        const finished = events.find((e) => e.type === 'run_finished');
        expect(finished).toMatchObject({ outcome: 'succeeded' });
        const answer = events.find((e) => e.type === 'message');
        expect(answer?.type === 'message' && answer.text).toMatch(/high \d+°, low \d+°/);
        // The answer and the run's end went to /v1/audio/speech and into the files.
        const spoken = model
          .requests()
          .filter((r) => r.path === '/v1/audio/speech')
          .map((r) => (r.body as { input: string }).input);
        expect(spoken).toEqual([answer?.type === 'message' ? answer.text : '', 'The run is done.']);
        expect(audioInfo(readFileSync(said))).toMatchObject({ container: 'wav' });
        expect(existsSync(join(data.path, 'answer-2.wav'))).toBe(true);
      } finally {
        await model.close();
        data.dispose();
      }
    });
  });

  it('silence, a transcriber that is down or answers garbage, and a missing microphone each say so and start no run', {
    timeout: 120_000,
  }, async () => {
    const model = await scriptedModel({ transcriptions: [{ garbage: '<html><body>502 Bad Gateway</body></html>' }] });
    const data = tempDir('moba-voice-errors-');
    const env = { MOBA_HOME: data.path };
    const run = (voiceIn: string, transcriber: string) =>
      moba(
        [
          'run',
          '--device',
          'nowhere:1',
          '--voice-in',
          voiceIn,
          '--transcriber-base-url',
          transcriber,
          '--transcriber-model',
          'whisper-1',
        ],
        env,
      );
    try {
      const silent = join(data.path, 'silent.wav');
      writeFileSync(silent, Buffer.concat([toneWav(2_000).subarray(0, 44), Buffer.alloc(64_000)]));
      const quiet = await run(silent, model.baseUrl);
      expect(quiet.code).toBe(1);
      expect(quiet.stderr).toMatch(
        /Nothing was heard in the recording \(2\.0 s, it is digital silence\).*\[VOICE_NO_SPEECH\]/,
      );
      expect(model.requests()).toHaveLength(0);

      const speech = join(data.path, 'speech.wav');
      writeFileSync(speech, await espeakWav('open the clock'));
      const down = await run(speech, 'http://127.0.0.1:9/v1');
      expect(down.code).toBe(1);
      expect(down.stderr).toMatch(
        /Could not reach the transcription endpoint http:\/\/127\.0\.0\.1:9\/v1.*\[MODEL_HTTP_ERROR\]/,
      );

      const garbage = await run(speech, model.baseUrl);
      expect(garbage.code).toBe(1);
      expect(garbage.stderr).toMatch(/did not answer with a transcript.*502 Bad Gateway.*\[MODEL_REPLY_INVALID\]/);

      // This machine has no sound card: the microphone cannot be opened.
      const mic = await run('-', model.baseUrl);
      expect(mic.code).toBe(1);
      expect(mic.stderr).toMatch(/No microphone to record from .*--voice-in FILE\.wav \[VOICE_NO_MICROPHONE\]/);

      const both = await moba(['run', '--device', 'x', '--task', 't', '--voice-in', speech], env);
      expect(both.stderr).toMatch(/not both/);
      const list = await moba(['runs', 'list', '--json'], env);
      expect(JSON.parse(list.stdout.trim().split('\n').at(-1)!)).toMatchObject({ total: 0 });
    } finally {
      await model.close();
      data.dispose();
    }
  });
});
