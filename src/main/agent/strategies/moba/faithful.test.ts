/**
 * MobA's Local Agent and Reflection module as the paper and its code describe them: Finish()
 * on a sub-goal, Open_App when the model says it cannot, the reflection seeing the Local
 * Agent's observation and thought, the device's date and time in the prompts, app memory's
 * current page, user memory in act and reflect, and preferences learned from runs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACT,
  PLAN,
  REFLECT,
  act,
  loopHarness,
  memoryHarness,
  plan,
  prompts,
  reflect,
} from '../../../../../test/support/agent-harness.ts';
import type { Harness } from '../../../../../test/support/agent-harness.ts';
import { agentMemory } from '../../../memory/agent-memory.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function harness(...args: Parameters<typeof loopHarness>): Promise<Harness> {
  const h = await loopHarness(...args);
  cleanups.push(() => h.dispose());
  return h;
}

/** A harness whose runs use the real memory service on its database. */
async function withMemory(script: Parameters<typeof loopHarness>[0]) {
  const m = await memoryHarness(script);
  cleanups.push(() => m.h.dispose());
  return m;
}

const SELECT = 'You choose which installed Android app to open';

describe('Finish() on a sub-goal', () => {
  it('finishes that sub-goal only; the run goes on to the next one and ends when the tree is done', async () => {
    const h = await harness({
      steps: [
        act('Turn on Wi-Fi', { observation: 'home', thought: 'several steps', can_complete: 'false', action: null }),
        plan('Turn on Wi-Fi', ['Open the Settings app', 'Open Network & internet', 'Switch Wi-Fi on']),
        act('Open the Settings app', {
          observation: 'home',
          thought: 'open it',
          can_complete: 'true',
          action: 'Open_App("Settings")',
        }),
        reflect('Open the Settings app', 'success'),
        // The Local Agent thinks this sub-goal needs nothing more (wrongly, as it happens) and says Finish().
        act('Open Network & internet', {
          observation: 'settings',
          thought: 'nothing to do here',
          can_complete: 'true',
          action: 'Finish()',
        }),
        act('Switch Wi-Fi on', {
          observation: 'settings',
          thought: 'open the page first',
          can_complete: 'true',
          action: 'Click({{element:Network & internet}})',
        }),
        reflect('Switch Wi-Fi on', 'success', 'done'),
      ],
    });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    expect(st.outcomeReason).toBe('The Global Agent found the task complete');
    const goals = st.nodes[st.rootId!]!.children.map((c) => [st.nodes[c]!.goal, st.nodes[c]!.status]);
    expect(goals).toEqual([
      ['Open the Settings app', 'done'],
      ['Open Network & internet', 'done'],
      ['Switch Wi-Fi on', 'done'],
    ]);
    expect(h.phone.executed).toEqual(['Open_App{"app":"Settings"}', 'Click{"index":1}']);
  });

  it('at the root (the whole task) still ends the run', async () => {
    const h = await harness({
      steps: [
        act('Turn on Wi-Fi', {
          observation: 'settings',
          thought: 'already on',
          can_complete: 'true',
          action: 'Finish("Wi-Fi is already on")',
        }),
      ],
    });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    expect(h.runs.state(runId)).toMatchObject({
      status: 'succeeded',
      outcomeReason: 'The agent reported the task done',
      answer: 'Wi-Fi is already on',
    });
  });
});

