import { describe, expect, it } from 'vitest';
import {
  BenchSpec,
  agentNames,
  configurationLabel,
  expandConfigurations,
  strategyNames,
} from '../../shared/bench/config.ts';
import { BenchTask } from '../../shared/bench/task-schema.ts';
import { futureGoals } from './bench-memory.ts';
import { planBenchmark } from './plan.ts';

const task = (id: string, category: string, apps: string[]) =>
  BenchTask.parse({
    id,
    version: 2,
    category,
    apps,
    goal: { en: 'x', zh: 'x' },
    milestones: [{ id: 'm', check: { answer: 'x' } }],
    solution: [{ action: 'Back' }],
  });
const tasks = [task('a', 'easy', ['clock']), task('b', 'hard', ['notes']), task('c', 'easy', ['notes'])];

describe('benchmark configurations and plans', () => {
  it('takes the strategies from the run options schema and adds the pseudo-agents', () => {
    expect(strategyNames()).toContain('moba');
    expect(agentNames()).toEqual([...strategyNames(), 'reference', 'noop', 'human']);
    expect(BenchSpec.safeParse({ configurations: [{ agent: 'gpt-magic' }] }).error?.issues[0]?.message).toMatch(
      /^unknown agent; one of moba/,
    );
    expect(
      BenchSpec.safeParse({ configurations: [{ agent: 'moba', memory: 'seeded' }] }).error?.issues[0]?.message,
    ).toMatch(/needs memorySeed/);
  });

  it('expands the matrix into labelled configurations with unique ids', () => {
    const spec = BenchSpec.parse({
      configurations: [{ agent: 'reference' }],
      matrix: { ablation: ['full', 'no-plan', 'no-memory', 'no-plan-no-memory'], mode: ['auto', 'copilot'] },
    });
    const cs = expandConfigurations(spec);
    expect(cs.map(configurationLabel)).toEqual([
      'Reference solution',
      'MobA',
      'MobA + Human (copilot)',
      'MobA w/o Plan',
      'MobA w/o Plan + Human (copilot)',
      'MobA w/o Memory',
      'MobA w/o Memory + Human (copilot)',
      'MobA w/o Memory & Plan',
      'MobA w/o Memory & Plan + Human (copilot)',
    ]);
    expect(new Set(cs.map((c) => c.id)).size).toBe(cs.length);
    const twice = expandConfigurations(BenchSpec.parse({ configurations: [{ agent: 'noop' }, { agent: 'noop' }] }));
    expect(twice.map((c) => c.id)).toEqual(['no-op', 'no-op-2']);
  });

  it('gives every configuration the same instances, instance-major', () => {
    const spec = BenchSpec.parse({
      configurations: [{ agent: 'reference' }, { agent: 'noop' }],
      seeds: 2,
      repetitions: 2,
      only: { categories: ['easy'] },
    });
    const plan = planBenchmark(spec, tasks);
    expect(plan.tasks.map((t) => t.id)).toEqual(['a', 'c']);
    expect(plan.episodes).toHaveLength(2 * 2 * 2 * 2);
    expect(plan.episodes.slice(0, 4).map((e) => e.id)).toEqual([
      'reference-solution/a/s0/r0',
      'no-op/a/s0/r0',
      'reference-solution/c/s0/r0',
      'no-op/c/s0/r0',
    ]);
    const seedsOf = (c: string) => plan.episodes.filter((e) => e.configId === c).map((e) => `${e.taskId}:${e.seed}`);
    expect(seedsOf('reference-solution')).toEqual(seedsOf('no-op'));
    expect(new Set(plan.episodes.filter((e) => e.taskId === 'a').map((e) => e.seed)).size).toBe(2);
    expect(plan.episodes.every((e) => e.taskVersion === 2)).toBe(true);
    expect(() =>
      planBenchmark(BenchSpec.parse({ configurations: [{ agent: 'noop' }], only: { ids: ['zzz'] } }), tasks),
    ).toThrow(/No task matches the filter/);
    expect(() => planBenchmark(BenchSpec.parse({}), tasks)).toThrow(/no configuration/);
  });

  it('gives a carried-memory episode the goals still to come in its sequence, placeholders kept', () => {
    const goals = [
      task('a', 'easy', ['clock']),
      BenchTask.parse({ ...task('b', 'easy', ['notes']), goal: { en: 'Write {text}', zh: '写 {text}' } }),
      BenchTask.parse({ ...task('c', 'easy', ['notes']), goal: { en: 'Read it', zh: '读' } }),
    ];
    const spec = BenchSpec.parse({
      configurations: [
        { agent: 'mobile-agent-e', memory: 'carried' },
        { agent: 'mobile-agent-e', memory: 'cold' },
      ],
      repetitions: 2,
    });
    const plan = planBenchmark(spec, goals);
    const [carried, cold] = plan.configurations;
    const byId = (e: { taskId: string }) => goals.find((g) => g.id === e.taskId);
    const first = plan.episodes.find((e) => e.configId === carried!.id && e.taskId === 'a' && e.repetition === 1)!;
    expect(futureGoals(first, plan.episodes, carried!, byId)).toEqual(['Write {text}', 'Read it']);
    const last = plan.episodes.find((e) => e.configId === carried!.id && e.taskId === 'c')!;
    expect(futureGoals(last, plan.episodes, carried!, byId)).toEqual([]);
    const coldFirst = plan.episodes.find((e) => e.configId === cold!.id && e.taskId === 'a')!;
    expect(futureGoals(coldFirst, plan.episodes, cold!, byId)).toEqual([]);
  });
});
