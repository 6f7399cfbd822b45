/**
 * Mobile-Agent v1 on the simulated phone, vision only: the alarm case study in auto mode (texts
 * grounded by OCR, the repeated T chosen among marked crops), self-reflection when an
 * operation changed nothing, step mode through the gates, and a hostile model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import {
  checkHostileModel,
  checkGuardedPassword,
  checkStepMode,
  expectCaseStudyAlarm,
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

const AGENT = 'You operate an Android phone for a user by looking at screenshots.';

describe('Mobile-Agent v1', () => {
  it('completes the alarm case study in auto mode from the screenshot alone', { timeout: 300_000 }, async () => {
    const runId = await runCaseStudy(t, 'mobile-agent-v1', loadScript('alarm-mobile-agent-v1.json'));
    await expectCaseStudyAlarm(t);
    const st = t.app.runs.state(runId);
    expect(st.counters.executedActions).toBe(14);
    const calls = t.app.runs.events(runId).events.flatMap((e) => (e.type === 'model_call' ? [e.record] : []));
    // One call per step, plus the choice among the two T's, the app selection and the last check.
    expect(calls.filter((c) => c.purpose === 'mobile-agent')).toHaveLength(15);
    expect(calls.filter((c) => c.purpose === 'pick-text').length).toBeGreaterThanOrEqual(1);
    const pick = calls.find((c) => c.purpose === 'pick-text')!;
    expect(JSON.stringify(pick.request.messages).match(/"type":"image"/g)?.length).toBeGreaterThanOrEqual(2);
    // The step prompt has the screenshot and no element or perception list.
    const step = JSON.stringify(calls.find((c) => c.purpose === 'mobile-agent')!.request.messages);
    expect(step).toMatch(/"type":"image"/);
    expect(step).not.toMatch(/\[\d+, \d+\];|\[\d+\] \w+ "/);
  });

  it('self-reflection: an operation that changed nothing is called a failure in the next prompt', {
    timeout: 300_000,
  }, async () => {
    await resetPhone(t);
    t.model.setScript({
      steps: [
        // The clock in the status bar: tapping it changes nothing.
        {
          name: 'status bar',
          match: { system: AGENT },
          reply: { thought: 't', action: 'click text("9:00")' },
          times: 1,
        },
        { name: 'stop', match: { system: AGENT }, reply: { thought: 't', action: 'stop()' }, times: 'always' },
        { name: 'check', match: { system: 'is about to stop' }, reply: { complete: true }, times: 'always' },
      ],
    });
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: 'Look at the home screen',
      options: { strategy: 'mobile-agent-v1', mode: 'auto', maxSteps: 3 },
    });
    await t.waitFor(runId);
    expect(t.app.runs.state(runId).status).toBe('succeeded');
    const prompts = t.app.runs
      .events(runId)
      .events.flatMap((e) =>
        e.type === 'model_call' && e.record.purpose === 'mobile-agent'
          ? [JSON.stringify(e.record.request.messages)]
          : [],
      );
    expect(prompts[0]).not.toContain('## Reflection');
    expect(prompts[1]).toContain(
      String.raw`## Reflection\nThe last operation click text(\"9:00\") did not change the screen, so it did not work.`,
    );
  });

  it('a text that is not on the screen goes back to the model to correct', { timeout: 300_000 }, async () => {
    await resetPhone(t);
    t.model.setScript({
      steps: [
        {
          name: 'missing text',
          match: { system: AGENT },
          reply: { thought: 't', action: 'click text("Nowhere to be seen")' },
          times: 1,
        },
        {
          name: 'corrected',
          match: { system: AGENT },
          reply: { thought: 't', action: 'click text("Clock")' },
          times: 1,
        },
        { name: 'stop', match: { system: AGENT }, reply: { thought: 't', action: 'stop()' }, times: 'always' },
        { name: 'check', match: { system: 'is about to stop' }, reply: { complete: true }, times: 'always' },
      ],
    });
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: 'Open the Clock app',
      options: { strategy: 'mobile-agent-v1', mode: 'auto', maxSteps: 3 },
    });
    await t.waitFor(runId);
    const st = t.app.runs.state(runId);
    expect(st.status).toBe('succeeded');
    const repair = t.model
      .requests()
      .map((r) => JSON.stringify(r.body))
      .find((b) => b.includes('There is no text'));
    expect(repair).toContain('There is no text \\"Nowhere to be seen\\" on the screen');
    expect(st.steps[0]!.executed?.action.name).toBe('Click');
    expect(st.observations[st.lastObservationId!]!.currentApp?.packageName).toBe('com.android.deskclock');
  });

  it('step mode: approve, reject with feedback, edit', { timeout: 300_000 }, async () => {
    await checkStepMode(t, 'mobile-agent-v1', {
      steps: [
        {
          name: 'clock',
          match: { system: AGENT },
          reply: { thought: 't', action: 'click text("Clock")' },
          times: 'always',
        },
      ],
    });
  });

  it('a hostile model ends the run cleanly', { timeout: 300_000 }, async () => {
    await checkHostileModel(t, 'mobile-agent-v1');
  });

  it('guarded mode asks before type() into the password field it sees only by OCR', { timeout: 120_000 }, async () => {
    await checkGuardedPassword(t, 'mobile-agent-v1', {
      steps: [
        {
          name: 'type',
          match: { system: AGENT },
          reply: { thought: 't', action: 'type("latte2024")' },
          times: 'always',
        },
      ],
    });
  });
});
