/**
 * MobA's ablations on the loop: without the Plan module (a single-level agent) and without
 * memory. The end-to-end runs on the simulated phone are in test/integration/agent-ablations.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loopHarness, SINGLE } from '../../../../../test/support/agent-harness.ts';
import type { Harness } from '../../../../../test/support/agent-harness.ts';

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose();
});

describe('without the Plan module (--no-plan)', () => {
  it('counts replies that choose no action ("can_complete": "false") against the step limit and ends the run with a clear reason', async () => {
    const h = await loopHarness({
      steps: [
        {
          name: 'never acts',
          match: { system: SINGLE },
          reply: { observation: 'home', thought: 'too hard for one action', can_complete: 'false', action: null },
          times: 'always',
        },
      ],
    });
    harnesses.push(h);
    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: 'Turn on Wi-Fi',
      options: { mode: 'auto', usePlan: false, maxSteps: 4 },
    });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status).toBe('failed');
    expect(st.outcomeReason).toBe(
      'The step limit (4) was reached: 0 executed actions and 4 replies that chose no action',
    );
    expect(st.counters.noActionReplies).toBe(4);
    expect(h.model.requests()).toHaveLength(4);
    expect(h.runs.events(runId).events.some((e) => e.type === 'plan_made' || e.type === 'plan_reflection')).toBe(false);
    // Each later prompt tells the model that a single-level agent must act.
    const bodies = h.model.requests().map((r) => JSON.stringify(r.body));
    expect(bodies[0]).not.toContain('Your previous reply chose no action');
    expect(bodies[1]).toContain('Your previous reply chose no action');
  });

  it('executed actions and no-action replies share the one step limit', async () => {
    const h = await loopHarness({
      steps: [
        {
          match: { system: SINGLE },
          reply: {
            observation: 'home',
            thought: 'open settings',
            can_complete: 'true',
            action: 'Open_App("Settings")',
          },
          times: 1,
        },
        {
          match: { system: SINGLE },
          reply: { observation: 'settings', thought: 'not sure', can_complete: 'false', action: null },
          times: 'always',
        },
      ],
    });
    harnesses.push(h);
    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: 'Turn on Wi-Fi',
      options: { mode: 'auto', usePlan: false, maxSteps: 3 },
    });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.outcomeReason).toBe(
      'The step limit (3) was reached: 1 executed action and 2 replies that chose no action',
    );
    expect(h.model.requests()).toHaveLength(3);
  });
});
