/**
 * MobA's ablations on the loop, as §4.3 words them: without the Plan module (a plain agent, no
 * sub-goals, the Reflection module kept) and without the Memory module (no in-context examples,
 * no historical experience beyond the immediately preceding step); and each MobA row of the
 * `moba-table4` preset, read off its recorded model calls. The end-to-end runs on the simulated
 * phone are in test/integration/agent-ablations.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  act,
  loopHarness,
  memoryHarness,
  plan,
  PLAN,
  REFLECT,
  reflect,
  SINGLE,
} from '../../../../../test/support/agent-harness.ts';
import type { Harness } from '../../../../../test/support/agent-harness.ts';
import { presetConfigurations } from '../../../../shared/bench/presets.ts';
import type { RunEvent } from '../../../../shared/schemas/run.ts';

const harnesses: Harness[] = [];
const NOT_DONE = {
  name: 'reflect: not done',
  match: { system: REFLECT },
  reply: {
    observation: 'o',
    thought: 't',
    subgoal_status: 'failure',
    goal_status: 'not_done',
    reflection: 'Wi-Fi is still off.',
  },
  times: 'always' as const,
};
const singleAct = (action: string, times: number | 'always' = 1) => ({
  name: `act: ${action}`,
  match: { system: SINGLE },
  reply: { observation: 'screen', thought: `do ${action}`, can_complete: 'true', action },
  times,
});
const userText = (body: unknown): string =>
  JSON.stringify(
    (body as { messages: Array<{ role: string; content: unknown }> }).messages.filter((m) => m.role === 'user'),
  );
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
        NOT_DONE,
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
    // Three act calls and the reflection on the one executed action.
    expect(h.model.requests()).toHaveLength(4);
  });
});

describe('w/o Plan keeps the Reflection module (§4.3)', () => {
  it('reflects on every action against the task itself, with no sub-goal, and ends when the reflection finds it done', async () => {
    const h = await loopHarness({
      steps: [
        singleAct('Open_App("Settings")'),
        {
          name: 'reflect: open',
          match: { system: REFLECT },
          reply: {
            observation: 'o',
            thought: 't',
            subgoal_status: 'success',
            goal_status: 'not_done',
            reflection: 'Settings is open.',
          },
          times: 1,
        },
        singleAct('Click(1)'),
        {
          name: 'reflect: done',
          match: { system: REFLECT },
          reply: { observation: 'o', thought: 't', subgoal_status: 'success', goal_status: 'done', reflection: '' },
          times: 1,
        },
      ],
    });
    harnesses.push(h);
    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: 'Turn on Wi-Fi',
      options: { mode: 'auto', usePlan: false, maxSteps: 6 },
    });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    expect(st.outcomeReason).toBe('The reflection found the task complete');
    const events = h.runs.events(runId).events;
    expect(events.filter((e) => e.type === 'reflected')).toHaveLength(2);
    expect(events.some((e) => e.type === 'plan_made' || e.type === 'plan_reflection')).toBe(false);
    expect(Object.keys(st.nodes)).toEqual([st.rootId]);
    const reflections = h.model.requests().filter((r) => JSON.stringify(r.body).includes(REFLECT));
    expect(reflections).toHaveLength(2);
    // No sub-task is given to the Reflection module: the task only.
    for (const r of reflections) {
      expect(userText(r.body)).not.toContain('Sub-goal of the action');
      expect(userText(r.body)).toContain('Turn on Wi-Fi');
    }
  });
});

describe('w/o Memory removes historical experience beyond the preceding step (§4.3)', () => {
  async function thirdActPrompt(useMemory: boolean): Promise<string> {
    const h = await loopHarness({
      steps: [
        singleAct('Open_App("Settings")'),
        singleAct('Home'),
        singleAct('Open_App("Settings")'),
        singleAct('Finish()'),
        NOT_DONE,
      ],
    });
    harnesses.push(h);
    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: 'Turn on Wi-Fi',
      options: { mode: 'auto', usePlan: false, useMemory, maxSteps: 8 },
    });
    await h.runs.settled(runId);
    expect(h.runs.state(runId).status).toBe('succeeded');
    const acts = h.model.requests().filter((r) => JSON.stringify(r.body).includes(SINGLE));
    return userText(acts[2]!.body);
  }

  it('keeps only the immediately preceding action and reflection in the prompt', async () => {
    const withMemory = await thirdActPrompt(true);
    expect(withMemory).toContain('Open_App(');
    expect(withMemory).toMatch(/Recent actions[\s\S]*Open_App[\s\S]*Home/);
    const without = await thirdActPrompt(false);
    // The preceding step (Home) and its reflection stay; the first action is gone.
    expect(without).toMatch(/Recent actions[^#]*Home/);
    expect(without).not.toMatch(/Recent actions[^#]*Open_App/);
    expect(without.match(/Wi-Fi is still off/g)).toHaveLength(1);
    expect(withMemory.match(/Wi-Fi is still off/g)).toHaveLength(2);
  });
});

describe('each MobA row of the moba-table4 preset removes what §4.3 says, read off its recorded model calls', () => {
  const TASK = 'Turn on Wi-Fi';
  const SUBGOALS = ['Open the Settings app', 'Open Network & internet', 'Switch Wi-Fi on'];
  const ACTIONS = ['Open_App("Settings")', 'Click(1)', 'Click(1)'];
  const does = (action: string) => ({ observation: 'o', thought: 't', can_complete: 'true', action });
  /** Two levels: the Local Agent cannot do the task in one action, the Global Agent splits it in three. */
  const twoLevel = () => [
    act(TASK, { observation: 'home', thought: 'several steps', can_complete: 'false', action: null }),
    plan(TASK, SUBGOALS),
    ...SUBGOALS.flatMap((goal, i) => [
      act(goal, does(ACTIONS[i]!)),
      reflect(goal, 'success', i === SUBGOALS.length - 1 ? 'done' : 'not_done'),
    ]),
  ];
  /** One level: the plain agent acts three times toward the task; the reflection finds it done after the third. */
  const singleLevel = () => [
    ...ACTIONS.map((a) => singleAct(a)),
    { ...NOT_DONE, reply: { ...NOT_DONE.reply, subgoal_status: 'success' }, times: 2 },
    {
      name: 'reflect: done',
      match: { system: REFLECT },
      reply: { observation: 'o', thought: 't', subgoal_status: 'success', goal_status: 'done', reflection: '' },
      times: 1,
    },
  ];
  const rows = presetConfigurations('moba-table4').filter((c) => c.agent === 'moba');

  it('has the four MobA rows', () => {
    expect(rows.map((c) => [c.id, c.usePlan, c.useMemory])).toEqual([
      ['moba', true, true],
      ['moba-no-memory', true, false],
      ['moba-no-plan', false, true],
      ['moba-no-plan-no-memory', false, false],
    ]);
  });

  it.each(rows.map((c) => [c.id!, c.usePlan!, c.useMemory!] as const))('%s', async (_id, usePlan, useMemory) => {
    const { h } = await memoryHarness({ steps: [...twoLevel(), ...(usePlan ? twoLevel() : singleLevel())] });
    harnesses.push(h);
    // A full MobA run first: memory then holds this task's route, actions and pages.
    const first = await h.runs.start({ serial: 'toy-1', task: TASK, options: { mode: 'auto' } });
    await h.runs.settled(first.runId);
    expect(h.runs.state(first.runId).status).toBe('succeeded');
    h.phone.screen = 'home';
    h.phone.wifi = false;

    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: TASK,
      options: { mode: 'auto', usePlan, useMemory, maxSteps: 10 },
    });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    expect(h.phone.wifi).toBe(true);
    const calls = h.runs
      .events(runId)
      .events.flatMap((e: RunEvent) => (e.type === 'model_call' ? [e] : []))
      .map((e) => ({ purpose: e.record.purpose, memories: e.memories, sent: JSON.stringify(e.record.request) }));
    const purposes = calls.map((c) => c.purpose);
    const reflections = calls.filter((c) => c.purpose === 'reflect');

    // The Plan module: a plan splits the task and each reflection judges its sub-goal; without
    // it no plan is made and the Reflection module, kept, judges every action on the task alone.
    expect(reflections).toHaveLength(3);
    if (usePlan) {
      expect(purposes.filter((p) => p === 'plan')).toHaveLength(1);
      for (const r of reflections) expect(r.sent).toContain('Sub-goal of the action');
    } else {
      expect(purposes).not.toContain('plan');
      expect(calls.some((c) => c.sent.includes(PLAN))).toBe(false);
      for (const r of reflections) expect(r.sent).not.toContain('Sub-goal of the action');
    }

    // The Memory module: the first run's route and experience reach the prompts as in-context
    // examples; without it nothing is retrieved, and the last action's prompt carries only the
    // immediately preceding step of the run's own history.
    const lastAct = calls.filter((c) => c.purpose === 'act').at(-1)!.sent;
    const recent = lastAct.match(/Recent actions(.*?)(\\n##|$)/)?.[1] ?? '';
    expect(recent).toContain('Click(1)');
    if (useMemory) {
      expect(calls.some((c) => c.memories.length > 0)).toBe(true);
      expect(calls.some((c) => c.sent.includes('Relevant memory'))).toBe(true);
      if (usePlan) expect(calls.find((c) => c.purpose === 'plan')!.sent).toContain('[route] \\"Turn on Wi-Fi\\"');
      expect(recent).toContain('Open_App');
    } else {
      for (const c of calls) expect(c.memories, c.purpose).toEqual([]);
      expect(calls.filter((c) => /Relevant memory|\[route\]/.test(c.sent)).map((c) => c.purpose)).toEqual([]);
      expect(recent).not.toContain('Open_App');
    }
  });
});
