/**
 * The device layer against a real adb server: live tracking (connect, disconnect, server
 * restart), wireless connect errors, facts, and devices that vanish — clear errors, never a hang.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DevicesSnapshot } from '../../src/shared/contract/devices.ts';
import { MobaError } from '../../src/shared/errors.ts';
import { DeviceService } from '../../src/main/device/device-service.ts';
import { FakeDevice } from '@moba/sim';
import { startSimulatorServer } from '@moba/sim';
import { freePort, startAdbServer, waitUntil } from '@moba/testkit/rigs';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';

let rig: PhoneRig;
const services: DeviceService[] = [];

function service(port: number, extra: Partial<ConstructorParameters<typeof DeviceService>[0]> = {}): DeviceService {
  const s = new DeviceService({ adb: { host: '127.0.0.1', port, binary: 'adb' }, autoStartServer: false, ...extra });
  services.push(s);
  return s;
}

async function expectCode(work: Promise<unknown>, codes: string[]): Promise<MobaError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a failure').toBeInstanceOf(MobaError);
  expect(codes).toContain((error as MobaError).code);
  return error as MobaError;
}

beforeAll(async () => {
  // The phone only; every test connects it to an adb server of its own.
  rig = await startPhoneRig({ connect: false });
});
afterEach(async () => {
  for (const s of services.splice(0)) await s.close();
});
afterAll(async () => {
  await rig?.dispose();
});

describe('tracking', () => {
  it('sees a simulated phone connect and disconnect, and follows an adb server restart', async () => {
    const adb = await startAdbServer();
    const s = service(adb.port);
    const seen: DevicesSnapshot[] = [];
    s.onDidChangeDevices((snapshot) => seen.push(snapshot));
    s.startTracking();
    const state = () => seen.at(-1)?.devices.find((d) => d.serial === rig.serial)?.state;
    await waitUntil(() => seen.at(-1)?.server.status === 'connected', 'the tracker to connect');
    expect(state()).toBeUndefined();

    const connected = await s.connect(rig.serial);
    expect(connected).toMatchObject({ serial: rig.serial, state: 'device', transport: 'tcp', model: 'MobA_Sim' });
    await waitUntil(() => state() === 'device', 'the tracker to see the phone');
    expect(seen.at(-1)!.devices.find((d) => d.serial === rig.serial)).toMatchObject({
      product: 'moba_sim',
      model: 'MobA_Sim',
    });

    await s.disconnect(rig.serial);
    await waitUntil(() => state() === undefined, 'the tracker to see the phone go');

    // The server goes away: the tracker says so, then reconnects to a new server on the same port.
    await adb.stop();
    await waitUntil(() => seen.at(-1)?.server.status === 'unavailable', 'the tracker to notice the server is gone');
    expect(seen.at(-1)!.devices).toEqual([]);
    const again = await startAdbServer({ port: adb.port, home: adb.home });
    try {
      await waitUntil(() => seen.at(-1)?.server.status === 'connected', 'the tracker to reconnect', 15_000);
      await again.connectDevice(rig.serial);
      await waitUntil(() => state() === 'device', 'the tracker to see the phone on the new server');
    } finally {
      await s.close();
      await again.dispose();
      await adb.dispose();
    }
  });
});

describe('wireless connect', () => {
  let adb: Awaited<ReturnType<typeof startAdbServer>>;
  beforeAll(async () => {
    adb = await startAdbServer();
  });
  afterAll(async () => {
    await adb?.dispose();
  });

  it('connects, waits until online and gives the facts', async () => {
    const s = service(adb.port);
    const d = await s.connect(rig.serial);
    expect(d.state).toBe('device');
    const facts = await s.facts(rig.serial);
    expect(facts).toMatchObject({
      serial: rig.serial,
      model: 'MobA_Sim',
      manufacturer: 'MobA',
      androidVersion: '14',
      sdk: 34,
      screen: { width: 1080, height: 2400, density: 420 },
      currentApp: { packageName: 'com.android.launcher3', activity: 'com.android.launcher3.Launcher' },
      keyboardShown: false,
      inputMethod: 'com.android.inputmethod.latin/.LatinIME',
      adbKeyboard: { installed: true, enabled: true },
    });
    expect(facts.packages.map((p) => p.packageName)).toEqual(
      expect.arrayContaining(['com.android.deskclock', 'com.android.settings', 'com.moba.railway']),
    );
    // Launch activities come from the launcher query; the home screen and input methods have none.
    const launch = (name: string) => facts.packages.find((p) => p.packageName === name)?.launchActivity;
    expect(launch('com.android.deskclock')).toBe('com.android.deskclock.DeskClock');
    expect(launch('com.moba.railway')).toBe('com.moba.railway.MainActivity');
    expect(launch('com.android.launcher3')).toBeNull();
    expect(launch('com.android.adbkeyboard')).toBeNull();
    await adb.adb(['-s', rig.serial, 'shell', 'am', 'start', '-n', 'com.android.deskclock/.DeskClock']);
    expect((await s.facts(rig.serial)).currentApp?.packageName).toBe('com.android.deskclock');
    await s.disconnect(rig.serial);
  });

  it('says why a connect failed: refused, unknown host, nothing to disconnect', async () => {
    const s = service(adb.port);
    const closed = await freePort();
    const refused = await expectCode(s.connect(`127.0.0.1:${closed}`), ['CONNECT_FAILED']);
    expect(refused.message).toMatch(/refused.*wireless debugging/);
    const unknown = await expectCode(s.connect('no-such-phone.invalid:5555'), ['CONNECT_FAILED']);
    expect(unknown.message).toMatch(/does not resolve/);
    await expectCode(s.disconnect(`127.0.0.1:${closed}`), ['DEVICE_NOT_FOUND']);
    await expectCode(s.connect('not an address'), ['INVALID_INPUT']);
  });

  it('reports an unreachable adb server, and never starts one on a privileged or remote port', async () => {
    const started = Date.now();
    await expectCode(service(await freePort()).list(), ['ADB_UNAVAILABLE']);
    await expectCode(service(9, { autoStartServer: true }).list(), ['ADB_UNAVAILABLE']);
    expect(Date.now() - started).toBeLessThan(6_000);
  });

  it('starts a local adb server when none runs (with adb.binary)', async () => {
    const port = await freePort();
    const home = mkdtempSync(join(tmpdir(), 'moba-adb-auto-'));
    const s = service(port, {
      autoStartServer: true,
      serverEnv: { ...process.env, HOME: home, ANDROID_USER_HOME: join(home, '.android') },
    });
    try {
      expect(await s.list()).toEqual([]);
      expect(await s.server.version()).toBeGreaterThan(30);
    } finally {
      await startAdbServerKill(port, home);
      rmSync(home, { recursive: true, force: true });
    }
  });
});

/** Stops a server we did not start ourselves (the auto-started one). */
async function startAdbServerKill(port: number, home: string): Promise<void> {
  const { execFile } = await import('node:child_process');
  await new Promise<void>((resolve) =>
    execFile('adb', ['-P', String(port), 'kill-server'], { env: { ...process.env, HOME: home }, timeout: 10_000 }, () =>
      resolve(),
    ),
  );
}

