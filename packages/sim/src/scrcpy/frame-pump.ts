/**
 * Feeds the encoder with the phone's screen the way Android feeds scrcpy's encoder: a new JPEG
 * is captured whenever the phone says its screen may have changed and sent at once (within the
 * fps limit), and while the screen is still the last frame is repeated only every 100 ms
 * (scrcpy-server asks MediaCodec to repeat the previous frame after that long).
 * A still screen therefore costs the encoder and every viewer about ten frames a second instead
 * of the full rate, which leaves the CPU to the next real change.
 */
import sharp from 'sharp';
import type { SimulatedDevice } from '../device.ts';

/** What the Chromium phone offers (`SimulatedPhone.captureFrame`): a cached JPEG per screen version. */
export interface FrameCapableDevice {
  captureFrame(options: {
    format?: 'png' | 'jpeg';
    quality?: number;
    maxSize?: number;
  }): Promise<{ data: Uint8Array; format: 'png' | 'jpeg'; version: number }>;
}

export function canCaptureFrames(device: SimulatedDevice): device is SimulatedDevice & FrameCapableDevice {
  return typeof (device as Partial<FrameCapableDevice>).captureFrame === 'function';
}

/** A phone that pushes a JPEG each time it draws a new picture (`SimulatedPhone.streamFrames`). */
export interface FrameStreamingDevice {
  streamFrames(
    options: { quality?: number; maxSize?: number },
    onFrame: (jpeg: Uint8Array) => void,
  ): { dispose(): void };
}

function canStreamFrames(device: SimulatedDevice): device is SimulatedDevice & FrameStreamingDevice {
  return typeof (device as Partial<FrameStreamingDevice>).streamFrames === 'function';
}

export interface FramePumpOptions {
  device: SimulatedDevice;
  /** Longest side of the frames to request (the video size; ffmpeg does the exact scaling). */
  maxSize: number;
  fps: number;
  jpegQuality?: number;
  /** Called with each frame to encode (new or repeated). */
  onFrame(jpeg: Uint8Array, repeat: boolean): void;
  /**
   * Whether the encoder is idle enough to take a repeated frame; a busy encoder skips repeats
   * so a new picture never queues behind copies of the old one.
   */
  canTakeRepeat?(): boolean;
  onError(error: unknown): void;
}

/** Even a phone that forgets to report a change is re-read this often. */
const SAFETY_RECAPTURE_MS = 500;
/** A streaming phone that reported a change but sent no picture within this long is read directly. */
const STREAM_STALL_MS = 250;
/** scrcpy-server's KEY_REPEAT_PREVIOUS_FRAME_AFTER. */
const REPEAT_AFTER_MS = 100;

export class FramePump {
  private readonly options: FramePumpOptions;
  private readonly intervalMs: number;
  private readonly repeatAfterMs: number;
  private readonly quality: number;
  private latest: Uint8Array | undefined;
  private latestVersion = Number.NaN;
  private latestSent = false;
  private dirty = true;
  private capturing = false;
  private lastCaptureAt = 0;
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private dueAt = 0;
  private sendTimer: NodeJS.Timeout | undefined;
  private readonly changeSub: { dispose(): void };
  private streamSub: { dispose(): void } | undefined;
  /** When the streaming phone last sent a picture, and when it last reported a change. */
  private lastStreamedAt = Number.NEGATIVE_INFINITY;
  private changedAt = Number.NEGATIVE_INFINITY;
  private stopped = false;
  framesSent = 0;
  framesCaptured = 0;

  constructor(options: FramePumpOptions) {
    this.options = options;
    this.intervalMs = 1000 / Math.max(1, options.fps);
    // A repeat is due at the first frame slot from REPEAT_AFTER_MS on (never faster than the fps).
    this.repeatAfterMs = Math.max(this.intervalMs, REPEAT_AFTER_MS) - this.intervalMs / 2;
    this.quality = options.jpegQuality ?? 80;
    this.changeSub = options.device.onDidChangeScreen(() => {
      this.dirty = true;
      // A streaming phone sends the new picture itself; it is read directly only if it stalls.
      if (this.streamSub) this.changedAt = performance.now();
      else this.capture();
    });
  }

  start(): void {
    const { device, maxSize } = this.options;
    if (canStreamFrames(device)) {
      this.streamSub = device.streamFrames({ quality: this.quality, maxSize }, (jpeg) => this.onStreamed(jpeg));
    }
    // The first picture is read directly: the stream only sends once something is drawn.
    this.capture();
    this.dueAt = performance.now() + this.intervalMs;
    this.schedule();
  }

