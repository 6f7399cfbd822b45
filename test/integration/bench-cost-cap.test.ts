/**
 * A benchmark's cost cap (`moba bench run --cost-cap`): once the finished episodes have cost
 * as much as the cap, no episode starts; the benchmark stops with the cap as its reason and the
 * rest stay pending, for `moba bench resume` to run later. The cost is the models' price per
 * token times the tokens the scripted server reported.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { startScriptedBenchRig } from '../support/bench-rig.ts';
import type { ScriptedBenchRig } from '../support/bench-rig.ts';

const TASK = 'weather.tomorrow-high';

let t: ScriptedBenchRig;
beforeAll(async () => {
  // UI-TARS opens the app, then ends without the answer: two priced calls per episode.
  t = await startScriptedBenchRig(
    {
      models: ['scripted'],
      steps: [
        {
          name: 'open',
          match: { any: 'You are a GUI agent operating an Android phone' },
          reply: "Thought: Open the weather app.\nAction: open_app(app_name='com.moba.weather')",
          times: 1,
        },
        {
          name: 'end',
          match: { any: 'You are a GUI agent operating an Android phone' },
          reply: "Thought: I cannot tell.\nAction: finished(content='I am not sure.')",
          times: 1,
        },
      ],
    },
    { model: { inputCostPerMTok: 100, outputCostPerMTok: 100 } },
  );
});
afterAll(async () => {
  await t?.dispose();
});

it('starts no episode once the finished ones cost the cap, and stops with the cap as its reason', {
  timeout: 180_000,
}, async () => {
  const id = t.runner.create(
    {
      name: 'cost cap',
      tasks: ['builtin'],
      only: { ids: [TASK] },
      configurations: [{ id: 'ui-tars', agent: 'ui-tars', useMemory: false }],
      seeds: 3,
      phones: 1,
      costCapUsd: 0.000_001,
    },
    loadTasks(['builtin']).map((l) => l.task),
  );
  const summary = await t.runner.run(id);
  const episodes = t.runner.repo.episodes(id);
  expect(summary.counts, JSON.stringify(episodes.map((e) => e.error))).toMatchObject({
    total: 3,
    done: 1,
    pending: 2,
    error: 0,
  });
  const done = episodes.find((e) => e.status === 'done')!;
  expect(done.result!.modelCalls).toBe(2);
  expect(done.result!.costUsd).toBeGreaterThan(0.000_001);
  expect(summary.costUsd).toBeCloseTo(done.result!.costUsd, 12);
  expect(summary).toMatchObject({ status: 'stopped', reason: 'The cost cap ($0.000001) was reached' });
});
