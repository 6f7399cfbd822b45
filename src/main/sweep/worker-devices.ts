/**
 * The devices a sweep worker drives: simulated phones it starts itself (one shared Chromium),
 * devices already on its adb server, or phones at remote adb endpoints it connects to. Each is
 * a slot that runs one episode at a time; a simulated phone that broke is replaced in place.
 */
import { MobaError, errorMessage } from '../../shared/errors.ts';
import type { DeviceService } from '../device/device-service.ts';
import { PhonePool } from '../bench/phone-pool.ts';
import type { DeviceFarm } from './stf.ts';

export type DeviceSource =
  | { kind: 'phones'; count: number }
  | { kind: 'devices'; serials: string[] }
  | { kind: 'adb'; addresses: string[] }
  /** Leased from a device farm (STF): connected over remote adb, given back on close. */
  | { kind: 'farm'; farm: DeviceFarm; count: number };

export interface WorkerDevices {
  serials(): string[];
  /** After an infrastructure error: a fresh phone in the slot where one can be made. */
  replace(slot: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts or connects the devices.
 * @throws MobaError (simulator, adb or connect failures), with whatever started stopped again
 */
export async function openWorkerDevices(
  source: DeviceSource,
  devices: DeviceService,
  log: (line: string) => void,
): Promise<WorkerDevices> {
  if (source.kind === 'phones') {
    const pool = await PhonePool.start({ count: source.count, devices, log });
    return {
      serials: () => pool.phones.map((p) => p.serial),
      replace: async (slot) => void (await pool.replace(slot)),
      close: () => pool.close(),
    };
  }
  if (source.kind === 'devices') {
    for (const s of source.serials) {
      try {
        await devices.waitOnline(s, { timeoutMs: 5_000 });
      } catch (error) {
        throw new MobaError(
          'DEVICE_NOT_FOUND',
          `Device ${s} is not online on this machine's adb server: ${errorMessage(error)}`,
          { cause: error },
        );
      }
    }
    return { serials: () => [...source.serials], replace: async () => undefined, close: async () => undefined };
  }
  const leases = source.kind === 'farm' ? await source.farm.lease(source.count) : [];
  const release = async () => {
    if (source.kind === 'farm') for (const l of leases) await source.farm.release(l);
  };
  const addresses = source.kind === 'farm' ? leases.map((l) => l.address) : source.addresses;
  if (source.kind === 'farm')
    log(`leased ${leases.map((l) => `${l.serial} (${l.address})`).join(', ')} from the device farm`);
  const serials: string[] = [];
  try {
    for (const a of addresses) serials.push((await devices.connect(a)).serial);
  } catch (error) {
    for (const a of addresses) await devices.disconnect(a).catch(() => undefined);
    await release();
    throw error;
  }
  return {
    serials: () => [...serials],
    replace: async () => undefined,
    close: async () => {
      for (const a of addresses)
        await devices.disconnect(a).catch((e: unknown) => log(`adb disconnect ${a}: ${errorMessage(e)}`));
      await release();
    },
  };
}
