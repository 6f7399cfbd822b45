/**
 * The device layer on a real simulated phone behind a private adb server, for a test file:
 * registers the Vitest hooks that start it before the file's tests and dispose of it after.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { DeviceService } from '../../src/main/device/device-service.ts';
import { Observer } from '../../src/main/device/observe.ts';
import { startPhoneRig } from './sim-phone-rig.ts';
import type { PhoneRig } from './sim-phone-rig.ts';

export interface DeviceRig {
  rig: PhoneRig;
  devices: DeviceService;
  /** Keeps nothing on disk (no artifact store). */
  observer: Observer;
}

/** @param options.resetBeforeEach puts the phone back to its first state before every test */
export function useDeviceRig(options: { resetBeforeEach?: boolean } = {}): DeviceRig {
  const t = {} as DeviceRig;
  beforeAll(async () => {
    t.rig = await startPhoneRig();
    t.devices = new DeviceService({
      adb: { host: '127.0.0.1', port: t.rig.adb.port, binary: 'adb' },
      autoStartServer: false,
    });
    t.observer = new Observer({ devices: t.devices, artifacts: null });
  });
  afterAll(async () => {
    await t.observer?.dispose();
    await t.devices?.close();
    await t.rig?.dispose();
  });
  if (options.resetBeforeEach) {
    beforeEach(async () => {
      await t.rig.phone.reset();
    });
  }
  return t;
}
