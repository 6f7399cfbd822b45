/**
 * Runs and devices owned by another process: refused with CONFLICT and the holder's name; a log
 * changed under its owner pauses the run with a reason instead of leaving a dangling promise.
 * "Another process" is a live pid on this host that is not this one (our parent).
 */
import { hostname } from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { ArtifactStore } from '../store/artifacts.ts';
import { RunsRepo } from '../store/runs-repo.ts';
import { DeviceLocks } from '../store/device-locks.ts';
import { SettingsService } from '../settings/settings-service.ts';
import { EnvSecretStore } from '../settings/secrets.ts';
import { RunService } from './run-service.ts';
import { DeviceLockService } from './device-lock.ts';
import { NO_MEMORY } from './ports.ts';
import { ToyPhone } from '../../../test/support/toy-phone.ts';
import { scriptedModel } from '../../../test/support/scripted-model.ts';
import type { ScriptedServer } from '@moba/testkit';
import { tempDir } from '@moba/testkit/rigs';
import { foldRun } from '../../shared/run/reducer.ts';

const LIVE_OTHER = `${hostname()}:${process.ppid}`;
const ACT = 'You are the Local Agent of MobA';

interface Harness {
  db: Db;
  runs: RunService;
  locks: DeviceLocks;
  model: ScriptedServer;
  cleanup(): Promise<void>;
}
const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.cleanup();
});

async function harness(): Promise<Harness> {
  const dir = tempDir('moba-owner-');
  const db = openDatabase({ path: `${dir.path}/moba.sqlite` });
  const model = await scriptedModel({
    steps: [
      {
        match: { system: ACT },
        reply: { observation: 'home', thought: 'open it', can_complete: 'true', action: 'Open_App("Settings")' },
        times: 10,
      },
    ],
  });
  const settings = new SettingsService({ db, secrets: new EnvSecretStore(), env: {} });
  settings.update({
    models: { default: { baseUrl: model.baseUrl, model: 'scripted', timeoutMs: 10_000, maxRetries: 0 } },
  });
  const locks = new DeviceLocks(db);
  const phone = new ToyPhone();
  const runs = new RunService({
    repo: new RunsRepo(db),
    artifacts: new ArtifactStore(db, `${dir.path}/artifacts`),
    settings,
    appVersion: 'test',
    device: () => phone,
    memory: () => NO_MEMORY,
    deviceLocks: new DeviceLockService({ locks, holder: 'this test' }),
  });
  const h: Harness = {
    db,
    runs,
    locks,
    model,
    async cleanup() {
      await runs.dispose();
      await model.close();
      db.close();
      dir.dispose();
    },
  };
  open.push(h);
  return h;
}

/** Waits until `check` holds (vitest's waitUntil, polled every 10 ms). */
const until = (check: () => boolean, timeout = 10_000) => vi.waitUntil(check, { timeout, interval: 10 });

describe('run and device ownership', () => {
  it('refuses to start on a device another live process drives, naming it, and records nothing', async () => {
    const h = await harness();
    new DeviceLockService({ locks: h.locks, owner: LIVE_OTHER, holder: '`moba run` (pid 77 on lab-1)' }).acquire(
      'toy-1',
      'their-run',
    );
    await expect(
      h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('in use by `moba run` (pid 77 on lab-1), run their-run'),
    });
    expect(h.runs.list({}).total).toBe(0);
  });

  it('holds the device while its loop runs and lets go when the run pauses', async () => {
    const h = await harness();
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'step' } });
    await until(() => h.runs.state(runId).status === 'waiting');
    expect(h.locks.get('toy-1')).toMatchObject({ runId, holder: 'this test' });
    await h.runs.pause(runId);
    expect(h.locks.get('toy-1')).toBeUndefined();
  });

  it('refuses every run-changing call on a run another live process drives', async () => {
    const h = await harness();
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'step' } });
    await until(() => h.runs.state(runId).status === 'waiting');
    await h.runs.pause(runId);
    // Another process resumed it meanwhile and is waiting for its person.
    const repo = new RunsRepo(h.db);
    const other = new RunService({
      repo,
      artifacts: new ArtifactStore(h.db, '/nonexistent'),
      settings: new SettingsService({ db: h.db, secrets: new EnvSecretStore(), env: {} }),
      appVersion: 'test',
      device: () => new ToyPhone(),
      memory: () => NO_MEMORY,
    });
    repo.heartbeat(runId, LIVE_OTHER, Date.now());
    const before = h.runs.events(runId).events.length;
    const refused = /Run .* is driven by .*pause, stop or answer it there/;
    await expect(other.pause(runId)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(refused),
    });
    await expect(other.stop(runId)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(other.takeOver(runId)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(() => other.resume(runId)).toThrow(refused);
    expect(() => other.decide(runId, { decision: 'approve' })).toThrow(refused);
    expect(() => other.editPlan(runId, { op: 'rename', nodeId: 'n1', goal: 'x' })).toThrow(refused);
    expect(() => other.delete(runId)).toThrow(refused);
    expect(h.runs.events(runId).events.length).toBe(before);
    await other.dispose();
  });

  it('an owner whose log was changed by another writer pauses cleanly with the reason', async () => {
    const h = await harness();
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'step' } });
    await until(() => h.runs.state(runId).status === 'waiting');
    // An older MobA Studio (or any writer that skips the ownership check) appends to the log.
    const repo = new RunsRepo(h.db);
    const { events } = repo.events(runId);
    repo.append(
      runId,
      { type: 'message', from: 'person', nodeId: null, text: 'written elsewhere' },
      Date.now(),
      () => ({ ...foldRunSummary(runId, events) }),
      events.length,
    );
    expect(() => h.runs.decide(runId, { decision: 'approve' })).toThrow(/changed by another writer/);
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status).toBe('paused');
    const log = h.runs.events(runId).events;
    expect(log.at(-2)).toMatchObject({ type: 'message', text: 'written elsewhere' });
    expect(log.at(-1)).toMatchObject({
      type: 'run_paused',
      by: 'system',
      reason: expect.stringContaining('changed by another MobA Studio process'),
    });
    // The paused run resumes from the changed log.
    h.runs.resume(runId);
    await until(() => h.runs.state(runId).status === 'waiting');
  });
});

function foldRunSummary(runId: string, events: Parameters<typeof foldRun>[1]) {
  const s = foldRun(runId, events);
  return {
    status: s.status,
    outcomeReason: s.outcomeReason,
    steps: s.counters.executedActions,
    modelCalls: s.counters.modelCalls,
    tokens: 0,
  };
}
