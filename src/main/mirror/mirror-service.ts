/**
 * The live mirrors of all devices: one stream per device however many windows watch it.
 * A window subscribes with `start` (getting a binary channel), leaves with `stop` or by
 * closing; the stream stops when its last viewer leaves. While a mirror runs, the agent's
 * screenshots come from it (`captureFrame`), so the model, the overlay and the person see
 * the same moment.
 */
import type {
  MirrorInfo,
  MirrorInputParsed,
  MirrorStateEvent,
  StartMirrorResult,
} from '../../shared/contract/mirror.ts';
import { MobaError } from '../../shared/errors.ts';
import type { MirrorSettings } from '../../shared/schemas/settings.ts';
import type { Disposable } from '@moba/base';
import { Emitter } from '@moba/base';
import type { Event } from '@moba/base';
import { DeviceMirror } from './device-mirror.ts';
import type { MirrorDevice, StreamSettings } from './device-mirror.ts';
import { findScrcpyServer } from './scrcpy-server-file.ts';
import { AdbInput } from '../device/input/adb-input.ts';
import { DeviceInputs } from '../device/input/device-inputs.ts';
import { performMirrorInput } from '../device/input/mirror-input.ts';

/** A window (Electron or browser tab) that can receive binary frames. */
export interface MirrorViewerConnection {
  readonly id: string;
  sendBinary(channel: number, data: Uint8Array): boolean;
  readonly onDidClose: (listener: () => void) => Disposable;
}

export interface MirrorServiceOptions {
  /** The device layer's handle for a serial. */
  device(serial: string): MirrorDevice;
  /**
   * The devices' input router: a running scrcpy session registers its control socket there,
   * so the agent's actions take it too. The app passes the device layer's; default a router
   * of this service's own (adb input through `device`).
   */
  inputs?: DeviceInputs;
  mirrorSettings(): MirrorSettings;
  /** The app's resources folder (where `scrcpy-server` may be put). */
  resourcesDir: string;
  /** Where an installed scrcpy keeps its server; default the usual install paths. */
  installedServerCandidates?: string[];
  env?: NodeJS.ProcessEnv;
  ffmpegPath?: string;
  screenshotIntervalMs?: number;
  /**
   * A file pushed to MobA's simulated phone when no scrcpy server file is configured or
   * found: the simulated phone impersonates scrcpy-server and never runs what it is given.
   */
  simulatorStandIn?: string;
  log?: (message: string, error?: unknown) => void;
}

interface Entry {
  mirror: DeviceMirror;
  ready: Promise<MirrorInfo>;
  /** Connection subscriptions to dispose when the mirror stops. */
  closeSubs: Map<string, Disposable>;
  /** The control socket's registration as the device's input port. */
  control: Disposable;
}

export class MirrorService implements Disposable {
  private readonly o: MirrorServiceOptions;
  private readonly mirrors = new Map<string, Entry>();
  private readonly channels = new Map<string, number>();
  private nextChannel = 1;
  private readonly stateEmitter = new Emitter<MirrorStateEvent>();
  /** A mirror started, switched mode, reported its fps, stopped or failed. */
  readonly onDidChangeState: Event<MirrorStateEvent> = this.stateEmitter.event;
  private disposed = false;
  private readonly inputs: DeviceInputs;

  constructor(options: MirrorServiceOptions) {
    this.o = options;
    this.inputs = options.inputs ?? new DeviceInputs((serial) => new AdbInput(options.device(serial)));
  }

  private log(message: string, error?: unknown): void {
    (this.o.log ?? ((m: string, e?: unknown) => console.warn(`[moba mirror] ${m}`, ...(e === undefined ? [] : [e]))))(
      message,
      error,
    );
  }

  /** The channel a connection receives a device's frames on (stable per connection and device). */
  private channelFor(connectionId: string, serial: string): number {
    const key = `${connectionId}\u0000${serial}`;
    let channel = this.channels.get(key);
    if (channel === undefined) {
      channel = this.nextChannel++;
      this.channels.set(key, channel);
    }
    return channel;
  }

  /**
   * Starts the device's mirror (or joins the running one) and subscribes `connection`.
   * @throws MobaError DEVICE_* when the device cannot be reached; MIRROR_FAILED when neither
   *   scrcpy nor screenshots work
   */
  async start(
    serial: string,
    connection: MirrorViewerConnection,
    overrides: Partial<StreamSettings> = {},
  ): Promise<StartMirrorResult> {
    if (this.disposed) throw new MobaError('MIRROR_FAILED', 'The mirror service is shut down');
    let entry = this.mirrors.get(serial);
    if (!entry) entry = this.launch(serial, overrides);
    const info = await entry.ready;
    const channel = this.channelFor(connection.id, serial);
    const viewerKey = connection.id;
    if (!entry.mirror.hasViewer(viewerKey)) {
      entry.mirror.addViewer({ key: viewerKey, channel, send: (bytes) => connection.sendBinary(channel, bytes) });
      if (!entry.closeSubs.has(viewerKey))
        entry.closeSubs.set(
          viewerKey,
          connection.onDidClose(() => this.stop(serial, viewerKey)),
        );
    }
    return { ...(entry.mirror.info ?? info), channel };
  }

