/**
 * AppAgent on the simulated phone: the alarm case study in auto mode (its own element rule, one
 * call per step), ReachAgent's action space, element docs from a demonstration in the prompt,
 * step mode through the gates, and a hostile model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import {
  checkGuardedPassword,
  checkHostileModel,
  checkStepMode,
  expectCaseStudyAlarm,
  runCaseStudy,
} from '../support/strategy-checks.ts';

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: {} });
});
afterAll(async () => {
  await t?.dispose();
});

const STEP_SCRIPT = {
  steps: [
    {
      name: 'tap Clock',
      match: { system: 'one action per step' },
      reply: { observation: 'o', thought: 't', action: 'tap({{element:Clock|1}})', summary: 's' },
      times: 'always' as const,
    },
  ],
};

describe('AppAgent', () => {
  it('completes the alarm case study in auto mode: one model call per executed action', {
    timeout: 300_000,
  }, async () => {
    const runId = await runCaseStudy(t, 'appagent', loadScript('alarm-appagent.json'));
    await expectCaseStudyAlarm(t);
    const st = t.app.runs.state(runId);
    expect(st.counters.executedActions).toBe(14);
    const calls = t.app.runs.events(runId).events.filter((e) => e.type === 'model_call');
    expect(calls.map((e) => (e.type === 'model_call' ? e.record.purpose : ''))).toEqual(Array(15).fill('appagent'));
    // What the model saw: AppAgent's tags on the screenshot and its element list, not MobA's.
    const first = calls[0]!.type === 'model_call' ? JSON.stringify(calls[0]!.record.request.messages) : '';
    expect(first).toContain('## Tagged elements');
    expect(first).toMatch(/"type":"image"/);
  });

  it("with ReachAgent's action space offers only the candidate actions and still completes it", {
    timeout: 300_000,
  }, async () => {
    const runId = await runCaseStudy(t, 'appagent', loadScript('alarm-appagent.json'), { actionSpace: 'candidates' });
    await expectCaseStudyAlarm(t);
    const call = t.app.runs.events(runId).events.find((e) => e.type === 'model_call');
    const text = call?.type === 'model_call' ? JSON.stringify(call.record.request.messages) : '';
    expect(text).toContain('Allowed actions on this screen');
    expect(text).toMatch(/tap\(\d+\) — \\"Clock\\"/);
  });

  it("puts element docs learned from a recorded demonstration next to the element's tag", {
    timeout: 300_000,
  }, async () => {
    const demo = t.app.memory.create(
      {
        kind: 'route',
        goal: 'Add a morning alarm',
        app: 'com.android.deskclock',
        steps: [
          {
            subGoal: 'Add a new alarm',
            action: 'Click(3)',
            element: 'ImageButton "Add alarm"',
            app: 'com.android.deskclock',
          },
        ],
      },
      'expert',
    );
    try {
      const runId = await runCaseStudy(t, 'appagent', loadScript('alarm-appagent.json'));
      const prompts = t.app.runs
        .events(runId)
        .events.flatMap((e) => (e.type === 'model_call' ? [JSON.stringify(e.record.request.messages)] : []));
      expect(prompts[1]).toMatch(
        /\[\d+\] ImageButton \\"Add alarm\\"[^\n]*\\n {4}docs: In a demonstration of \\"Add a morning alarm\\" \(from an expert seed\) it was used to add a new alarm \(Click\(3\)\)\./,
      );
      expect(prompts[0]).not.toContain('docs:');
    } finally {
      t.app.memory.delete([demo.id]);
    }
  });

  it('step mode: approve, reject with feedback, edit', { timeout: 300_000 }, async () => {
    await checkStepMode(t, 'appagent', STEP_SCRIPT);
  });

  it('a hostile model ends the run cleanly', { timeout: 300_000 }, async () => {
    await checkHostileModel(t, 'appagent');
  });

  it('guarded mode asks before text() into the password field', { timeout: 120_000 }, async () => {
    await checkGuardedPassword(t, 'appagent', {
      steps: [
        {
          name: 'type',
          match: { system: 'one action per step' },
          reply: { observation: 'o', thought: 't', action: 'text("latte2024")', summary: 's' },
          times: 'always',
        },
      ],
    });
  });
});
