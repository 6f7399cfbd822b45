/**
 * The GUI-native strategies on the simulated phone — UI-TARS, Qwen-VL mobile use, AutoGLM-Phone,
 * GUI-Owl: each completes the alarm case study with its script (every reply in the model's own grammar,
 * points in the model's own coordinate space), in auto mode and in step mode with an edit; a
 * hostile model ends a run cleanly; the prompts carry only the screenshot, never the UI dump; a
 * replay repeats a recorded run; a model asking the person (Ask_User) gets their answer; guarded
 * mode asks before each types into a password field it sees only on the screenshot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StrategyName } from '../../src/shared/schemas/strategy.ts';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import {
  ALARM_TASK,
  checkGuardedPassword,
  checkHostileModel,
  checkStepMode,
  expectCaseStudyAlarm,
  resetPhone,
  runCaseStudy,
} from '../support/strategy-checks.ts';
import { formatAction } from '../../src/shared/actions.ts';
import type { RunEvent } from '../../src/shared/schemas/run.ts';

let t: AgentRig;
/** Each strategy's auto-mode case study, for the replay below. */
const caseStudies: Partial<Record<StrategyName, string>> = {};
beforeAll(async () => {
  t = await startAgentRig({ script: {} });
});
afterAll(async () => {
  await t?.dispose();
});

/** A reply that keeps proposing a tap in the middle of the screen, in each grammar. */
const TAP_ANYWHERE: Record<string, { match: Record<string, string>; reply: string }> = {
  'ui-tars': {
    match: { any: 'You are a GUI agent operating an Android phone' },
    reply: "Thought: Tap the middle.\nAction: click(start_box='<|box_start|>(546,1204)<|box_end|>')",
  },
  'qwen-vl': {
    match: { system: 'mobile_use' },
    reply:
      '<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [546, 1204]}}\n</tool_call>',
  },
  autoglm: {
    match: { system: 'operates an Android phone to carry out' },
    reply: '<think>Tap the middle.</think><answer>do(action="Tap", element=[500,500])</answer>',
  },
};

/** A reply typing the Wi-Fi password, in each grammar. */
const TYPE_PASSWORD: Record<string, { match: Record<string, string>; reply: string }> = {
  'ui-tars': {
    match: TAP_ANYWHERE['ui-tars']!.match,
    reply: "Thought: The password box has the focus.\nAction: type(content='latte2024')",
  },
  'qwen-vl': {
    match: TAP_ANYWHERE['qwen-vl']!.match,
    reply: '<tool_call>\n{"name": "mobile_use", "arguments": {"action": "type", "text": "latte2024"}}\n</tool_call>',
  },
  autoglm: {
    match: TAP_ANYWHERE.autoglm!.match,
    reply: '<think>The password box has the focus.</think><answer>do(action="Type", text="latte2024")</answer>',
  },
  'gui-owl': {
    match: { system: 'mobile_use' },
    reply:
      '<thinking>\nThe password box has the focus.\n</thinking>\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "type", "text": "latte2024"}}\n</tool_call>\n<conclusion>\nType the password.\n</conclusion>',
  },
};

/** The alarm case study in auto mode from the strategy's script: 14 actions, 12 of them taps in pixels, screenshots only. */
async function autoCaseStudy(strategy: StrategyName): Promise<void> {
  const runId = await runCaseStudy(t, strategy, loadScript(`alarm-${strategy}.json`));
  caseStudies[strategy] = runId;
  await expectCaseStudyAlarm(t);
  const st = t.app.runs.state(runId);
  expect(st.counters.executedActions).toBe(14);
  expect(st.cause).toBe('finished');
  const calls = t.app.runs.events(runId).events.flatMap((e) => (e.type === 'model_call' ? [e.record] : []));
  expect(new Set(calls.map((c) => c.purpose))).toEqual(new Set([strategy, 'select-app']));
  for (const c of calls.filter((c) => c.purpose === strategy)) {
    const sent = JSON.stringify(c.request.messages);
    // The UI dump never reaches the model: no element list, no resource ids or classes.
    expect(sent).not.toMatch(/\[\d+\] \w+ "|TextView|ImageButton|_btn/);
    expect(sent).toContain('"type":"image"');
  }
  const taps = st.steps.flatMap((s) => (s.executed?.action.name === 'Click_by_Coordinate' ? [s.executed.action] : []));
  expect(taps).toHaveLength(12);
  for (const tap of taps) expect(tap.params).toMatchObject({ unit: 'px' });
}

describe.each(['ui-tars', 'qwen-vl', 'autoglm'] as const)('%s', (strategy: StrategyName) => {
  it('completes the alarm case study in auto mode, from screenshots only', { timeout: 300_000 }, () =>
    autoCaseStudy(strategy),
  );

  it('completes the alarm case study in step mode, its first tap edited into grid units', {
    timeout: 300_000,
  }, async () => {
    await resetPhone(t);
    t.model.setScript(loadScript(`alarm-${strategy}.json`));
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: ALARM_TASK,
      options: { strategy, mode: 'step', maxSteps: 40 },
    });
    let edited: string | null = null;
    let lastWait: string | null = null;
    for (;;) {
      await t.waitFor(runId, ['waiting', 'succeeded', 'failed', 'stopped', 'paused']);
      const st = t.app.runs.state(runId);
      if (!st.waiting) break;
      if (st.waiting.waitId === lastWait) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      lastWait = st.waiting.waitId;
      const proposed = st.steps.find((s) => s.stepId === st.waiting!.stepId)?.proposed;
      if (!edited && proposed?.name === 'Click_by_Coordinate') {
        const { x, y } = proposed.params;
        const o = st.observations[st.steps.at(-1)!.observationId]!;
        edited = `Click_by_Coordinate(${Math.round((x / o.screen.width) * 1000)}, ${Math.round((y / o.screen.height) * 1000)})`;
        t.app.runs.decide(runId, { decision: 'edit', action: edited });
      } else t.app.runs.decide(runId, { decision: 'approve' });
    }
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    expect(st.counters.executedActions).toBe(14);
    const edit = st.steps.find((s) => s.decision?.kind === 'edit');
    expect(edit?.executed).toMatchObject({
      ok: true,
      action: { name: 'Click_by_Coordinate', params: { unit: 'grid' } },
    });
    expect(st.steps.filter((s) => s.decision?.kind === 'approve')).toHaveLength(13);
    await expectCaseStudyAlarm(t);
  });

  it('step mode: approve, reject with feedback, edit', { timeout: 300_000 }, async () => {
    const tap = TAP_ANYWHERE[strategy]!;
    await checkStepMode(t, strategy, { steps: [{ name: 'tap', ...tap, times: 'always' }] });
  });

  it('a hostile model ends the run cleanly', { timeout: 300_000 }, async () => {
    await checkHostileModel(t, strategy);
  });
});