describe('vanishing devices', () => {
  it('a phone that goes away gives DEVICE_OFFLINE or DEVICE_NOT_FOUND, not a hang', async () => {
    const adb = await startAdbServer();
    const fake = new FakeDevice({ serial: 'vanish-1' });
    const sim = await startSimulatorServer({ device: fake, port: 0 });
    try {
      const s = service(adb.port);
      await s.connect(sim.address);
      const d = s.device(sim.address);
      expect((await d.shell('echo hi')).trim()).toBe('hi');
      await sim.close();
      // Each call ends with an answer (a hang would run into the test's time limit).
      await expectCode(d.shell('echo hi'), ['DEVICE_OFFLINE', 'DEVICE_NOT_FOUND']);
      await expectCode(d.screencap(), ['DEVICE_OFFLINE', 'DEVICE_NOT_FOUND']);
      await expectCode(s.onlineDevice(sim.address), ['DEVICE_OFFLINE', 'DEVICE_NOT_FOUND']);
      await s.disconnect(sim.address);
      const gone = await expectCode(d.shell('echo hi'), ['DEVICE_NOT_FOUND']);
      expect(gone.message).toContain(sim.address);
    } finally {
      await sim.close();
      await fake.close();
      await adb.dispose();
    }
  });

  it('a command that does not answer times out and its stream is closed', async () => {
    const adb = await startAdbServer();
    const fake = new FakeDevice({ serial: 'slow-1' });
    const sim = await startSimulatorServer({ device: fake, port: 0 });
    try {
      const s = service(adb.port);
      await s.connect(sim.address);
      const d = s.device(sim.address);
      const started = Date.now();
      await expectCode(d.shell('sleep 30', { timeoutMs: 500 }), ['TIMEOUT']);
      expect(Date.now() - started).toBeLessThan(15_000); // not the 30 s command
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      await expectCode(d.shell('sleep 30', { signal: controller.signal }), ['CANCELLED']);
      // The device is still usable afterwards.
      expect((await d.shell('echo still here')).trim()).toBe('still here');
      await s.disconnect(sim.address);
    } finally {
      await sim.close();
      await fake.close();
      await adb.dispose();
    }
  });
});
