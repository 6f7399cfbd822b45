/**
 * The built-in suite's proofs, through the runner users run (`moba bench run` is this runner),
 * on three simulated phones sharing one Chromium, on ONE seed (the first instance of every
 * task, seed index 0 of the default suite seed) to keep CI within its time; `npm run
 * perf:suite` proves the same on every seed (3 by default) with the same rules
 * (`test/support/suite-proof.ts`):
 *  - the reference solutions reach every milestone of every task (100 % MS), and their step
 *    counts are the human step counts the task files say; no milestone is reached by their first
 *    step unless its `firstStep` says why, and no task has several reached only at the final step;
 *  - the noop pseudo-agent reaches no milestone on any task (nothing holds at the start);
 *  - for a sample of tasks, the reference with one milestone-annotated step removed loses
 *    that milestone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeReport } from '../../src/main/bench/report/metrics.ts';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import type { BenchTask } from '../../src/shared/bench/task-schema.ts';
import { startBenchRig } from '../support/bench-rig.ts';
import type { BenchRig } from '../support/bench-rig.ts';
import {
  incompleteReferences,
  noopReached,
  stepCountMismatches,
  weakReferenceMilestones,
} from '../support/suite-proof.ts';

/** CI proves the whole suite on one seed; perf:suite on every seed. */
const SEEDS = 1;
const PHONES = 3;

let t: BenchRig;
let tasks: BenchTask[];
beforeAll(async () => {
  t = await startBenchRig();
  tasks = loadTasks(['builtin']).map((l) => l.task);
});
afterAll(async () => {
  await t?.dispose();
});

describe('the built-in suite', () => {
  it('has at least 60 tasks, 10 in each category, each with a measured human step count', () => {
    expect(tasks.length).toBeGreaterThanOrEqual(60);
    for (const c of ['easy', 'medium', 'hard', 'indirect', 'cross-app'])
      expect(tasks.filter((x) => x.category === c).length, c).toBeGreaterThanOrEqual(10);
    expect(tasks.filter((x) => x.human?.steps === undefined).map((x) => x.id)).toEqual([]);
  });

  it('reference: every milestone on one seed, with the human step counts of the files; noop: none', {
    timeout: 1_200_000,
  }, async () => {
    const id = t.runner.create(
      {
        name: 'CI: reference and noop',
        tasks: ['builtin'],
        configurations: [{ agent: 'reference' }, { agent: 'noop' }],
        seeds: SEEDS,
        phones: PHONES,
      },
      tasks,
    );
    let summary = await t.runner.run(id);
    // On a loaded CI machine a phone can fail an episode past its retries (an infrastructure
    // error, told apart from the agent's failures); as a user would, resume with --retry-errors
    // once. The reasons are printed, and an episode that errs again fails the test.
    if (summary.counts.error > 0) {
      console.warn(
        `retrying ${summary.counts.error} errored episode(s): ${t.runner.repo
          .episodes(id)
          .filter((e) => e.status === 'error')
          .map((e) => `${e.id}: ${e.error}`)
          .join('; ')}`,
      );
      summary = await t.runner.run(id, { retryErrors: true });
    }
    expect(summary.status).toBe('done');
    expect(
      summary.counts,
      t.runner.repo
        .episodes(id)
        .filter((e) => e.status === 'error')
        .map((e) => `${e.id}: ${e.error}`)
        .join('; '),
    ).toMatchObject({ total: tasks.length * SEEDS * 2, done: tasks.length * SEEDS * 2, error: 0 });
    const episodes = t.runner.repo.episodes(id);
    const report = computeReport([{ benchmark: t.runner.repo.get(id)!, episodes }]);
    const human = report.configurations.find((c) => c.agent === 'reference')!;
    const noop = report.configurations.find((c) => c.agent === 'noop')!;

    expect(incompleteReferences(episodes, human.configId)).toEqual([]);
    expect(human.overall.msPercent.value).toBe(100);
    expect(human.overall.completeRate.value).toBe(100);

    expect(noopReached(episodes, noop.configId)).toEqual([]);
    expect(noop.overall.msPoints).toBe(0);
    // Nothing a task checks may already hold when the agent starts.
    expect(episodes.filter((e) => e.result?.satisfiedAtStart.length).map((e) => e.id)).toEqual([]);

    // Human step counts are measured, not guessed: on this seed, what the file says.
    expect(stepCountMismatches(episodes, human.configId, tasks)).toEqual([]);
    // No milestone rewards the first step without saying why, and every task gives partial credit before its end.
    expect(weakReferenceMilestones(episodes, human.configId, tasks)).toEqual([]);
  });

  it('a reference with one milestone step removed loses that milestone (a sample of 12 tasks)', {
    timeout: 600_000,
  }, async () => {
    // An optional step is not needed (its alternatives may reach the same milestone): the step
    // removed is the first non-optional one a milestone is marked on.
    const needed = (s: (typeof tasks)[number]['solution'][number]) => Boolean(s.milestone) && !s.optional;
    const annotated = tasks.filter((x) => x.solution.some(needed));
    const sample = annotated.filter((_, i) => i % Math.max(1, Math.floor(annotated.length / 12)) === 0).slice(0, 12);
    expect(new Set(sample.map((x) => x.category)).size).toBe(5);
    const removed = new Map(sample.map((x) => [x.id, x.solution.findIndex(needed)] as const));
    const id = t.runner.create(
      {
        name: 'CI: one step removed',
        tasks: ['builtin'],
        only: { ids: sample.map((x) => x.id) },
        configurations: [{ agent: 'reference' }],
        seeds: 1,
        phones: PHONES,
      },
      tasks,
    );
    const summary = await t.runner.run(id, { skipSteps: (taskId) => [removed.get(taskId)!] });
    expect(summary.counts.done).toBe(sample.length);
    const kept: string[] = [];
    for (const e of t.runner.repo.episodes(id)) {
      const task = sample.find((x) => x.id === e.taskId)!;
      const milestone = task.solution[removed.get(task.id)!]!.milestone!;
      if (e.result!.milestones.find((m) => m.id === milestone)!.reached || e.result!.complete)
        kept.push(
          `${task.id}: removing step ${removed.get(task.id)! + 1} still reached "${milestone}" (complete: ${e.result!.complete})`,
        );
    }
    expect(kept).toEqual([]);
  });
});

