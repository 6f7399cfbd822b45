/**
 * Record, then replay: a recorded run re-executed with the replay provider (the recorded model
 * replies, no model) on the same simulated phone state produces the same event sequence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAction } from '../../src/shared/actions.ts';
import type { RunEvent } from '../../src/shared/schemas/run.ts';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';

const TASK = 'Create an alarm at 6:30 PM titled Work, with vibrate, repeating Monday to Thursday';

/** What must be equal between a run and its replay: decisions, actions, outcomes, screens. */
function essence(events: RunEvent[]): string[] {
  return events.flatMap((e): string[] => {
    switch (e.type) {
      case 'node_added':
        return [`node ${e.nodeId} <${e.parentId ?? ''}> ${e.goal}`];
      case 'node_status':
        return [`status ${e.nodeId} ${e.status}`];
      case 'cursor_moved':
        return [`cursor ${e.nodeId ?? '-'}`];
      case 'observation':
        return [`screen ${e.observationId} ${e.screenKey}`];
      case 'act_decided':
        return [`act ${e.nodeId} ${e.canComplete} ${e.action ? formatAction(e.action) : '-'}`];
      case 'plan_made':
        return [`plan ${e.nodeId} ${e.subgoals.join(' / ')}`];
      case 'app_selected':
        return [`app ${e.packageName} ${e.method}`];
      case 'step_proposed':
        return [`step ${e.stepId} ${formatAction(e.action)}`];
      case 'step_executed':
        return [`exec ${e.stepId} ${formatAction(e.action)} ${e.ok}`];
      case 'reflected':
        return [`reflect ${e.nodeId} ${e.subgoalStatus} ${e.goalDone}`];
      case 'run_finished':
        return [`finish ${e.outcome}`];
      case 'model_call':
        return [`call ${e.record.purpose}`];
      default:
        return [];
    }
  });
}

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: loadScript('alarm-case-study.json') });
});
afterAll(async () => {
  await t?.dispose();
});

describe('record and replay', () => {
  it('re-running a recorded run with the replay provider produces the same event sequence', {
    timeout: 600_000,
  }, async () => {
    await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'sim-reset']);
    const { runId } = await t.app.runs.start({ serial: t.rig.serial, task: TASK, options: { mode: 'auto' } });
    await t.waitFor(runId);
    expect(t.app.runs.get(runId).status).toBe('succeeded');
    const recorded = t.app.runs.events(runId).events;
    const callsMade = t.model.requests().length;

    await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'sim-reset']);
    const replay = await t.app.runs.start({
      serial: t.rig.serial,
      task: TASK,
      options: { mode: 'auto', replayOf: runId },
    });
    await t.waitFor(replay.runId);
    const replayed = t.app.runs.events(replay.runId).events;

    expect(t.app.runs.get(replay.runId)).toMatchObject({ status: 'succeeded', replayOf: runId });
    // No request reached a model during the replay.
    expect(t.model.requests().length).toBe(callsMade);
    expect(essence(replayed)).toEqual(essence(recorded));
    // Every replayed call says which recorded call it served.
    const served = replayed.flatMap((e) => (e.type === 'model_call' ? [e.record.replay?.of] : []));
    const original = recorded.flatMap((e) => (e.type === 'model_call' ? [e.record.id] : []));
    expect(served).toEqual(original);
    const clock = await t.rig.simState<{ alarms: Array<Record<string, unknown>> }>('com.android.deskclock');
    expect(clock.alarms.filter((a) => a.label === 'Work' && a.hour === 18)).toHaveLength(1);
  });
});