  private launch(serial: string, overrides: Partial<StreamSettings>): Entry {
    const settings = this.o.mirrorSettings();
    const server = findScrcpyServer({
      settingsPath: settings.scrcpyServerPath,
      resourcesDir: this.o.resourcesDir,
      ...(this.o.env ? { env: this.o.env } : {}),
      ...(this.o.installedServerCandidates ? { installedCandidates: this.o.installedServerCandidates } : {}),
    });
    const mirror = new DeviceMirror({
      serial,
      device: this.o.device(serial),
      stream: {
        maxSize: overrides.maxSize ?? settings.maxSize,
        maxFps: overrides.maxFps ?? settings.maxFps,
        bitRate: overrides.bitRate ?? settings.bitRate,
      },
      server,
      // Only when no server file is configured: a configured but missing file is reported, not papered over.
      ...(settings.scrcpyServerPath || !this.o.simulatorStandIn ? {} : { simulatorStandIn: this.o.simulatorStandIn }),
      ...(this.o.ffmpegPath ? { ffmpegPath: this.o.ffmpegPath } : {}),
      ...(this.o.screenshotIntervalMs ? { screenshotIntervalMs: this.o.screenshotIntervalMs } : {}),
      onState: (event) => {
        if ((event.state === 'stopped' || event.state === 'failed') && this.mirrors.get(serial)?.mirror === mirror)
          this.forget(serial);
        this.stateEmitter.fire(event);
      },
      log: (m, e) => this.log(m, e),
    });
    // The stream outlives the call that started it (other windows join it): no caller's signal.
    const entry: Entry = {
      mirror,
      ready: mirror.start(),
      closeSubs: new Map(),
      control: this.inputs.useControl(serial, () => mirror.controlInput()),
    };
    this.mirrors.set(serial, entry);
    entry.ready.catch((error: unknown) => {
      this.log(`${serial}: the mirror did not start`, error);
      if (this.mirrors.get(serial) === entry) this.forget(serial);
      this.stateEmitter.fire({
        serial,
        state: 'failed',
        info: null,
        error: error instanceof Error ? error.message : String(error),
      });
      mirror.close();
    });
    return entry;
  }

  private forget(serial: string): void {
    const entry = this.mirrors.get(serial);
    if (!entry) return;
    this.mirrors.delete(serial);
    entry.control.dispose();
    for (const sub of entry.closeSubs.values()) sub.dispose();
    entry.closeSubs.clear();
  }

  /** Unsubscribes one viewer; stops the stream when none is left. Returns whether it was watching. */
  stop(serial: string, connectionId: string): boolean {
    const entry = this.mirrors.get(serial);
    if (!entry) return false;
    const had = entry.mirror.removeViewer(connectionId);
    entry.closeSubs.get(connectionId)?.dispose();
    entry.closeSubs.delete(connectionId);
    if (entry.mirror.viewerCount === 0) {
      this.forget(serial);
      // A start still under way finishes first, then stops.
      void entry.ready.then(
        () => entry.mirror.close(),
        () => entry.mirror.close(),
      );
    }
    return had;
  }

  /** Running mirrors (started ones only). */
  list(): MirrorInfo[] {
    return [...this.mirrors.values()].map((e) => e.mirror.info).filter((i): i is MirrorInfo => i !== undefined);
  }

  isRunning(serial: string): boolean {
    return this.mirrors.get(serial)?.mirror.info !== undefined;
  }

  /**
   * One input in device pixels on a mirrored device, through the device's input port (the
   * scrcpy control socket, or adb in the screenshot mode), after the device's earlier input.
   * @throws MobaError NOT_FOUND when no mirror runs for the device; MIRROR_FAILED / DEVICE_* /
   *   INPUT_METHOD_MISSING / CANCELLED
   */
  async input(
    serial: string,
    input: MirrorInputParsed,
    signal?: AbortSignal,
  ): Promise<{ via: 'scrcpy' | 'adb'; durationMs: number }> {
    const entry = this.mirrors.get(serial);
    if (!entry) throw new MobaError('NOT_FOUND', `No mirror is running for ${serial}; start it first`);
    const info = await entry.ready;
    const t0 = performance.now();
    const screen = {
      width: entry.mirror.info?.deviceWidth ?? info.deviceWidth,
      height: entry.mirror.info?.deviceHeight ?? info.deviceHeight,
    };
    const device = this.o.device(serial);
    const { via } = await this.inputs.perform(
      serial,
      (port) => performMirrorInput(port, device, input, screen, { timeoutMs: 20_000, signal }),
      signal,
    );
    return { via, durationMs: performance.now() - t0 };
  }

  /** Milliseconds since the device's scrcpy stream sent its last frame; null when none streams it. */
  sinceLastFrame(serial: string): number | null {
    return this.mirrors.get(serial)?.mirror.sinceLastFrame() ?? null;
  }

  /**
   * The newest mirrored picture of the device as PNG (device size) with the time it reached
   * main; null when no mirror runs (then take a `screencap`).
   * @throws MobaError MIRROR_FAILED / TIMEOUT / CANCELLED when decoding fails
   */
  async captureFrame(serial: string, signal?: AbortSignal): Promise<{ png: Uint8Array; frameTime: number } | null> {
    const entry = this.mirrors.get(serial);
    if (!entry) return null;
    try {
      await entry.ready;
    } catch {
      return null;
    }
    return entry.mirror.captureFrame(signal);
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const serial of [...this.mirrors.keys()]) {
      const entry = this.mirrors.get(serial) as Entry;
      this.forget(serial);
      void entry.ready.then(
        () => entry.mirror.close(),
        () => entry.mirror.close(),
      );
    }
    this.stateEmitter.dispose();
  }
}
