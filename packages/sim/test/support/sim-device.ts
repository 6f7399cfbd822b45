/**
 * The SimulatedDevice the ADB-side tests run against: the small in-memory FakeDevice by
 * default, the real Chromium phone with MOBA_SIM_DEVICE=phone. Tests only use the
 * SimulatedDevice interface, so both must pass.
 */
import { FakeDevice, createSimulatedPhone } from '../../src/index.ts';
import type { SimulatedDevice } from '../../src/index.ts';

export const USING_REAL_PHONE = process.env.MOBA_SIM_DEVICE === 'phone';

export async function createTestDevice(options: { serial: string }): Promise<SimulatedDevice> {
  if (!USING_REAL_PHONE) return new FakeDevice({ serial: options.serial });
  return createSimulatedPhone({ serial: options.serial });
}
