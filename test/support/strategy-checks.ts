/**
 * The checks every strategy's integration test runs on one shared simulated phone (reset
 * between tests): the alarm case study in auto mode with the strategy's scripted model, a
 * step-mode run that approves, rejects (the feedback reaches the next model call) and edits,
 * a hostile model whose replies are empty, truncated, of the wrong shape or refusals, and a
 * recorded case-study run replayed from its model calls.
 */
import { expect } from 'vitest';
import type { ScriptInput } from '@moba/testkit';
import { tapOn } from '@moba/sim/testing';
import { formatAction } from '../../src/shared/actions.ts';
import { RunEventSchema } from '../../src/shared/schemas/run.ts';
import type { RunEvent, RunOptions } from '../../src/shared/schemas/run.ts';
import type { StrategyName } from '../../src/shared/schemas/strategy.ts';
import type { AgentRig } from './agent-rig.ts';
import type { CustomLoop } from '../../src/main/agent/run-handle.ts';

export const ALARM_TASK = 'Create an alarm at 6:30 PM titled Work, with vibrate, repeating Monday to Thursday';

export async function resetPhone(t: AgentRig): Promise<void> {
  await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'sim-reset']);
}

/** The alarm of the case study, as the simulated Clock app stores it. */
export async function expectCaseStudyAlarm(t: AgentRig): Promise<void> {
  const clock = await t.rig.simState<{ alarms: Array<Record<string, unknown>> }>('com.android.deskclock');
  expect(clock.alarms).toContainEqual(
    expect.objectContaining({
      hour: 18,
      minute: 30,
      label: 'Work',
      enabled: true,
      vibrate: true,
      repeat: ['MON', 'TUE', 'WED', 'THU'],
    }),
  );
}

/** What a replay must repeat of a run: its decisions, executed steps, outcomes, progress, model calls and end. */
function essence(events: RunEvent[]): string[] {
  return events.flatMap((e): string[] => {
    switch (e.type) {
      case 'strategy_decided':
        return [`decided ${e.role} ${e.written}`];
      case 'step_executed':
        return [`exec ${e.stepId} ${formatAction(e.action)} ${e.ok}`];
      case 'outcome_judged':
        return [`outcome ${e.stepId} ${e.outcome}`];
      case 'progress_updated':
        return [`progress ${e.progress}`];
      case 'run_finished':
        return [`finish ${e.outcome}`];
      case 'model_call':
        return [`call ${e.record.purpose}`];
      default:
        return [];
    }
  });
}

/**
 * Replays the case-study run `runId` from its recorded model calls on a reset phone: it asks
 * the model nothing, repeats the recorded decisions, steps and outcomes, and sets the alarm.
 */
export async function expectCaseStudyReplay(
  t: AgentRig,
  strategy: StrategyName,
  runId: string,
  options: Partial<RunOptions> = {},
): Promise<void> {
  const recorded = t.app.runs.events(runId).events;
  const requests = t.model.requests().length;
  await resetPhone(t);
  const replay = await t.app.runs.start({
    serial: t.rig.serial,
    task: ALARM_TASK,
    options: { strategy, mode: 'auto', maxSteps: 40, ...options, replayOf: runId },
  });
  await t.waitFor(replay.runId);
  expect(t.app.runs.get(replay.runId)).toMatchObject({ status: 'succeeded', replayOf: runId });
  expect(t.model.requests().length).toBe(requests);
  expect(essence(t.app.runs.events(replay.runId).events)).toEqual(essence(recorded));
  await expectCaseStudyAlarm(t);
}

/** Runs the case study in auto mode with `script`; returns the run id once it has ended. */
export async function runCaseStudy(
  t: AgentRig,
  strategy: StrategyName,
  script: ScriptInput,
  options: Partial<RunOptions> = {},
): Promise<string> {
  await resetPhone(t);
  t.model.setScript(script);
  const { runId } = await t.app.runs.start({
    serial: t.rig.serial,
    task: ALARM_TASK,
    options: { strategy, mode: 'auto', maxSteps: 40, ...options },
  });
  await t.waitFor(runId);
  const st = t.app.runs.state(runId);
  expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
  return runId;
}

function bodies(t: AgentRig, from: number): string[] {
  return t.model
    .requests()
    .slice(from)
    .map((r) => JSON.stringify(r.body));
}

/**
 * Step mode through the run's gate: the first proposal is approved and executed, the second
 * rejected with feedback that the next model call carries, the third edited to `Back()` and
 * executed as edited. `script` must keep proposing actions on any screen.
 */
