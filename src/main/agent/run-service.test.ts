import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../store/database.ts';
import type { Db } from '../store/database.ts';
import { ArtifactStore } from '../store/artifacts.ts';
import { RunsRepo } from '../store/runs-repo.ts';
import { SettingsService } from '../settings/settings-service.ts';
import { EnvSecretStore } from '../settings/secrets.ts';
import { RunService } from './run-service.ts';
import { NO_MEMORY } from './ports.ts';
import type { AgentDevice } from './ports.ts';
import { ToyPhone } from '../../../test/support/toy-phone.ts';
import { scriptedModel } from '../../../test/support/scripted-model.ts';
import type { ScriptedServer } from '@moba/testkit';
import type { ScriptInput } from '@moba/testkit';
import { tempDir } from '@moba/testkit/rigs';
import { foldRun } from '../../shared/run/reducer.ts';
import { formatAction } from '../../shared/actions.ts';
import { buildTrajectory } from '../export/run-export.ts';

const ACT = 'You are the Local Agent of MobA';
const PLAN = 'Your Plan module';
const REFLECT = 'Your Reflection module';

const act = (goal: string, reply: Record<string, unknown>, times = 1) => ({
  name: `act: ${goal}`,
  match: { system: ACT, user: `## Current sub-goal\n${goal}` },
  reply,
  times,
});
const plan = (goal: string, subgoals: string[]) => ({
  name: `plan: ${goal}`,
  match: { system: PLAN, user: `## Goal to split\n${goal}` },
  reply: { observation: 'o', thought: 't', subgoals },
  times: 1,
});
const reflect = (goal: string, status: 'success' | 'failure', goalStatus = 'not_done', reflection = '') => ({
  name: `reflect: ${goal}`,
  match: { system: REFLECT, user: `## Sub-goal of the action\n${goal}` },
  reply: { observation: 'o', thought: 't', subgoal_status: status, goal_status: goalStatus, reflection },
  times: 1,
});

const WIFI_SCRIPT: ScriptInput = {
  steps: [
    act('Turn on Wi-Fi', {
      observation: 'home screen',
      thought: 'Settings must be opened first',
      can_complete: 'false',
      action: null,
    }),
    plan('Turn on Wi-Fi', ['Open the Settings app', 'Open Network & internet', 'Switch Wi-Fi on']),
    act('Open the Settings app', {
      observation: 'home',
      thought: 'open it',
      can_complete: 'true',
      action: 'Open_App("Settings")',
    }),
    reflect('Open the Settings app', 'success'),
    act('Open Network & internet', {
      observation: 'settings',
      thought: 'tap it',
      can_complete: 'true',
      action: 'Click({{element:Network & internet}})',
    }),
    reflect('Open Network & internet', 'success'),
    act('Switch Wi-Fi on', {
      observation: 'wifi off',
      thought: 'tap the switch',
      can_complete: 'possibly',
      action: 'Click({{element:Wi-Fi off}})',
    }),
    reflect('Switch Wi-Fi on', 'success'),
  ],
};

interface Harness {
  db: Db;
  runs: RunService;
  phone: ToyPhone;
  model: ScriptedServer;
  settings: SettingsService;
  newService(): RunService;
  cleanup(): Promise<void>;
}

const harnesses: Harness[] = [];
afterEach(async () => {
  for (const h of harnesses.splice(0)) await h.cleanup();
});

async function harness(script: ScriptInput, device?: AgentDevice): Promise<Harness> {
  const dir = tempDir('moba-agent-');
  const db = openDatabase({ path: `${dir.path}/moba.sqlite` });
  const model = await scriptedModel(script);
  const settings = new SettingsService({ db, secrets: new EnvSecretStore(), env: {} });
  settings.update({
    models: { default: { baseUrl: model.baseUrl, model: 'scripted', timeoutMs: 10_000, maxRetries: 0 } },
  });
  const phone = new ToyPhone();
  const artifacts = new ArtifactStore(db, `${dir.path}/artifacts`);
  const services: RunService[] = [];
  const newService = () => {
    const s = new RunService({
      repo: new RunsRepo(db),
      artifacts,
      settings,
      appVersion: 'test',
      device: () => device ?? phone,
      memory: () => NO_MEMORY,
    });
    services.push(s);
    return s;
  };
  const h: Harness = {
    db,
    runs: newService(),
    phone,
    model,
    settings,
    newService,
    async cleanup() {
      for (const s of services) await s.dispose();
      await model.close();
      db.close();
      dir.dispose();
    },
  };
  harnesses.push(h);
  return h;
}

