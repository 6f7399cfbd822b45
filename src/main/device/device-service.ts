/**
 * The devices of one adb server: a live list (tracked, with the server's reachability),
 * wireless connect/disconnect, per-device handles and facts. Settings changes (adb.host/port/
 * binary) take effect at once; the environment or the CLI may pin the address instead.
 */
import type { DeviceFacts, DeviceSummary, DevicesSnapshot } from '../../shared/contract/devices.ts';
import { MobaError, deviceProblem, deviceStateError, isCancelled, serializeError } from '../../shared/errors.ts';
import type { AdbSettings } from '../../shared/schemas/settings.ts';
import { Emitter } from '@moba/base';
import type { Event } from '@moba/base';
import { AdbClient, AdbFailure, connectFailure, formatAddress, parseAdbAddress } from '../adb/index.ts';
import type { AdbAddress } from '../adb/index.ts';
import { AndroidDevice, DEFAULT_TIMEOUTS } from './android-device.ts';
import type { CallOptions, DeviceTimeouts } from './android-device.ts';
import { pollUntil } from '@moba/base';
import { collectFacts, collectStaticFacts } from './device-facts.ts';
import type { StaticFacts } from './device-facts.ts';
import { normaliseState, parseDeviceSummaries, transportOf } from './device-list.ts';
import { DeviceTracker } from './device-tracker.ts';
import { AdbInput } from './input/adb-input.ts';
import type { DeviceInput } from './input/device-input.ts';
import { DeviceInputs } from './input/device-inputs.ts';
import type { TrackerUpdate } from './device-tracker.ts';

export interface DeviceServiceOptions {
  adb: AdbSettings;
  /** Wins over `adb.host/port` (from `--adb` or ADB_SERVER_SOCKET). */
  addressOverride?: AdbAddress | undefined;
  /** Start a local server when none runs (default true; see AdbClient for when it applies). */
  autoStartServer?: boolean;
  /** Environment of an adb server started by us (default: this process's). */
  serverEnv?: NodeJS.ProcessEnv;
  timeouts?: Partial<DeviceTimeouts>;
  /** How long static facts (model, screen, packages) are reused. Default 60 s. */
  factsTtlMs?: number;
}

/** Wireless debugging's default port, used when an address has none. */
export const WIRELESS_PORT = 5555;

export class DeviceService {
  readonly timeouts: DeviceTimeouts;
  private readonly options: DeviceServiceOptions;
  private readonly changeEmitter = new Emitter<DevicesSnapshot>();
  /** Fires when the device list or the server's reachability changes (after tracking started). */
  readonly onDidChangeDevices: Event<DevicesSnapshot> = this.changeEmitter.event;
  private adbServer: AdbClient;
  private tracker: DeviceTracker | undefined;
  private current: DevicesSnapshot;
  private updates: Promise<void> = Promise.resolve();
  private readonly handles = new Map<string, AndroidDevice>();
  private readonly staticFacts = new Map<string, { at: number; facts: Promise<StaticFacts> }>();
  private disposed = false;

  constructor(options: DeviceServiceOptions) {
    this.options = options;
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.adbServer = this.makeServer(options.adb);
    this.current = { server: { ...this.adbServer.address, status: 'idle' }, devices: [] };
  }

  /** The adb client of the server this service talks to now (changes with the settings). */
  get server(): AdbClient {
    return this.adbServer;
  }

  /** The last known list (empty and 'idle' until tracking started or a list was fetched). */
  snapshot(): DevicesSnapshot {
    return this.current;
  }

  /** Applies new adb settings; a changed address drops handles and restarts tracking. */
  configure(adb: AdbSettings): void {
    this.options.adb = adb;
    const next = this.makeServer(adb);
    const prev = this.adbServer;
    if (formatAddress(next.address) === formatAddress(prev.address) && next.binary === prev.binary) return;
    this.adbServer = next;
    this.handles.clear();
    this.staticFacts.clear();
    const wasTracking = this.tracker !== undefined;
    void this.stopTracking();
    this.publish({ server: { ...next.address, status: 'idle' }, devices: [] });
    if (wasTracking) this.startTracking();
  }

  /** Starts following the server's device list (idempotent). Updates arrive on {@link onDidChangeDevices}. */
  startTracking(): void {
    if (this.tracker || this.disposed) return;
    const server = this.adbServer;
    this.tracker = new DeviceTracker({ server, onUpdate: (u) => this.onTrackerUpdate(server, u) });
    this.tracker.start();
  }

  private async stopTracking(): Promise<void> {
    const t = this.tracker;
    this.tracker = undefined;
    await t?.close();
  }

