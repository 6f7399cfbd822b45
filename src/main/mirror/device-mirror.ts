/**
 * One device's mirror: a scrcpy session when the server file exists and the device accepts it,
 * else (or when scrcpy breaks) the screenshot-polling fallback, with the reason. Fans the
 * frames out to the viewers, replays the current GOP to a viewer that joins mid-stream, offers
 * its control socket as the device's input port, and yields the newest picture for the agent.
 */
import { h264ParseConfiguration } from '@yume-chan/scrcpy';
import type { ScrcpyMediaStreamPacket } from '@yume-chan/scrcpy';
import type { MirrorInfo, MirrorStateEvent } from '../../shared/contract/mirror.ts';
import { isCancelled, isDeviceGone } from '../../shared/errors.ts';
import type { AndroidDevice } from '../device/android-device.ts';
import { parseWmSize } from '../device/device-parsers.ts';
import { encodeMirrorFrame } from '../../shared/mirror-frames.ts';
import type { DeviceInput } from '../device/input/device-input.ts';
import { decodeLastFrame } from './frame-decoder.ts';
import { GopCache } from './gop-cache.ts';
import { ScrcpyClient } from './scrcpy-client.ts';
import { ScrcpyInput, videoScale } from './scrcpy-input.ts';
import { SIMULATED_PHONE_MODEL } from '@moba/sim/constants';
import type { ScrcpyServerFile } from './scrcpy-server-file.ts';

import { ScreenshotPoller } from './screenshot-poller.ts';
import type { Still } from './screenshot-poller.ts';

/**
 * What a mirror needs of a device (the device layer's handle, through the app's one adb
 * client); `check` and the input-method calls serve input through adb and ADB Keyboard.
 */
export type MirrorDevice = Pick<
  AndroidDevice,
  | 'serial'
  | 'shell'
  | 'check'
  | 'screencap'
  | 'push'
  | 'openShell'
  | 'openLocal'
  | 'inputMethods'
  | 'currentInputMethod'
  | 'inputMethodState'
>;

export interface Viewer {
  /** One per window and device. */
  key: string;
  channel: number;
  /** False when the frame could not be queued (window gone or too far behind). */
  send(bytes: Uint8Array): boolean;
}

export interface StreamSettings {
  maxSize: number;
  maxFps: number;
  bitRate: number;
}

export interface DeviceMirrorOptions {
  serial: string;
  device: MirrorDevice;
  stream: StreamSettings;
  server: ScrcpyServerFile;
  /**
   * Pushed instead of the real server to MobA's simulated phone when no server file exists:
   * the simulated phone impersonates scrcpy-server and never runs what it is given.
   */
  simulatorStandIn?: string;
  ffmpegPath?: string;
  /** Pause between screenshots in the fallback mode. */
  screenshotIntervalMs?: number;
  onState(event: MirrorStateEvent): void;
  log(message: string, error?: unknown): void;
}

/** The device itself is unreachable (or the caller gave up): no fallback can help. */
const deviceGone = (error: unknown) => isDeviceGone(error) || isCancelled(error);
const FPS_WINDOW_MS = 2_000;
/** Consecutive failed screenshots after which the fallback mirror gives up. */
const MAX_SCREENSHOT_FAILURES = 8;
/** A GOP this long takes too long to decode: ask the phone for a fresh keyframe first. */
const DECODE_GOP_LIMIT = 120;

/** Device pixels → video pixels (the scrcpy input's, re-exported for callers of the mirror). */
export { videoScale } from './scrcpy-input.ts';

export class DeviceMirror {
  readonly serial: string;
  private readonly o: DeviceMirrorOptions;
  private readonly viewers = new Map<string, Viewer & { needsKeyframe: boolean }>();
  private readonly gop = new GopCache();
  private readonly frameTimes: number[] = [];
  private scrcpy: ScrcpyClient | undefined;
  private poller: ScreenshotPoller | undefined;
  private current: MirrorInfo | undefined;
  private closed = false;
  private statsTimer: NodeJS.Timeout | undefined;
  private keyframeWaiters: Array<() => void> = [];
  private screenshotFailures = 0;
  /** The input port of the current scrcpy session. */
  private control: { client: ScrcpyClient; input: ScrcpyInput } | undefined;

  constructor(options: DeviceMirrorOptions) {
    this.serial = options.serial;
    this.o = options;
  }

