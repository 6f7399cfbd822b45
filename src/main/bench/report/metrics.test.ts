import { describe, expect, it } from 'vitest';
import { BenchConfiguration } from '../../../shared/bench/config.ts';
import type { EpisodeResult } from '../../../shared/bench/results.ts';
import type { BenchmarkRecord, StoredEpisode } from '../bench-repo.ts';
import { episodesCsv, reportCsv, reportTable } from './formats.ts';
import { computeReport, focusStep } from './metrics.ts';
import { clusterBootstrap, clusterBootstrapRatios, pairedBootstrap, percentile } from './stats.ts';
import { mulberry32 } from '@moba/base';

function result(over: Partial<EpisodeResult>): EpisodeResult {
  return {
    runId: 'r',
    termination: 'finish',
    reason: '',
    answer: null,
    milestones: [],
    invariants: [],
    reached: 0,
    total: 2,
    complete: false,
    completeStrict: false,
    stepsToLast: null,
    satisfiedAtStart: [],
    trace: [],
    executedActions: 0,
    steps: 0,
    modelCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    costUsd: 0,
    callLatenciesMs: [],
    wallMs: 1000,
    interventions: {},
    seed: 1,
    params: {},
    goal: 'g',
    locale: 'en',
    seedRetries: 0,
    ...over,
  };
}
let n = 0;
function ep(
  configId: string,
  taskId: string,
  category: StoredEpisode['category'],
  r: Partial<EpisodeResult> | null,
): StoredEpisode {
  n++;
  return {
    id: `${configId}/${taskId}/s${n}/r0`,
    ordinal: n,
    configId,
    taskId,
    taskVersion: 1,
    category,
    apps: ['clock'],
    seedIndex: n,
    repetition: 0,
    seed: n,
    status: r ? 'done' : 'pending',
    attempts: 1,
    runId: r ? `run-${n}` : null,
    result: r ? result({ runId: `run-${n}`, ...r }) : null,
    error: null,
    startedAt: 1,
    finishedAt: 2,
  };
}

const benchmark = (configs: BenchConfiguration[]): BenchmarkRecord => ({
  id: 'b1',
  name: 'test',
  spec: {} as never,
  configurations: configs,
  tasks: [],
  status: 'done',
  reason: null,
  createdAt: 0,
  updatedAt: 0,
  finishedAt: 0,
  owner: null,
  heartbeatAt: null,
  revision: 0,
});