/** Two tasks that use the format's later fields together on a real phone (see docs/benchmark.md). */
function askingTasks(): object[] {
  const timer = {
    oneOf: [
      { n: 2, seconds: 120 },
      { n: 3, seconds: 180 },
    ],
  };
  const running = { app: 'clock', path: 'timer', is: { state: 'running', durationSeconds: '{t.seconds}' } };
  const dial = [
    { action: 'Open_App', app: 'Clock' },
    { action: 'Click', target: { id: 'rating_not_now' }, optional: true },
    { action: 'Click', target: { text: 'Timer' } },
    { action: 'Click', target: { text: '{t.n}' } },
    { action: 'Click', target: { text: '0' }, repeat: { times: 2 } },
    { action: 'Click', target: { desc: 'Start' }, milestone: 'running' },
  ];
  const user = {
    facts: [
      { id: 'minutes', about: ['minutes', 'how long', '多久'], answer: { en: '{t.n} minutes', zh: '{t.n}分钟' } },
    ],
    known: [{ about: ['note'], answer: 'Yes, the note.' }],
  };
  return [
    {
      id: 'fixture.ask-minutes',
      version: 1,
      category: 'indirect',
      apps: ['clock'],
      goal: { en: 'Start my usual timer ({day}).', zh: '开始我常用的计时器（{day}）。' },
      device: { clock: 'seeded' },
      params: { t: timer, day: { clock: 'tomorrow' } },
      user,
      disturbances: [{ kind: 'rating', app: 'clock', after: 0 }],
      milestones: [{ id: 'running', check: running }],
      solution: [{ action: 'Ask_User', question: 'How many minutes should the timer run?' }, ...dial],
    },
    {
      id: 'fixture.ask-known',
      version: 1,
      category: 'indirect',
      apps: ['clock', 'notes'],
      goal: { en: 'Start the timer my note "{title}" names.', zh: '开始我的笔记“{title}”里的计时器。' },
      params: { t: timer },
      setup: [
        {
          patch: 'notes',
          ops: [
            {
              op: 'add',
              path: '/notes/-',
              value: { id: 900, title: 'Timer {t.n}', body: '{t.n} min', pinned: false, createdAt: 0, updatedAt: 0 },
            },
          ],
        },
      ],
      paramsAfterSetup: { title: { pick: { app: 'notes', path: 'notes', where: { id: 900 }, field: 'title' } } },
      user,
      milestones: [
        { id: 'running', check: running },
        {
          id: 'changed',
          check: {
            compare: {
              left: { app: 'clock', path: 'timer.durationSeconds' },
              op: 'ne',
              right: { app: 'clock', path: 'timer.durationSeconds', at: 'start' },
            },
          },
        },
      ],
      solution: [
        { action: 'Ask_User', question: 'Is it the note I should read?' },
        ...dial.slice(0, -1),
        { ...dial.at(-1), milestone: 'changed' },
      ],
    },
  ];
}

describe('the format on a phone: asking the simulated user, disturbances, JSON Patch, parameters after set-up', () => {
  it('answers a needed question and counts an unnecessary one; every milestone reached', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'moba-ask-'));
    try {
      for (const task of askingTasks())
        writeFileSync(join(dir, `${(task as { id: string }).id}.json`), JSON.stringify(task));
      const fixtures = loadTasks([dir]).map((l) => l.task);
      const id = t.runner.create(
        { name: 'CI: asking', tasks: [dir], configurations: [{ agent: 'reference' }], seeds: 1, phones: 2 },
        fixtures,
      );
      expect((await t.runner.run(id)).counts).toMatchObject({ done: 2, error: 0 });
      const byTask = new Map(t.runner.repo.episodes(id).map((e) => [e.taskId, e]));
      const minutes = byTask.get('fixture.ask-minutes')!.result!;
      // 8 steps: the question, Open_App, "Not now" on the rating prompt the phone showed, Timer, the digit, 0 twice, Start.
      expect(minutes).toMatchObject({ complete: true, questions: 1, unnecessaryQuestions: 0, steps: 8 });
      expect(minutes.goal).toMatch(/^Start my usual timer \(\d{4}-\d{2}-\d{2}\)\.$/);
      const answers = t.app.runs
        .events(minutes.runId)
        .events.flatMap((e) => (e.type === 'human_decision' ? [e.feedback] : []));
      expect(answers).toEqual([`${(minutes.params.t as { n: number }).n} minutes`]);
      const known = byTask.get('fixture.ask-known')!.result!;
      expect(known).toMatchObject({ complete: true, questions: 1, unnecessaryQuestions: 1 });
      expect(known.goal).toMatch(/my note "Timer [23]" names/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
