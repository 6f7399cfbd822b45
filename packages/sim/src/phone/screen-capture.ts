/**
 * Pictures of a phone's screen from its Chromium page: screenshots cached per screen version
 * (`png`, `frame`), and the live screencast (CDP `Page.startScreencast`), where Chromium hands
 * over a JPEG each time it draws a new picture while the page goes on rendering. Screencast
 * subscribers share one screencast, at the largest `maxSize` and quality any of them asks for
 * (each scales to its own size).
 */
import type { CdpSession } from './cdp.ts';
import type { CaptureFrameOptions, CapturedFrame } from './phone-options.ts';

interface Subscriber {
  quality: number;
  /** Longest side; 0 = full size. */
  maxSize: number;
  onFrame(jpeg: Uint8Array): void;
}

export interface ScreenCaptureOptions {
  cdp: CdpSession;
  /** The screen in device pixels now (it turns with the display's rotation). */
  size(): { width: number; height: number };
  /** False once the page is closed or crashed: the screencast is not (re)started then. */
  alive(): boolean;
  onError(text: string): void;
}

/** The scale that fits the screen's longest side into `maxSize` (0 or absent = full size; never enlarged). */
function fitScale(size: { width: number; height: number }, maxSize: number | undefined): number {
  return maxSize ? Math.min(1, maxSize / Math.max(size.width, size.height)) : 1;
}

export class ScreenCapture {
  private readonly o: ScreenCaptureOptions;
  private png: { version: number; data: Uint8Array } | undefined;
  private frame: { key: string; version: number; frame: CapturedFrame } | undefined;
  private readonly subscribers = new Set<Subscriber>();
  private running: { quality: number; maxSize: number; size: string } | undefined;
  /** Start/stop calls, in order. */
  private chain: Promise<void> = Promise.resolve();

  constructor(options: ScreenCaptureOptions) {
    this.o = options;
    options.cdp.on<{ data: string; sessionId: number }>('Page.screencastFrame', (event) =>
      this.onFrame(event.data, event.sessionId),
    );
  }

  /** A PNG of the screen at `version` (the caller keeps the version current). */
  async screenshot(version: number): Promise<Uint8Array> {
    if (this.png?.version !== version) {
      const shot = (await this.o.cdp.send('Page.captureScreenshot', {
        format: 'png',
        optimizeForSpeed: true,
        captureBeyondViewport: false,
        fromSurface: true,
      })) as { data: string };
      this.png = { version, data: new Uint8Array(Buffer.from(shot.data, 'base64')) };
    }
    return new Uint8Array(this.png.data);
  }

  /** A JPEG or PNG of the screen at `version`, scaled to `maxSize`; cached while the version holds. */
  async captureFrame(version: number, options: CaptureFrameOptions): Promise<CapturedFrame> {
    const format = options.format ?? 'jpeg';
    const quality = options.quality ?? 80;
    const size = this.o.size();
    const { width, height } = size;
    const scale = fitScale(size, options.maxSize);
    const key = `${format}/${quality}/${scale}/${width}x${height}`;
    if (this.frame?.key !== key || this.frame.version !== version) {
      const shot = (await this.o.cdp.send('Page.captureScreenshot', {
        format,
        ...(format === 'jpeg' ? { quality } : {}),
        optimizeForSpeed: true,
        captureBeyondViewport: false,
        ...(scale < 1 ? { clip: { x: 0, y: 0, width, height, scale } } : {}),
      })) as { data: string };
      const frame: CapturedFrame = {
        data: new Uint8Array(Buffer.from(shot.data, 'base64')),
        format,
        width: Math.round(width * scale),
        height: Math.round(height * scale),
        version,
      };
      this.frame = { key, version, frame };
    }
    return { ...this.frame.frame, data: new Uint8Array(this.frame.frame.data) };
  }

  /** Live frames from the screencast (a still screen sends nothing). */
  subscribe(options: { quality?: number; maxSize?: number }, onFrame: (jpeg: Uint8Array) => void): { dispose(): void } {
    const subscriber = { quality: options.quality ?? 80, maxSize: options.maxSize ?? 0, onFrame };
    this.subscribers.add(subscriber);
    this.update();
    return {
      dispose: () => {
        if (this.subscribers.delete(subscriber)) this.update();
      },
    };
  }

  /** The display turned: a running screencast restarts at the new size. */
  resized(): void {
    this.update();
  }

  /** Drops every subscriber and waits for pending start/stop calls. */
  async close(): Promise<void> {
    this.subscribers.clear();
    await this.chain;
  }

  /** Starts, restarts or stops the screencast to match the subscribers (errors go to `onError`). */
  private update(): void {
    this.chain = this.chain.then(async () => {
      const subscribers = [...this.subscribers];
      const sizes = subscribers.map((s) => s.maxSize);
      const want =
        subscribers.length > 0 && this.o.alive()
          ? {
              quality: Math.max(...subscribers.map((s) => s.quality)),
              maxSize: sizes.includes(0) ? 0 : Math.max(...sizes),
              size: `${this.o.size().width}x${this.o.size().height}`,
            }
          : undefined;
      const running = this.running;
      if (
        running &&
        want &&
        running.quality === want.quality &&
        running.maxSize === want.maxSize &&
        running.size === want.size
      )
        return;
      try {
        if (running) {
          this.running = undefined;
          await this.o.cdp.send('Page.stopScreencast');
        }
        if (!want) return;
        const size = this.o.size();
        const { width, height } = size;
        const scale = fitScale(size, want.maxSize);
        await this.o.cdp.send('Page.startScreencast', {
          format: 'jpeg',
          quality: want.quality,
          maxWidth: Math.round(width * scale),
          maxHeight: Math.round(height * scale),
          everyNthFrame: 1,
        });
        this.running = want;
      } catch (error) {
        if (this.o.alive()) this.o.onError(`screencast: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }

  private onFrame(data: string, sessionId: number): void {
    // Acknowledged at once: the subscribers keep only the newest picture, so Chromium need not wait.
    this.o.cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
    if (this.subscribers.size === 0) return;
    const jpeg = new Uint8Array(Buffer.from(data, 'base64'));
    for (const subscriber of [...this.subscribers]) {
      try {
        subscriber.onFrame(jpeg);
      } catch (error) {
        console.error('[moba] screen stream subscriber failed:', error);
      }
    }
  }
}
