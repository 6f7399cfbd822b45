/**
 * The full two-level MobA (Global Agent with its Plan module, Local Agent, Reflection, memory)
 * against the scripted model on three built-in tasks, through the runner `moba bench run`
 * uses. Its episodes' MS, CR and EE equal the hand computation below (docs/benchmark.md §
 * Metrics), and the recorded model calls show that this configuration's strategy ran: every
 * episode split its task with the Plan module's prompt before the Local Agent acted.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScriptInput } from '@moba/testkit';
import { computeReport } from '../../src/main/bench/report/metrics.ts';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { startScriptedBenchRig } from '../support/bench-rig.ts';
import type { ScriptedBenchRig } from '../support/bench-rig.ts';
import { act, plan, reflect } from '../support/agent-harness.ts';

const HIGH = 'How hot will it get in Shanghai tomorrow?';
const UMBRELLA = 'Do I need to take an umbrella tomorrow?';
const MOM = 'Text Mom how warm it will get in Shanghai tomorrow.';
const split = { observation: 'o', thought: 'several steps', can_complete: 'false', action: null };
const does = (action: string) => ({ observation: 'o', thought: 't', can_complete: 'true', action });

/** Each task: the Local Agent cannot do it in one action, the Global Agent splits it in two sub-goals. */
const SCRIPT: ScriptInput = {
  description: 'Full MobA on three built-in tasks, with known scores.',
  models: ['scripted'],
  steps: [
    // weather.tomorrow-high: both milestones, the answer at step 2.
    act(HIGH, split),
    plan(HIGH, ['Open Weather for the high', 'Answer with the high']),
    act('Open Weather for the high', does('Open_App("com.moba.weather")')),
    reflect('Open Weather for the high', 'success'),
    act(
      'Answer with the high',
      does('Finish("Tomorrow\'s high in Shanghai is {{match:Tomorrow: [^,]*, high (-?\\d+)°}}°C.")'),
    ),
    // weather.umbrella: looked at step 1, then no usable answer.
    act(UMBRELLA, split),
    plan(UMBRELLA, ['Open Weather for the rain', 'Answer about the umbrella']),
    act('Open Weather for the rain', does('Open_App("com.moba.weather")')),
    reflect('Open Weather for the rain', 'success'),
    act('Answer about the umbrella', does('Finish("I am not sure.")')),
    // weather-messages.forecast-to-mom: looked at step 1, then gives up without sending.
    act(MOM, split),
    plan(MOM, ['Look up the forecast for Mom', 'Write to Mom']),
    act('Look up the forecast for Mom', does('Open_App("com.moba.weather")')),
    reflect('Look up the forecast for Mom', 'success'),
    act('Write to Mom', does('Finish("I could not send it.")')),
  ],
};

let t: ScriptedBenchRig;
beforeAll(async () => {
  t = await startScriptedBenchRig(SCRIPT);
});
afterAll(async () => {
  await t?.dispose();
});

it('full MobA on a question, an indirect and a cross-app task: MS, CR and EE as computed by hand', {
  timeout: 120_000,
}, async () => {
  const tasks = loadTasks(['builtin']).map((l) => l.task);
  const ids = ['weather.tomorrow-high', 'weather.umbrella', 'weather-messages.forecast-to-mom'];
  const id = t.runner.create(
    {
      name: 'full MobA',
      tasks: ['builtin'],
      only: { ids },
      configurations: [{ id: 'moba', agent: 'moba', usePlan: true, useMemory: true }],
      seeds: 1,
      phones: 1,
    },
    tasks,
  );
  const summary = await t.runner.run(id);
  const episodes = t.runner.repo.episodes(id);
  expect(
    summary.counts,
    JSON.stringify(episodes.map((e) => `${e.taskId}: ${e.error ?? e.result?.reason}`)),
  ).toMatchObject({ total: 3, done: 3, error: 0 });
  const byTask = Object.fromEntries(episodes.map((e) => [e.taskId, e.result!]));
  expect(ids.map((task) => [task, byTask[task]!.reached, byTask[task]!.total, byTask[task]!.stepsToLast])).toEqual([
    ['weather.tomorrow-high', 2, 2, 2],
    ['weather.umbrella', 1, 2, 1],
    ['weather-messages.forecast-to-mom', 1, 2, 1],
  ]);

  // The strategy that ran is the configuration's: each episode's first calls are the Local
  // Agent's on the whole task, then the Global Agent's plan; every executed action is reflected on.
  for (const e of episodes) {
    const purposes = t.app.runs
      .events(e.result!.runId)
      .events.flatMap((x) => (x.type === 'model_call' ? [x.record.purpose] : []));
    expect(purposes.slice(0, 2), e.taskId).toEqual(['act', 'plan']);
    expect(
      purposes.filter((p) => p === 'reflect'),
      e.taskId,
    ).toHaveLength(1);
  }
  const plans = t.model.requests().filter((r) => JSON.stringify(r.body).includes('Your Plan module'));
  expect(plans).toHaveLength(3);

  const m = computeReport([{ benchmark: t.runner.repo.get(id)!, episodes }]).configurations[0]!.overall;
  // By hand. MS: 2 + 1 + 1 reached of 2 + 2 + 2 → 4 of 6.
  expect([m.msPoints, m.msTotal]).toEqual([4, 6]);
  expect(m.msPercent.value).toBeCloseTo((4 / 6) * 100, 10);
  // CR: only the first task is complete → 1 of 3.
  expect(m.completed).toBe(1);
  expect(m.completeRate.value).toBeCloseTo(100 / 3, 10);
  // EE = Σ steps to the last milestone reached ÷ Σ milestones reached = (2 + 1 + 1) ÷ 4.
  expect(m.ee.value).toBe(1);
});
