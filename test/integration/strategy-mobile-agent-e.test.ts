/**
 * Mobile-Agent-E on the simulated phone, vision only: the alarm case study in auto mode (a
 * Shortcut labels the alarm), self-evolution over two tasks in a row (the second task's prompt
 * has a Tip and a Shortcut the first one wrote, stored as memories), a shortcut whose
 * precondition does not hold is refused and not executed, step mode through the gates, and a
 * hostile model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScriptInput } from '@moba/testkit';
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

const MANAGER = 'You are the Manager of an agent';
const OPERATOR = 'You are the Operator of an agent';
const support = [
  { name: 'captions', match: { system: 'You describe icons' }, reply: { icons: {} }, times: 'always' as const },
  {
    name: 'select app',
    match: { system: 'You choose which installed Android app to open' },
    reply: { package: 'com.android.deskclock', reason: 'Clock' },
    times: 'always' as const,
  },
  {
    name: 'reflector',
    match: { system: 'You are the Action Reflector' },
    reply: { outcome: 'A', error_description: 'None', progress_status: 'Clock is open.' },
    times: 'always' as const,
  },
  { name: 'notes', match: { system: 'You are the Notetaker' }, reply: { notes: 'None' }, times: 'always' as const },
];

function forgetExperience(): void {
  const ids = [
    ...t.app.memory.list({ kind: 'tips', limit: 100 }).items,
    ...t.app.memory.list({ kind: 'shortcut', limit: 100 }).items,
  ].map((m) => m.id);
  if (ids.length) t.app.memory.delete(ids);
}

/** The requests' messages of one purpose's model calls, in order. */
function promptsOf(runId: string, purpose: string): string[] {
  return t.app.runs
    .events(runId)
    .events.flatMap((e) =>
      e.type === 'model_call' && e.record.purpose === purpose ? [JSON.stringify(e.record.request.messages)] : [],
    );
}

/** Back (a failure, C), then Open_App (A); the Manager finishes once the progress says Clock is open. */
const failThenOpen = (extra: NonNullable<ScriptInput['steps']> = []): ScriptInput => ({
  steps: [
    ...support.filter((s) => s.name !== 'reflector'),
    {
      name: 'finished',
      match: { system: MANAGER, user: 'Clock is open now.' },
      reply: { thought: 't', plan: '1. Open Clock', current_subgoal: 'Finished' },
      times: 1,
    },
    {
      name: 'plan',
      match: { system: MANAGER },
      reply: { thought: 't', plan: '1. Open Clock', current_subgoal: 'Open the Clock app' },
      times: 'always',
    },
    {
      name: 'back',
      match: { system: OPERATOR },
      reply: { thought: 't', action: { name: 'Back', arguments: {} }, description: 'open Clock' },
      times: 1,
    },
    {
      name: 'open',
      match: { system: OPERATOR },
      reply: {
        thought: 't',
        action: { name: 'Open_App', arguments: { app_name: 'Clock' } },
        description: 'open Clock',
      },
      times: 1,
    },
    {
      name: 'no change',
      match: { system: 'You are the Action Reflector' },
      reply: { outcome: 'C', error_description: 'Nothing changed.', progress_status: 'Nothing yet.' },
      times: 1,
    },
    {
      name: 'opened',
      match: { system: 'You are the Action Reflector' },
      reply: { outcome: 'A', error_description: 'None', progress_status: 'Clock is open now.' },
      times: 1,
    },
    ...extra,
  ],
});

function operatorPrompts(runId: string): string[] {
  return t.app.runs
    .events(runId)
    .events.flatMap((e) =>
      e.type === 'model_call' && e.record.purpose === 'operator' ? [JSON.stringify(e.record.request.messages)] : [],
    );
}

