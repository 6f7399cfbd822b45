/**
 * MobA's case study A, end to end on the simulated phone: the agent (scripted model replies
 * that answer from the real element lists) creates "an alarm at 6:30 PM titled Work, vibrate,
 * Monday to Thursday" through real adb input, and the simulator's state confirms it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import type { RunState, TaskNodeState } from '../../src/shared/run/reducer.ts';

const TASK = 'Create an alarm at 6:30 PM titled Work, with vibrate, repeating Monday to Thursday';

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: loadScript('alarm-case-study.json') });
});
afterAll(async () => {
  await t?.dispose();
});

function child(state: RunState, node: TaskNodeState, goal: string): TaskNodeState {
  const found = node.children.map((c) => state.nodes[c]!).find((n) => n.goal === goal);
  if (!found)
    throw new Error(
      `no sub-goal "${goal}" under "${node.goal}"; has ${node.children.map((c) => state.nodes[c]!.goal).join(' | ')}`,
    );
  return found;
}

describe('alarm case study on the simulated phone', () => {
  let runId: string;

  it('ends with the alarm present in the simulator', { timeout: 300_000 }, async () => {
    ({ runId } = await t.app.runs.start({ serial: t.rig.serial, task: TASK, options: { mode: 'auto', maxSteps: 30 } }));
    await t.waitFor(runId);
    const state = t.app.runs.state(runId);
    expect(state.status, state.outcomeReason ?? '').toBe('succeeded');
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
  });

  it('has the task tree of the paper: six sub-goals, "set the time" re-split, missing days added after a failed reflection', () => {
    const s = t.app.runs.state(runId);
    const root = s.nodes[s.rootId!]!;
    expect(root.status).toBe('done');
    expect(root.planReflections[0]).toMatch(/many actions/);
    expect(root.children.map((c) => s.nodes[c]!.goal)).toEqual([
      'Open the Clock app',
      'Add a new alarm',
      'Set the time to 6:30 PM',
      'Set the label to Work',
      'Turn on vibrate',
      'Set the alarm to repeat Monday to Thursday',
    ]);
    for (const c of root.children) expect(s.nodes[c]!.status, s.nodes[c]!.goal).toBe('done');
    const time = child(s, root, 'Set the time to 6:30 PM');
    expect(time.children.map((c) => s.nodes[c]!.goal)).toEqual([
      'Select 6 on the hour dial',
      'Select 30 on the minute dial',
      'Choose PM',
      'Confirm the time with OK',
    ]);
    expect(time.lastCanComplete).toBe('false');
    const repeat = child(s, root, 'Set the alarm to repeat Monday to Thursday');
    expect(repeat.reflections).toEqual(['Only Monday is selected; Tuesday, Wednesday and Thursday are still missing.']);
    expect(repeat.children.map((c) => [s.nodes[c]!.goal, s.nodes[c]!.status])).toEqual([
      ['Select Tuesday', 'done'],
      ['Select Wednesday', 'done'],
      ['Select Thursday', 'done'],
    ]);
    expect(s.counters.executedActions).toBe(13);
    expect(s.counters.plans).toBe(4);
  });

  it('stored every observation with its screenshot and every model call with its images and the elements it was shown', () => {
    const { events } = t.app.runs.events(runId);
    const observations = events.filter((e) => e.type === 'observation');
    expect(observations.length).toBeGreaterThan(13);
    for (const o of observations) {
      if (o.type !== 'observation') continue;
      expect(o.observation.screenshot).not.toBeNull();
      expect(t.app.artifacts.has(o.observation.screenshot!.sha256)).toBe(true);
    }
    const calls = events.filter((e) => e.type === 'model_call');
    expect(calls.length).toBe(t.model.requests().length);
    const act = calls.find((e) => e.type === 'model_call' && e.record.purpose === 'act');
    const text = JSON.stringify(act?.type === 'model_call' ? act.record.request.messages : []);
    expect(text).toContain('[2] TextView \\"Clock\\"');
    expect(text).toMatch(/"type":"image"/);
  });
});
