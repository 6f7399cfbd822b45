/**
 * The Human row from a person: a benchmark's `human` configuration hands each episode's phone
 * to a person from the start, and what they do through the cockpit's own calls (`actAsPerson`,
 * `decideRun` with the hand-back) is scored like any episode. A scripted person performs the
 * built-in `weather.tomorrow-high` with a detour; the report's Human row carries their scores,
 * the scripted replay is the "Reference solution" row, and EE % of human is measured against
 * the person.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Connection } from '../../src/main/contract/router.ts';
import { computeReport } from '../../src/main/bench/report/metrics.ts';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { HUMAN_EPISODE_PROMPT } from '../../src/main/bench/agents/pseudo-agents.ts';
import type { ActionCall } from '../../src/shared/actions.ts';
import type { Observation } from '../../src/shared/schemas/perception.ts';
import { startBenchRig } from '../support/bench-rig.ts';
import type { BenchRig } from '../support/bench-rig.ts';

const connection: Connection = {
  id: 'cockpit',
  kind: 'local',
  sendBinary: () => false,
  onDidClose: () => ({ dispose() {} }),
};

let t: BenchRig;
beforeAll(async () => {
  t = await startBenchRig();
});
afterAll(async () => {
  await t?.dispose();
});

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await t.app.router.call(method, input, { connection, signal: new AbortController().signal });
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.result as T;
}

/** The run of the human episode, once it waits for the person. */
async function waitingHumanRun(): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const waiting = t.app.runs.activeRuns().find((id) => t.app.runs.state(id).waiting?.prompt === HUMAN_EPISODE_PROMPT);
    if (waiting) return waiting;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no human episode waited for the person');
}

it('a person performs an episode in the cockpit; the report shows the Human row with its scores', {
  timeout: 120_000,
}, async () => {
  const tasks = loadTasks(['builtin']).map((l) => l.task);
  const id = t.runner.create(
    {
      name: 'a person against the reference',
      tasks: ['builtin'],
      only: { ids: ['weather.tomorrow-high'] },
      configurations: [
        { id: 'human', agent: 'human' },
        { id: 'reference', agent: 'reference' },
      ],
      seeds: 1,
      phones: 1,
    },
    tasks,
  );
  const running = t.runner.run(id);

  // The person: opens Weather, goes home, opens it again (a detour), reads tomorrow's high off
  // the screen and hands back with the answer — all through the cockpit's calls.
  const runId = await waitingHumanRun();
  const serial = t.app.runs.get(runId).serial;
  expect(t.app.runs.state(runId).waiting).toMatchObject({ kind: 'take_over' });
  const act = async (action: ActionCall) => {
    const seen = await call<Observation>('observeDevice', { serial, ocr: false });
    const r = await call<{ ok: boolean }>('actAsPerson', {
      runId,
      action,
      elements: seen.elements,
      screen: seen.screen,
    });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };
  await act({ name: 'Open_App', params: { app: 'Weather' } });
  await act({ name: 'Home', params: {} });
  await act({ name: 'Open_App', params: { app: 'Weather' } });
  const screen = await call<Observation>('observeDevice', { serial, ocr: false });
  const tomorrow = screen.elements.find((e) => e.contentDesc.startsWith('Tomorrow'))!;
  const high = /high (\d+)°/.exec(tomorrow.contentDesc)![1]!;
  await call('decideRun', { runId, decision: 'hand_back', feedback: `Up to ${high} °C tomorrow.` });
  const summary = await running;
  expect(summary.counts).toMatchObject({ total: 2, done: 2, error: 0 });

  const episodes = t.runner.repo.episodes(id);
  const human = episodes.find((e) => e.configId === 'human')!.result!;
  // Three actions and the answer: "looked" after step 1 (Weather's forecast), "answered" at step 4.
  expect(human.milestones.map((m) => [m.id, m.reached, m.step])).toEqual([
    ['looked', true, 1],
    ['answered', true, 4],
  ]);
  expect(human).toMatchObject({
    reached: 2,
    total: 2,
    complete: true,
    stepsToLast: 4,
    answer: `Up to ${high} °C tomorrow.`,
  });
  expect(human.interventions).toMatchObject({ hand_back: 1, person_step: 3 });
  // Every step of the episode is the person's.
  const steps = t.app.runs.state(runId).steps;
  expect(steps.map((s) => s.executed?.by)).toEqual(['person', 'person', 'person']);

  const report = computeReport([{ benchmark: t.runner.repo.get(id)!, episodes }]);
  const rows = Object.fromEntries(report.configurations.map((c) => [c.configId, c]));
  expect(rows.human).toMatchObject({ label: 'Human', role: 'human' });
  expect(rows.reference).toMatchObject({ label: 'Reference solution', role: 'reference' });
  expect(report.humanEeFrom).toBe('human');
  // By hand. Human: MS 2 of 2 = 100 %, CR 1 of 1, EE = 4 steps ÷ 2 milestones = 2.0, its own
  // baseline (100 %). Reference: Open_App and Finish, EE = 2 ÷ 2 = 1.0 = 50 % of the human's.
  expect(rows.human!.overall).toMatchObject({ msPoints: 2, msTotal: 2, completed: 1, episodes: 1 });
  expect(rows.human!.overall.ee.value).toBe(2);
  expect(rows.human!.overall.eePercentOfHuman).toBe(100);
  expect(rows.reference!.overall.ee.value).toBe(1);
  expect(rows.reference!.overall.eePercentOfHuman).toBe(50);
});