describe('Mobile-Agent-E', () => {
  it('completes the alarm case study in auto mode, a shortcut labelling the alarm', { timeout: 300_000 }, async () => {
    forgetExperience();
    const runId = await runCaseStudy(t, 'mobile-agent-e', loadScript('alarm-mobile-agent-e.json'));
    await expectCaseStudyAlarm(t);
    const st = t.app.runs.state(runId);
    expect(st.counters.executedActions).toBe(15);
    expect(st.strategy.shortcutsUsed).toEqual([
      expect.objectContaining({ name: 'Tap_Type_and_Enter', refused: false }),
    ]);
    expect(st.strategy.shortcutsUsed[0]!.actions.map((a) => a.name)).toEqual(['Click_by_Coordinate', 'Type', 'Enter']);
    expect(st.strategy.notes).toMatch(/7:00 AM/);
    expect(st.strategy.plan).toMatch(/Open the Clock app/);
    // Each sub-goal is a node of the task tree, all done.
    const root = st.nodes[st.rootId!]!;
    expect(root.children.map((c) => st.nodes[c]!.goal)).toContain('Label the alarm Work');
    for (const c of root.children) expect(st.nodes[c]!.status).toBe('done');
    const purposes = new Set(
      t.app.runs.events(runId).events.flatMap((e) => (e.type === 'model_call' ? [e.record.purpose] : [])),
    );
    expect([...purposes].sort()).toEqual([
      'action-reflector',
      'icon-captions',
      'manager',
      'notetaker',
      'operator',
      'precondition',
      'select-app',
      'shortcut-reflector',
      'tips-reflector',
    ]);
    expect(st.strategy.evolved?.shortcut?.name).toBe('Set_Time_on_Dial');
  });

  it("self-evolution: the second task's prompt has a Tip and a Shortcut written after the first, stored in memory", {
    timeout: 300_000,
  }, async () => {
    forgetExperience();
    const task = (n: number): ScriptInput => ({
      steps: [
        ...support,
        {
          name: 'plan',
          match: { system: MANAGER, user: '## What to do\nMake a plan' },
          reply: { thought: 't', plan: '1. Open the Clock app', current_subgoal: 'Open the Clock app' },
          times: 1,
        },
        {
          name: 'finished',
          match: { system: MANAGER },
          reply: { thought: 't', plan: '1. Open the Clock app', current_subgoal: 'Finished' },
          times: 1,
        },
        {
          name: 'open',
          match: { system: OPERATOR },
          reply: {
            thought: 't',
            action: { name: 'Open_App', arguments: { app_name: 'Clock' } },
            description: 'open the Clock app',
          },
          times: 1,
        },
        {
          name: 'tips',
          match: { system: 'You improve the long-term tips' },
          reply: { thought: 't', tips: [`Lesson from task ${n}: the Clock app opens on the Alarm tab.`] },
          times: 1,
        },
        {
          name: 'shortcut',
          match: { system: 'You write shortcuts' },
          reply: {
            thought: 't',
            shortcut: {
              name: `Open_Clock_${n}`,
              arguments: [],
              description: 'Open the Clock app.',
              precondition: 'Any screen.',
              steps: [{ action: 'Open_App', arguments: { app_name: 'Clock' } }],
            },
          },
          times: 1,
        },
      ],
    });
    await resetPhone(t);
    t.model.setScript(task(1));
    const first = await t.app.runs.start({
      serial: t.rig.serial,
      task: 'Open the Clock app',
      options: { strategy: 'mobile-agent-e', mode: 'auto', maxSteps: 5 },
    });
    await t.waitFor(first.runId);
    expect(t.app.runs.state(first.runId).status).toBe('succeeded');
    expect(operatorPrompts(first.runId)[0]).not.toContain('Lesson from task 1');
    // Stored as memories a person can see and edit.
    const tips = t.app.memory.list({ kind: 'tips' }).items;
    expect(tips).toEqual([
      expect.objectContaining({
        kind: 'tips',
        source: 'run',
        tips: ['Lesson from task 1: the Clock app opens on the Alarm tab.'],
      }),
    ]);
    expect(t.app.memory.list({ kind: 'shortcut' }).items.map((m) => (m.kind === 'shortcut' ? m.name : ''))).toEqual([
      'Open_Clock_1',
    ]);

    await resetPhone(t);
    t.model.setScript(task(2));
    const second = await t.app.runs.start({
      serial: t.rig.serial,
      task: 'Open the Clock app again',
      options: { strategy: 'mobile-agent-e', mode: 'auto', maxSteps: 5 },
    });
    await t.waitFor(second.runId);
    const st = t.app.runs.state(second.runId);
    expect(st.status).toBe('succeeded');
    expect(st.strategy.tips).toContain('Lesson from task 1: the Clock app opens on the Alarm tab.');
    expect(st.strategy.shortcuts.map((s) => s.name)).toEqual(['Tap_Type_and_Enter', 'Open_Clock_1']);
    const prompt = operatorPrompts(second.runId)[0]!;
    expect(prompt).toContain('Lesson from task 1: the Clock app opens on the Alarm tab.');
    expect(prompt).toContain('Open_Clock_1(): Open the Clock app. | Precondition: Any screen.');
    // And the second task evolved the experience again.
    expect(t.app.memory.list({ kind: 'shortcut' }).items).toHaveLength(2);
  });

  it('evolution off (the ablation) uses the built-in experience and writes nothing', { timeout: 300_000 }, async () => {
    await resetPhone(t);
    t.model.setScript({
      steps: [
        ...support,
        {
          name: 'plan',
          match: { system: MANAGER, user: 'Make a plan' },
          reply: { thought: 't', plan: '1. Open Clock', current_subgoal: 'Open the Clock app' },
          times: 1,
        },
        {
          name: 'finished',
          match: { system: MANAGER },
          reply: { thought: 't', plan: '1. Open Clock', current_subgoal: 'Finished' },
          times: 1,
        },
        {
          name: 'open',
          match: { system: OPERATOR },
          reply: {
            thought: 't',
            action: { name: 'Open_App', arguments: { app_name: 'Clock' } },
            description: 'open Clock',
          },
          times: 1,
        },
      ],
    });
    const before = t.app.memory.list({ kind: 'shortcut' }).total;
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: 'Open the Clock app',
      options: { strategy: 'mobile-agent-e', mode: 'auto', maxSteps: 5, evolution: false },
    });
    await t.waitFor(runId);
    const st = t.app.runs.state(runId);
    expect(st.status).toBe('succeeded');
    expect(st.strategy.shortcuts.map((s) => s.name)).toEqual(['Tap_Type_and_Enter']);
    expect(st.strategy.evolved).toBeNull();
    expect(t.app.memory.list({ kind: 'shortcut' }).total).toBe(before);
  });

  it('a shortcut whose precondition does not hold is refused with the reason and not executed', {
    timeout: 300_000,
  }, async () => {
    await resetPhone(t);
    t.model.setScript({
      steps: [
        ...support,
        {
          name: 'plan',
          match: { system: MANAGER, user: 'Make a plan' },
          reply: { thought: 't', plan: '1. Search for Clock', current_subgoal: 'Search for the Clock app' },
          times: 1,
        },
        {
          // The Manager runs on every iteration: after the refusal it keeps the sub-goal.
          name: 'keep',
          match: { system: MANAGER },
          reply: { thought: 't', plan: '1. Search for Clock', current_subgoal: 'Search for the Clock app' },
          times: 1,
        },
        {
          name: 'finished',
          match: { system: MANAGER },
          reply: { thought: 't', plan: '1. Search for Clock', current_subgoal: 'Finished' },
          times: 1,
        },
        {
          name: 'shortcut',
          match: { system: OPERATOR },
          reply: {
            thought: 't',
            action: { name: 'Tap_Type_and_Enter', arguments: { x: 540, y: 1200, text: 'Clock' } },
            description: 'search for Clock',
          },
          times: 1,
        },
        {
          name: 'precondition',
          match: { system: 'You check whether a shortcut may run' },
          reply: { holds: false, reason: 'The home screen shows app icons; there is no input box at (540, 1200).' },
          times: 1,
        },
        {
          name: 'open instead',
          match: { system: OPERATOR, user: 'was refused and not run' },
          reply: {
            thought: 'No search box here.',
            action: { name: 'Open_App', arguments: { app_name: 'Clock' } },
            description: 'open Clock',
          },
          times: 1,
        },
      ],
    });
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: 'Open the Clock app by searching for it',
      options: { strategy: 'mobile-agent-e', mode: 'auto', maxSteps: 5, evolution: false },
    });
    await t.waitFor(runId);
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    expect(st.strategy.shortcutsUsed).toEqual([
      {
        name: 'Tap_Type_and_Enter',
        actions: [],
        refused: true,
        reason:
          'Its precondition "An input box is on the screen at (x, y), ready for the text." does not hold on this screen: The home screen shows app icons; there is no input box at (540, 1200).',
      },
    ]);
    // Nothing of the shortcut ran: the only step is the Open_App that followed.
    expect(st.steps.map((s) => s.executed?.action.name)).toEqual(['Open_App']);
    const prompts = operatorPrompts(runId);
    expect(prompts[1]).toContain('Shortcut Tap_Type_and_Enter was refused and not run');
  });

  it('step mode: approve, reject with feedback, edit', { timeout: 300_000 }, async () => {
    await checkStepMode(
      t,
      'mobile-agent-e',
      {
        steps: [
          ...support,
          {
            name: 'manager',
            match: { system: MANAGER },
            reply: { thought: 't', plan: '1. Open Clock', current_subgoal: 'Open the Clock app' },
            times: 'always',
          },
          {
            name: 'operator',
            match: { system: OPERATOR },
            reply: {
              thought: 't',
              action: { name: 'Tap', arguments: { x: '{{x:Clock|540}}', y: '{{y:Clock|1200}}' } },
              description: 'open Clock',
            },
            times: 'always',
          },
        ],
      },
      { evolution: false },
    );
  });

  it('calls the Manager on every iteration, even right after a failure, and its experience reflectors see the tasks still to come', {
    timeout: 120_000,
  }, async () => {
    forgetExperience();
    await resetPhone(t);
    const futureTasks = ['Set an alarm at 7:00 AM', 'Delete the {label} alarm'];
    t.model.setScript(
      failThenOpen([
        {
          name: 'tips',
          match: { system: 'You improve the long-term tips' },
          reply: { thought: 't', tips: ['Open apps with Open_App.'] },
          times: 1,
        },
        {
          name: 'shortcut',
          match: { system: 'You write shortcuts' },
          reply: { thought: 't', shortcut: null },
          times: 1,
        },
      ]),
    );
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: 'Open the Clock app',
      options: { strategy: 'mobile-agent-e', mode: 'auto', maxSteps: 5, futureTasks },
    });
    await t.waitFor(runId);
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    expect(st.strategy.outcomes.map((o) => o.outcome)).toEqual(['C', 'A']);
    expect(promptsOf(runId, 'operator')).toHaveLength(2);
    // Plan, after the failure, after the success (Finished).
    expect(promptsOf(runId, 'manager')).toHaveLength(3);
    for (const purpose of ['tips-reflector', 'shortcut-reflector']) {
      const [prompt] = promptsOf(runId, purpose);
      expect(prompt, purpose).toContain('Tasks to come');
      for (const task of futureTasks) expect(prompt, purpose).toContain(task);
    }
    forgetExperience();
  });

  it('a hostile model ends the run cleanly', { timeout: 300_000 }, async () => {
    await checkHostileModel(t, 'mobile-agent-e', { evolution: false });
  });

  it('guarded mode asks before Type into the password field it sees only by OCR', { timeout: 120_000 }, async () => {
    await checkGuardedPassword(
      t,
      'mobile-agent-e',
      {
        steps: [
          ...support,
          {
            name: 'manager',
            match: { system: MANAGER },
            reply: { thought: 't', plan: '1. Type the password', current_subgoal: 'Type the password' },
            times: 'always',
          },
          {
            name: 'operator',
            match: { system: OPERATOR },
            reply: { thought: 't', action: { name: 'Type', arguments: { text: 'latte2024' } }, description: 'type it' },
            times: 'always',
          },
        ],
      },
      { evolution: false },
    );
  });
});