describe('the Local Agent', () => {
  it('executes Open_App even when the model says the step cannot be completed (MobA treats it as "possibly")', async () => {
    const h = await harness({
      steps: [
        act('Open the settings', {
          observation: 'home',
          thought: 'the app is not open yet',
          can_complete: 'false',
          action: 'Open_App("Settings")',
        }),
        reflect('Open the settings', 'success', 'done'),
      ],
    });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Open the settings', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status).toBe('succeeded');
    expect(h.phone.executed).toEqual(['Open_App{"app":"Settings"}']);
    expect(prompts(h.model, PLAN)).toEqual([]);
    expect(h.runs.events(runId).events.find((e) => e.type === 'act_decided')).toMatchObject({
      canComplete: 'possibly',
      action: { name: 'Open_App' },
    });
  });

  it("gets the device's date and time, as do the planner's prompts", async () => {
    const h = await harness({
      steps: [
        act('Turn on Wi-Fi', { observation: 'home', thought: 'several steps', can_complete: 'false', action: null }),
        plan('Turn on Wi-Fi', ['Open the Settings app']),
        act('Open the Settings app', {
          observation: 'home',
          thought: 'open it',
          can_complete: 'true',
          action: 'Open_App("Settings")',
        }),
        reflect('Open the Settings app', 'success', 'done'),
      ],
    });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    for (const body of [...prompts(h.model, ACT), ...prompts(h.model, PLAN)])
      expect(body).toMatch(/## Date and time on the device\\n2025-06-02 \(Monday\) 09:0\d, UTC\+08:00/);
  });
});

describe('the Reflection module', () => {
  it("sees the Local Agent's observation and thought for the action it judges", async () => {
    const h = await harness({
      steps: [
        act('Open the settings', {
          observation: 'The launcher shows a Settings icon',
          thought: 'Tapping the icon opens Settings',
          can_complete: 'true',
          action: 'Click({{element:Settings}})',
        }),
        reflect('Open the settings', 'success', 'done'),
      ],
    });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Open the settings', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    const [body] = prompts(h.model, REFLECT);
    expect(body).toContain(
      "## The Local Agent's view when it chose the action\\n- Observation: The launcher shows a Settings icon\\n- Thought: Tapping the icon opens Settings",
    );
    expect(h.runs.state(runId).steps[0]!.intent).toEqual({
      observation: 'The launcher shows a Settings icon',
      thought: 'Tapping the icon opens Settings',
    });
  });
});

describe('memory in the loop', () => {
  it("fires app memory's current-page relation with the foreground activity, written short or long", async () => {
    const { h, memory, retrieved } = await withMemory({
      steps: [
        act('Open the settings', { observation: 'home', thought: 'two steps', can_complete: 'false', action: null }),
        plan('Open the settings', ['Tap the Settings icon', 'Look around']),
        act('Tap the Settings icon', {
          observation: 'home',
          thought: 'tap',
          can_complete: 'true',
          action: 'Click({{element:Settings}})',
        }),
        reflect('Tap the Settings icon', 'success'),
        act('Look around', { observation: 'network rows', thought: 'done', can_complete: 'true', action: 'Finish()' }),
      ],
    });
    // ToyPhone reports `.settings`; the expert wrote the full class name. No word is shared with the goals.
    memory.create(
      {
        kind: 'page',
        id: 'page:toy-settings',
        source: 'expert',
        app: 'com.android.settings',
        activity: 'com.android.settings.settings',
        description: 'Rows for networks and devices',
      },
      'expert',
    );
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Open the settings', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    const onPage = retrieved
      .filter((r) => r.purpose === 'act')
      .flatMap((r) => r.items)
      .filter((i) => i.id === 'page:toy-settings');
    expect(onPage[0]).toMatchObject({ relation: 'current_page' });
    const calls = h.runs.events(runId).events.filter((e) => e.type === 'model_call' && e.record.purpose === 'act');
    expect(calls.some((e) => e.type === 'model_call' && e.memories.some((m) => m.id === 'page:toy-settings'))).toBe(
      true,
    );
  });

  it('gives the act and reflect prompts the user memory that matches the goal, and only that', async () => {
    const { h, memory } = await withMemory({
      steps: [
        act('Turn on Wi-Fi', {
          observation: 'home',
          thought: 'open settings',
          can_complete: 'true',
          action: 'Open_App("Settings")',
        }),
        reflect('Turn on Wi-Fi', 'success', 'done'),
      ],
    });
    memory.addUserMemory({ text: 'Keeps Wi-Fi on at home and off at work', category: 'preference' });
    memory.addUserMemory({ text: 'Writes times in the 24-hour format', category: 'preference' });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    for (const body of [...prompts(h.model, ACT), ...prompts(h.model, REFLECT)]) {
      expect(body).toContain('User preference: Keeps Wi-Fi on at home and off at work');
      expect(body).not.toContain('24-hour');
    }
  });

  it('learns preferences from runs: the app that turned out right for a request, and what the person said', async () => {
    const { h, memory } = await withMemory({
      steps: [
        act('Change a system setting', {
          observation: 'home',
          thought: 'open the settings app',
          can_complete: 'true',
          action: 'Click({{element:Clock}})',
        }),
        act('Change a system setting', {
          observation: 'home',
          thought: 'open the settings app',
          can_complete: 'true',
          action: 'Open_App("the app for system settings")',
        }),
        { match: { system: SELECT }, reply: { package: 'com.android.settings', reason: 'system settings' }, times: 1 },
        reflect('Change a system setting', 'success', 'done'),
      ],
    });
    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: 'Change a system setting',
      options: { mode: 'step' },
    });
    const waiting = async (n: number) => {
      for (
        let i = 0;
        i < 500 && !(h.runs.state(runId).status === 'waiting' && h.runs.state(runId).steps.length === n);
        i++
      )
        await new Promise((r) => setTimeout(r, 10));
    };
    await waiting(1);
    h.runs.decide(runId, { decision: 'reject', feedback: 'Never use the Clock app for settings' });
    await waiting(2);
    h.runs.decide(runId, { decision: 'approve' });
    await h.runs.settled(runId);
    expect(h.runs.state(runId).status).toBe('succeeded');
    const learned = memory
      .list({ kind: 'user' })
      .items.filter((m) => m.kind === 'user' && m.category === 'preference')
      .map((m) => (m.kind === 'user' ? m.text : ''));
    expect(learned).toEqual(
      expect.arrayContaining([
        'For "the app for system settings", Settings (com.android.settings) was the right app.',
        'While "Change a system setting", the person supervising the agent said: Never use the Clock app for settings',
      ]),
    );
    // The next app selection for a similar request is given it.
    const next = await agentMemory(memory).retrieve(
      { purpose: 'select_app', query: 'the app for system settings', runId: 'later' },
      new AbortController().signal,
    );
    expect(next.map((m) => m.text)).toContain(
      'User preference: For "the app for system settings", Settings (com.android.settings) was the right app.',
    );
  });
});

