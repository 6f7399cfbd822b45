/**
 * A person takes over a waiting run, acts on the phone through the contract, and hands back:
 * the action is in the run's log as the person's, and the agent's reflection judges it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../src/main/contract/router.ts';
import { loadScript, startAgentRig } from '../support/agent-rig.ts';
import type { AgentRig } from '../support/agent-rig.ts';

const TASK = 'Create an alarm at 6:30 PM titled Work, with vibrate, repeating Monday to Thursday';
const connection: Connection = { id: 'test', kind: 'local', sendBinary: () => false, onDidClose: () => ({ dispose() {} }) };

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
    const r = await t.app.router.call('executeAction', { serial: t.rig.serial, action: { name: 'Click', params: { index: clock.index } }, elements: obs.elements, screen: obs.screen }, ctx);
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
    const reflect = t.app.runs.events(runId).events.find((e) => e.type === 'model_call' && e.record.purpose === 'reflect');
    expect(JSON.stringify(reflect?.type === 'model_call' ? reflect.record.request.messages : [])).toContain(`Click(${clock.index}) (performed by the person supervising the agent)`);
    expect((await t.rig.phone.focus()).packageName).toBe('com.android.deskclock');
    await t.app.runs.stop(runId);
    expect(t.app.runs.get(runId).status).toBe('stopped');
  });
});