  /**
   * The server's devices now (`adb devices -l`), starting a local server when allowed.
   *
   * @throws MobaError ADB_UNAVAILABLE, TIMEOUT, CANCELLED
   */
  async list(options: CallOptions = {}): Promise<DeviceSummary[]> {
    const text = await this.adbServer.hostQuery('host:devices-l', {
      timeoutMs: options.timeoutMs ?? this.timeouts.hostMs,
      signal: options.signal,
    });
    return parseDeviceSummaries(text);
  }

  /** A handle for one serial; its calls fail with DEVICE_NOT_FOUND if the device is not there. */
  device(serial: string): AndroidDevice {
    let d = this.handles.get(serial);
    if (!d) {
      d = new AndroidDevice({ adb: this.adbServer, serial, timeouts: this.timeouts });
      this.handles.set(serial, d);
    }
    return d;
  }

  /**
   * The devices' input router: `adb shell input` unless a faster way (the mirror's scrcpy
   * control socket) is registered for a device; one input at a time per device.
   */
  readonly inputs = new DeviceInputs((serial) => new AdbInput(this.device(serial)));

  /** The device's input port (taps, keys, text), routed and queued by {@link inputs}. */
  input(serial: string): DeviceInput {
    return this.inputs.port(serial);
  }

  /**
   * A device that is online, ready for commands.
   *
   * @throws MobaError DEVICE_NOT_FOUND, DEVICE_OFFLINE, DEVICE_UNAUTHORIZED, ADB_UNAVAILABLE
   */
  async onlineDevice(serial: string, options: CallOptions = {}): Promise<AndroidDevice> {
    const d = this.device(serial);
    const state = await d.state(options);
    if (state === 'device') return d;
    throw deviceStateError(serial, state);
  }

  /**
   * Model, Android version, screen, apps, foreground app, keyboard and ADB Keyboard state.
   * Static parts are cached for `factsTtlMs` unless `refresh`.
   */
  async facts(serial: string, options: CallOptions & { refresh?: boolean } = {}): Promise<DeviceFacts> {
    const device = await this.onlineDevice(serial, options);
    const ttl = this.options.factsTtlMs ?? 60_000;
    let cached = this.staticFacts.get(serial);
    if (!cached || options.refresh || Date.now() - cached.at > ttl) {
      const facts = collectStaticFacts(device, options);
      cached = { at: Date.now(), facts };
      this.staticFacts.set(serial, cached);
      facts.catch(() => this.staticFacts.delete(serial));
    }
    return collectFacts(device, await cached.facts, options);
  }

