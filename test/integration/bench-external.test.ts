/**
 * An external agent as a benchmark configuration: the example Python agent is started per
 * episode on built-in tasks and every episode is scored; a program killed mid-episode is the
 * agent's failure (termination `error`, cause `agent_failed`), not an infrastructure error. An
 * agent that connects on its own is handed episodes by the broker of `moba bench serve`.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EpisodeBroker } from '../../src/main/bench/episode-broker.ts';
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

let t: BenchRig;
beforeAll(async () => {
  t = await startBenchRig();
});
afterAll(async () => {
  await t?.dispose();
});

/** Runs a benchmark of one external configuration on `tasks`; returns its episodes. */
async function bench(configId: string, externalCommand: string[] | 'connect', tasks: string[]) {
  const id = t.runner.create(
    {
      name: configId,
      tasks: ['builtin'],
      only: { ids: tasks },
      configurations: [
        externalCommand === 'connect'
          ? { id: configId, agent: 'external', externalConnect: true }
          : { id: configId, agent: 'external', externalCommand },
      ],
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

it('hands episodes to an agent that connects on its own (moba bench serve) and scores them', {
  timeout: 60_000,
}, async () => {
  const broker = new EpisodeBroker();
  const url = await broker.listen(0);
  t.app.benchHost.externalBroker = broker;
  const agent = spawn('python3', [EXAMPLE_AGENT], {
    env: { ...process.env, MOBA_SERVE_URL: url, MOBA_SERVE_TOKEN: broker.token, MOBA_SERVE_WAIT_MS: '20000' },
    stdio: 'ignore',
  });
  try {
    const episodes = await bench('served', 'connect', TASKS.slice(0, 2));
    expect(episodes.map((e) => e.taskId).sort()).toEqual(TASKS.slice(0, 2).sort());
    for (const e of episodes) {
      expect(e.result!.termination, e.result!.reason).toBe('gave_up');
      expect(e.result!.reason).toMatch(/only creates alarms/);
      expect(e.result!.total).toBeGreaterThan(0);
    }
  } finally {
    agent.kill();
    delete t.app.benchHost.externalBroker;
    await broker.close();
  }
});
