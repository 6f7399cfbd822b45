/**
 * A copilot configuration (MobA's GPT-4o+Human row) through the runner `moba bench run` uses:
 * the full two-level MobA proposes every action of the built-in `weather.tomorrow-high` and
 * waits; a scripted person answers each wait through the cockpit's own call (`decideRun`):
 * approves one proposal, rejects one with feedback and edits the next. The episode is scored
 * like any other, the run's events say who did what (the edited step is the person's, the
 * proposal kept beside it), and the report's copilot row counts the interventions.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ScriptInput, ScriptedServer } from '@moba/testkit';
import type { Connection } from '../../src/main/contract/router.ts';
import { computeReport } from '../../src/main/bench/report/metrics.ts';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { startScriptedBenchRig } from '../support/bench-rig.ts';
import type { BenchRig } from '../support/bench-rig.ts';
import { act, plan, reflect } from '../support/agent-harness.ts';

const HIGH = 'How hot will it get in Shanghai tomorrow?';
const HOME = 'Go to the home screen';
const OPEN = 'Open Weather for the high';
const ANSWER = 'Answer with the high';
const FEEDBACK = 'Not the clock: the forecast is in Weather.';
const does = (action: string) => ({ observation: 'o', thought: 't', can_complete: 'true', action });

const SCRIPT: ScriptInput = {
  description: 'Full MobA in copilot mode on weather.tomorrow-high.',
  models: ['scripted'],
  steps: [
    act(HIGH, { observation: 'o', thought: 'several steps', can_complete: 'false', action: null }),
    plan(HIGH, [HOME, OPEN, ANSWER]),
    act(HOME, does('Home()')),
    reflect(HOME, 'success'),
    // The wrong app twice: the person rejects the first proposal and edits the second.
    act(OPEN, does('Open_App("com.android.deskclock")')),
    act(OPEN, does('Open_App("com.android.deskclock")')),
    reflect(OPEN, 'success'),
    act(ANSWER, does('Finish("Tomorrow\'s high in Shanghai is {{match:Tomorrow: [^,]*, high (-?\\d+)°}}°C.")')),
  ],
};

const connection: Connection = {
  id: 'cockpit',
  kind: 'local',
  sendBinary: () => false,
  onDidClose: () => ({ dispose() {} }),
};

let t: BenchRig & { model: ScriptedServer };
beforeAll(async () => {
  t = await startScriptedBenchRig(SCRIPT);
});
afterAll(async () => {
  await t?.dispose();
});

async function call<T>(method: string, input: unknown): Promise<T> {
  const r = await t.app.router.call(method, input, { connection, signal: new AbortController().signal });
  if (!r.ok) throw new Error(`${method}: ${JSON.stringify(r.error)}`);
  return r.result as T;
}

/** The episode's run and its step once it waits for the person in copilot mode, for the `n`-th time. */
async function copilotWait(n: number): Promise<{ runId: string; stepId: string; proposed: string }> {
  for (let i = 0; i < 600; i++) {
    for (const runId of t.app.runs.activeRuns()) {
      const st = t.app.runs.state(runId);
      const gated = st.steps.filter((s) => s.gate?.startsWith('copilot'));
      if (st.waiting?.kind === 'copilot' && gated.length === n) {
        const step = gated.at(-1)!;
        expect(st.waiting.stepId).toBe(step.stepId);
        return {
          runId,
          stepId: step.stepId,
          proposed: `${step.proposed.name}(${JSON.stringify(step.proposed.params)})`,
        };
      }
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the copilot episode never waited for the person a ${n}. time`);
}

it('a copilot configuration: the person approves, rejects and edits; the episode is scored and the interventions counted', {
  timeout: 120_000,
}, async () => {
  const tasks = loadTasks(['builtin']).map((l) => l.task);
  const id = t.runner.create(
    {
      name: 'MobA with a person',
      tasks: ['builtin'],
      only: { ids: ['weather.tomorrow-high'] },
      configurations: [{ id: 'copilot', agent: 'moba', usePlan: true, useMemory: true, mode: 'copilot' }],
      seeds: 1,
      phones: 1,
    },
    tasks,
  );
  const running = t.runner.run(id);

  // The person, through the cockpit's call: Home() is fine, the Clock is wrong (reject, with a
  // reason the agent reads), and the Clock again is replaced by Weather (edit).
  const first = await copilotWait(1);
  expect(first.proposed).toContain('Home');
  await call('decideRun', { runId: first.runId, decision: 'approve' });
  const second = await copilotWait(2);
  expect(second.proposed).toContain('com.android.deskclock');
  await call('decideRun', { runId: second.runId, decision: 'reject', feedback: FEEDBACK });
  const third = await copilotWait(3);
  expect(third.proposed).toContain('com.android.deskclock');
  await call('decideRun', { runId: third.runId, decision: 'edit', action: 'Open_App("com.moba.weather")' });

  const summary = await running;
  const episodes = t.runner.repo.episodes(id);
  expect(summary.counts, JSON.stringify(episodes.map((e) => e.error ?? e.result?.reason))).toMatchObject({
    total: 1,
    done: 1,
    error: 0,
  });
  const result = episodes[0]!.result!;
  const runId = result.runId;
  expect(runId).toBe(first.runId);

  // Scored from the device: Home() is step 1, the person's Weather step 2 ("looked"), the answer step 3.
  expect(result.milestones.map((m) => [m.id, m.reached, m.step])).toEqual([
    ['looked', true, 2],
    ['answered', true, 3],
  ]);
  expect(result).toMatchObject({ reached: 2, total: 2, complete: true, stepsToLast: 3 });
  // Every decision is counted; the edit is an edit, not an extra step of the person's.
  expect(result.interventions).toEqual({ approve: 1, reject: 1, edit: 1 });

  // The run's events: who executed what, the agent's proposal kept beside the person's step.
  const events = t.app.runs.events(runId).events;
  const executed = events.flatMap((e) =>
    e.type === 'step_executed'
      ? [{ stepId: e.stepId, action: e.action.name, by: e.by, proposed: e.proposed?.params ?? null }]
      : [],
  );
  expect(executed).toEqual([
    { stepId: first.stepId, action: 'Home', by: 'agent', proposed: null },
    { stepId: third.stepId, action: 'Open_App', by: 'person', proposed: { app: 'com.android.deskclock' } },
  ]);
  const edited = events.find((e) => e.type === 'step_executed' && e.stepId === third.stepId);
  expect(edited?.type === 'step_executed' && edited.action.params).toEqual({ app: 'com.moba.weather' });
  const decisions = events.flatMap((e) => (e.type === 'human_decision' ? [[e.decision, e.stepId]] : []));
  expect(decisions).toEqual([
    ['approve', first.stepId],
    ['reject', second.stepId],
    ['edit', third.stepId],
  ]);
  // The rejection's reason reached the agent's next proposal for the same sub-goal.
  const acts = t.model
    .requests()
    .map((r) => JSON.stringify(r.body))
    .filter((b) => b.includes(`Current sub-goal\\n${OPEN}`));
  expect(acts).toHaveLength(2);
  expect(acts[0]).not.toContain(FEEDBACK);
  expect(acts[1]).toContain(FEEDBACK);

  const report = computeReport([{ benchmark: t.runner.repo.get(id)!, episodes }]);
  const row = report.configurations[0]!;
  expect(row).toMatchObject({ configId: 'copilot', role: 'copilot' });
  expect(row.interventions).toEqual({ approve: 1, reject: 1, edit: 1 });
  // By hand. MS: 2 of 2 milestones = 100 %. CR: 1 complete of 1. EE = steps to the last
  // milestone ÷ milestones reached = 3 ÷ 2 = 1.5 (the rejected proposal never ran: no step).
  const m = row.overall;
  expect([m.msPoints, m.msTotal, m.completed, m.episodes]).toEqual([2, 2, 1, 1]);
  expect(m.msPercent.value).toBe(100);
  expect(m.completeRate.value).toBe(100);
  expect(m.ee.value).toBe(1.5);
});
