/**
 * What every strategy shares with MobA, shown on the vision strategies: a recorded run replayed
 * with the recorded model replies (no model) reproduces the same decisions, steps and outcomes,
 * and a run waiting for approval survives a restart of the app — the decision after the restart
 * continues it, with its strategy state folded back from the log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAction } from '../../src/shared/actions.ts';
import type { RunEvent } from '../../src/shared/schemas/run.ts';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import { ALARM_TASK, expectCaseStudyAlarm, resetPhone, runCaseStudy } from '../support/strategy-checks.ts';

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: {} });
});
afterAll(async () => {
  await t?.dispose();
});

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

describe('strategies share recording, replay and recovery', () => {
  it('a Mobile-Agent-v2 run replayed from its recorded model calls repeats itself', { timeout: 300_000 }, async () => {
    const runId = await runCaseStudy(t, 'mobile-agent-v2', loadScript('alarm-mobile-agent-v2.json'), {
      useMemory: false,
    });
    const recorded = t.app.runs.events(runId).events;
    const requests = t.model.requests().length;
    await resetPhone(t);
    const replay = await t.app.runs.start({
      serial: t.rig.serial,
      task: ALARM_TASK,
      options: { strategy: 'mobile-agent-v2', mode: 'auto', maxSteps: 40, useMemory: false, replayOf: runId },
    });
    await t.waitFor(replay.runId);
    expect(t.app.runs.get(replay.runId)).toMatchObject({ status: 'succeeded', replayOf: runId });
    expect(t.model.requests().length).toBe(requests);
    expect(essence(t.app.runs.events(replay.runId).events)).toEqual(essence(recorded));
    await expectCaseStudyAlarm(t);
  });

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
