/**
 * A person's plan edits while a run waits in step mode — rename, reorder, mark done / failed,
 * remove, force a re-plan, move the cursor, add a sub-goal — and what the agent does next.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ScriptInput } from '@moba/testkit';
import { ACT, PLAN, act, loopHarness, plan, prompts, reflect } from '../../../test/support/agent-harness.ts';
import type { Harness } from '../../../test/support/agent-harness.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import { TERMINAL_STATUSES } from '../../shared/schemas/run.ts';

const TASK = 'Turn on Wi-Fi';
const SUBGOALS = ['Open the Settings app', 'Open Network & internet', 'Switch Wi-Fi on'];
const start: ScriptInput['steps'] = [
  act(TASK, { observation: 'home', thought: 'several steps', can_complete: 'false', action: null }),
  plan(TASK, SUBGOALS),
];
const openSettings = act('Open the Settings app', {
  observation: 'home',
  thought: 'open it',
  can_complete: 'true',
  action: 'Open_App("Settings")',
});
const openNetwork = act('Open Network & internet', {
  observation: 'settings',
  thought: 'tap it',
  can_complete: 'true',
  action: 'Click({{element:Network & internet}})',
});
const switchWifi = act('Switch Wi-Fi on', {
  observation: 'wifi',
  thought: 'tap the switch',
  can_complete: 'true',
  action: 'Click({{element:Wi-Fi off}})',
});

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.dispose();
});

async function stepRun(script: ScriptInput) {
  const h = await loopHarness(script);
  harnesses.push(h);
  const { runId } = await h.runs.start({ serial: 'toy-1', task: TASK, options: { mode: 'step' } });
  /** Resolves when the run waits on a new step's approval (or has ended). */
  const next = async (): Promise<RunState> => {
    for (let i = 0; i < 1000; i++) {
      const st = h.runs.state(runId);
      if (TERMINAL_STATUSES.includes(st.status) || (st.status === 'waiting' && st.waiting?.kind === 'approve'))
        return st;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(
      `run is still ${h.runs.state(runId).status}: ${JSON.stringify(h.runs.events(runId).events.filter((e) => e.type === 'run_error'))}`,
    );
  };
  const approve = async (): Promise<RunState> => {
    const waited = h.runs.state(runId).waiting!.waitId;
    h.runs.decide(runId, { decision: 'approve' });
    for (let i = 0; i < 1000 && h.runs.state(runId).waiting?.waitId === waited; i++)
      await new Promise((r) => setTimeout(r, 10));
    return next();
  };
  const node = (goal: string) => Object.values(h.runs.state(runId).nodes).find((n) => n.goal === goal)!;
  const acted = () => prompts(h.model, ACT).map((b) => /## Current sub-goal\\n(.*?)\\n/.exec(b)?.[1]);
  return { h, runId, next, approve, node, acted };
}

describe('plan edits', () => {
  it('rename: the agent works on the sub-goal under its new name', async () => {
    const r = await stepRun({
      steps: [
        ...start,
        openSettings,
        reflect('Open the Settings app', 'success'),
        act('Open the network page', {
          observation: 's',
          thought: 't',
          can_complete: 'true',
          action: 'Click({{element:Network & internet}})',
        }),
      ],
    });
    await r.next();
    r.h.runs.editPlan(r.runId, {
      op: 'rename',
      nodeId: r.node('Open Network & internet').id,
      goal: 'Open the network page',
    });
    const st = await r.approve();
    expect(st.steps.at(-1)!.nodeId).toBe(r.node('Open the network page').id);
    expect(r.acted()).toEqual([TASK, 'Open the Settings app', 'Open the network page']);
    expect(prompts(r.h.model, ACT).at(-1)).not.toContain('Open Network & internet');
  });

  it('reorder: the agent follows the new order', async () => {
    const bluetooth = act('Switch Bluetooth on', {
      observation: 'wifi',
      thought: 't',
      can_complete: 'true',
      action: 'Click({{element:Bluetooth off}})',
    });
    const r = await stepRun({
      steps: [
        act(TASK, { observation: 'home', thought: 'several', can_complete: 'false', action: null }),
        plan(TASK, ['Open the Settings app', 'Open Network & internet', 'Switch Bluetooth on', 'Switch Wi-Fi on']),
        openSettings,
        reflect('Open the Settings app', 'success'),
        openNetwork,
        reflect('Open Network & internet', 'success'),
        switchWifi,
        reflect('Switch Wi-Fi on', 'success'),
        bluetooth,
        reflect('Switch Bluetooth on', 'success', 'done'),
      ],
    });
    await r.next();
    const root = r.h.runs.state(r.runId).nodes[r.h.runs.state(r.runId).rootId!]!;
    const [a, b, bt, wifi] = root.children;
    r.h.runs.editPlan(r.runId, { op: 'reorder', parentId: root.id, order: [a!, b!, wifi!, bt!] });
    let st = await r.approve();
    while (!TERMINAL_STATUSES.includes(st.status)) st = await r.approve();
    expect(st.status).toBe('succeeded');
    expect(r.acted()).toEqual([
      TASK,
      'Open the Settings app',
      'Open Network & internet',
      'Switch Wi-Fi on',
      'Switch Bluetooth on',
    ]);
    expect(r.h.phone.wifi && r.h.phone.bluetooth).toBe(true);
  });

  it('mark done: a later sub-goal is skipped by the agent; on the waiting sub-goal the proposal is dropped and the agent moves on', async () => {
    const r = await stepRun({
      steps: [
        ...start,
        openSettings,
        reflect('Open the Settings app', 'success'),
        act('Switch Wi-Fi on', {
          observation: 'settings',
          thought: 't',
          can_complete: 'possibly',
          action: 'Click({{element:Network & internet}})',
        }),
      ],
    });
    await r.next();
    r.h.runs.editPlan(r.runId, { op: 'mark', nodeId: r.node('Open Network & internet').id, status: 'done' });
    await r.approve();
    expect(r.acted()).toEqual([TASK, 'Open the Settings app', 'Switch Wi-Fi on']);
    // Now the waiting sub-goal itself: its proposal is rejected, the cursor climbs, the task is done.
    r.h.runs.editPlan(r.runId, { op: 'mark', nodeId: r.node('Switch Wi-Fi on').id, status: 'done' });
    await r.h.runs.settled(r.runId);
    const st = r.h.runs.state(r.runId);
    expect(st.status).toBe('succeeded');
    expect(st.outcomeReason).toBe('Every sub-goal is done');
    expect(st.steps.at(-1)).toMatchObject({ decision: { kind: 'reject' }, executed: null });
    expect(r.h.phone.wifi).toBe(false);
    expect(st.nodes[st.rootId!]!.status).toBe('done');
  });

  it('mark failed: the proposal is dropped, the agent goes on, then works on the parent again', async () => {
    const r = await stepRun({
      steps: [
        ...start,
        openSettings,
        reflect('Open the Settings app', 'success'),
        openNetwork,
        act('Switch Wi-Fi on', {
          observation: 'settings',
          thought: 'open the page first',
          can_complete: 'possibly',
          action: 'Click({{element:Network & internet}})',
        }),
        reflect('Switch Wi-Fi on', 'success'),
        {
          name: 'act: the task again',
          match: { system: ACT, user: `## Current sub-goal\n${TASK}` },
          reply: {
            observation: 'wifi',
            thought: 'one tap left',
            can_complete: 'true',
            action: 'Click({{element:Wi-Fi off}})',
          },
          times: 1,
        },
        {
          match: { user: `## Sub-goal of the action\n${TASK}` },
          reply: { observation: 'o', thought: 't', subgoal_status: 'success', goal_status: 'done', reflection: '' },
          times: 1,
        },
      ],
    });
    await r.next();
    let st = await r.approve();
    expect(st.steps.at(-1)!.nodeId).toBe(r.node('Open Network & internet').id);
    r.h.runs.editPlan(r.runId, { op: 'mark', nodeId: r.node('Open Network & internet').id, status: 'failed' });
    st = await r.next();
    expect(st.steps[1]).toMatchObject({ decision: { kind: 'reject' }, executed: null });
    await r.approve();
    st = await r.approve();
    expect(st.status).toBe('succeeded');
    expect(r.acted()).toEqual([TASK, 'Open the Settings app', 'Open Network & internet', 'Switch Wi-Fi on', TASK]);
    expect(r.node('Open Network & internet').status).toBe('failed');
    expect(r.h.phone.wifi).toBe(true);
  });

  it('mark the task failed: the run ends failed', async () => {
    const r = await stepRun({ steps: [...start, openSettings] });
    const st = await r.next();
    r.h.runs.editPlan(r.runId, { op: 'mark', nodeId: st.rootId!, status: 'failed' });
    await r.h.runs.settled(r.runId);
    expect(r.h.runs.state(r.runId)).toMatchObject({ status: 'failed', outcomeReason: 'The task is marked failed' });
    expect(r.h.phone.executed).toEqual([]);
  });

  it('remove: a waiting proposal of the removed sub-goal is dropped (never executed on a node that is gone)', async () => {
    const r = await stepRun({
      steps: [
        ...start,
        openSettings,
        act('Open Network & internet', {
          observation: 'home',
          thought: 'settings first',
          can_complete: 'true',
          action: 'Open_App("Settings")',
        }),
      ],
    });
    await r.next();
    r.h.runs.editPlan(r.runId, { op: 'remove', nodeId: r.node('Open the Settings app').id });
    const st = await r.next();
    expect(st.steps[0]).toMatchObject({ decision: { kind: 'reject' }, executed: null });
    expect(st.steps[1]!.nodeId).toBe(r.node('Open Network & internet').id);
    expect(r.h.phone.executed).toEqual([]);
  });

  it('force a re-plan: the Plan module splits the node again on request and the open sub-goals are replaced', async () => {
    const r = await stepRun({
      steps: [
        ...start,
        openSettings,
        {
          name: 'requested plan',
          match: { system: PLAN, user: 'The person asked for a new plan of this goal.' },
          reply: { observation: 'o', thought: 'shorter', subgoals: ['Open Settings from its icon', 'Switch Wi-Fi on'] },
          times: 1,
        },
        act('Open Settings from its icon', {
          observation: 'home',
          thought: 't',
          can_complete: 'true',
          action: 'Click({{element:Settings}})',
        }),
      ],
    });
    const st0 = await r.next();
    r.h.runs.editPlan(r.runId, { op: 'replan', nodeId: st0.rootId! });
    r.h.runs.decide(r.runId, { decision: 'reject', feedback: 'Use the icon instead' });
    const st = await r.next();
    const root = st.nodes[st.rootId!]!;
    expect(
      r.h.runs
        .events(r.runId)
        .events.filter((e) => e.type === 'plan_made')
        .map((e) => (e.type === 'plan_made' ? e.reason : '')),
    ).toEqual(['cannot_complete', 'requested']);
    expect(root.children.map((c) => [st.nodes[c]!.goal, st.nodes[c]!.status])).toEqual([
      ['Open the Settings app', 'skipped'],
      ['Open Network & internet', 'skipped'],
      ['Switch Wi-Fi on', 'skipped'],
      ['Open Settings from its icon', 'running'],
      ['Switch Wi-Fi on', 'pending'],
    ]);
    expect(st.steps.at(-1)!.proposed).toEqual({ name: 'Click', params: { index: 1 } });
    expect(prompts(r.h.model, PLAN).at(-1)).toContain('Use the icon instead');
  });

  it('move the cursor: the waiting proposal is dropped and the agent works where the cursor is; a done node is reopened', async () => {
    const r = await stepRun({
      steps: [
        ...start,
        openSettings,
        act('Switch Wi-Fi on', {
          observation: 'home',
          thought: 'settings first',
          can_complete: 'true',
          action: 'Open_App("Settings")',
        }),
        reflect('Switch Wi-Fi on', 'success'),
        act('Open the Settings app', {
          observation: 'wifi',
          thought: 'it is open',
          can_complete: 'true',
          action: 'Back()',
        }),
      ],
    });
    await r.next();
    r.h.runs.editPlan(r.runId, { op: 'cursor', nodeId: r.node('Switch Wi-Fi on').id });
    let st = await r.next();
    expect(st.steps[0]).toMatchObject({ decision: { kind: 'reject' }, executed: null });
    expect(st.steps[1]!.nodeId).toBe(r.node('Switch Wi-Fi on').id);
    st = await r.approve();
    expect(r.node('Switch Wi-Fi on').status).toBe('done');
    // Back to the first sub-goal: the cursor goes there (it was skipped over, still pending).
    expect(st.steps.at(-1)!.nodeId).toBe(r.node('Open the Settings app').id);
    r.h.runs.editPlan(r.runId, { op: 'cursor', nodeId: r.node('Switch Wi-Fi on').id });
    expect(r.node('Switch Wi-Fi on').status).toBe('pending');
    expect(r.acted()).toEqual([TASK, 'Open the Settings app', 'Switch Wi-Fi on', 'Open the Settings app']);
  });

  it('the agent works on a sub-goal a person added, in its place in the plan', async () => {
    const r = await stepRun({
      steps: [
        ...start,
        openSettings,
        reflect('Open the Settings app', 'success'),
        openNetwork,
        reflect('Open Network & internet', 'success'),
        switchWifi,
        reflect('Switch Wi-Fi on', 'success'),
        act('Switch Bluetooth on', {
          observation: 'wifi',
          thought: 'the other switch',
          can_complete: 'true',
          action: 'Click({{element:Bluetooth off}})',
        }),
        reflect('Switch Bluetooth on', 'success', 'done'),
      ],
    });
    const st0 = await r.next();
    r.h.runs.editPlan(r.runId, { op: 'add', parentId: st0.rootId!, goal: 'Switch Bluetooth on', index: 3 });
    let st = await r.approve();
    while (!TERMINAL_STATUSES.includes(st.status)) st = await r.approve();
    expect(st.status).toBe('succeeded');
    const added = r.node('Switch Bluetooth on');
    expect(added).toMatchObject({ addedBy: 'person', status: 'done' });
    expect(st.steps.find((s) => s.nodeId === added.id)?.executed?.action).toEqual({
      name: 'Click',
      params: { index: 2 },
    });
    expect(r.acted()).toEqual([TASK, ...SUBGOALS, 'Switch Bluetooth on']);
    expect(r.h.phone.bluetooth).toBe(true);
  });
});
