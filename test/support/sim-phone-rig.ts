/**
 * A private adb server with one real simulated phone (Chromium-rendered apps) connected to
 * it over ADB-over-TCP — what device-layer tests act on. `dispose()` closes all of it.
 */
import { createSimulatedPhone } from '@moba/sim';
import type { SimulatedPhone } from '@moba/sim';
import { startSimulatorServer } from '@moba/sim';
import type { SimulatorServer } from '@moba/sim';
import { startAdbServer } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';

export interface PhoneRig {
  adb: PrivateAdbServer;
  phone: SimulatedPhone;
  sim: SimulatorServer;
  /** The phone's serial on the adb server (`127.0.0.1:<port>`). */
  serial: string;
  /** `adb shell sim-state <pkg>` parsed. */
  simState<T = Record<string, unknown>>(packageName?: string): Promise<T>;
  dispose(): Promise<void>;
}

export async function startPhoneRig(options: { seed?: number; connect?: boolean } = {}): Promise<PhoneRig> {
  const adb = await startAdbServer();
  let phone: SimulatedPhone | undefined;
  let sim: SimulatorServer | undefined;
  const dispose = async () => {
    await sim?.close();
    await phone?.close();
    await adb.dispose();
  };
  try {
    phone = await createSimulatedPhone({ seed: options.seed ?? 1 });
    sim = await startSimulatorServer({ device: phone, port: 0 });
    if (options.connect !== false) await adb.connectDevice(sim.address);
  } catch (error) {
    await dispose();
    throw error;
  }
  const serial = sim.address;
  return {
    adb,
    phone,
    sim,
    serial,
    async simState<T>(packageName?: string): Promise<T> {
      const r = await adb.adb(['-s', serial, 'shell', 'sim-state', ...(packageName ? [packageName] : [])]);
      if (r.code !== 0) throw new Error(`sim-state failed (${r.code}): ${r.stderr}`);
      return JSON.parse(r.stdout.toString('utf8')) as T;
    },
    dispose,
  };
}