  /** Forget the last frame's version, so the next capture is sent even if unchanged. */
  refresh(): void {
    this.latestVersion = Number.NaN;
    this.dirty = true;
    this.capture();
  }

  stop(): void {
    this.stopped = true;
    this.changeSub.dispose();
    this.streamSub?.dispose();
    if (this.timer) clearTimeout(this.timer);
    if (this.sendTimer) clearTimeout(this.sendTimer);
  }

  /** Frame slots follow a fixed grid (no drift from timer lateness). */
  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.tick(), Math.max(0, this.dueAt - performance.now()));
  }

  private tick(): void {
    if (this.stopped) return;
    const now = performance.now();
    if (this.streamSub) {
      if (
        !this.capturing &&
        this.dirty &&
        now - this.changedAt > STREAM_STALL_MS &&
        this.lastStreamedAt < this.changedAt
      )
        this.capture();
    } else if (!this.capturing && (this.dirty || now - this.lastCaptureAt > SAFETY_RECAPTURE_MS)) this.capture();
    // A slot just after an early new picture is skipped, keeping the average at the fps.
    if (this.latest && now - this.lastSentAt >= this.intervalMs / 2) {
      if (!this.latestSent) this.send();
      else if (now - this.lastSentAt >= this.repeatAfterMs && (this.options.canTakeRepeat?.() ?? true)) this.send();
    }
    this.dueAt += this.intervalMs;
    if (this.dueAt < now) this.dueAt = now + this.intervalMs;
    this.schedule();
  }

  private send(): void {
    if (this.stopped || !this.latest) return;
    if (this.sendTimer) {
      clearTimeout(this.sendTimer);
      this.sendTimer = undefined;
    }
    this.lastSentAt = performance.now();
    this.framesSent++;
    const repeat = this.latestSent;
    this.latestSent = true;
    this.options.onFrame(this.latest, repeat);
  }

  /**
   * A new picture goes out now, or once half a frame interval has passed since the last one:
   * a fresh picture may come a little early (the repeats make up the average), never queued.
   */
  private sendSoon(): void {
    const wait = this.lastSentAt + this.intervalMs / 2 - performance.now();
    if (wait <= 0) this.send();
    else if (!this.sendTimer) this.sendTimer = setTimeout(() => this.send(), wait);
  }

  private capture(): void {
    if (this.capturing || this.stopped) return;
    this.capturing = true;
    this.dirty = false;
    const startedAt = performance.now();
    this.lastCaptureAt = startedAt;
    void this.grab()
      .then((frame) => {
        if (this.stopped || !frame) return;
        // A picture streamed meanwhile is newer than this one.
        if (this.lastStreamedAt > startedAt) return;
        this.accept(frame.data, frame.version);
      })
      .catch((error: unknown) => {
        if (!this.stopped) this.options.onError(error);
      })
      .finally(() => {
        this.capturing = false;
        if (this.dirty && !this.stopped && !this.streamSub) this.capture();
      });
  }

  /** A streamed picture: always new (it has no version), and it answers any pending change. */
  private onStreamed(jpeg: Uint8Array): void {
    this.lastStreamedAt = performance.now();
    this.dirty = false;
    this.accept(jpeg, Number.NaN);
  }

  /** A picture to send, unless it is the one already held (same version; NaN never matches). */
  private accept(jpeg: Uint8Array, version: number): void {
    if (this.stopped || (version === this.latestVersion && this.latest)) return;
    this.latest = jpeg;
    this.latestVersion = version;
    this.latestSent = false;
    this.framesCaptured++;
    this.sendSoon();
  }

  private async grab(): Promise<{ data: Uint8Array; version: number } | undefined> {
    const { device, maxSize } = this.options;
    const { quality } = this;
    if (canCaptureFrames(device)) {
      const frame = await device.captureFrame({ format: 'jpeg', quality, maxSize });
      if (frame.format === 'jpeg') return frame;
      return { data: await toJpeg(frame.data, maxSize, quality), version: frame.version };
    }
    // A device with PNG screenshots only: every capture counts as new.
    const png = await device.screencap();
    return { data: await toJpeg(png, maxSize, quality), version: performance.now() };
  }
}

async function toJpeg(image: Uint8Array, maxSize: number, quality: number): Promise<Uint8Array> {
  return sharp(image)
    .resize({ width: maxSize, height: maxSize, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality })
    .toBuffer();
}