describe('MobA memory after a successful end (§3.2)', () => {
  const wifiRun = () => [
    act('Turn on Wi-Fi', { observation: 'home', thought: 'several steps', can_complete: 'false', action: null }),
    plan('Turn on Wi-Fi', ['Open the Settings app', 'Open Network & internet', 'Switch Wi-Fi on']),
    act('Open the Settings app', {
      observation: 'the home screen',
      thought: 'Settings has Wi-Fi',
      can_complete: 'true',
      action: 'Open_App("Settings")',
    }),
    reflect('Open the Settings app', 'success'),
    act('Open Network & internet', {
      observation: 'settings',
      thought: 'Wi-Fi is under it',
      can_complete: 'true',
      action: 'Click(1)',
    }),
    reflect('Open Network & internet', 'success'),
    act('Switch Wi-Fi on', {
      observation: 'wifi off',
      thought: 'tap the switch',
      can_complete: 'true',
      action: 'Click(1)',
    }),
    // The reflection finds the whole task done: the run ends here, not through the tree.
    reflect('Switch Wi-Fi on', 'success', 'done'),
  ];

  it("records every non-leaf node's route and final statuses, and the next run's plan prompt carries the task's route", async () => {
    const { h, memory } = await withMemory({ steps: [...wifiRun(), ...wifiRun()] });
    const first = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } });
    await h.runs.settled(first.runId);
    expect(h.runs.state(first.runId).status).toBe('succeeded');
    const st = h.runs.state(first.runId);
    expect(Object.values(st.nodes).map((n) => n.status)).toEqual(['done', 'done', 'done', 'done']);

    const routes = memory.list({ kind: 'route' }).items.flatMap((m) => (m.kind === 'route' ? [m] : []));
    expect(routes.map((r) => [r.goal, r.steps.map((s) => s.action)])).toEqual([
      ['Turn on Wi-Fi', ['Open_App("Settings")', 'Click(1)', 'Click(1)']],
    ]);
    const tasks = memory.list({ kind: 'task' }).items.flatMap((m) => (m.kind === 'task' ? [m] : []));
    expect(tasks.map((t) => t.status)).toEqual(['done', 'done', 'done', 'done']);
    // Action nodes keep the Local Agent's observation and thought, not the reflection's.
    const actions = memory.list({ kind: 'action' }).items.flatMap((m) => (m.kind === 'action' ? [m] : []));
    expect(actions.map((a) => a.thought).sort()).toEqual(['Settings has Wi-Fi', 'Wi-Fi is under it', 'tap the switch']);

    h.phone.screen = 'home';
    h.phone.wifi = false;
    const second = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } });
    await h.runs.settled(second.runId);
    const plans = prompts(h.model, PLAN);
    expect(plans).toHaveLength(2);
    const route = JSON.stringify(
      '[route] "Turn on Wi-Fi" was done by: 1. Open the Settings app → Open_App("Settings"); 2. Open Network & internet → Click(1); 3. Switch Wi-Fi on → Click(1)',
    ).slice(1, -1);
    expect(plans[0]).not.toContain('[route]');
    expect(plans[1]).toContain(route);
    // The plan prompt lists the actions the sub-goals are planned for (Eq. 1).
    expect(plans[0]).toContain('Actions the Local Agent can take');
    expect(plans[0]).toContain('Open_App');
  });

  it('routes a sub-goal that was split too when the reflection ends the run before the tree closes it', async () => {
    const does = (action: string) => ({ observation: 'o', thought: `do ${action}`, can_complete: 'true', action });
    const split = { observation: 'o', thought: 'several steps', can_complete: 'false', action: null };
    const { h, memory } = await withMemory({
      steps: [
        act('Turn on Wi-Fi', split),
        plan('Turn on Wi-Fi', ['Open the Settings app', 'Switch Wi-Fi on in Network & internet']),
        act('Open the Settings app', does('Open_App("Settings")')),
        reflect('Open the Settings app', 'success'),
        act('Switch Wi-Fi on in Network & internet', split),
        plan('Switch Wi-Fi on in Network & internet', ['Open Network & internet', 'Switch Wi-Fi on']),
        act('Open Network & internet', does('Click(1)')),
        reflect('Open Network & internet', 'success'),
        act('Switch Wi-Fi on', does('Click(1)')),
        // Done: the run ends here, with the split sub-goal still running in the tree.
        reflect('Switch Wi-Fi on', 'success', 'done'),
      ],
    });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    expect(Object.values(st.nodes).map((n) => [n.goal, n.children.length, n.status])).toEqual([
      ['Turn on Wi-Fi', 2, 'done'],
      ['Open the Settings app', 0, 'done'],
      ['Switch Wi-Fi on in Network & internet', 2, 'done'],
      ['Open Network & internet', 0, 'done'],
      ['Switch Wi-Fi on', 0, 'done'],
    ]);
    // Every non-leaf node has its route: the whole task's and the split sub-goal's.
    const routes = memory.list({ kind: 'route' }).items.flatMap((m) => (m.kind === 'route' ? [m] : []));
    expect(routes.map((r) => [r.goal, r.steps.map((s) => s.action)]).sort()).toEqual([
      ['Switch Wi-Fi on in Network & internet', ['Click(1)', 'Click(1)']],
      ['Turn on Wi-Fi', ['Open_App("Settings")', 'Click(1)', 'Click(1)']],
    ]);
    const tasks = memory.list({ kind: 'task' }).items.flatMap((m) => (m.kind === 'task' ? [m] : []));
    expect(tasks.map((t) => t.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });
});
