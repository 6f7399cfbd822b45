/**
 * Guarded mode on the simulated phone, tried as a user would: a coordinate tap on "Pay now" at
 * the Shop checkout, Enter() that sends a typed message in Messages, and Type() into a focused
 * password field each stop the run for approval (and nothing is paid, sent or typed meanwhile),
 * while the harmless steps before them run without asking. Then a copilot run (MobA's
 * GPT-4o+Human baseline) end to end: the person performs every proposal on the phone through the
 * public contract, and the run records it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dump, tapOn } from '@moba/sim/testing';
import { requireNode } from '@moba/sim/testing';
import type { ScriptInput } from '@moba/testkit';
import type { Connection } from '../../src/main/contract/router.ts';
import { startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';
import { ACT, PLAN, REFLECT } from '../support/agent-harness.ts';

const connection: Connection = {
  id: 'test',
  kind: 'local',
  sendBinary: () => false,
  onDidClose: () => ({ dispose() {} }),
};
const act = (goal: string, reply: Record<string, unknown>) => ({
  name: `act: ${goal}`,
  match: { system: ACT, user: `## Current sub-goal\n${goal}` },
  reply,
  times: 1,
});
const plan = (goal: string, subgoals: string[]) => ({
  name: `plan: ${goal}`,
  match: { system: PLAN, user: `## Goal to split\n${goal}` },
  reply: { observation: 'o', thought: 't', subgoals },
  times: 1,
});
const reflect = (goal: string, goalStatus = 'not_done') => ({
  name: `reflect: ${goal}`,
  match: { system: REFLECT, user: `## Sub-goal of the action\n${goal}` },
  reply: { observation: 'o', thought: 't', subgoal_status: 'success', goal_status: goalStatus, reflection: '' },
  times: 1,
});

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: {} });
});
afterAll(async () => {
  await t?.dispose();
});
beforeEach(async () => {
  await t.rig.phone.reset();
  t.model.reset();
});

const sh = (...args: string[]) => t.rig.adb.adb(['-s', t.rig.serial, 'shell', ...args]);
const settle = () => new Promise((r) => setTimeout(r, 600));

async function runUntilWaiting(
  task: string,
  script: ScriptInput,
  mode: 'guarded' | 'copilot' = 'guarded',
): Promise<string> {
  t.model.setScript(script);
  const { runId } = await t.app.runs.start({ serial: t.rig.serial, task, options: { mode, maxSteps: 10 } });
  await t.waitFor(runId, ['waiting', 'succeeded', 'failed', 'stopped']);
  return runId;
}

describe('guarded mode on the simulated phone', () => {
  it('stops at a coordinate tap on "Pay now" at the Shop checkout; nothing is paid', { timeout: 120_000 }, async () => {
    await sh('am', 'start', '-n', 'com.moba.shop/.MainActivity', '--ei', 'product', '7');
    await settle();
    await tapOn(t.rig.phone, { id: 'buy_now' });
    await settle();
    const pay = requireNode(await dump(t.rig.phone), { id: 'btn_pay' });
    const [gx, gy] = [Math.round((pay.center.x / 1080) * 1000), Math.round((pay.center.y / 2400) * 1000)];
    const ordersBefore = (await t.rig.simState<{ orders: unknown[] }>('com.moba.shop')).orders.length;

    const runId = await runUntilWaiting('Pay for the order', {
      steps: [
        act('Pay for the order', {
          observation: 'checkout',
          thought: 'tap the pay button',
          can_complete: 'true',
          action: `Click_by_Coordinate(${gx}, ${gy})`,
        }),
      ],
    });
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('waiting');
    expect(st.waiting).toMatchObject({ kind: 'approve', stepId: 's1' });
    expect(st.steps[0]!.gate).toMatch(
      new RegExp(
        `^rule: Payments and purchases — Click_by_Coordinate\\(${gx}, ${gy}\\) lands on \\[\\d+\\] Button "Pay now"$`,
      ),
    );
    await t.app.runs.stop(runId);
    expect((await t.rig.simState<{ orders: unknown[] }>('com.moba.shop')).orders).toHaveLength(ordersBefore);
    expect((await t.rig.phone.focus()).activity).toMatch(/CheckoutActivity/);
  });

  it('lets the tap into the message box and the typing through, stops at the Enter() that sends; approved, the message is sent', {
    timeout: 120_000,
  }, async () => {
    await sh('am', 'start', '-a', 'android.intent.action.SENDTO', '-d', 'sms:10086');
    await settle();
    const TASK = 'Send "On my way" to 10086';
    const thread = async () =>
      (
        await t.rig.simState<{
          conversations: Array<{ address: string; messages: Array<{ text: string; type: string }> }>;
        }>('com.android.messaging')
      ).conversations.find((c) => c.address === '10086')!.messages;
    const before = (await thread()).length;
    const runId = await runUntilWaiting(TASK, {
      steps: [
        act(TASK, { observation: 'a conversation', thought: 'three steps', can_complete: 'false', action: null }),
        plan(TASK, ['Tap the message box', 'Type On my way', 'Send the message']),
        act('Tap the message box', {
          observation: 'o',
          thought: 't',
          can_complete: 'true',
          action: 'Click({{element:Text message}})',
        }),
        reflect('Tap the message box'),
        act('Type On my way', { observation: 'o', thought: 't', can_complete: 'true', action: 'Type("On my way")' }),
        reflect('Type On my way'),
        act('Send the message', { observation: 'o', thought: 'Enter sends', can_complete: 'true', action: 'Enter()' }),
        reflect('Send the message', 'done'),
      ],
    });
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('waiting');
    expect(st.steps.map((s) => [s.proposed.name, s.gate])).toEqual([
      ['Click', null],
      ['Type', null],
      [
        'Enter',
        expect.stringMatching(
          /^rule: Sending messages — Enter\(\) submits the focused \[\d+\] EditText "On my way" beside \[\d+\] ImageButton "Send SMS"/,
        ),
      ],
    ]);
    expect(st.waiting).toMatchObject({ kind: 'approve', stepId: 's3' });
    expect(await thread()).toHaveLength(before);

    t.app.runs.decide(runId, { decision: 'approve' });
    await t.waitFor(runId);
    expect(t.app.runs.state(runId).status).toBe('succeeded');
    expect((await thread()).at(-1)).toMatchObject({ text: 'On my way', type: 'sent' });
  });

  it('stops at Type() into the focused password field; nothing is typed', { timeout: 120_000 }, async () => {
    await sh('am', 'start', '-a', 'android.settings.WIFI_SETTINGS');
    await settle();
    await tapOn(t.rig.phone, { descStarts: 'CoffeeShop_5G' });
    await settle();
    const TASK = 'Connect to CoffeeShop_5G with the password latte2024';
    const runId = await runUntilWaiting(TASK, {
      steps: [
        act(TASK, {
          observation: 'the password dialog',
          thought: 'type it',
          can_complete: 'true',
          action: 'Type("latte2024")',
        }),
      ],
    });
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('waiting');
    expect(st.steps[0]!.gate).toMatch(
      /^rule: Typing into password fields — Type\("latte2024"\) types into the focused \[\d+\] EditText "Password" \(a password field\)$/,
    );
    await t.app.runs.stop(runId);
    expect(requireNode(await dump(t.rig.phone), { id: 'password' }).text).toBe('Password');
    expect((await t.rig.simState<{ connected: string | null }>('com.android.settings')).connected).not.toBe(
      'CoffeeShop_5G',
    );
  });
});

describe('copilot mode (GPT-4o+Human) on the simulated phone', () => {
  it('the person performs every proposal through the contract; the run records each as theirs and reflects on it', {
    timeout: 180_000,
  }, async () => {
    const TASK = 'Open the Clock app and start adding an alarm';
    t.model.setScript({
      steps: [
        act(TASK, { observation: 'home', thought: 'two steps', can_complete: 'false', action: null }),
        plan(TASK, ['Open the Clock app', 'Tap the button that adds an alarm']),
        act('Open the Clock app', {
          observation: 'home',
          thought: 'open it',
          can_complete: 'true',
          action: 'Open_App("com.android.deskclock")',
        }),
        reflect('Open the Clock app'),
        act('Tap the button that adds an alarm', {
          observation: 'alarms',
          thought: 'the + button',
          can_complete: 'true',
          action: 'Click({{element:Add alarm}})',
        }),
        reflect('Tap the button that adds an alarm', 'done'),
      ],
    });
    const { runId } = await t.app.runs.start({
      serial: t.rig.serial,
      task: TASK,
      options: { mode: 'copilot', maxSteps: 10 },
    });
    const ctx = { connection, signal: new AbortController().signal };
    for (const stepId of ['s1', 's3']) {
      await t.waitFor(runId, ['waiting']);
      const st = t.app.runs.state(runId);
      expect(st.waiting).toMatchObject({ kind: 'copilot', stepId });
      const proposal = st.steps.find((s) => s.stepId === stepId)!;
      expect(proposal.gate).toBe('copilot mode: you perform the proposed step');
      // The person does on the phone exactly what was proposed, on the screen the agent saw.
      const seen = st.observations[proposal.observationId]!;
      const r = await t.app.router.call(
        'executeAction',
        { serial: t.rig.serial, action: proposal.proposed, elements: seen.elements, screen: seen.screen },
        ctx,
      );
      expect(r.ok, JSON.stringify(r)).toBe(true);
      t.app.runs.decide(runId, { decision: 'hand_back' });
      await new Promise((res) => setTimeout(res, 200));
    }
    await t.waitFor(runId);
    const st = t.app.runs.state(runId);
    expect(st.status, st.outcomeReason ?? '').toBe('succeeded');
    const agentSteps = st.steps.filter((s) => s.gate?.startsWith('copilot'));
    const personSteps = st.steps.filter((s) => s.executed?.by === 'person');
    expect(agentSteps.map((s) => [s.proposed.name, s.decision?.kind, s.executed])).toEqual([
      ['Open_App', 'hand_back', null],
      ['Click', 'hand_back', null],
    ]);
    expect(personSteps.map((s) => s.executed!.action)).toEqual(agentSteps.map((s) => s.proposed));
    expect(personSteps.every((s) => s.gate === 'performed by the person' && s.executed!.ok)).toBe(true);
    expect(st.counters.humanActions).toBe(2);
    const reflections = t.app.runs
      .events(runId)
      .events.filter((e) => e.type === 'model_call' && e.record.purpose === 'reflect');
    expect(reflections).toHaveLength(2);
    for (const e of reflections)
      expect(JSON.stringify(e.type === 'model_call' ? e.record.request.messages : '')).toContain(
        '(performed by the person supervising the agent)',
      );
    expect((await t.rig.phone.focus()).packageName).toBe('com.android.deskclock');
    expect(await dump(t.rig.phone)).toMatch(/radial_picker|Select hours/);
  });
});
