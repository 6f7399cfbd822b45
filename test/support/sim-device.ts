/**
 * The SimulatedDevice the ADB-side tests run against: the small in-memory FakeDevice by
 * default, the real Chromium phone with MOBA_SIM_DEVICE=phone. Tests only use the
 * SimulatedDevice interface, so both must pass.
 */
import type { SimulatedDevice } from '../../src/simulator/device.ts';
import { FakeDevice } from '../../src/simulator/fake-device.ts';

export const USING_REAL_PHONE = process.env.MOBA_SIM_DEVICE === 'phone';

export async function createTestDevice(options: { serial: string }): Promise<SimulatedDevice> {
  if (!USING_REAL_PHONE) return new FakeDevice({ serial: options.serial });
  // Imported by a computed path so this helper compiles before the phone module exists.
  const phoneModule = '../../src/simulator/phone/index.ts';
  const { createSimulatedPhone } = (await import(phoneModule)) as { createSimulatedPhone(o: { serial?: string }): Promise<SimulatedDevice> };
  return createSimulatedPhone({ serial: options.serial });
}
