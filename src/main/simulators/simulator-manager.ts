/**
 * Simulated phones started from the UI (Devices panel): each is a Chromium-rendered phone
 * behind an ADB endpoint on a loopback port, with the scrcpy impersonation installed, and is
 * `adb connect`ed to the app's adb server so it shows up like any wireless phone. The app
 * owns them: `dispose()` stops every one (disconnects, closes the endpoint, the phone and its
 * browser).
 */
import { MobaError, errorMessage } from '../../shared/errors.ts';
import type { SimulatorInfo } from '../../shared/contract/simulators.ts';
import type { SimulatedDevice, SimulatorServer } from '@moba/sim';
import { Emitter } from '@moba/base';
import { startSimPhone } from './sim-phones.ts';
import type { Disposable } from '@moba/base';

/** What the manager needs from the device layer (DeviceService fits). */
export interface SimulatorAdb {
  connect(address: string, options?: { signal?: AbortSignal }): Promise<{ serial: string }>;
  disconnect(address: string, options?: { signal?: AbortSignal }): Promise<string>;
}

/** How a phone and its endpoint are made; the default loads the real simulator on demand. */
export interface SimulatorFactory {
  start(options: {
    seed: number;
    port: number;
  }): Promise<{ server: SimulatorServer; device: SimulatedDevice; extras: Array<{ close(): Promise<void> | void }> }>;
}

interface Entry {
  info: SimulatorInfo;
  server?: SimulatorServer;
  device?: SimulatedDevice;
  extras: Array<{ close(): Promise<void> | void }>;
}

export const realSimulatorFactory: SimulatorFactory = {
  async start({ seed, port }) {
    const { phone, server, extras } = await startSimPhone({
      seed,
      port,
      log: (m, e) => console.warn(`[moba sim] ${m}${e instanceof Error ? `: ${e.message}` : ''}`),
    });
    return { server, device: phone, extras };
  },
};

export interface SimulatorManagerOptions {
  adb: SimulatorAdb;
  factory?: SimulatorFactory;
  now?: () => number;
  /** Phones (starting or running) at once; default {@link DEFAULT_MAX_SIMULATORS}. */
  maxPhones?: number;
}

/** Each phone is a Chromium with its apps (140–360 MB) and a share of the CPU: a contract call must not start them without end. */
export const DEFAULT_MAX_SIMULATORS = 4;

export class SimulatorManager implements Disposable {
  private readonly o: SimulatorManagerOptions;
  private readonly entries = new Map<string, Entry>();
  private readonly onDidChangeEmitter = new Emitter<SimulatorInfo[]>();
  /** Fires with the full list whenever a phone starts, stops or fails. */
  readonly onDidChange = this.onDidChangeEmitter.event;
  private nextKey = 1;

  constructor(options: SimulatorManagerOptions) {
    this.o = options;
  }

  list(): SimulatorInfo[] {
    return [...this.entries.values()].map((e) => ({ ...e.info }));
  }

  private changed(): void {
    this.onDidChangeEmitter.fire(this.list());
  }

  /**
   * Starts a simulated phone and connects it to the adb server.
   * @param options.port 0 (default) picks a free port
   * @throws MobaError CONFLICT (as many phones as allowed already), BROWSER_MISSING, SIMULATOR_FAILED,
   *   CONNECT_FAILED (the phone is stopped again)
   */
  async start(options: { seed?: number; port?: number } = {}, signal?: AbortSignal): Promise<SimulatorInfo> {
    const max = this.o.maxPhones ?? DEFAULT_MAX_SIMULATORS;
    if (this.entries.size >= max) {
      throw new MobaError(
        'CONFLICT',
        `At most ${max} simulated phone${max === 1 ? '' : 's'} may run at once (each is a Chromium of 140–360 MB); stop one first. MOBA_MAX_SIMULATORS on the host changes the limit.`,
      );
    }
    const key = `sim-${this.nextKey++}`;
    const seed = options.seed ?? 1;
    const entry: Entry = {
      info: {
        id: key,
        address: null,
        serial: null,
        seed,
        state: 'starting',
        startedAt: (this.o.now ?? Date.now)(),
        error: null,
      },
      extras: [],
    };
    this.entries.set(key, entry);
    this.changed();
    try {
      const started = await (this.o.factory ?? realSimulatorFactory).start({ seed, port: options.port ?? 0 });
      entry.server = started.server;
      entry.device = started.device;
      entry.extras = started.extras;
      entry.info = { ...entry.info, address: started.server.address, serial: started.server.address };
      if (!this.entries.has(key)) throw new MobaError('CANCELLED', 'The simulated phone was stopped while starting');
      const summary = await this.o.adb.connect(started.server.address, signal ? { signal } : {});
      entry.info = { ...entry.info, serial: summary.serial, state: 'running' };
      this.changed();
      return { ...entry.info };
    } catch (error) {
      const message = errorMessage(error);
      await this.teardown(entry).catch((e: unknown) =>
        console.error(`[moba] stopping a failed simulated phone: ${errorMessage(e)}`),
      );
      this.entries.delete(key);
      this.changed();
      if (error instanceof MobaError) throw error;
      throw new MobaError('SIMULATOR_FAILED', `The simulated phone did not start: ${message}`, { cause: error });
    }
  }

  /**
   * Disconnects and stops one phone (by id, address or serial).
   * @returns false when there is no such phone
   */
  async stop(idOrAddress: string): Promise<boolean> {
    const entry = [...this.entries.values()].find(
      (e) => e.info.id === idOrAddress || e.info.address === idOrAddress || e.info.serial === idOrAddress,
    );
    if (!entry) return false;
    entry.info = { ...entry.info, state: 'stopping' };
    this.changed();
    try {
      if (entry.info.address)
        await this.o.adb
          .disconnect(entry.info.address)
          .catch((e: unknown) => console.warn(`[moba] adb disconnect ${entry.info.address}: ${errorMessage(e)}`));
      await this.teardown(entry);
    } finally {
      this.entries.delete(entry.info.id);
      this.changed();
    }
    return true;
  }

  private async teardown(entry: Entry): Promise<void> {
    for (const x of entry.extras.splice(0)) await x.close();
    await entry.server?.close();
    await entry.device?.close();
    entry.server = undefined;
    entry.device = undefined;
  }

  /** Stops every phone. */
  async close(): Promise<void> {
    await Promise.all(
      [...this.entries.values()].map((e) =>
        this.stop(e.info.id).catch((error: unknown) =>
          console.error(`[moba] stopping ${e.info.id}: ${errorMessage(error)}`),
        ),
      ),
    );
  }

  dispose(): void {
    void this.close();
  }
}
