/**
 * The agent through the `moba` command on the simulated phone: step mode with decisions typed on
 * stdin (approve, edit, reject with feedback that reaches the next prompt), and a run killed
 * with SIGKILL that shows as paused at its last consistent event and resumes to the end.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { RunEvent } from '../../src/shared/schemas/run.ts';
import type { ScriptInput } from '@moba/testkit';
import { scriptedModel } from '../support/scripted-model.ts';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';
import { loadScript } from '../support/agent-rig.ts';
import { tempDir } from '@moba/testkit/rigs';
import { eventLine, mobaCli } from '../support/moba-cli.ts';
import type { MobaCli } from '../support/moba-cli.ts';

const ACT = 'You are the Local Agent of MobA';
const PLAN = 'Your Plan module';
const REFLECT = 'Your Reflection module';

let rig: PhoneRig;
beforeAll(async () => {
  rig = await startPhoneRig({ seed: 1 });
});
afterAll(async () => {
  await rig?.dispose();
});

const moba = (args: string[], env: NodeJS.ProcessEnv): MobaCli => mobaCli(args, env);
const event = eventLine;

describe('moba run on the simulated phone', () => {
  it('step mode: waits for each action; approve, edit and reject-with-feedback work from stdin', {
    timeout: 300_000,
  }, async () => {
    await rig.adb.adb(['-s', rig.serial, 'shell', 'sim-reset']);
    const TASK = 'Open the Clock app and start adding an alarm';
    const script: ScriptInput = {
      steps: [
        {
          match: { system: ACT, user: `## Current sub-goal\n${TASK}` },
          reply: { observation: 'home', thought: 'two steps', can_complete: 'false', action: null },
        },
        {
          match: { system: PLAN },
          reply: {
            observation: 'home',
            thought: 'open, then add',
            subgoals: ['Open the Clock app', 'Tap the button that adds an alarm'],
          },
        },
        {
          name: 'after feedback',
          match: { system: ACT, user: 'Use the Clock icon on the home screen' },
          reply: {
            observation: 'home',
            thought: 'tap the icon',
            can_complete: 'true',
            action: 'Click({{element:Clock}})',
          },
        },
        {
          match: { system: ACT, user: '## Current sub-goal\nOpen the Clock app' },
          reply: {
            observation: 'home',
            thought: 'open it',
            can_complete: 'true',
            action: 'Open_App("com.android.deskclock")',
          },
        },
        {
          match: { system: REFLECT, user: '## Sub-goal of the action\nOpen the Clock app' },
          reply: {
            observation: 'clock',
            thought: 'ok',
            subgoal_status: 'success',
            goal_status: 'not_done',
            reflection: '',
          },
        },
        {
          match: { system: ACT, user: '## Current sub-goal\nTap the button that adds an alarm' },
          reply: {
            observation: 'alarms',
            thought: 'the tab',
            can_complete: 'true',
            action: 'Click({{element:Alarm}})',
          },
        },
        {
          match: { system: REFLECT },
          reply: {
            observation: 'picker',
            thought: 'ok',
            subgoal_status: 'success',
            goal_status: 'done',
            reflection: '',
          },
        },
      ],
    };
    const model = await scriptedModel(script);
    const data = tempDir('moba-cli-step-');
    try {
      const cli = moba(
        [
          'run',
          '--device',
          rig.serial,
          '--task',
          TASK,
          '--mode',
          'step',
          '--json',
          '--base-url',
          model.baseUrl,
          '--model',
          'scripted',
        ],
        {
          MOBA_HOME: data.path,
          HOME: rig.adb.home,
          ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}`,
          MOBA_ADB_AUTOSTART: '0',
        },
      );
      await cli.waitFor(event('human_wait', (e) => e.type === 'human_wait' && e.stepId === 's1'));
      cli.child.stdin.write('r Use the Clock icon on the home screen\n');
      await cli.waitFor(event('human_wait', (e) => e.type === 'human_wait' && e.stepId === 's2'));
      const feedbackPrompt = model.requests().find((r) => r.answeredBy.endsWith('after feedback'));
      expect(JSON.stringify(feedbackPrompt?.body)).toContain('The person supervising you said');
      cli.child.stdin.write('a\n');
      // The agent proposes the Alarm tab; the person edits it to the "Add alarm" button.
      await cli.waitFor(event('human_wait', (e) => e.type === 'human_wait' && e.stepId === 's3'));
      const lastObservation = [...cli.lines]
        .reverse()
        .map((l) => l.event as RunEvent)
        .find((e) => e?.type === 'observation');
      const fab =
        lastObservation?.type === 'observation'
          ? lastObservation.observation.elements.find((el) => el.contentDesc === 'Add alarm' || el.text === 'Add alarm')
          : undefined;
      expect(fab, 'the Add alarm button is on screen').toBeDefined();
      cli.child.stdin.write(`e Click(${fab!.index})\n`);
      const summary = await cli.waitFor((l) => 'summary' in l);
      expect(await cli.exit).toBe(0);
      expect(summary.summary).toMatchObject({ status: 'succeeded' });
      const decisions = cli.lines.map((l) => l.event as RunEvent).filter((e) => e?.type === 'human_decision');
      expect(decisions.map((d) => (d.type === 'human_decision' ? d.decision : ''))).toEqual([
        'reject',
        'approve',
        'edit',
      ]);
      const executed = cli.lines.map((l) => l.event as RunEvent).filter((e) => e?.type === 'step_executed');
      expect(executed.map((e) => (e.type === 'step_executed' ? e.action.name : ''))).toEqual(['Click', 'Click']);
      expect(executed[1]!.type === 'step_executed' && executed[1]!.action).toEqual({
        name: 'Click',
        params: { index: fab!.index },
      });
      const focus = await rig.adb.adb(['-s', rig.serial, 'shell', 'dumpsys', 'window']);
      expect(focus.stdout.toString()).toContain('com.android.deskclock');
      const dump = await rig.adb.adb(['-s', rig.serial, 'shell', 'uiautomator', 'dump', '/dev/tty']);
      expect(dump.stdout.toString()).toMatch(/radial_picker|Select hours/);
    } finally {
      await model.close();
      data.dispose();
    }
  });

  it('--strategy runs another registered agent: AppAgent completes the alarm case study from the terminal', {
    timeout: 300_000,
  }, async () => {
    await rig.adb.adb(['-s', rig.serial, 'shell', 'sim-reset']);
    const model = await scriptedModel(loadScript('alarm-appagent.json'));
    const data = tempDir('moba-cli-strategy-');
    try {
      const env = {
        MOBA_HOME: data.path,
        HOME: rig.adb.home,
        ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}`,
        MOBA_ADB_AUTOSTART: '0',
      };
      const TASK = 'Create an alarm at 6:30 PM titled Work, with vibrate, repeating Monday to Thursday';
      const cli = moba(
        [
          'run',
          '--device',
          rig.serial,
          '--task',
          TASK,
          '--strategy',
          'appagent',
          '--action-space',
          'candidates',
          '--mode',
          'auto',
          '--json',
          '--base-url',
          model.baseUrl,
          '--model',
          'scripted',
        ],
        env,
      );
      const summary = await cli.waitFor((l) => 'summary' in l, 240_000);
      expect(await cli.exit, cli.stderr).toBe(0);
      expect(summary.summary).toMatchObject({ status: 'succeeded' });
      const started = cli.lines.map((l) => l.event as RunEvent).find((e) => e?.type === 'run_started');
      expect(started?.type === 'run_started' && started.options).toMatchObject({
        strategy: 'appagent',
        actionSpace: 'candidates',
      });
      expect(cli.lines.map((l) => l.event as RunEvent).filter((e) => e?.type === 'strategy_decided')).toHaveLength(15);
      const clock = await rig.simState<{ alarms: Array<Record<string, unknown>> }>('com.android.deskclock');
      expect(clock.alarms).toContainEqual(
        expect.objectContaining({
          hour: 18,
          minute: 30,
          label: 'Work',
          vibrate: true,
          repeat: ['MON', 'TUE', 'WED', 'THU'],
        }),
      );
      const bad = moba(['run', '--device', rig.serial, '--task', 'x', '--strategy', 'nonsense'], env);
      expect(await bad.exit).not.toBe(0);
      expect(bad.stderr).toMatch(
        /nonsense.*Allowed choices are moba, appagent, mobile-agent-v1, mobile-agent-v2, mobile-agent-e/s,
      );
    } finally {
      await model.close();
      data.dispose();
    }
  });

  it('a run killed with SIGKILL mid-run shows as paused at its last consistent event and resumes to the end', {
    timeout: 600_000,
  }, async () => {
    await rig.adb.adb(['-s', rig.serial, 'shell', 'sim-reset']);
    const TASK = 'Create an alarm at 6:30 PM titled Work, with vibrate, repeating Monday to Thursday';
    const base = loadScript('alarm-case-study.json');
    // Slow down (and allow a second answer to) the reflection after "Add a new alarm", so the kill lands there.
    const steps = base.steps!.map((s) =>
      s.name === 'reflect: Add a new alarm' ? { ...s, delayMs: 3_000, times: 2 } : s,
    );
    const model = await scriptedModel({ ...base, steps });
    const data = tempDir('moba-cli-kill-');
    const env = {
      MOBA_HOME: data.path,
      HOME: rig.adb.home,
      ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}`,
      MOBA_ADB_AUTOSTART: '0',
    };
    try {
      const cli = moba(
        [
          'run',
          '--device',
          rig.serial,
          '--task',
          TASK,
          '--mode',
          'auto',
          '--json',
          '--base-url',
          model.baseUrl,
          '--model',
          'scripted',
        ],
        env,
      );
      const { runId } = (await cli.waitFor((l) => typeof l.runId === 'string' && !('event' in l))) as { runId: string };
      await cli.waitFor(event('step_executed', (e) => e.type === 'step_executed' && e.stepId === 's2'));
      await new Promise((r) => setTimeout(r, 500));
      cli.child.kill('SIGKILL');
      await cli.exit;

      // The log stops at an event boundary; another process sees the owner is gone and pauses it.
      const db = new Database(join(data.path, 'moba.sqlite'), { readonly: true });
      const row = db.prepare('SELECT status, owner FROM runs WHERE id = ?').get(runId) as {
        status: string;
        owner: string;
      };
      db.close();
      expect(row.status).toBe('running');
      const list = moba(['runs', 'list', '--json'], env);
      const listed = (await list.waitFor((l) => Array.isArray(l.runs))) as {
        runs: Array<{ id: string; status: string }>;
      };
      expect(listed.runs.find((r) => r.id === runId)?.status).toBe('paused');
      expect(await list.exit).toBe(0);

      const resume = moba(['runs', 'resume', runId, '--json'], env);
      const summary = await resume.waitFor((l) => 'summary' in l, 300_000);
      expect(summary.summary, resume.stderr).toMatchObject({ status: 'succeeded' });
      expect(await resume.exit).toBe(0);
      const show = moba(['runs', 'show', runId, '--json'], env);
      await show.exit;
      const types = show.lines.slice(1).map((l) => (l as RunEvent).type);
      expect(types.filter((t) => t === 'run_paused')).toHaveLength(1);
      expect(types).toContain('run_resumed');
      const clock = await rig.simState<{ alarms: Array<Record<string, unknown>> }>('com.android.deskclock');
      expect(clock.alarms).toContainEqual(
        expect.objectContaining({
          hour: 18,
          minute: 30,
          label: 'Work',
          vibrate: true,
          repeat: ['MON', 'TUE', 'WED', 'THU'],
        }),
      );
    } finally {
      await model.close();
      data.dispose();
    }
  });
});