export async function checkStepMode(
  t: AgentRig,
  strategy: StrategyName,
  script: ScriptInput,
  options: Partial<RunOptions> = {},
): Promise<void> {
  await resetPhone(t);
  t.model.setScript(script);
  const { runId } = await t.app.runs.start({
    serial: t.rig.serial,
    task: 'Open the Clock app',
    options: { strategy, mode: 'step', maxSteps: 10, ...options },
  });
  try {
    await t.waitFor(runId, ['waiting']);
    const first = t.app.runs.state(runId).waiting!;
    expect(first.kind).toBe('approve');
    t.app.runs.decide(runId, { decision: 'approve' });
    await waitForNewWait(t, runId, first.waitId);
    const second = t.app.runs.state(runId).waiting!;
    const before = t.model.requests().length;
    const feedback = 'Not this one: look at the tabs at the bottom first';
    t.app.runs.decide(runId, { decision: 'reject', feedback });
    await waitForNewWait(t, runId, second.waitId);
    expect(
      bodies(t, before).some((b) => b.includes(feedback)),
      'the feedback reaches the next model call',
    ).toBe(true);
    const third = t.app.runs.state(runId).waiting!;
    t.app.runs.decide(runId, { decision: 'edit', action: 'Back()' });
    await waitForNewWait(t, runId, third.waitId);
    const steps = t.app.runs.state(runId).steps;
    const approved = steps.find((s) => s.decision?.kind === 'approve');
    expect(approved?.executed?.ok).toBe(true);
    expect(approved?.executed?.action).toEqual(approved?.proposed);
    const rejected = steps.find((s) => s.decision?.kind === 'reject');
    expect(rejected?.executed).toBeNull();
    expect(rejected?.decision?.feedback).toBe(feedback);
    const edited = steps.find((s) => s.decision?.kind === 'edit');
    // An edited step is the person's, with the agent's proposal kept beside it.
    expect(edited?.executed).toMatchObject({ ok: true, action: { name: 'Back', params: {} }, by: 'person' });
    expect(edited?.proposed).toBeTruthy();
    expect(edited?.proposed).not.toEqual(edited?.executed?.action);
  } finally {
    await t.app.runs.stop(runId).catch(() => undefined);
  }
}

async function waitForNewWait(t: AgentRig, runId: string, previous: string): Promise<void> {
  const start = Date.now();
  for (;;) {
    const st = t.app.runs.state(runId);
    if (st.waiting && st.waiting.waitId !== previous) return;
    if (['succeeded', 'failed', 'stopped', 'paused'].includes(st.status))
      throw new Error(`run ended (${st.status}: ${st.outcomeReason}) instead of waiting again`);
    if (Date.now() - start > 120_000) throw new Error('no new wait within 120 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A model that never gives a usable reply: empty, cut off, the wrong shape, refusals. */
export const HOSTILE_SCRIPT: ScriptInput = {
  description: 'A hostile model: every reply is unusable.',
  steps: [
    { name: 'empty', reply: '', times: 1 },
    { name: 'truncated', reply: '{"thought": "I will tap the', times: 1 },
    { name: 'wrong schema', reply: { answer: 42, items: [1, 2, 3] }, times: 1 },
    { name: 'refusal', refusal: "I can't help with that.", times: 2 },
    { name: 'apology', reply: "I'm sorry, but I cannot assist with operating this device.", times: 1 },
  ],
  fallback: { reply: '{"thought": "cut off' },
};

/**
 * The hostile model ends the run cleanly: it fails in auto mode with the reason, every
 * unusable reply is recorded as a non-fatal error, and every event is valid.
 */
export async function checkHostileModel(
  t: AgentRig,
  strategy: StrategyName,
  options: Partial<RunOptions> = {},
): Promise<void> {
  await resetPhone(t);
  t.model.setScript(HOSTILE_SCRIPT);
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => unhandled.push(e);
  process.on('unhandledRejection', onUnhandled);
  try {
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: ALARM_TASK,
      options: { strategy, mode: 'auto', maxSteps: 10, ...options },
    });
    await t.waitFor(runId, ['succeeded', 'failed', 'stopped', 'paused'], 120_000);
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('failed');
    expect(st.outcomeReason).toMatch(/replies could not be used/);
    expect(st.counters.executedActions).toBe(0);
    const { events } = t.app.runs.events(runId);
    for (const e of events) expect(RunEventSchema.safeParse(e).success, `event ${e.seq} ${e.type} is valid`).toBe(true);
    const errors = events.filter((e) => e.type === 'run_error');
    expect(errors.length).toBeGreaterThanOrEqual(2);
    for (const e of errors)
      if (e.type === 'run_error') expect(['MODEL_REPLY_INVALID', 'MODEL_REFUSED']).toContain(e.error.code);
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
}

/**
 * Guarded mode with the strategy's own script whose first action is `Type("latte2024")` on the
 * Wi-Fi password dialog: the run stops for approval, judged on the device's dump (a vision
 * strategy's OCR elements carry no focus or password flag), and nothing is typed.
 */
export async function checkGuardedPassword(
  t: AgentRig,
  strategy: StrategyName,
  script: ScriptInput,
  options: Partial<RunOptions> = {},
  loop?: CustomLoop,
): Promise<void> {
  await resetPhone(t);
  await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'am', 'start', '-a', 'android.settings.WIFI_SETTINGS']);
  await new Promise((r) => setTimeout(r, 600));
  await tapOn(t.rig.phone, { descStarts: 'CoffeeShop_5G' });
  await new Promise((r) => setTimeout(r, 600));
  t.model.setScript(script);
  const { runId } = await t.app.runs.start({
    serial: t.rig.serial,
    task: 'Connect to CoffeeShop_5G with the password latte2024',
    options: { strategy, mode: 'guarded', maxSteps: 5, ...options },
    ...(loop ? { loop } : {}),
  });
  try {
    await t.waitFor(runId, ['waiting', 'succeeded', 'failed', 'stopped']);
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('waiting');
    expect(st.steps.at(-1)!.gate).toMatch(
      /^rule: Typing into password fields — Type\("latte2024"\) .*\(a password field\)/,
    );
    expect(st.steps.some((s) => s.executed?.action.name === 'Type')).toBe(false);
  } finally {
    await t.app.runs.stop(runId);
  }
}