it.each(['ui-tars', 'qwen-vl', 'autoglm', 'gui-owl'] as const)(
  '%s: guarded mode asks before typing into the password field it sees only on the screenshot',
  { timeout: 120_000 },
  async (strategy: StrategyName) => {
    const { match, reply } = TYPE_PASSWORD[strategy]!;
    await checkGuardedPassword(t, strategy, { steps: [{ name: 'type the password', match, reply, times: 'always' }] });
  },
);

describe('gui-owl', () => {
  it('completes the alarm case study in auto mode, from screenshots only; its progress lists its conclusions', {
    timeout: 300_000,
  }, async () => {
    await autoCaseStudy('gui-owl');
    const calls = t.app.runs
      .events(caseStudies['gui-owl']!)
      .events.flatMap((e) => (e.type === 'model_call' && e.record.purpose === 'gui-owl' ? [e.record] : []));
    const last = JSON.stringify(calls.at(-1)!.request.messages);
    expect(last).toContain('Step 1: Open the Clock app.; Step 2: Tap the add-alarm button.;');
    expect(last).toContain('Step 14: Select Thursday.; ');
  });
});

/** What a replay must repeat: the decisions as written, the executed actions, the outcome. */
function decisions(events: RunEvent[]): string[] {
  return events.flatMap((e): string[] =>
    e.type === 'strategy_decided'
      ? [e.written]
      : e.type === 'step_executed'
        ? [`${formatAction(e.action)} ${e.ok}`]
        : e.type === 'run_finished'
          ? [e.outcome]
          : [],
  );
}

it('a Qwen-VL run replayed from its recorded model calls repeats itself, points included', {
  timeout: 300_000,
}, async () => {
  const runId = caseStudies['qwen-vl'];
  expect(runId, 'the Qwen-VL case study ran first').toBeDefined();
  const requests = t.model.requests().length;
  await resetPhone(t);
  const replay = await t.app.runs.start({
    serial: t.rig.serial,
    task: ALARM_TASK,
    options: { strategy: 'qwen-vl', mode: 'auto', maxSteps: 40, replayOf: runId! },
  });
  await t.waitFor(replay.runId);
  expect(t.app.runs.get(replay.runId)).toMatchObject({ status: 'succeeded', replayOf: runId });
  expect(t.model.requests().length).toBe(requests);
  const recorded = decisions(t.app.runs.events(runId!).events);
  expect(recorded.length).toBeGreaterThan(14);
  expect(decisions(t.app.runs.events(replay.runId).events)).toEqual(recorded);
  await expectCaseStudyAlarm(t);
});

it("AutoGLM's Take_over asks the person, even in auto mode; their answer reaches the next prompt", {
  timeout: 120_000,
}, async () => {
  await resetPhone(t);
  const answer = 'The one at 7:00, labelled Gym';
  const match = TAP_ANYWHERE.autoglm!.match;
  t.model.setScript({
    steps: [
      {
        name: 'ask',
        match,
        reply:
          '<think>Two alarms fit.</think><answer>do(action="Take_over", message="Which alarm do you mean?")</answer>',
        times: 1,
      },
      { name: 'done', match, reply: '<think>Noted.</think><answer>finish(message="Understood.")</answer>', times: 1 },
    ],
  });
  const { runId } = await t.app.runs.start({
    serial: t.rig.serial,
    task: 'Turn off my alarm',
    options: { strategy: 'autoglm', mode: 'auto', maxSteps: 5 },
  });
  await t.waitFor(runId, ['waiting']);
  const waiting = t.app.runs.state(runId).waiting!;
  expect(waiting).toMatchObject({ kind: 'escalation' });
  expect(waiting.prompt).toContain('Which alarm do you mean?');
  const before = t.model.requests().length;
  t.app.runs.decide(runId, { decision: 'answer', feedback: answer });
  await t.waitFor(runId);
  const st = t.app.runs.state(runId);
  expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
  expect(st.steps[0]?.executed).toMatchObject({ ok: true, action: { name: 'Ask_User' } });
  const next = t.model.requests().slice(before);
  expect(next).toHaveLength(1);
  expect(JSON.stringify(next[0]!.body)).toContain(answer);
});
