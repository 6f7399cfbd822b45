/**
 * What every strategy shares with MobA, shown on a vision strategy: a run waiting for approval
 * survives a restart of the app — the decision after the restart continues it, with its
 * strategy state folded back from the log. (A recorded run replayed from its model calls is
 * checked on Mobile-Agent-v2's case-study run, in strategy-mobile-agent-v2.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import { resetPhone } from '../support/strategy-checks.ts';

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: {} });
});
afterAll(async () => {
  await t?.dispose();
});

describe('strategies share recovery', () => {
  it('a Mobile-Agent-E run waiting for approval continues after the app restarts', { timeout: 300_000 }, async () => {
    await resetPhone(t);
    t.model.setScript({
      steps: [
        { name: 'captions', match: { system: 'You describe icons' }, reply: { icons: {} }, times: 'always' },
        {
          name: 'select app',
          match: { system: 'You choose which installed Android app to open' },
          reply: { package: 'com.android.deskclock', reason: 'Clock' },
          times: 'always',
        },
        {
          name: 'reflector',
          match: { system: 'You are the Action Reflector' },
          reply: { outcome: 'A', error_description: 'None', progress_status: 'Clock is open.' },
          times: 'always',
        },
        { name: 'notes', match: { system: 'You are the Notetaker' }, reply: { notes: 'None' }, times: 'always' },
        {
          name: 'plan',
          match: { system: 'You are the Manager', user: 'Make a plan' },
          reply: { thought: 't', plan: '1. Open Clock', current_subgoal: 'Open the Clock app' },
          times: 1,
        },
        {
          name: 'finished',
          match: { system: 'You are the Manager' },
          reply: { thought: 't', plan: '1. Open Clock', current_subgoal: 'Finished' },
          times: 1,
        },
        {
          name: 'open',
          match: { system: 'You are the Operator' },
          reply: {
            thought: 't',
            action: { name: 'Open_App', arguments: { app_name: 'Clock' } },
            description: 'open Clock',
          },
          times: 1,
        },
      ],
    });
    const first = t.app;
    const { runId } = await first.runs.start({
      serial: t.rig.serial,
      task: 'Open the Clock app',
      options: { strategy: 'mobile-agent-e', mode: 'step', maxSteps: 5, evolution: false },
    });
    await t.waitFor(runId, ['waiting']);
    const before = first.runs.state(runId);
    expect(before.waiting?.kind).toBe('approve');
    expect(before.strategy.subgoal).toBe('Open the Clock app');
    await first.dispose();

    const second = await t.reopen();
    const recovered = second.runs.state(runId);
    expect(recovered.status).toBe('waiting');
    expect(recovered.strategy.plan).toBe('1. Open Clock');
    second.runs.decide(runId, { decision: 'approve' });
    await t.waitFor(runId);
    const st = second.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    expect(st.steps.map((s) => [s.executed?.action.name, s.decision?.kind])).toEqual([['Open_App', 'approve']]);
    expect(st.strategy.outcomes.map((o) => o.outcome)).toEqual(['A']);
  });
});