  get info(): MirrorInfo | undefined {
    if (!this.current) return undefined;
    return {
      ...this.current,
      fps: this.fps(),
      lastFrameTime: this.frameTimes.at(-1) ?? this.poller?.latest?.frameTime ?? null,
    };
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  /**
   * Starts streaming: scrcpy if possible, else screenshots.
   * @throws MobaError DEVICE_* when the device cannot be reached at all
   */
  async start(signal?: AbortSignal): Promise<MirrorInfo> {
    this.o.onState({ serial: this.serial, state: 'starting', info: null });
    // The size the screen renders at now (an override wins over the physical size).
    const screen =
      parseWmSize(
        await this.o.device.shell('wm size', { timeoutMs: 10_000 }).catch((error: unknown) => {
          if (deviceGone(error)) throw error;
          return '';
        }),
      ) ?? undefined;
    let reason: string;
    let serverPath = this.o.server.found ? this.o.server.path : undefined;
    if (!serverPath && this.o.simulatorStandIn && (await this.isSimulatedPhone())) serverPath = this.o.simulatorStandIn;
    if (serverPath) {
      try {
        await this.startScrcpy(serverPath, screen, signal);
        this.statsTimer = setInterval(() => this.emitRunning(), FPS_WINDOW_MS);
        return this.info as MirrorInfo;
      } catch (error) {
        if (deviceGone(error)) throw error;
        reason = `scrcpy could not start: ${error instanceof Error ? error.message : String(error)}`;
        this.o.log(`${this.serial}: ${reason}`);
      }
    } else {
      reason = this.o.server.found ? 'scrcpy could not start' : this.o.server.reason;
    }
    await this.startScreenshots(reason, screen);
    this.statsTimer = setInterval(() => this.emitRunning(), FPS_WINDOW_MS);
    return this.info as MirrorInfo;
  }

  private async isSimulatedPhone(): Promise<boolean> {
    const model = await this.o.device.shell('getprop ro.product.model', { timeoutMs: 5_000 }).catch(() => '');
    return model.trim() === SIMULATED_PHONE_MODEL;
  }

  private async startScrcpy(
    serverPath: string,
    screen: { width: number; height: number } | undefined,
    signal?: AbortSignal,
  ): Promise<void> {
    const client = await ScrcpyClient.start({
      device: this.o.device,
      serverPath,
      ...this.o.stream,
      ...(signal ? { signal } : {}),
      onPacket: (packet) => this.onPacket(packet),
      onClose: (error) => {
        if (this.closed || this.scrcpy !== client) return;
        this.scrcpy = undefined;
        this.gop.clear();
        const why = `the scrcpy stream ended: ${error?.message ?? 'closed'}`;
        this.o.log(`${this.serial}: ${why}; falling back to screenshots`);
        void this.startScreenshots(why, screen).catch((e: unknown) => this.fail(e));
      },
    });
    if (this.closed) {
      client.close();
      return;
    }
    this.scrcpy = client;
    const { width, height, deviceName } = client.info;
    this.current = {
      serial: this.serial,
      mode: 'scrcpy',
      codec: 'h264',
      width,
      height,
      deviceWidth: screen?.width ?? width,
      deviceHeight: screen?.height ?? height,
      deviceName,
      fps: 0,
      lastFrameTime: null,
      startedAt: Date.now(),
    };
    this.emitRunning();
  }

  private async startScreenshots(reason: string, screen: { width: number; height: number } | undefined): Promise<void> {
    if (this.closed) return;
    const poller = new ScreenshotPoller({
      device: this.o.device,
      intervalMs: this.o.screenshotIntervalMs ?? 250,
      onStill: (still) => {
        this.screenshotFailures = 0;
        this.onStill(still);
      },
      onError: (error) => {
        // A device that stays unreachable ends the mirror instead of logging forever.
        this.screenshotFailures++;
        if (deviceGone(error) || this.screenshotFailures >= MAX_SCREENSHOT_FAILURES) this.fail(error);
        else this.o.log(`${this.serial}: screenshot failed`, error);
      },
    });
    this.poller = poller;
    const first = await poller.start();
    if (this.closed) {
      poller.close();
      return;
    }
    this.current = {
      serial: this.serial,
      mode: 'screenshots',
      codec: 'png',
      width: first.width,
      height: first.height,
      deviceWidth: screen?.width ?? first.width,
      deviceHeight: screen?.height ?? first.height,
      deviceName: this.serial,
      reason,
      fps: 0,
      lastFrameTime: first.frameTime,
      startedAt: Date.now(),
    };
    // Viewers that joined during the switch get the first picture now.
    for (const viewer of this.viewers.values()) viewer.send(this.encodeStill(first));
    this.emitRunning();
  }

  private emitRunning(): void {
    const info = this.info;
    if (info && !this.closed) this.o.onState({ serial: this.serial, state: 'running', info });
  }

  private fail(error: unknown): void {
    if (this.closed) return;
    const message = error instanceof Error ? error.message : String(error);
    this.o.onState({ serial: this.serial, state: 'failed', info: null, error: message });
    this.close();
  }

  private fps(): number {
    const cutoff = Date.now() - FPS_WINDOW_MS;
    while (this.frameTimes.length > 0 && (this.frameTimes[0] as number) < cutoff) this.frameTimes.shift();
    return Math.round((this.frameTimes.length * 1000) / FPS_WINDOW_MS);
  }

  private onPacket(packet: ScrcpyMediaStreamPacket): void {
    const now = Date.now();
    if (packet.type === 'configuration') {
      this.followVideoSize(packet.data);
      this.broadcast(this.gop.setConfiguration(packet.data, now), false);
      return;
    }
    const keyframe = packet.keyframe === true;
    this.frameTimes.push(now);
    if (this.frameTimes.length > 1_000) this.frameTimes.splice(0, this.frameTimes.length - 1_000);
    this.broadcast(this.gop.add(packet.data, keyframe, packet.pts ?? 0n, now), keyframe);
    if (keyframe) for (const wake of this.keyframeWaiters.splice(0)) wake();
  }

  /** Rotation or a resize on the phone arrives as a configuration with another size. */
  private followVideoSize(config: Uint8Array): void {
    let size: { croppedWidth: number; croppedHeight: number };
    try {
      size = h264ParseConfiguration(config);
    } catch (error) {
      this.o.log(`${this.serial}: unreadable H.264 configuration`, error);
      return;
    }
    const info = this.current;
    if (!info || (info.width === size.croppedWidth && info.height === size.croppedHeight)) return;
    info.width = size.croppedWidth;
    info.height = size.croppedHeight;
    this.scrcpy?.setVideoSize(size.croppedWidth, size.croppedHeight);
    this.emitRunning();
  }

  private onStill(still: Still): void {
    this.frameTimes.push(still.frameTime);
    this.broadcast(this.encodeStill(still), true);
  }

  private encodeStill(still: Still): Uint8Array {
    return encodeMirrorFrame({ kind: 'png', keyframe: true, frameTime: still.frameTime, pts: 0n, data: still.png });
  }

  private broadcast(bytes: Uint8Array, keyframe: boolean): void {
    for (const viewer of this.viewers.values()) {
      // A viewer that missed frames can only resume at a keyframe (or a configuration).
      if (viewer.needsKeyframe && !keyframe && bytes[0] !== 1) continue;
      viewer.needsKeyframe = !viewer.send(bytes);
    }
  }

  /** Adds a viewer and sends it what it needs to show the current picture now. */
  addViewer(viewer: Viewer): void {
    const entry = { ...viewer, needsKeyframe: false };
    this.viewers.set(viewer.key, entry);
    if (this.current?.mode === 'scrcpy') {
      const replay = this.gop.replay();
      if (replay.length === 0) {
        entry.needsKeyframe = true;
        this.scrcpy?.resetVideo();
      }
      for (const bytes of replay) if (!viewer.send(bytes)) entry.needsKeyframe = true;
    } else if (this.poller?.latest) {
      viewer.send(this.encodeStill(this.poller.latest));
    }
  }

  removeViewer(key: string): boolean {
    return this.viewers.delete(key);
  }

  hasViewer(key: string): boolean {
    return this.viewers.has(key);
  }

  /**
   * The scrcpy control socket as the device's input port while the scrcpy session runs;
   * undefined in the screenshot mode (input then goes through adb).
   */
  controlInput(): DeviceInput | undefined {
    const client = this.scrcpy;
    if (!client || client.isClosed || this.current?.mode !== 'scrcpy') return undefined;
    if (this.control?.client !== client) {
      const sizes = () =>
        this.current ?? {
          width: client.info.width,
          height: client.info.height,
          deviceWidth: client.info.width,
          deviceHeight: client.info.height,
        };
      this.control = { client, input: new ScrcpyInput(client, sizes) };
    }
    return this.control.input;
  }

  /** Milliseconds since the stream's last frame; null unless a scrcpy stream runs and has sent one. */
  sinceLastFrame(): number | null {
    const last = this.frameTimes.at(-1);
    if (this.closed || this.current?.mode !== 'scrcpy' || last === undefined) return null;
    return Date.now() - last;
  }

  /**
   * The newest picture as PNG at the device's size, and when it reached main. In scrcpy mode
   * it is decoded from the stream; in screenshot mode a fresh screenshot is taken and also sent
   * to the viewers, so both show the same picture.
   * @returns null when nothing is available yet (the caller takes its own screenshot)
   */
  async captureFrame(signal?: AbortSignal): Promise<{ png: Uint8Array; frameTime: number } | null> {
    if (this.closed || !this.current) return null;
    if (this.current.mode === 'screenshots') {
      const still = await this.poller?.fresh();
      return still ? { png: still.png, frameTime: still.frameTime } : null;
    }
    if (this.gop.needsKeyframe || this.gop.length > DECODE_GOP_LIMIT) {
      this.scrcpy?.resetVideo();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2_000);
        this.keyframeWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const gop = this.gop.decodable();
    if (!gop) return null;
    // Device pixels in the picture's orientation (a rotated phone gives a landscape screenshot too).
    const { sx, sy } = videoScale(this.current);
    const png = await decodeLastFrame({
      annexB: gop.annexB,
      frames: gop.frames,
      width: Math.round(this.current.width / sx),
      height: Math.round(this.current.height / sy),
      ...(this.o.ffmpegPath ? { ffmpegPath: this.o.ffmpegPath } : {}),
      ...(signal ? { signal } : {}),
    });
    return { png, frameTime: gop.frameTime };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.scrcpy?.close();
    this.scrcpy = undefined;
    this.poller?.close();
    this.poller = undefined;
    this.gop.clear();
    this.viewers.clear();
    for (const wake of this.keyframeWaiters.splice(0)) wake();
    this.o.onState({ serial: this.serial, state: 'stopped', info: null });
  }
}
