/**
 * The Devices panel's contract through the real web host: list with facts, connect and
 * disconnect with `didChangeDevices` events, observe, act — and malformed input rejected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionResult, DeviceListEntry, DevicesSnapshot } from '../../src/shared/contract/devices.ts';
import type { Observation } from '../../src/shared/schemas/perception.ts';
import { waitUntil } from '@moba/testkit/rigs';
import { WsTestClient, startTestHost } from '../support/host.ts';
import type { TestHost } from '../support/host.ts';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';

let rig: PhoneRig;
let t: TestHost;
let client: WsTestClient;

async function call<T>(method: string, input?: unknown): Promise<T> {
  const reply = await client.call(method, input, 60_000);
  if (!reply.ok) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
  return reply.result as T;
}

beforeAll(async () => {
  rig = await startPhoneRig();
  t = await startTestHost({ env: { MOBA_ADB_AUTOSTART: '0' } });
  t.app.settings.update({ adb: { host: '127.0.0.1', port: rig.adb.port } });
  client = await WsTestClient.connect(t.host);
});
afterAll(async () => {
  client?.close();
  await t?.dispose();
  await rig?.dispose();
});

const snapshots = () =>
  client.events.filter((e) => e.event === 'didChangeDevices').map((e) => e.payload as DevicesSnapshot);

describe('devices contract', () => {
  it('lists the phone with its facts and starts pushing changes', async () => {
    const r = await call<{ server: { status: string; port: number }; devices: DeviceListEntry[] }>('listDevices', {
      facts: true,
    });
    expect(r.server).toMatchObject({ status: 'connected', port: rig.adb.port });
    expect(r.devices).toHaveLength(1);
    expect(r.devices[0]).toMatchObject({
      serial: rig.serial,
      state: 'device',
      transport: 'tcp',
      facts: {
        model: 'MobA_Sim',
        androidVersion: '14',
        screen: { width: 1080, height: 2400, density: 420 },
        adbKeyboard: { installed: true },
      },
    });
    await waitUntil(
      () => snapshots().some((s) => s.devices.some((d) => d.serial === rig.serial)),
      'a didChangeDevices event with the phone',
    );
  });

  it('disconnect and connect show up as didChangeDevices events', async () => {
    await call('disconnectDevice', { address: rig.serial });
    await waitUntil(() => snapshots().at(-1)?.devices.length === 0, 'the phone to disappear from the pushed list');
    const d = await call<{ serial: string; state: string }>('connectDevice', { address: rig.serial });
    expect(d).toMatchObject({ serial: rig.serial, state: 'device' });
    await waitUntil(
      () =>
        snapshots()
          .at(-1)
          ?.devices.some((x) => x.serial === rig.serial && x.state === 'device') === true,
      'the phone to come back',
    );
  });

  it('observes, then acts on an element of that observation', async () => {
    await rig.phone.reset();
    const o = await call<Observation>('observeDevice', { serial: rig.serial, ocr: false });
    expect(o).toMatchObject({ serial: rig.serial, elementsFrom: 'xml', screen: { width: 1080, height: 2400 } });
    expect(t.app.artifacts.has(o.screenshot!.sha256)).toBe(true);
    const settings = o.elements.find((e) => e.text === 'Settings')!;
    const r = await call<ActionResult>('executeAction', {
      serial: rig.serial,
      action: { name: 'Click', params: { index: settings.index } },
    });
    expect(r).toMatchObject({ ok: true, action: `Click(${settings.index})` });
    expect((await rig.phone.focus()).packageName).toBe('com.android.settings');
    const facts = await call<{ currentApp: { packageName: string } }>('getDeviceFacts', { serial: rig.serial });
    expect(facts.currentApp.packageName).toBe('com.android.settings');
  });

  it('reports action failures as results and rejects malformed input', async () => {
    const r = await call<ActionResult>('executeAction', {
      serial: rig.serial,
      action: { name: 'Click', params: { index: 4321 } },
      elements: [],
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'ACTION_INVALID' } });
    const gone = await call<ActionResult>('executeAction', {
      serial: '127.0.0.1:1',
      action: { name: 'Home', params: {} },
    });
    expect(gone).toMatchObject({ ok: false, error: { code: 'DEVICE_NOT_FOUND' } });
    for (const [method, input] of [
      ['observeDevice', { serial: 'a b; rm -rf /' }],
      ['connectDevice', { address: '127.0.0.1:5555; reboot' }],
      ['executeAction', { serial: rig.serial, action: { name: 'Click', params: { index: 'x' } } }],
      ['executeAction', { serial: rig.serial, action: { name: 'Reboot', params: {} } }],
    ] as const) {
      const reply = await client.call(method, input);
      expect(reply, `${method} ${JSON.stringify(input)}`).toMatchObject({
        ok: false,
        error: { code: 'INVALID_INPUT' },
      });
    }
  });

  it('follows settings: a closed adb port makes the server unavailable', async () => {
    t.app.settings.update({ adb: { port: 9 } });
    const r = await call<{ server: { status: string; error?: string }; devices: unknown[] }>('listDevices', {});
    expect(r).toMatchObject({ server: { status: 'unavailable' }, devices: [] });
    expect(r.server.error).toContain('No adb server at 127.0.0.1:9');
    await waitUntil(() => snapshots().at(-1)?.server.status !== 'connected', 'the pushed status to leave "connected"');
    t.app.settings.update({ adb: { port: rig.adb.port } });
    await waitUntil(() => snapshots().at(-1)?.server.status === 'connected', 'tracking to resume on the restored port');
  });
});
