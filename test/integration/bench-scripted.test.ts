/**
 * MobA (without its Plan module) against the scripted model on three built-in tasks — a
 * question (easy), an indirect question and a cross-app task — next to the human reference,
 * through the runner `moba bench run` uses, on two parallel phones. The report's Milestone
 * Score, Complete Rate and Execution Efficiency equal the hand computation below, from the
 * formulas in docs/benchmark.md § Metrics.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { computeReport } from '../../src/main/bench/report/metrics.ts';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { startScriptedBenchRig } from '../support/bench-rig.ts';
import type { ScriptedBenchRig } from '../support/bench-rig.ts';
import { BENCH_MOBA_EXPECTED, BENCH_MOBA_SCRIPT } from '../support/bench-scripts.ts';

const TASKS = ['weather.tomorrow-high', 'weather.umbrella', 'weather-messages.forecast-to-mom'] as const;

let t: ScriptedBenchRig;
beforeAll(async () => {
  t = await startScriptedBenchRig(BENCH_MOBA_SCRIPT);
});
afterAll(async () => {
  await t?.dispose();
});

it('MobA w/o Plan on a question, an indirect and a cross-app task: MS, CR and EE as computed by hand', {
  timeout: 300_000,
}, async () => {
  const tasks = loadTasks(['builtin']).map((l) => l.task);
  const id = t.runner.create(
    {
      name: 'scripted MobA vs human',
      tasks: ['builtin'],
      only: { ids: [...TASKS] },
      configurations: [
        { id: 'moba-no-plan', agent: 'moba', usePlan: false, useMemory: false },
        { id: 'human', agent: 'reference' },
      ],
      seeds: 1,
      phones: 2,
    },
    tasks,
  );
  const summary = await t.runner.run(id);
  const episodes = t.runner.repo.episodes(id);
  expect(
    summary.counts,
    JSON.stringify(episodes.filter((e) => e.error).map((e) => `${e.id}: ${e.error}`)),
  ).toMatchObject({ total: 6, done: 6, error: 0 });

  // Each MobA episode scored as the script intends (milestones reached, the step of the last one).
  for (const task of TASKS) {
    const e = episodes.find((x) => x.configId === 'moba-no-plan' && x.taskId === task)!;
    const want = BENCH_MOBA_EXPECTED[task];
    expect(
      {
        task,
        reached: e.result!.reached,
        total: e.result!.total,
        stepsToLast: e.result!.stepsToLast,
        complete: e.result!.complete,
      },
      e.result!.reason ?? '',
    ).toEqual({ task, ...want });
    expect(e.result!.termination).toBe('finish');
  }

  const report = computeReport([{ benchmark: t.runner.repo.get(id)!, episodes }]);
  const moba = report.configurations.find((c) => c.configId === 'moba-no-plan')!.overall;
  const human = report.configurations.find((c) => c.configId === 'human')!.overall;

  // By hand. Milestones: 2 + 1 + 1 reached of 2 + 2 + 2.
  expect(moba.msPoints).toBe(4);
  expect(moba.msTotal).toBe(6);
  expect(moba.msPercent.value).toBeCloseTo((4 / 6) * 100, 10);
  // Complete: only the first task → 1 of 3; it ended with Finish, so strict too.
  expect(moba.completed).toBe(1);
  expect(moba.completeRate.value).toBeCloseTo(100 / 3, 10);
  expect(moba.completeRateStrict.value).toBeCloseTo(100 / 3, 10);
  // EE = Σ steps to the last milestone reached ÷ Σ milestones reached = (2 + 1 + 1) ÷ 4.
  expect(moba.ee.value).toBe(1);
  // The human: Open_App + Finish (2 steps, 2 milestones) twice, and 5 steps for the message (4, and
  // one to dismiss the notification permission Messages asks for when it first opens) → (2 + 2 + 5) ÷ 6.
  expect(human.msPercent.value).toBe(100);
  expect(human.ee.value).toBeCloseTo(9 / 6, 10);
  expect(report.humanEe).toBeCloseTo(9 / 6, 10);
  expect(moba.eePercentOfHuman).toBeCloseTo((1 / (9 / 6)) * 100, 10);
  // Without a human row the reference solution is the baseline, and its own row is 100 % of it
  // overall, in every category and for every app — never a different figure beside itself.
  const reference = report.configurations.find((c) => c.configId === 'human')!;
  expect(report.humanEeFrom).toBe('reference');
  expect(reference).toMatchObject({ role: 'reference', label: 'Reference solution' });
  const scopes = [reference.overall, ...Object.values(reference.byCategory), ...Object.values(reference.byApp)];
  expect(scopes).toHaveLength(1 + 3 + 2);
  expect(scopes.map((m) => m.eePercentOfHuman)).toEqual(scopes.map(() => 100));
  // SS = mean share of milestones = (1 + ½ + ½) ÷ 3; TE = 0 (every episode ended with Finish).
  expect(moba.satisfaction.value).toBeCloseTo((2 / 3) * 100, 10);
  expect(moba.terminationError).toBe(0);
  // Paired (MobA − human) per task: 0, −50, −50 points of MS → −33.3 on average.
  const pair = report.paired.find((p) => new Set([p.a, p.b]).has('moba-no-plan') && new Set([p.a, p.b]).has('human'))!;
  expect(pair.tasks).toBe(3);
  expect(pair.msPercent.value).toBeCloseTo((pair.a === 'human' ? 1 : -1) * (100 / 3), 10);
  // The model acted once per step (2 + 2 + 3) and reflected once per executed action (1 + 1 + 2):
  // without its Plan module MobA keeps the Reflection module (§4.3).
  expect(report.configurations.find((c) => c.configId === 'moba-no-plan')!.cost.modelCalls).toBe(7 + 4);
});
