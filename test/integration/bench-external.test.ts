/**
 * An external agent as a benchmark configuration: the example Python agent is started per
 * episode on built-in tasks and every episode is scored; a program killed mid-episode is the
 * agent's failure (termination `error`, cause `agent_failed`), not an infrastructure error. A
 * benchmark started through the contract with an agent that connects on its own hands its
 * episodes out at its own address and token (as `moba bench serve` does).
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Connection } from '../../src/main/contract/router.ts';
import type { BenchAgentAccess } from '../../src/shared/contract/benchmarks.ts';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { startBenchRig } from '../support/bench-rig.ts';
import type { BenchRig } from '../support/bench-rig.ts';
import { EXAMPLE_AGENT, PYTHON_CLIENT } from '../support/external-agents.ts';

const TASKS = [
  'launcher.open-app',
  'settings.wifi-off',
  'settings.dark-theme',
  'clock.stopwatch-start',
  'clock.weekday-alarm-off',
];
/** Attaches, looks at the screen, then dies as a crash would (SIGKILL). */
const DIES = [
  'import os, sys, signal',
  `sys.path.insert(0, ${JSON.stringify(PYTHON_CLIENT)})`,
  'from moba_agent import Session',
  's = Session.from_env(); s.attach("dies"); s.observe()',
  'os.kill(os.getpid(), signal.SIGKILL)',
].join('\n');

/** A web client: it may start a benchmark whose agents connect on their own, never name a program. */
const connection: Connection = {
  id: 'page',
  kind: 'web',
  sendBinary: () => false,
  onDidClose: () => ({ dispose() {} }),
};

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await t.app.router.call(method, input, { connection, signal: new AbortController().signal });
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.result as T;
}

let t: BenchRig;
beforeAll(async () => {
  t = await startBenchRig();
});
afterAll(async () => {
  await t?.dispose();
});

/** Runs a benchmark of one external configuration on `tasks`; returns its episodes. */
async function bench(configId: string, externalCommand: string[], tasks: string[]) {
  const id = t.runner.create(
    {
      name: configId,
      tasks: ['builtin'],
      only: { ids: tasks },
      configurations: [{ id: configId, agent: 'external', externalCommand }],
      seeds: 1,
      phones: 2,
      retries: 0,
    },
    loadTasks(['builtin']).map((l) => l.task),
  );
  await t.runner.run(id);
  const episodes = t.runner.repo.episodes(id);
  expect(episodes.filter((e) => e.error).map((e) => `${e.id}: ${e.error}`)).toEqual([]);
  return episodes;
}

it('scores the example agent on five built-in tasks', { timeout: 60_000 }, async () => {
  const episodes = await bench('example', ['python3', EXAMPLE_AGENT], TASKS);
  expect(episodes.map((e) => e.taskId).sort()).toEqual([...TASKS].sort());
  for (const e of episodes) {
    expect(e.result!.termination, e.result!.reason).toBe('gave_up');
    expect(e.result!.reason).toMatch(/only creates alarms/);
    expect(e.result!.total).toBeGreaterThan(0);
    expect(e.result!.complete).toBe(false);
  }
});

it('a program killed mid-episode is the agent failing, not an infrastructure error', { timeout: 60_000 }, async () => {
  const [e] = await bench('dies', ['python3', '-c', DIES], TASKS.slice(0, 1));
  expect(e!.result!.termination).toBe('error');
  expect(e!.result!.reason).toMatch(/agent program was killed \(SIGKILL\) before it finished/);
  const finished = t.app.runs.events(e!.result!.runId).events.find((x) => x.type === 'run_finished');
  expect(finished).toMatchObject({ cause: 'agent_failed' });
});

it('a benchmark started through the contract hands its episodes out itself; the agent takes them from its address', {
  timeout: 60_000,
}, async () => {
  const tasks = TASKS.slice(0, 1);
  const { benchmarkId } = await call<{ benchmarkId: string }>('startBenchmark', {
    taskIds: tasks,
    configurations: [{ id: 'served', agent: 'external', mode: 'auto', externalConnect: true }],
    phones: 1,
  });
  // No agent yet: the episode waits for one at the benchmark's own address.
  let access: BenchAgentAccess | null = null;
  for (let i = 0; i < 600 && !(access && access.waiting === tasks.length); i++) {
    await new Promise((r) => setTimeout(r, 50));
    access = (await call<{ access: BenchAgentAccess | null }>('getBenchmarkAgentAccess', { benchmarkId })).access;
  }
  expect(access).toMatchObject({
    serveUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/agent\/v1$/),
    waiting: 1,
  });
  const done = new Promise<void>((resolve) => {
    const sub = t.runner.onDidChange((p) => {
      if (p.benchmarkId !== benchmarkId || p.summary.status === 'running') return;
      sub.dispose();
      resolve();
    });
  });
  const agent = spawn('python3', [EXAMPLE_AGENT], {
    env: {
      ...process.env,
      MOBA_SERVE_URL: access!.serveUrl,
      MOBA_SERVE_TOKEN: access!.token,
      MOBA_SERVE_WAIT_MS: '2000',
    },
    stdio: 'ignore',
  });
  try {
    await done;
    expect(t.runner.summary(benchmarkId).status).toBe('done');
    const episodes = t.runner.repo.episodes(benchmarkId);
    expect(episodes.map((e) => e.taskId).sort()).toEqual([...tasks].sort());
    for (const e of episodes) {
      expect(e.result!.termination, e.result!.reason).toBe('gave_up');
      expect(e.result!.reason).toMatch(/only creates alarms/);
      expect(e.result!.total).toBeGreaterThan(0);
    }
    // The address lives as long as the benchmark runs: it closes once the benchmark has ended.
    let after: unknown = access;
    for (let i = 0; i < 200 && after !== null; i++) {
      await new Promise((r) => setTimeout(r, 25));
      after = (await call<{ access: unknown }>('getBenchmarkAgentAccess', { benchmarkId })).access;
    }
    expect(after).toBeNull();
    await expect(
      fetch(`${access!.serveUrl}/episodes/next`, {
        method: 'POST',
        headers: { authorization: `Bearer ${access!.token}` },
      }),
    ).rejects.toThrow();
  } finally {
    agent.kill();
  }
});
