import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunLoop } from '../agent/run-controller.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { Observer } from '../device/observe.ts';
import type { MirrorInputParsed } from '../../shared/contract/mirror.ts';
import { loopHarness } from '../../../test/support/agent-harness.ts';
import type { Harness } from '../../../test/support/agent-harness.ts';
import { PersonActions } from './person-actions.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
});

/** Looks at the screen once, then waits for a person as a copilot run does. */
const looksThenWaits: RunLoop = async (ctx) => {
  const observation = await ctx.device.observe(ctx.signal);
  ctx.append({ type: 'observation', observationId: 'o1', observation, screenKey: 'k' });
  await ctx.waitForPerson('copilot', null, 'Your turn');
};

/** Person actions over the mirror; the mirror's control socket is stood in for (what is recorded is under test). */
function personActions(h: Harness): { person: PersonActions; sent: MirrorInputParsed[] } {
  const sent: MirrorInputParsed[] = [];
  const person = new PersonActions({
    devices: {} as DeviceService,
    observer: {} as Observer,
    mirror: {
      input: async (_serial, input) => {
        sent.push(input);
        return { via: 'scrcpy' as const, durationMs: 7 };
      },
    },
    runs: h.runs,
    settleTimeoutMs: () => 0,
  });
  return { person, sent };
}

const personSteps = (h: Harness, runId: string) =>
  h.runs
    .events(runId)
    .events.filter((e) => e.type === 'step_executed' && e.by === 'person')
    .map((e) => (e.type === 'step_executed' ? e.detail : ''));

async function startWaiting(h: Harness, task: string): Promise<string> {
  const run = await h.runs.start({
    serial: 'toy-1',
    task,
    options: { mode: 'copilot' },
    loop: { name: 'waiter', description: 'Waits for the person.', loop: looksThenWaits },
  });
  await vi.waitUntil(() => h.runs.state(run.runId).status === 'waiting');
  return run.runId;
}

describe('PersonActions: one record path for a person’s step', () => {
  it('records a mirror tap in the one run driving the device, element-level; a paused run on it gets nothing', async () => {
    h = await loopHarness({});
    const paused = await startWaiting(h, 'First task');
    await h.runs.pause(paused);
    const driving = await startWaiting(h, 'Second task');
    const { person, sent } = personActions(h);

    const clock = h.runs.state(driving).observations.o1!.elements.find((e) => e.text === 'Clock')!;
    const result = await person.perform('toy-1', { input: { type: 'tap', x: clock.center[0], y: clock.center[1] } });

    expect(result).toEqual({ via: 'scrcpy', durationMs: 7 });
    expect(sent).toHaveLength(1);
    expect(personSteps(h, driving)).toEqual([`person: Click(${clock.index})`]);
    expect(personSteps(h, paused)).toEqual([]);
    expect(h.runs.state(driving).steps.at(-1)).toMatchObject({
      gate: 'performed by the person',
      executed: { by: 'person', ok: true, durationMs: 7 },
    });
  });

  it('with no run driving the device, the run paused last gets the step; with none left, nothing is recorded', async () => {
    h = await loopHarness({});
    const older = await startWaiting(h, 'First task');
    await h.runs.pause(older);
    const newer = await startWaiting(h, 'Second task');
    await h.runs.pause(newer);
    const { person, sent } = personActions(h);

    await person.perform('toy-1', { input: { type: 'back' } });
    expect(personSteps(h, newer)).toEqual(['person: Back()']);
    expect(personSteps(h, older)).toEqual([]);

    await h.runs.stop(newer);
    await person.perform('toy-1', { input: { type: 'home' } });
    expect(personSteps(h, older)).toEqual(['person: Home()']);

    await h.runs.stop(older);
    await person.perform('toy-1', { input: { type: 'back' } });
    expect(sent).toHaveLength(3);
    expect(personSteps(h, older)).toEqual(['person: Home()']);
    expect(personSteps(h, newer)).toEqual(['person: Back()']);
  });
});
