/**
 * Security: one device has one driver, across processes. Before the fix the "device busy" check
 * saw only the calling process's runs: a second `moba run` (or `moba serve` beside a CLI run)
 * started a second agent on the same phone, and another process could pause a run it did not
 * own. Real `moba run` processes, the real adb server and the simulated phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunEvent } from '../../src/shared/schemas/run.ts';
import { join } from 'node:path';
import { createApp } from '../../src/main/app.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import { RunsRepo } from '../../src/main/store/runs-repo.ts';
import { foldRun } from '../../src/shared/run/reducer.ts';
import type { MobaApp } from '../../src/main/app.ts';
import { tempDir } from '@moba/testkit/rigs';
import type { ScriptedServer } from '@moba/testkit';
import { scriptedModel } from '../support/scripted-model.ts';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';
import { killProcess, mobaProcess } from '../support/cli-process.ts';
import type { CliProcess } from '../support/cli-process.ts';

const ACT = 'You are the Local Agent of MobA';
/**
 * The stale window of the `moba run` processes here (the default is 30 s): 3 s, or three times
 * what one `moba run` took to start and give up in this same run when the machine is slower
 * than that — a live holder must never look stale to a process that is merely slow to start.
 */
let staleMs = 3_000;

let rig: PhoneRig;
let model: ScriptedServer;
const data = tempDir('moba-sec-lock-');
const started: CliProcess[] = [];

beforeAll(async () => {
  rig = await startPhoneRig({ seed: 1 });
  // Every run proposes one action and, in step mode, waits for its person: it holds the phone.
  model = await scriptedModel({
    steps: [
      {
        match: { system: ACT },
        reply: { observation: 'home', thought: 'open it', can_complete: 'true', action: 'Open_App("Clock")' },
        times: 100,
      },
    ],
  });
  // How long a `moba run` takes from start to its device check on this machine right now.
  const t0 = performance.now();
  const probe = mobaProcess(['run', '--device', 'no-such-device:1', '--task', 'probe', '--json'], env());
  expect((await probe.exit).code).not.toBe(0);
  staleMs = Math.max(staleMs, Math.ceil(3 * (performance.now() - t0)));
});
afterAll(async () => {
  for (const p of started) await killProcess(p);
  await model?.close();
  await rig?.dispose();
  data.dispose();
});

const env = () => ({
  MOBA_HOME: data.path,
  HOME: rig.adb.home,
  ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}`,
  MOBA_ADB_AUTOSTART: '0',
  MOBA_STALE_MS: String(staleMs),
});

function mobaRun(task: string): CliProcess {
  const p = mobaProcess(
    [
      'run',
      '--device',
      rig.serial,
      '--task',
      task,
      '--mode',
      'step',
      '--json',
      '--base-url',
      model.baseUrl,
      '--model',
      'scripted',
    ],
    env(),
  );
  started.push(p);
  return p;
}

async function waiting(p: CliProcess): Promise<string> {
  const { runId } = (await p.waitFor((l) => typeof l.runId === 'string' && !('event' in l))) as { runId: string };
  await p.waitFor((l) => (l.event as RunEvent | undefined)?.type === 'human_wait');
  return runId;
}

const holderOf = (p: CliProcess) =>
  new RegExp(
    `Device ${rig.serial.replace(/[.:]/g, '\\$&')} is in use by \`moba run\` \\(pid ${p.child.pid} on [^)]+\\), run `,
  );

describe('security: one device, one driver, across processes', () => {
  it('refuses a second moba run with the holder; kill -9 the holder and the next run takes the phone over', {
    timeout: 240_000,
  }, async () => {
    const first = mobaRun('Open the Clock app');
    const firstRun = await waiting(first);

    const second = mobaRun('Open the Settings app');
    expect((await second.exit).code).toBe(1);
    expect(second.stderr).toMatch(holderOf(first));
    expect(second.stderr).toContain(`run ${firstRun}`);

    // `moba serve` / the desktop app on the same data folder: another process, same refusals.
    const app: MobaApp = await createApp({ host: 'web', dataDir: data.path, env: env() });
    try {
      const start = await app.router.call(
        'startRun',
        { serial: rig.serial, task: 'Open the Settings app' },
        { connection: localConnection, signal: new AbortController().signal },
      );
      expect(start).toMatchObject({
        ok: false,
        error: { code: 'CONFLICT', message: expect.stringMatching(holderOf(first)) },
      });
      for (const method of ['pauseRun', 'stopRun', 'takeOverRun', 'resumeRun']) {
        const r = await app.router.call(
          method,
          { runId: firstRun },
          { connection: localConnection, signal: new AbortController().signal },
        );
        expect(r, method).toMatchObject({
          ok: false,
          error: { code: 'CONFLICT', message: expect.stringContaining('`moba run`') },
        });
      }
      const decide = await app.router.call(
        'decideRun',
        { runId: firstRun, decision: 'approve' },
        { connection: localConnection, signal: new AbortController().signal },
      );
      expect(decide).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
      expect(app.runs.get(firstRun).status).toBe('waiting');
    } finally {
      await app.dispose();
    }

    await killProcess(first, 'SIGKILL');
    const third = mobaRun('Open the Settings app');
    const thirdRun = await waiting(third);
    expect(third.stderr).toMatch(
      new RegExp(
        `took over device .* from \`moba run\` \\(pid ${first.child.pid} on [^)]+\\) \\(run ${firstRun}\\): its process is gone`,
      ),
    );
    expect(thirdRun).not.toBe(firstRun);
  });

  it('a holder that stops answering keeps the phone until its heartbeat expires, then loses it and pauses cleanly', {
    timeout: 240_000,
  }, async () => {
    for (const p of started) await killProcess(p);
    const holder = mobaRun('Open the Clock app');
    const holderRun = await waiting(holder);
    // Frozen, not dead: only its silence can free the phone.
    holder.child.kill('SIGSTOP');
    const early = mobaRun('Open the Settings app');
    expect((await early.exit).code).toBe(1);
    expect(early.stderr).toMatch(holderOf(holder));
    await new Promise((r) => setTimeout(r, staleMs + 500));
    const next = mobaRun('Open the Settings app');
    await waiting(next);
    expect(next.stderr).toMatch(/took over device .* its process is gone/);

    // The old holder wakes up, finds the phone taken and pauses its run with the reason.
    holder.child.kill('SIGCONT');
    const paused = (await holder.waitFor((l) => (l.event as RunEvent | undefined)?.type === 'run_paused', 30_000))
      .event as RunEvent;
    expect(paused).toMatchObject({ by: 'system', reason: expect.stringContaining(`took device ${rig.serial} over`) });
    expect((await holder.exit).code).toBe(2);
    expect(holder.stderr).not.toMatch(/unsettled|Unhandled|changed by another writer/i);
    expect(holder.lines.find((l) => 'summary' in l)).toMatchObject({ runId: holderRun, summary: { status: 'paused' } });
  });
});

