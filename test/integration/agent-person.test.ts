/**
 * A person takes over a waiting run, acts on the phone through the contract, and hands back:
 * the action is in the run's log as the person's, and the agent's reflection judges it. Every
 * entry for a person's action (the Devices panel's `executeAction`, the cockpit's
 * `actAsPerson`, the mirror's `mirrorInput`) records what was performed, and only that.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionResult } from '../../src/shared/contract/devices.ts';
import type { Connection } from '../../src/main/contract/router.ts';
import { waitUntil } from '@moba/testkit/rigs';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';

const TASK = 'Create an alarm at 6:30 PM titled Work, with vibrate, repeating Monday to Thursday';
const connection: Connection = {
  id: 'test',
  kind: 'local',
  sendBinary: () => false,
  onDidClose: () => ({ dispose() {} }),
};

let t: AgentRig;
beforeAll(async () => {
  t = await startAgentRig({ script: loadScript('alarm-case-study.json') });
});
afterAll(async () => {
  await t?.dispose();
});

describe('take over and hand back', () => {
  it("records the person's action with provenance and reflects on it", { timeout: 300_000 }, async () => {
    const { runId } = await t.app.runs.start({ serial: t.rig.serial, task: TASK, options: { mode: 'step' } });
    await t.waitFor(runId, ['waiting']);
    expect(t.app.runs.state(runId).waiting).toMatchObject({ kind: 'approve', stepId: 's1' });
    t.app.runs.decide(runId, { decision: 'take_over' });
    await t.waitFor(runId, ['waiting']);
    await new Promise((r) => setTimeout(r, 200));
    expect(t.app.runs.state(runId).waiting?.kind).toBe('take_over');

    // The person opens Clock from the launcher icon instead of the proposed Open_App.
    const seen = t.app.runs.state(runId);
    const obs = seen.observations[seen.lastObservationId!]!;
    const clock = obs.elements.find((e) => e.text === 'Clock')!;
    const ctx = { connection, signal: new AbortController().signal };
    const r = await t.app.router.call(
      'executeAction',
      {
        serial: t.rig.serial,
        action: { name: 'Click', params: { index: clock.index } },
        elements: obs.elements,
        screen: obs.screen,
      },
      ctx,
    );
    expect(r.ok, JSON.stringify(r)).toBe(true);
    const person = t.app.runs.state(runId).steps.find((s) => s.executed?.by === 'person');
    expect(person?.executed?.action).toEqual({ name: 'Click', params: { index: clock.index } });
    expect(person?.gate).toBe('performed by the person');

    t.app.runs.decide(runId, { decision: 'hand_back' });
    // The reflection of "Open the Clock app" looks at what the person did; then the next proposal waits.
    await t.waitFor(runId, ['waiting']);
    await new Promise((res) => setTimeout(res, 300));
    const state = t.app.runs.state(runId);
    const openClock = Object.values(state.nodes).find((n) => n.goal === 'Open the Clock app')!;
    expect(openClock.status).toBe('done');
    const reflect = t.app.runs
      .events(runId)
      .events.find((e) => e.type === 'model_call' && e.record.purpose === 'reflect');
    expect(JSON.stringify(reflect?.type === 'model_call' ? reflect.record.request.messages : [])).toContain(
      `Click(${clock.index}) (performed by the person supervising the agent)`,
    );
    expect((await t.rig.phone.focus()).packageName).toBe('com.android.deskclock');
    await t.app.runs.stop(runId);
    expect(t.app.runs.get(runId).status).toBe('stopped');
  });
});

/** A contract call: its result, or its serialised error under `error`. */
async function call(method: string, input: unknown): Promise<{ result?: unknown; error?: { code: string } }> {
  const r = await t.app.router.call(method, input, { connection, signal: new AbortController().signal });
  return r.ok ? { result: r.result } : { error: r.error };
}

describe("a person's actions during a take-over", () => {
  it('are recorded when performed — from the Devices panel, the cockpit and the mirror — and only then', {
    timeout: 300_000,
  }, async () => {
    await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'sim-reset']);
    await t.model.reset();
    const { runId } = await t.app.runs.start({ serial: t.rig.serial, task: TASK, options: { mode: 'step' } });
    await t.waitFor(runId, ['waiting']);
    await t.app.runs.takeOver(runId);
    await waitUntil(() => t.app.runs.state(runId).waiting?.kind === 'take_over', 'the take-over wait');
    const personSteps = () => t.app.runs.state(runId).steps.filter((s) => s.executed?.by === 'person');
    const seen = t.app.runs.state(runId);
    const obs = seen.observations[seen.lastObservationId!]!;
    const clock = obs.elements.find((e) => e.text === 'Clock')!;

    // Not performed (no element 999 on this screen): returned to the person, not part of the run.
    const failed = (
      await call('executeAction', {
        serial: t.rig.serial,
        action: { name: 'Click', params: { index: 999 } },
        elements: obs.elements,
        screen: obs.screen,
      })
    ).result as ActionResult;
    expect(failed).toMatchObject({ ok: false, error: { code: 'ACTION_INVALID' } });
    // No mirror: NOT_FOUND, nothing recorded.
    expect((await call('mirrorInput', { serial: t.rig.serial, input: { type: 'home' } })).error?.code).toBe(
      'NOT_FOUND',
    );
    expect(personSteps()).toEqual([]);

    // A tap on the mirror at the Clock icon: the run records Click(index), the person's.
    expect((await call('startMirror', { serial: t.rig.serial })).error).toBeUndefined();
    const tap = await call('mirrorInput', {
      serial: t.rig.serial,
      input: { type: 'tap', x: clock.center[0], y: clock.center[1] },
    });
    expect(tap.result).toMatchObject({ via: expect.stringMatching(/^(scrcpy|adb)$/) });
    await waitUntil(
      async () => (await t.rig.phone.focus()).packageName === 'com.android.deskclock',
      'Clock opened from the mirror',
      10_000,
    );
    expect(personSteps().map((s) => s.executed?.action)).toEqual([{ name: 'Click', params: { index: clock.index } }]);

    // The cockpit's own action box on the run's device.
    const home = (
      await call('actAsPerson', {
        runId,
        action: { name: 'Home', params: {} },
        elements: obs.elements,
        screen: obs.screen,
      })
    ).result as ActionResult;
    expect(home.ok).toBe(true);
    expect((await t.rig.phone.focus()).packageName).toBe('com.android.launcher3');
    // The Devices panel's action box, on the same device.
    const again = (
      await call('executeAction', {
        serial: t.rig.serial,
        action: { name: 'Click', params: { index: clock.index } },
        elements: obs.elements,
        screen: obs.screen,
      })
    ).result as ActionResult;
    expect(again.ok).toBe(true);

    const steps = personSteps();
    expect(steps.map((s) => s.executed?.action.name)).toEqual(['Click', 'Home', 'Click']);
    expect(steps.every((s) => s.gate === 'performed by the person' && s.executed?.ok === true)).toBe(true);
    await call('stopMirror', { serial: t.rig.serial });
    await t.app.runs.stop(runId);
  });
});
