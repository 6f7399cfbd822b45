/**
 * Mobile-Agent-v2 on the simulated phone, vision only: the alarm case study in auto mode from
 * OCR and icon regions (no UI dump in any prompt), that run replayed from its recorded model
 * calls (the same decisions, steps and outcomes, no model asked), a reflection that answers B
 * (the automatic Back, the step kept out of the history), step mode through the gates, and a
 * hostile model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import {
  checkGuardedPassword,
  checkHostileModel,
  checkStepMode,
  expectCaseStudyAlarm,
  expectCaseStudyReplay,
  resetPhone,
  runCaseStudy,
} from '../support/strategy-checks.ts';

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: {} });
});
afterAll(async () => {
  await t?.dispose();
});

const DECISION = 'You operate an Android phone for a user, one action at a time, from a screenshot.';
const common = [
  {
    name: 'memory',
    match: { system: DECISION, user: 'Before the action runs' },
    reply: { important: 'The alarm list shows 7:00 AM and 8:30 AM.' },
    times: 'always' as const,
  },
  { name: 'captions', match: { system: 'You describe icons' }, reply: { icons: {} }, times: 'always' as const },
  {
    name: 'planning',
    match: { system: 'You keep track of the progress' },
    reply: { thought: 't', completed: 'Settings was opened by mistake.' },
    times: 'always' as const,
  },
];

describe('Mobile-Agent-v2', () => {
  let caseStudy = '';
  it('completes the alarm case study in auto mode, vision only', { timeout: 300_000 }, async () => {
    const runId = await runCaseStudy(t, 'mobile-agent-v2', loadScript('alarm-mobile-agent-v2.json'));
    caseStudy = runId;
    await expectCaseStudyAlarm(t);
    const st = t.app.runs.state(runId);
    expect(st.counters.executedActions).toBe(14);
    expect(st.strategy.history).toHaveLength(14);
    expect(st.strategy.progress).toMatch(/Done so far/);
    const calls = t.app.runs.events(runId).events.flatMap((e) => (e.type === 'model_call' ? [e.record] : []));
    const purposes = new Set(calls.map((c) => c.purpose));
    expect([...purposes].sort()).toEqual([
      'decision',
      'icon-captions',
      'memory-unit',
      'planning',
      'reflection',
      'select-app',
    ]);
    const decision = JSON.stringify(calls.find((c) => c.purpose === 'decision')!.request.messages);
    expect(decision).toMatch(/\[\d+, \d+\]; text: \\"Clock\\"/);
    // No prompt sees the UI dump: no resource ids, no element classes.
    for (const c of calls) expect(JSON.stringify(c.request.messages)).not.toMatch(/#\w+_\w+|TextView|ImageButton/);
  });

  it('the case-study run replayed from its recorded model calls repeats itself', { timeout: 300_000 }, async () => {
    expect(caseStudy, 'the case study ran').not.toBe('');
    await expectCaseStudyReplay(t, 'mobile-agent-v2', caseStudy);
  });

  it('reflection B: Back is executed automatically and the step stays out of the history', {
    timeout: 300_000,
  }, async () => {
    await resetPhone(t);
    t.model.setScript({
      steps: [
        ...common,
        {
          name: 'wrong app',
          match: { system: DECISION },
          reply: { thought: 't', action: 'Tap({{point:Settings}})', operation: 'open the Clock app' },
          times: 1,
        },
        {
          name: 'B',
          match: { system: 'You check one action' },
          reply: { thought: 'Settings opened, not Clock.', answer: 'B' },
          times: 1,
        },
        {
          name: 'stop',
          match: { system: DECISION, user: 'did not work' },
          reply: { thought: 'Back home now.', action: 'Stop()', operation: 'stop' },
          times: 1,
        },
      ],
    });
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: 'Open the Clock app',
      options: {
        strategy: 'mobile-agent-v2',
        mode: 'auto',
        maxSteps: 5,
        knowledge: 'The Clock app is on the home screen.',
      },
    });
    await t.waitFor(runId);
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    expect(st.steps.map((s) => [s.executed?.action.name, s.executed?.ok])).toEqual([
      ['Click_by_Coordinate', true],
      ['Back', true],
    ]);
    expect(st.strategy.outcomes).toEqual([
      {
        stepId: st.steps[0]!.stepId,
        outcome: 'B',
        operation: 'open the Clock app',
        text: 'Settings opened, not Clock.',
      },
    ]);
    expect(st.strategy.history).toEqual([]);
    // The Back left Settings: the launcher is in front again.
    const after = st.observations[st.lastObservationId!]!;
    expect(after.currentApp?.packageName).toBe('com.android.launcher3');
    // The next decision was told what went wrong.
    const last = t.model
      .requests()
      .filter((r) => JSON.stringify(r.body).includes(DECISION.slice(0, 40)))
      .at(-1)!;
    expect(JSON.stringify(last.body)).toContain('It led to a wrong page, and the agent went back.');
    // The run's knowledge hint reached its decision and reflection prompts (no A step: no planning call).
    const bodies = t.model
      .requests()
      .slice(-4)
      .map((r) => JSON.stringify(r.body));
    const hinted = bodies.filter((b) => b.includes('## Hints for this task\\nThe Clock app is on the home screen.'));
    expect(hinted.some((b) => b.includes(DECISION.slice(0, 40)))).toBe(true);
    expect(hinted.some((b) => b.includes('You check one action'))).toBe(true);
    expect(st.options?.knowledge).toBe('The Clock app is on the home screen.');
  });

  it('step mode: approve, reject with feedback, edit', { timeout: 300_000 }, async () => {
    await checkStepMode(t, 'mobile-agent-v2', {
      steps: [
        ...common,
        {
          name: 'A',
          match: { system: 'You check one action' },
          reply: { thought: 'ok', answer: 'A' },
          times: 'always',
        },
        {
          name: 'tap Clock',
          match: { system: DECISION },
          reply: { thought: 't', action: 'Tap({{point:Clock|540, 1200}})', operation: 'open Clock' },
          times: 'always',
        },
      ],
    });
  });

  it('guarded mode asks before Type() into the password field it sees only by OCR', { timeout: 120_000 }, async () => {
    await checkGuardedPassword(t, 'mobile-agent-v2', {
      steps: [
        ...common,
        {
          name: 'type the password',
          match: { system: DECISION },
          reply: { thought: 't', action: 'Type("latte2024")', operation: 'type the password' },
          times: 'always',
        },
      ],
    });
  });

  it('a hostile model ends the run cleanly', { timeout: 300_000 }, async () => {
    await checkHostileModel(t, 'mobile-agent-v2');
  });
});
