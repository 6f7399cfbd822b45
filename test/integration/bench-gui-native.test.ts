/**
 * The GUI-native strategies in a benchmark: UI-TARS, Qwen-VL and AutoGLM, each answered by the
 * scripted model in its own grammar, run a built-in question task through the runner `moba
 * bench run --agent ui-tars,qwen-vl,autoglm` uses. Each opens the app (the look-up milestone, at
 * step 1) and ends without the answer, so every episode's score is known in advance.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { computeReport } from '../../src/main/bench/report/metrics.ts';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { startScriptedBenchRig } from '../support/bench-rig.ts';
import type { ScriptedBenchRig } from '../support/bench-rig.ts';

const TASK = 'weather.tomorrow-high';
const AGENTS = ['ui-tars', 'qwen-vl', 'autoglm'] as const;

/** Each family's two replies: open the Weather app, then end without the answer. */
const REPLIES: Record<(typeof AGENTS)[number], { match: Record<string, string>; replies: [string, string] }> = {
  'ui-tars': {
    match: { any: 'You are a GUI agent operating an Android phone' },
    replies: [
      "Thought: Open the weather app.\nAction: open_app(app_name='com.moba.weather')",
      "Thought: I cannot tell.\nAction: finished(content='I am not sure.')",
    ],
  },
  'qwen-vl': {
    match: { system: 'mobile_use' },
    replies: [
      '<tool_call>\n{"name": "mobile_use", "arguments": {"action": "open", "text": "com.moba.weather"}}\n</tool_call>',
      '<tool_call>\n{"name": "mobile_use", "arguments": {"action": "answer", "text": "I am not sure."}}\n</tool_call>',
    ],
  },
  autoglm: {
    match: { system: 'operates an Android phone to carry out' },
    replies: [
      '<think>Open the weather app.</think><answer>do(action="Launch", app="com.moba.weather")</answer>',
      '<think>I cannot tell.</think><answer>finish(message="I am not sure.")</answer>',
    ],
  },
};

let t: ScriptedBenchRig;
beforeAll(async () => {
  t = await startScriptedBenchRig({
    models: ['scripted'],
    steps: AGENTS.flatMap((agent) =>
      REPLIES[agent].replies.map((reply, i) => ({
        name: `${agent} ${i + 1}`,
        match: REPLIES[agent].match,
        reply,
        times: 1,
      })),
    ),
  });
});
afterAll(async () => {
  await t?.dispose();
});

it('UI-TARS, Qwen-VL and AutoGLM each reach the look-up milestone of a built-in question at step 1', {
  timeout: 180_000,
}, async () => {
  const id = t.runner.create(
    {
      name: 'GUI-native models',
      tasks: ['builtin'],
      only: { ids: [TASK] },
      configurations: AGENTS.map((agent) => ({ id: agent, agent, useMemory: false })),
      seeds: 1,
      phones: 1,
    },
    loadTasks(['builtin']).map((l) => l.task),
  );
  const summary = await t.runner.run(id);
  const episodes = t.runner.repo.episodes(id);
  expect(
    summary.counts,
    JSON.stringify(episodes.filter((e) => e.error).map((e) => `${e.id}: ${e.error}`)),
  ).toMatchObject({ total: 3, done: 3, error: 0 });
  for (const agent of AGENTS) {
    const e = episodes.find((x) => x.configId === agent)!;
    expect(
      { agent, reached: e.result!.reached, total: e.result!.total, stepsToLast: e.result!.stepsToLast },
      e.result!.reason ?? '',
    ).toEqual({ agent, reached: 1, total: 2, stepsToLast: 1 });
    expect(e.result!.complete).toBe(false);
    expect(e.result!.termination).toBe('finish');
  }
  const report = computeReport([{ benchmark: t.runner.repo.get(id)!, episodes }]);
  for (const agent of AGENTS) {
    const c = report.configurations.find((x) => x.configId === agent)!;
    expect(c.overall.msPercent.value).toBe(50);
    // One call per step, no app selection (the package is named exactly).
    expect(c.cost.modelCalls).toBe(2);
  }
});