describe('security: every way to act respects the lock', () => {
  it('executeAction, mirror input and moba act on a phone another process’s run holds are refused with the holder; looking is allowed', {
    timeout: 240_000,
  }, async () => {
    for (const p of started) await killProcess(p);
    const holder = mobaRun('Open the Clock app');
    const holderRun = await waiting(holder);
    const app: MobaApp = await createApp({ host: 'web', dataDir: data.path, env: env() });
    const web = { ...localConnection, kind: 'web' as const };
    const call = (method: string, input: unknown) =>
      app.router.call(method, input, { connection: web, signal: new AbortController().signal });
    try {
      const refused = {
        ok: false,
        error: { code: 'CONFLICT', message: expect.stringMatching(holderOf(holder)) },
      };
      expect(
        await call('executeAction', { serial: rig.serial, action: { name: 'Open_App', params: { app: 'Settings' } } }),
      ).toMatchObject(refused);
      // The mirror's picture is reading: it starts. Its control input is acting: refused.
      expect(await call('startMirror', { serial: rig.serial })).toMatchObject({ ok: true });
      expect(await call('mirrorInput', { serial: rig.serial, input: { type: 'home' } })).toMatchObject(refused);
      expect(await call('stopMirror', { serial: rig.serial })).toMatchObject({ ok: true });
      const seen = await call('observeDevice', { serial: rig.serial });
      expect(seen).toMatchObject({ ok: true });
      expect(
        (seen as { result: { currentApp: { packageName: string } | null } }).result.currentApp?.packageName,
      ).not.toBe('com.android.settings');
    } finally {
      await app.dispose();
    }
    const act = mobaProcess(['act', '--device', rig.serial, 'Open_App("Settings")'], env());
    started.push(act);
    expect((await act.exit).code).not.toBe(0);
    expect(act.stderr).toMatch(holderOf(holder));
    expect(act.stderr).toContain(`run ${holderRun}`);
    // The run still waits for its person, on a phone nobody else touched.
    expect(holder.child.exitCode).toBeNull();
  });
});

describe('security: a run changed under its owner', () => {
  it('moba run whose run another writer paused (as pauseRun from another process once could) pauses cleanly on the next decision', {
    timeout: 120_000,
  }, async () => {
    for (const p of started) await killProcess(p);
    const owner = mobaRun('Open the Clock app');
    const runId = await waiting(owner);
    // The write the old pauseRun of another process made: run_paused appended behind the owner's back.
    const db = openDatabase({ path: join(data.path, 'moba.sqlite') });
    try {
      const repo = new RunsRepo(db);
      const { events } = repo.events(runId);
      repo.append(
        runId,
        { type: 'run_paused', by: 'person', reason: 'Paused by the person' },
        Date.now(),
        (e) => {
          const s = foldRun(runId, [...events, e]);
          return {
            status: s.status,
            outcomeReason: s.outcomeReason,
            steps: s.counters.executedActions,
            modelCalls: s.counters.modelCalls,
            tokens: 0,
          };
        },
        events.length,
      );
    } finally {
      db.close();
    }
    owner.child.stdin.write('a\n');
    const exit = await owner.exit;
    expect(exit.code, owner.stderr).toBe(2);
    expect(owner.stderr).toContain('changed by another writer');
    expect(owner.stderr).not.toMatch(/unsettled|Unhandled/i);
    expect(owner.lines.find((l) => 'summary' in l)).toMatchObject({ runId, summary: { status: 'paused' } });
  });
});

const localConnection = {
  id: 'test',
  kind: 'local' as const,
  sendBinary: () => false,
  onDidClose: () => ({ dispose: () => undefined }),
};