/** Waits until `check` holds (vitest's waitUntil, polled every 10 ms). */
const until = (check: () => boolean, timeout = 10_000) => vi.waitUntil(check, { timeout, interval: 10 });

describe('MobA loop', () => {
  it('plans, acts, reflects and walks the task tree to success (auto mode)', async () => {
    const h = await harness(WIFI_SCRIPT);
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status).toBe('succeeded');
    expect(h.phone.wifi).toBe(true);
    const root = st.nodes[st.rootId!]!;
    expect(root.status).toBe('done');
    expect(root.planReflections).toEqual(['Settings must be opened first']);
    expect(root.children.map((c) => [st.nodes[c]!.goal, st.nodes[c]!.status])).toEqual([
      ['Open the Settings app', 'done'],
      ['Open Network & internet', 'done'],
      ['Switch Wi-Fi on', 'done'],
    ]);
    expect(st.counters.modelCalls).toBe(8);
    expect(st.counters.executedActions).toBe(3);
    const events = h.runs.events(runId).events;
    expect(events.find((e) => e.type === 'app_selected')).toMatchObject({
      packageName: 'com.android.settings',
      method: 'exact',
    });
    // The stored log folds to the same state the controller holds.
    expect(foldRun(runId, events).status).toBe('succeeded');
    expect(h.runs.get(runId)).toMatchObject({ status: 'succeeded', steps: 3, modelCalls: 8 });
  });

  it('in step mode waits for every action; a rejection reaches the next prompt; an edit runs the edited action', async () => {
    const h = await harness({
      steps: [
        act('Turn on Wi-Fi', { observation: 'home', thought: 'plan it', can_complete: 'false', action: null }),
        plan('Turn on Wi-Fi', ['Open the Settings app', 'Open Network & internet', 'Switch Wi-Fi on']),
        act('Open the Settings app', {
          observation: 'home',
          thought: 'open',
          can_complete: 'true',
          action: 'Click({{element:Clock}})',
        }),
        act('Open the Settings app', {
          observation: 'home',
          thought: 'the person wants the icon',
          can_complete: 'true',
          action: 'Click({{element:Settings}})',
        }),
        reflect('Open the Settings app', 'success'),
        act('Open Network & internet', {
          observation: 's',
          thought: 't',
          can_complete: 'true',
          action: 'Click({{element:Connected devices}})',
        }),
        reflect('Open Network & internet', 'success'),
        act('Switch Wi-Fi on', {
          observation: 'w',
          thought: 't',
          can_complete: 'true',
          action: 'Click({{element:Wi-Fi off}})',
        }),
        reflect('Switch Wi-Fi on', 'success'),
      ],
    });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'step' } });
    const waitFor = (stepCount: number) =>
      until(() => h.runs.state(runId).status === 'waiting' && h.runs.state(runId).steps.length === stepCount);

    await waitFor(1);
    expect(h.runs.state(runId).waiting).toMatchObject({ kind: 'approve', stepId: 's1' });
    expect(h.phone.executed).toEqual([]);
    h.runs.decide(runId, { decision: 'reject', feedback: 'Not the clock — open Settings from its icon' });

    await waitFor(2);
    const secondAct = h.model
      .requests()
      .filter((r) => JSON.stringify(r.body).includes(ACT))
      .at(-1)!;
    expect(JSON.stringify(secondAct.body)).toContain('Not the clock — open Settings from its icon');
    h.runs.decide(runId, { decision: 'approve' });

    await waitFor(3);
    // The agent proposes the wrong row; the person edits it to the right element.
    const wrong = h.runs.state(runId).steps[2]!;
    expect(wrong.element?.text).toBe('Connected devices');
    h.runs.decide(runId, { decision: 'edit', action: 'Click(1)' });

    await waitFor(4);
    h.runs.decide(runId, { decision: 'approve' });
    await until(() => h.runs.state(runId).status === 'succeeded');
    const st = h.runs.state(runId);
    expect(h.phone.wifi).toBe(true);
    expect(h.phone.executed).toEqual(['Click{"index":1}', 'Click{"index":1}', 'Click{"index":1}']);
    expect(st.steps.map((s) => s.decision?.kind)).toEqual(['reject', 'approve', 'edit', 'approve']);
    expect(st.steps[2]!.executed!.action).toEqual({ name: 'Click', params: { index: 1 } });
    expect(st.counters.rejections).toBe(1);

    // The edited step is the person's everywhere, with the agent's proposal kept beside it.
    const proposal = wrong.proposed;
    expect(proposal).not.toEqual({ name: 'Click', params: { index: 1 } });
    const events = h.runs.events(runId).events;
    const executed = events.filter((e) => e.type === 'step_executed');
    expect(executed.map((e) => [e.stepId, e.by])).toEqual([
      ['s2', 'agent'],
      ['s3', 'person'],
      ['s4', 'agent'],
    ]);
    expect(executed[1]).toMatchObject({ action: { name: 'Click', params: { index: 1 } }, proposed: proposal });
    expect(executed[0]).not.toHaveProperty('proposed');
    // The replay's view of the step (the folded state) and the export's trajectory.
    const replayed = foldRun(runId, events).steps[2]!;
    expect(replayed.executed!.by).toBe('person');
    expect(replayed.proposed).toEqual(proposal);
    expect(st.counters.humanActions).toBe(1);
    const trajectory = buildTrajectory(st, events);
    expect(trajectory[2]).toMatchObject({
      proposed: formatAction(proposal),
      decision: { kind: 'edit', by: 'person', action: 'Click(1)' },
      executed: { action: 'Click(1)', by: 'person', ok: true },
      corrected: true,
    });
    expect(trajectory[3]).toMatchObject({ executed: { by: 'agent' }, corrected: false });
  });

  it('re-plans after a failed reflection and finishes; answers reach the run', async () => {
    const h = await harness({
      steps: [
        act('Turn on Wi-Fi and Bluetooth', {
          observation: 'home',
          thought: 'several steps',
          can_complete: 'false',
          action: null,
        }),
        plan('Turn on Wi-Fi and Bluetooth', [
          'Open the Settings app',
          'Open Network & internet',
          'Switch on Wi-Fi and Bluetooth',
        ]),
        act('Open the Settings app', {
          observation: 'h',
          thought: 't',
          can_complete: 'true',
          action: 'Open_App("Settings")',
        }),
        reflect('Open the Settings app', 'success'),
        act('Open Network & internet', {
          observation: 's',
          thought: 't',
          can_complete: 'true',
          action: 'Click({{element:Network & internet}})',
        }),
        reflect('Open Network & internet', 'success'),
        act('Switch on Wi-Fi and Bluetooth', {
          observation: 'w',
          thought: 'one tap may do',
          can_complete: 'possibly',
          action: 'Click({{element:Wi-Fi off}})',
        }),
        reflect('Switch on Wi-Fi and Bluetooth', 'failure', 'not_done', 'Only Wi-Fi is on; Bluetooth is still off.'),
        {
          name: 'replan',
          match: { system: PLAN, user: 'Only Wi-Fi is on; Bluetooth is still off.' },
          reply: { observation: 'o', thought: 'add bluetooth', subgoals: ['Switch Bluetooth on'] },
          times: 1,
        },
        act('Switch Bluetooth on', {
          observation: 'w',
          thought: 't',
          can_complete: 'true',
          action: 'Click({{element:Bluetooth off}})',
          message: 'Wi-Fi and Bluetooth are on.',
        }),
        reflect('Switch Bluetooth on', 'success', 'done'),
      ],
    });
    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: 'Turn on Wi-Fi and Bluetooth',
      options: { mode: 'auto' },
    });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status).toBe('succeeded');
    expect(st.answer).toBe('Wi-Fi and Bluetooth are on.');
    expect(h.phone.wifi && h.phone.bluetooth).toBe(true);
    const combined = Object.values(st.nodes).find((n) => n.goal === 'Switch on Wi-Fi and Bluetooth')!;
    expect(combined.reflections).toEqual(['Only Wi-Fi is on; Bluetooth is still off.']);
    expect(combined.children.map((c) => st.nodes[c]!.goal)).toEqual(['Switch Bluetooth on']);
    expect(combined.status).toBe('done');
  });

  it('recovers a repeated action on the same screen by escalating, and gives up in auto mode with a reason', async () => {
    const h = await harness({
      steps: [
        {
          match: { system: ACT },
          reply: { observation: 'h', thought: 't', can_complete: 'possibly', action: 'Click({{element:Clock}})' },
          times: 'always',
        },
        {
          match: { system: REFLECT },
          reply: {
            observation: 'o',
            thought: 't',
            subgoal_status: 'failure',
            goal_status: 'not_done',
            reflection: 'nothing happened',
          },
          times: 'always',
        },
        {
          match: { system: PLAN },
          reply: { observation: 'o', thought: 't', subgoals: ['Tap Clock'] },
          times: 'always',
        },
      ],
    });
    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: 'Open the clock',
      options: { mode: 'auto', maxSteps: 20 },
    });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status).toBe('failed');
    expect(st.outcomeReason).toMatch(/Gave up/);
    const escalations = h.runs.events(runId).events.filter((e) => e.type === 'escalated');
    expect(escalations.length).toBeGreaterThanOrEqual(1);
    expect(escalations.at(-1)).toMatchObject({ response: 'fail' });
    expect(st.counters.executedActions).toBeLessThan(20);
  });

  it('repairs an out-of-range element (999) by showing the model its error, then goes on', async () => {
    const h = await harness({
      steps: [
        act('Turn on Wi-Fi', { observation: 'home', thought: 'tap', can_complete: 'true', action: 'Click(999)' }),
        {
          name: 'repaired',
          match: { user: 'could not be used' },
          reply: {
            observation: 'home',
            thought: 'open settings',
            can_complete: 'true',
            action: 'Open_App("Settings")',
          },
          times: 1,
        },
        reflect('Turn on Wi-Fi', 'success', 'done'),
      ],
    });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    expect(h.runs.state(runId).status).toBe('succeeded');
    expect(JSON.stringify(h.model.requests()[1]!.body)).toContain('element 999 is not on the screen');
    expect(h.phone.executed).toEqual(['Open_App{"app":"Settings"}']);
    const calls = h.runs.events(runId).events.filter((e) => e.type === 'model_call');
    expect(calls.map((e) => (e.type === 'model_call' ? e.record.purpose : ''))).toEqual([
      'act',
      'act:repair',
      'reflect',
    ]);
  });

  it('survives malformed, refusing and wrong-action replies: records each, then ends with a clear reason, never crashes', async () => {
    const h = await harness({
      steps: [
        { name: 'garbage', match: { system: ACT }, reply: 'I think I should tap something', times: 1 },
        {
          name: 'wrong action',
          match: { system: ACT },
          reply: { observation: 'h', thought: 't', can_complete: 'true', action: 'Teleport(3)' },
          times: 1,
        },
        { name: 'refusal', match: { system: ACT }, refusal: "I can't help with that.", times: 2 },
      ],
    });
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Open Settings', options: { mode: 'auto' } });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status).toBe('failed');
    expect(st.outcomeReason).toMatch(/could not be used 2 times/);
    const errors = h.runs.events(runId).events.filter((e) => e.type === 'run_error');
    expect(errors.map((e) => (e.type === 'run_error' ? e.error.code : ''))).toEqual([
      'MODEL_REPLY_INVALID',
      'MODEL_REFUSED',
    ]);
    expect(JSON.stringify(h.model.requests()[1]!.body)).toContain('The reply contains no JSON object');
    expect(errors[0]!.type === 'run_error' && errors[0]!.error.message).toMatch(/Unknown action Teleport/);
    // Every call is in the log, the repair round and the refusal retry included.
    expect(h.runs.events(runId).events.filter((e) => e.type === 'model_call')).toHaveLength(4);
    expect(h.phone.executed).toEqual([]);
  });

  it('pauses at its last consistent event when the app dies mid-step, and resumes to the end', async () => {
    const script: ScriptInput = { steps: WIFI_SCRIPT.steps!.map((st, i) => (i === 4 ? { ...st, times: 2 } : st)) };
    // The first service's device hangs inside its second action, as a killed process would stop there.
    const phone = new ToyPhone();
    let hang = true;
    const device: AgentDevice = {
      serial: phone.serial,
      facts: () => phone.facts(),
      installedApps: () => phone.installedApps(),
      observe: () => phone.observe(),
      execute: (a, c) =>
        hang && phone.executed.length === 1
          ? new Promise((_resolve, reject) => c.signal.addEventListener('abort', () => reject(c.signal.reason)))
          : phone.execute(a, c),
    };
    const h = await harness(script, device);
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'auto' } });
    await until(() => h.runs.state(runId).steps.length === 2);
    hang = false;
    const reborn = h.newService();
    expect(reborn.recover()).toEqual([runId]);
    const paused = reborn.state(runId);
    expect(paused.status).toBe('paused');
    expect(paused.steps.at(-1)!.executed).toBeNull();
    reborn.resume(runId);
    await reborn.settled(runId);
    const st = reborn.state(runId);
    expect(st.status).toBe('succeeded');
    expect(phone.wifi).toBe(true);
    const types = reborn.events(runId).events.map((e) => e.type);
    expect(types).toContain('step_abandoned');
    expect(types.filter((t) => t === 'run_paused')).toHaveLength(1);
    // The abandoned process can no longer write into the log it lost.
    await h.runs.dispose();
    expect(reborn.events(runId).events.at(-1)!.type).toBe('run_finished');
  });

  it('a run waiting for a person survives a restart and resumes on the decision', async () => {
    const h = await harness(WIFI_SCRIPT);
    const { runId } = await h.runs.start({ serial: 'toy-1', task: 'Turn on Wi-Fi', options: { mode: 'step' } });
    await until(() => h.runs.state(runId).status === 'waiting');
    await h.runs.dispose();
    const reborn = h.newService();
    expect(reborn.recover()).toEqual([]);
    expect(reborn.get(runId).status).toBe('waiting');
    const callsBefore = h.model.requests().length;
    reborn.decide(runId, { decision: 'approve' });
    await until(() => reborn.state(runId).status === 'waiting' && reborn.state(runId).steps.length === 2);
    // No model call was repeated to resume the wait.
    expect(h.model.requests().length).toBe(callsBefore + 2);
    expect(h.phone.screen).toBe('settings');
    await reborn.stop(runId);
    expect(reborn.state(runId).status).toBe('stopped');
  });
});

