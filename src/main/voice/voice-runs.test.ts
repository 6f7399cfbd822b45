import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../store/database.ts';
import { ArtifactStore } from '../store/artifacts.ts';
import { RunsRepo } from '../store/runs-repo.ts';
import { SettingsService } from '../settings/settings-service.ts';
import { EnvSecretStore } from '../settings/secrets.ts';
import { RunService } from '../agent/run-service.ts';
import { NO_MEMORY } from '../agent/ports.ts';
import { ToyPhone } from '../../../test/support/toy-phone.ts';
import { scriptedModel } from '../../../test/support/scripted-model.ts';
import type { ScriptInput } from '@moba/testkit';
import { tempDir } from '@moba/testkit/rigs';
import { encodeWav } from '../../shared/voice/audio-format.ts';
import { foldRun } from '../../shared/run/reducer.ts';
import { VoiceService } from './voice-service.ts';
import { buildRunExport } from '../export/run-export.ts';

const ACT = 'You are the Local Agent of MobA';
const FEEDBACK = 'Not the clock, open Settings';
const RATE = 16_000;
const speech = encodeWav(
  Float32Array.from({ length: RATE }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 220 * i) / RATE)),
  RATE,
);

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(script: ScriptInput) {
  const dir = tempDir('moba-voice-runs-');
  cleanups.push(() => dir.dispose());
  const db = openDatabase({ path: `${dir.path}/moba.sqlite` });
  cleanups.push(() => db.close());
  const model = await scriptedModel(script);
  cleanups.push(() => model.close());
  const settings = new SettingsService({ db, secrets: new EnvSecretStore(), env: {} });
  const endpoint = { baseUrl: model.baseUrl, model: 'scripted', timeoutMs: 10_000, maxRetries: 0 };
  settings.update({ models: { default: endpoint, transcriber: { ...endpoint, model: 'whisper-1' } } });
  const artifacts = new ArtifactStore(db, `${dir.path}/artifacts`);
  const voice = new VoiceService({ settings, artifacts });
  const repo = new RunsRepo(db);
  const runs = new RunService({
    repo,
    artifacts,
    settings,
    appVersion: 'test',
    device: () => new ToyPhone(),
    memory: () => NO_MEMORY,
    voiceInput: (id, use, text) => voice.voiceInput(id, use, text),
  });
  cleanups.push(() => runs.dispose());
  return { model, voice, runs, repo, artifacts };
}

/** Waits until `check` holds (vitest's waitUntil, polled every 10 ms). */
const until = (check: () => boolean, timeout = 10_000) => vi.waitUntil(check, { timeout, interval: 10 });

describe('spoken runs', () => {
  it('a spoken task starts a run whose log says so right after run_started, with the audio and the transcript', async () => {
    const h = await setup({
      transcriptions: [{ text: 'what is the weather tomorrow' }],
      steps: [
        {
          match: { system: ACT },
          reply: { observation: 'home', thought: 'answer', can_complete: 'true', action: 'Finish("Sunny tomorrow")' },
        },
      ],
    });
    const t = await h.voice.transcribe({ audio: speech, purpose: 'task' });
    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: 'What is the weather tomorrow?',
      voice: { transcriptId: t.transcriptId },
      options: { mode: 'auto' },
    });
    await h.runs.settled(runId);
    const events = h.runs.events(runId).events;
    expect(events.map((e) => e.type).slice(0, 2)).toEqual(['run_started', 'voice_input']);
    expect(events[1]).toMatchObject({
      use: 'task',
      transcript: 'what is the weather tomorrow',
      text: 'What is the weather tomorrow?',
      edited: true,
      audio: { sha256: t.record.audio.sha256, format: 'wav/pcm_s16le' },
    });
    const st = foldRun(runId, events);
    expect(st.status).toBe('succeeded');
    expect(st.voiceInputs).toEqual([
      expect.objectContaining({ use: 'task', audioSha256: t.record.audio.sha256, durationMs: 1_000 }),
    ]);
    // An export carries the spoken audio among its assets.
    const exported = buildRunExport({
      runs: h.runs,
      artifacts: h.artifacts,
      runId,
      app: { name: 'test', version: '0' },
    });
    expect(exported.assets[t.record.audio.sha256]).toMatchObject({
      present: true,
      file: expect.stringMatching(/\.wav$/),
    });
  });

  it('starts nothing for an unknown transcript', async () => {
    const h = await setup({ steps: [] });
    await expect(
      h.runs.start({ serial: 'toy-1', task: 'x', voice: { transcriptId: 'a'.repeat(64) } }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(h.repo.list({}).total).toBe(0);
  });

  it('spoken feedback on a rejection is recorded before the decision and reaches the next prompt', async () => {
    const h = await setup({
      transcriptions: [{ text: FEEDBACK }],
      steps: [
        {
          name: 'first',
          match: { system: ACT },
          reply: { observation: 'home', thought: 'tap', can_complete: 'true', action: 'Click({{element:Clock}})' },
        },
        {
          name: 'after feedback',
          match: { system: ACT, user: FEEDBACK },
          reply: { observation: 'home', thought: 'ok', can_complete: 'true', action: 'Finish()' },
        },
      ],
    });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'step' } });
    await until(() => h.runs.state(runId).status === 'waiting');
    const t = await h.voice.transcribe({ audio: speech, purpose: 'feedback' });
    expect(() => h.runs.decide(runId, { decision: 'approve' }, { transcriptId: t.transcriptId })).toThrow(
      /spoken decision/,
    );
    h.runs.decide(runId, { decision: 'reject', feedback: FEEDBACK }, { transcriptId: t.transcriptId });
    await until(() => h.runs.state(runId).status === 'succeeded');
    const events = h.runs.events(runId).events;
    const i = events.findIndex((e) => e.type === 'voice_input');
    expect(events[i]).toMatchObject({ use: 'feedback', text: FEEDBACK, edited: false });
    expect(events[i + 1]).toMatchObject({ type: 'human_decision', decision: 'reject', feedback: FEEDBACK });
    expect(h.model.requests().find((r) => r.answeredBy.includes('after feedback'))).toBeDefined();
  });
});