describe('benchmark metrics', () => {
  it('computes MS, CR, EE and SS as the paper defines them (hand-computed)', () => {
    const human = { ...BenchConfiguration.parse({ agent: 'reference' }), id: 'human' };
    const agent = { ...BenchConfiguration.parse({ agent: 'moba' }), id: 'moba' };
    const episodes = [
      // Human: both tasks complete; EE = (4 + 6) / (2 + 2) = 2.5
      ep('human', 'a', 'easy', {
        reached: 2,
        total: 2,
        complete: true,
        completeStrict: true,
        stepsToLast: 4,
        steps: 4,
      }),
      ep('human', 'b', 'hard', {
        reached: 2,
        total: 2,
        complete: true,
        completeStrict: true,
        stepsToLast: 6,
        steps: 6,
      }),
      // Agent: task a complete in 6 steps; task b one milestone at step 9, then looped.
      ep('moba', 'a', 'easy', {
        reached: 2,
        total: 2,
        complete: true,
        completeStrict: true,
        stepsToLast: 6,
        steps: 6,
        modelCalls: 15,
        executedActions: 6,
        costUsd: 0.03,
        callLatenciesMs: [100, 300],
      }),
      ep('moba', 'b', 'hard', {
        reached: 1,
        total: 2,
        complete: false,
        stepsToLast: 9,
        steps: 12,
        termination: 'loop',
        modelCalls: 30,
        executedActions: 12,
        costUsd: 0.06,
        callLatenciesMs: [200],
      }),
      ep('moba', 'c', 'hard', null),
    ];
    const r = computeReport([{ benchmark: benchmark([human, agent]), episodes }], { now: 5 });
    expect(r.humanEe).toBe(2.5);
    expect(r.humanEeFrom).toBe('reference');
    const m = r.configurations.find((c) => c.configId === 'moba')!;
    expect(m.role).toBe('agent');
    expect(r.configurations.find((c) => c.configId === 'human')!.role).toBe('reference');
    expect(m.overall.firstAttempt).toEqual({ completed: 1, of: 2, percent: 50 });
    expect(m.errored).toEqual({ episodes: 0, tasks: [] });
    expect(m.overall).toMatchObject({
      episodes: 2,
      tasks: 2,
      msPoints: 3,
      msTotal: 4,
      completed: 1,
      terminationError: 50,
    });
    expect(m.overall.msPercent.value).toBe(75);
    expect(m.overall.completeRate.value).toBe(50);
    expect(m.overall.ee.value).toBe(5); // (6 + 9) / (2 + 1)
    expect(m.overall.eePercentOfHuman).toBe(200);
    expect(m.overall.satisfaction.value).toBe(75); // mean of 100% and 50%
    expect(m.byCategory.hard!.msPercent.value).toBe(50);
    expect(m.cost).toMatchObject({
      executedActions: 18,
      modelCalls: 45,
      callsPerAction: 2.5,
      costUsd: 0.09,
      latencyP50Ms: 200,
    });
    expect(m.terminations).toEqual({ finish: 1, loop: 1 });
    // Intervals hold the value and stay in range.
    for (const e of [m.overall.msPercent, m.overall.completeRate, m.overall.satisfaction]) {
      expect(e.low!).toBeLessThanOrEqual(e.value!);
      expect(e.high!).toBeGreaterThanOrEqual(e.value!);
      expect(e.low!).toBeGreaterThanOrEqual(0);
      expect(e.high!).toBeLessThanOrEqual(100);
    }
    expect(r.paired).toHaveLength(1);
    expect(r.paired[0]).toMatchObject({ a: 'human', b: 'moba', tasks: 2 });
    expect(r.paired[0]!.msPercent.value).toBe(25);
    expect(r.episodes.filter((e) => e.key === 'moba').map((e) => e.status)).toEqual(['done', 'done', 'pending']);
    // The same input gives the same report (seeded bootstrap).
    expect(computeReport([{ benchmark: benchmark([human, agent]), episodes }], { now: 5 })).toEqual(r);

    const table = reportTable(r);
    // First try, then all episodes: the first-try column leads.
    expect(table).toMatch(/Reference solution\s+2\/2\s+2\/2\s+100\.0/);
    expect(table).toMatch(/MobA\s+1\/2\s+1\/2\s+50\.0 \[/);
    expect(reportCsv(r).split('\n')[0]).toMatch(/^benchmark,configuration,label,agent,role,scope,/);
    expect(reportCsv(r)).toContain('b1,moba,MobA,moba,agent,category:hard,1,1,0,');
    expect(episodesCsv(r).split('\n')).toHaveLength(2 + 5);

    // Without the by-app sets (what the printed table is computed with) everything else is the
    // same, so the table is too.
    const lean = computeReport([{ benchmark: benchmark([human, agent]), episodes }], { now: 5, byApp: false });
    expect(m.byApp).not.toEqual({});
    expect(lean.configurations.map((c) => c.byApp)).toEqual([{}, {}]);
    const withoutApps = (x: typeof r) => ({
      ...x,
      configurations: x.configurations.map((c) => ({ ...c, byApp: {} })),
    });
    expect(lean).toEqual(withoutApps(r));
    expect(reportTable(lean)).toBe(table);
  });

  it('counts first tries apart from repetitions, and names errored episodes instead of dropping them', () => {
    const agent = { ...BenchConfiguration.parse({ agent: 'moba' }), id: 'moba' };
    const first = ep('moba', 'a', 'easy', { reached: 1, total: 2, complete: false, stepsToLast: 3, steps: 5 });
    const second = {
      ...ep('moba', 'a', 'easy', { reached: 2, total: 2, complete: true, stepsToLast: 4, steps: 4 }),
      repetition: 1,
    };
    const broken: StoredEpisode = { ...ep('moba', 'z', 'hard', null), status: 'error', error: 'set-up failed' };
    const r = computeReport([{ benchmark: benchmark([agent]), episodes: [first, second, broken] }], { now: 5 });
    const m = r.configurations[0]!;
    // Two episodes of task a: the second try completes, the first does not.
    expect(m.overall.completed).toBe(1);
    expect(m.overall.firstAttempt).toEqual({ completed: 0, of: 1, percent: 0 });
    expect(m.errored).toEqual({ episodes: 1, tasks: ['z'] });
    expect(reportTable(r)).toMatch(/1 episode ended in an error .* tasks z/);
  });

  it('counts questions per configuration and per task, and shows them only when a task has a user or one was asked', () => {
    const agent = { ...BenchConfiguration.parse({ agent: 'moba' }), id: 'moba' };
    const asked = [
      ep('moba', 'rent', 'indirect', { questions: 2, unnecessaryQuestions: 1, hasUser: true }),
      ep('moba', 'rent', 'indirect', { questions: 1, unnecessaryQuestions: 0, hasUser: true }),
      ep('moba', 'alarm', 'easy', { questions: 0, unnecessaryQuestions: 0, hasUser: false }),
    ];
    const r = computeReport([{ benchmark: benchmark([agent]), episodes: asked }], { now: 5 });
    const m = r.configurations[0]!;
    expect(m.questions).toEqual({ asked: 3, unnecessary: 1, userEpisodes: 2 });
    expect(m.perTask.find((t) => t.taskId === 'rent')).toMatchObject({ questions: 3, unnecessaryQuestions: 1 });
    expect(m.perTask.find((t) => t.taskId === 'alarm')).toMatchObject({ questions: 0, unnecessaryQuestions: 0 });
    const table = reportTable(r);
    expect(table).toMatch(/Questions to the simulated user\n.*\nMobA\s+3\s+1\s+1\.00\s+2\/3/);
    expect(table).toMatch(/MobA\s+rent\s+3\s+1/);
    expect(table).not.toMatch(/MobA\s+alarm\s+0/);
    expect(reportCsv(r).split('\n')[0]).toMatch(/,questions,unnecessary_questions$/);
    expect(reportCsv(r).split('\n')[1]).toMatch(/,3,1$/);
    expect(episodesCsv(r).split('\n')[1]).toMatch(/,2,1$/);

    // No task with a user and no question: no question section.
    const plain = [ep('moba', 'alarm', 'easy', { hasUser: false }), ep('moba', 'timer', 'easy', {})];
    const quiet = computeReport([{ benchmark: benchmark([agent]), episodes: plain }], { now: 5 });
    expect(reportTable(quiet)).not.toContain('Questions to the simulated user');
    // A question without a user (the agent asked anyway) still shows it.
    const stray = [ep('moba', 'alarm', 'easy', { questions: 1, unnecessaryQuestions: 1, hasUser: false })];
    const loud = computeReport([{ benchmark: benchmark([agent]), episodes: stray }], { now: 5 });
    expect(reportTable(loud)).toMatch(/MobA\s+1\s+1\s+1\.00\s+0\/1/);
  });

  it('opens a replay where the first missed milestone was last held, else at the last milestone', () => {
    const r = result({
      steps: 10,
      stepsToLast: 7,
      milestones: [
        { id: 'a', when: 'final', reached: true, step: 3, lastHeld: 10 },
        { id: 'b', when: 'final', reached: false, step: null, lastHeld: 5 },
      ],
    });
    expect(focusStep(r)).toBe(5);
    expect(focusStep({ ...r, milestones: [r.milestones[0]!] })).toBe(7);
  });
});

describe('statistics', () => {
  it('percentiles interpolate', () => {
    expect(percentile([3, 1, 2, 4], 50)).toBe(2.5);
    expect(percentile([], 50)).toBeNull();
    expect(percentile([5], 95)).toBe(5);
  });

  it('the cluster bootstrap is seeded and brackets the value; no spread gives a point interval', () => {
    const groups = [[1, 1, 0], [0, 0], [1], [1, 0, 1, 1]];
    const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
    const a = clusterBootstrap(groups, mean, { seed: 7, iterations: 500 });
    expect(a).toEqual(clusterBootstrap(groups, mean, { seed: 7, iterations: 500 }));
    expect(a.value).toBe(0.6);
    expect(a.low!).toBeLessThan(0.6);
    expect(a.high!).toBeGreaterThan(0.6);
    expect(clusterBootstrap([[1, 1], [1]], mean, { seed: 1, iterations: 100 })).toEqual({ value: 1, low: 1, high: 1 });
    expect(pairedBootstrap([10, 20, 30], { seed: 3, iterations: 200 }).value).toBe(20);
  });

  it('bootstraps several ratio statistics in one pass with the result of one bootstrap each', () => {
    type Item = { reached: number; total: number; steps: number };
    const random = mulberry32(11);
    const groups: Item[][] = Array.from({ length: 12 }, (_, g) =>
      Array.from({ length: 1 + (g % 4) }, () => {
        const total = 1 + Math.floor(random() * 4);
        const reached = Math.floor(random() * (total + 1));
        return { reached, total, steps: reached ? 2 + Math.floor(random() * 9) : 0 };
      }),
    );
    groups.push([]); // an empty group is left out by both
    const stats = {
      ms: { num: (i: Item) => i.reached, den: (i: Item) => i.total },
      ee: { num: (i: Item) => i.steps, den: (i: Item) => i.reached },
      none: { num: () => 1, den: () => 0 },
    };
    const options = { seed: 20250602, iterations: 300 };
    const together = clusterBootstrapRatios(groups, stats, options);
    for (const [key, stat] of Object.entries(stats)) {
      const alone = clusterBootstrap(
        groups,
        (xs) => {
          const den = xs.reduce((a, x) => a + stat.den(x), 0);
          return den ? xs.reduce((a, x) => a + stat.num(x), 0) / den : null;
        },
        options,
      );
      expect(together[key as keyof typeof stats], key).toEqual(alone);
    }
    expect(together.none).toEqual({ value: null, low: null, high: null });
    expect(together.ms.low!).toBeLessThan(together.ms.high!);
  });
});
