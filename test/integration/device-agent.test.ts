/** The agent's port (`AgentDevice`) bound to the device layer, on the real simulated phone. */
import { describe, expect, it } from 'vitest';
import { useDeviceRig } from '../support/device-rig.ts';
import { createAgentDevice } from '../../src/main/device/agent-device.ts';

const t = useDeviceRig();

describe('createAgentDevice', () => {
  it('gives facts and apps, observes, and executes with the agent’s app resolver', async () => {
    const agent = createAgentDevice(t.rig.serial, {
      devices: t.devices,
      observer: t.observer,
      settleTimeoutMs: () => 3_000,
    });
    const signal = new AbortController().signal;
    expect(await agent.facts(signal)).toEqual({ model: 'MobA_Sim', androidVersion: '14', width: 1080, height: 2400 });
    expect((await agent.installedApps(signal)).map((a) => a.packageName)).toContain('com.moba.shop');

    const observation = await agent.observe(signal);
    const clock = observation.elements.find((e) => e.text === 'Clock')!;
    const clicked = await agent.execute(
      { name: 'Click', params: { index: clock.index } },
      { observation, resolveApp: async () => ({ packageName: 'x', activity: null }), signal },
    );
    expect(clicked).toMatchObject({ ok: true, error: null });
    expect((await t.rig.phone.focus()).packageName).toBe('com.android.deskclock');

    const asked: string[] = [];
    const opened = await agent.execute(
      { name: 'Open_App', params: { app: 'where I keep my appointments' } },
      {
        observation,
        resolveApp: async (description) => (
          asked.push(description), { packageName: 'com.android.calendar', activity: null }
        ),
        signal,
      },
    );
    expect(opened).toMatchObject({ ok: true, error: null });
    expect(asked).toEqual(['where I keep my appointments']);
    expect((await t.rig.phone.focus()).packageName).toBe('com.android.calendar');

    const bad = await agent.execute(
      { name: 'Click', params: { index: 999 } },
      { observation, resolveApp: async () => ({ packageName: 'x', activity: null }), signal },
    );
    expect(bad).toMatchObject({ ok: false, error: { code: 'ACTION_INVALID' } });
  });
});
