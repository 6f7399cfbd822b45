/**
 * The fallback mirror: `screencap` in a loop, each changed picture sent as a PNG still. Slow
 * (a few pictures per second) but needs nothing on the device besides adb.
 */
import type { AndroidDevice } from '../device/android-device.ts';

export interface Still {
  png: Buffer;
  frameTime: number;
  width: number;
  height: number;
}

export interface ScreenshotPollerOptions {
  device: Pick<AndroidDevice, 'screencap'>;
  /** Pause between the end of one screenshot and the start of the next. */
  intervalMs: number;
  onStill(still: Still): void;
  /** A screenshot failed; polling goes on (the device may come back) until close(). */
  onError(error: unknown): void;
}

/** Width and height from a PNG's IHDR chunk; undefined when the bytes are not a PNG. */
export function pngDimensions(png: Uint8Array): { width: number; height: number } | undefined {
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

export class ScreenshotPoller {
  private readonly options: ScreenshotPollerOptions;
  private last: Still | undefined;
  private closed = false;
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<Still | undefined> | undefined;

  constructor(options: ScreenshotPollerOptions) {
    this.options = options;
  }

  get latest(): Still | undefined {
    return this.last;
  }

  /** Takes the first screenshot (so the caller knows the size), then keeps polling. */
  async start(): Promise<Still> {
    const first = await this.grab(true);
    if (!first) throw new Error('The screenshot mirror closed while starting');
    this.schedule();
    return first;
  }

  /**
   * A screenshot now (shared with one already under way), sent to viewers if it changed:
   * the agent's observation and the viewers then show the very same picture.
   */
  async fresh(): Promise<Still | undefined> {
    return this.grab(false);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      // grab(false) reports its own errors and never rejects.
      void this.grab(false).then(() => this.schedule());
    }, this.options.intervalMs);
  }

  private grab(throwErrors: boolean): Promise<Still | undefined> {
    if (this.inFlight) return this.inFlight;
    const work = (async () => {
      try {
        const png = await this.options.device.screencap();
        if (this.closed) return undefined;
        const size = pngDimensions(png);
        if (!size) throw new Error(`screencap returned ${png.length} bytes that are not a PNG`);
        if (this.last && this.last.png.equals(png)) {
          // Unchanged: no need to send it again, but it is the current picture as of now.
          this.last = { ...this.last, frameTime: Date.now() };
          return this.last;
        }
        this.last = { png, frameTime: Date.now(), ...size };
        this.options.onStill(this.last);
        return this.last;
      } catch (error) {
        if (throwErrors) throw error;
        this.options.onError(error);
        return undefined;
      }
    })();
    this.inFlight = work;
    const clear = () => {
      if (this.inFlight === work) this.inFlight = undefined;
    };
    work.then(clear, clear);
    return work;
  }
}
