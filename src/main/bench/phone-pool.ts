/**
 * The simulated phones of a benchmark: K phones in this process sharing one headless Chromium
 * (about 140 MB each instead of a browser apiece), each behind its own ADB endpoint on a
 * loopback port and `adb connect`ed to the app's adb server, so agents reach them through the
 * same device layer as any phone. A phone that broke is replaced in place.
 */
import { MobaError, errorMessage } from '../../shared/errors.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { SharedBrowser, SimulatedPhone, SimulatorServer } from '@moba/sim';
import { sharedSimBrowser, startSimPhone } from '../simulators/sim-phones.ts';
import type { StartedSimPhone } from '../simulators/sim-phones.ts';

export interface PoolPhone {
  readonly slot: number;
  serial: string;
  phone: SimulatedPhone;
  server: SimulatorServer;
  extras: Array<{ close(): Promise<void> | void }>;
}

export interface PhonePoolOptions {
  count: number;
  devices: Pick<DeviceService, 'connect' | 'disconnect' | 'waitOnline'>;
  log?: (message: string) => void;
}

export class PhonePool {
  private readonly o: PhonePoolOptions;
  private browser: SharedBrowser | undefined;
  readonly phones: PoolPhone[] = [];
  private closed = false;

  private constructor(options: PhonePoolOptions) {
    this.o = options;
  }

  /**
   * Starts `count` phones (in parallel) and connects them.
   * @throws MobaError BROWSER_MISSING, SIMULATOR_FAILED, CONNECT_FAILED (whatever started is stopped again)
   */
  static async start(options: PhonePoolOptions): Promise<PhonePool> {
    const pool = new PhonePool(options);
    try {
      pool.browser = await sharedSimBrowser();
      await Promise.all(Array.from({ length: options.count }, (_, slot) => pool.startPhone(slot)));
      return pool;
    } catch (error) {
      await pool.close();
      throw error;
    }
  }

  private async startPhone(slot: number): Promise<PoolPhone> {
    let started: StartedSimPhone | undefined;
    try {
      started = await startSimPhone({
        seed: 0,
        browser: this.browser!,
        clockPolicy: { kind: 'frozen' },
        port: 0,
        log: (m, e) => this.o.log?.(`phone ${slot + 1}: ${m}${e instanceof Error ? `: ${e.message}` : ''}`),
      });
      const { phone, server, extras } = started;
      const { serial } = await this.o.devices.connect(server.address);
      await this.o.devices.waitOnline(serial);
      const entry: PoolPhone = { slot, serial, phone, server, extras };
      this.phones[slot] = entry;
      return entry;
    } catch (error) {
      for (const x of started?.extras ?? []) await Promise.resolve(x.close()).catch(() => undefined);
      await started?.server.close().catch(() => undefined);
      await started?.phone.close().catch(() => undefined);
      if (error instanceof MobaError) throw error;
      throw new MobaError('SIMULATOR_FAILED', `Benchmark phone ${slot + 1} did not start: ${errorMessage(error)}`, {
        cause: error,
      });
    }
  }

  /** Replaces the phone in a slot (after an infrastructure error), keeping the shared browser. */
  async replace(slot: number): Promise<PoolPhone> {
    const old = this.phones[slot];
    if (old) await this.stopPhone(old);
    if (this.closed) throw new MobaError('CANCELLED', 'The phone pool is closed');
    return this.startPhone(slot);
  }

  private async stopPhone(p: PoolPhone): Promise<void> {
    await this.o.devices
      .disconnect(p.server.address)
      .catch((e: unknown) => this.o.log?.(`adb disconnect ${p.server.address}: ${errorMessage(e)}`));
    for (const x of p.extras.splice(0)) await Promise.resolve(x.close()).catch(() => undefined);
    await p.server.close().catch(() => undefined);
    await p.phone.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.phones.filter(Boolean).map((p) => this.stopPhone(p)));
    await this.browser?.close();
  }
}