  /**
   * `adb connect HOST[:PORT]` (port 5555 by default), then waits until the device is online.
   *
   * @returns the connected device
   * @throws MobaError CONNECT_FAILED (refused, unreachable, unknown host — with what to check),
   *   DEVICE_UNAUTHORIZED (accept the prompt on the phone), DEVICE_OFFLINE, ADB_UNAVAILABLE, CANCELLED
   */
  async connect(addressText: string, options: CallOptions = {}): Promise<DeviceSummary> {
    const address = parseAdbAddress(addressText, WIRELESS_PORT);
    const serial = formatAddress(address);
    try {
      await this.adbServer.connect(address.host, address.port, {
        timeoutMs: options.timeoutMs ?? this.timeouts.connectMs,
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof AdbFailure) throw connectFailure(serial, error.reply);
      if (error instanceof MobaError && error.code === 'TIMEOUT') {
        // adb keeps a half-made connection as an offline device and retries it; drop it.
        await this.adbServer
          .disconnect(address.host, address.port, { timeoutMs: this.timeouts.hostMs })
          .catch(() => undefined);
        throw new MobaError(
          'CONNECT_FAILED',
          `Connecting to ${serial} took too long: is the phone on and on the same network?`,
          { cause: error },
        );
      }
      throw error;
    }
    return this.waitOnline(serial, options);
  }

  /**
   * `adb disconnect HOST[:PORT]`.
   *
   * @throws MobaError DEVICE_NOT_FOUND when no such connection exists
   */
  async disconnect(addressText: string, options: CallOptions = {}): Promise<string> {
    const address = parseAdbAddress(addressText, WIRELESS_PORT);
    const serial = formatAddress(address);
    // One deadline for the request and the wait after it.
    const until = Date.now() + (options.timeoutMs ?? this.timeouts.hostMs);
    try {
      await this.adbServer.disconnect(address.host, address.port, {
        timeoutMs: until - Date.now(),
        signal: options.signal,
      });
    } catch (error) {
      if (error instanceof AdbFailure)
        throw new MobaError('DEVICE_NOT_FOUND', `No wireless connection to ${serial} (adb: ${error.reply.trim()}).`);
      throw error;
    }
    this.handles.delete(serial);
    this.staticFacts.delete(serial);
    await this.waitUnlisted(serial, until, options.signal);
    return serial;
  }

  /**
   * The adb server drops a disconnected transport on its own thread, so for a moment after
   * `host:disconnect` answers it may still list the device (as `offline`). Waits, bounded, until
   * the list no longer has `serial`, so that once `disconnect` resolves the device is gone for
   * every caller (a command then fails with DEVICE_NOT_FOUND, not DEVICE_OFFLINE). At `until` it
   * returns anyway, and so it does when the list cannot be read: the disconnect itself was
   * accepted. `signal` ends it with CANCELLED.
   */
  private async waitUnlisted(serial: string, until: number, signal: AbortSignal | undefined): Promise<void> {
    await pollUntil(
      () =>
        this.list({ timeoutMs: Math.max(1, until - Date.now()), signal }).then(
          (devices) => devices.some((d) => d.serial === serial),
          (error: unknown) => {
            if (isCancelled(error)) throw error;
            return false;
          },
        ),
      (listed) => !listed,
      { withinMs: until - Date.now(), everyMs: 25, signal },
    );
  }

  /**
   * Polls the list until `serial` is `device`.
   *
   * @throws MobaError DEVICE_UNAUTHORIZED / DEVICE_OFFLINE / CONNECT_FAILED (vanished) on timeout
   */
  async waitOnline(serial: string, options: CallOptions = {}): Promise<DeviceSummary> {
    const last = await pollUntil(
      async () => (await this.list(options)).find((d) => d.serial === serial),
      (d) => d?.state === 'device',
      { withinMs: options.timeoutMs ?? this.timeouts.onlineMs, everyMs: 200, signal: options.signal },
    );
    if (last?.state === 'device') return last;
    if (!last)
      throw new MobaError('CONNECT_FAILED', `${serial} connected and then went away: is wireless debugging still on?`);
    if (deviceProblem(last.state) === 'DEVICE_UNAUTHORIZED')
      throw new MobaError(
        'DEVICE_UNAUTHORIZED',
        `${serial} is connected but not authorised: accept the "Allow debugging?" prompt on the phone, then connect again.`,
      );
    throw new MobaError(
      'DEVICE_OFFLINE',
      `${serial} is connected but stayed ${last.state}: toggle wireless debugging on the phone and connect again.`,
    );
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    void this.stopTracking();
    this.changeEmitter.dispose();
    this.handles.clear();
  }

  /** Disposes and waits until the tracking stream is closed (tests use this). */
  async close(): Promise<void> {
    const t = this.tracker;
    this.dispose();
    await t?.close();
  }

  private makeServer(adb: AdbSettings): AdbClient {
    const address = this.options.addressOverride ?? { host: adb.host, port: adb.port };
    return new AdbClient({
      address,
      binary: adb.binary,
      autoStart: this.options.autoStartServer ?? true,
      hostTimeoutMs: this.timeouts.hostMs,
      deviceTimeoutMs: this.timeouts.shellMs,
      ...(this.options.serverEnv ? { serverEnv: this.options.serverEnv } : {}),
    });
  }

  private onTrackerUpdate(server: AdbClient, update: TrackerUpdate): void {
    // Details (model, transport id) need `devices -l`; updates are applied in order.
    this.updates = this.updates.then(async () => {
      if (server !== this.adbServer || this.disposed) return;
      if (update.status === 'unavailable') {
        this.publish({ server: { ...server.address, status: 'unavailable', error: update.error }, devices: [] });
        return;
      }
      let devices: DeviceSummary[];
      try {
        devices = await this.list();
      } catch {
        devices = update.devices.map((d) => ({
          serial: d.serial,
          state: normaliseState(d.state),
          transport: transportOf(d.serial, undefined),
          product: null,
          model: null,
          device: null,
          transportId: null,
        }));
      }
      if (server !== this.adbServer || this.disposed) return;
      // The push is authoritative about which serials exist; `devices -l` may already be newer.
      const known = new Set(update.devices.map((d) => d.serial));
      const merged = devices.filter((d) => known.has(d.serial));
      for (const gone of [...this.handles.keys()]) if (!known.has(gone)) this.handles.delete(gone);
      this.publish({ server: { ...server.address, status: 'connected' }, devices: merged });
    });
    this.updates.catch((error: unknown) =>
      console.error('[moba] device list update failed:', serializeError(error).message),
    );
  }

  private publish(next: DevicesSnapshot): void {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    this.changeEmitter.fire(next);
  }
}