describe('MobA loop, reading sub-goals', () => {
  it('completes a sub-goal that is answered without an action, and the answer is the run answer', async () => {
    const h = await harness({
      steps: [
        act('Tell me whether Wi-Fi is on', {
          observation: 'home',
          thought: 'look in settings',
          can_complete: 'false',
          action: null,
        }),
        plan('Tell me whether Wi-Fi is on', [
          'Open the Settings app',
          'Open Network & internet',
          'Read the Wi-Fi state',
        ]),
        act('Open the Settings app', {
          observation: 'h',
          thought: 't',
          can_complete: 'true',
          action: 'Open_App("Settings")',
        }),
        reflect('Open the Settings app', 'success'),
        act('Open Network & internet', {
          observation: 's',
          thought: 't',
          can_complete: 'true',
          action: 'Click({{element:Network & internet}})',
        }),
        reflect('Open Network & internet', 'success'),
        act('Read the Wi-Fi state', {
          observation: 'the switch says off',
          thought: 'nothing to do but answer',
          can_complete: 'true',
          action: null,
          message: 'Wi-Fi is off.',
        }),
      ],
    });
    const { runId } = await h.runs.start({
      serial: 'toy-1',
      task: 'Tell me whether Wi-Fi is on',
      options: { mode: 'auto' },
    });
    await h.runs.settled(runId);
    const st = h.runs.state(runId);
    expect(st.status).toBe('succeeded');
    expect(st.answer).toBe('Wi-Fi is off.');
    expect(st.counters.executedActions).toBe(2);
    expect(Object.values(st.nodes).every((n) => n.status === 'done')).toBe(true);
  });
});
