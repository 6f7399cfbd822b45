/**
 * The touchscreen: real pointer events injected through CDP (`Input.dispatchMouseEvent`),
 * which the page's gesture recogniser turns into taps, long presses, drags (with a fling) and
 * wheel scrolls. A swipe's events carry the times Android's `input swipe` would give them, so
 * its release velocity — and so its fling — depends on its length and duration only, not on
 * how fast the host delivers the events.
 */
import type { CdpSession } from './cdp.ts';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class Pointer {
  private readonly cdp: CdpSession;
  private readonly density: number;
  /** A pointer held down by `touch(0, …)` (scrcpy) and not released yet. */
  private down = false;
  /** The latest event time given to a swipe, seconds since the epoch: swipes never go back in time. */
  private lastTimestamp = 0;

  constructor(cdp: CdpSession, density: number) {
    this.cdp = cdp;
    this.density = density;
  }

  private async send(
    type: 'mousePressed' | 'mouseReleased' | 'mouseMoved',
    x: number,
    y: number,
    pressed: boolean,
    timestamp?: number,
  ): Promise<void> {
    await this.cdp.send('Input.dispatchMouseEvent', {
      type,
      x,
      y,
      button: type === 'mouseMoved' && !pressed ? 'none' : 'left',
      buttons: pressed ? 1 : 0,
      clickCount: type === 'mouseMoved' ? 0 : 1,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  }

  async tap(x: number, y: number): Promise<void> {
    await this.send('mousePressed', x, y, true);
    await this.send('mouseReleased', x, y, false);
  }

  async swipe(x1: number, y1: number, x2: number, y2: number, durationMs: number): Promise<void> {
    if (Math.hypot(x2 - x1, y2 - y1) < 1) {
      // Android holds the pointer still for the duration: ≥ 500 ms is a long press.
      await this.send('mousePressed', x1, y1, true);
      if (durationMs > 0) await sleep(durationMs);
      await this.send('mouseReleased', x2, y2, false);
      return;
    }
    // The moves go out at once, stamped with the times they would have on the phone: spread
    // over the duration in whole milliseconds (the page reads event times to the millisecond,
    // under Chromium's timer coarsening), the last one at the end point.
    const steps = Math.max(4, Math.min(24, Math.round(durationMs / 16)));
    const stepS = Math.max(1, Math.round(durationMs / steps)) / 1000;
    const start = Math.max(Date.now() / 1000, this.lastTimestamp + 0.001);
    await this.send('mousePressed', x1, y1, true, start);
    for (let i = 1; i <= steps; i++)
      await this.send(
        'mouseMoved',
        x1 + ((x2 - x1) * i) / steps,
        y1 + ((y2 - y1) * i) / steps,
        true,
        start + i * stepS,
      );
    this.lastTimestamp = start + steps * stepS;
    await this.send('mouseReleased', x2, y2, false, this.lastTimestamp);
  }

  /** scrcpy-style touch: 0 down, 1 up, 2 move. Moves and ups without a down are ignored. */
  async touch(action: 0 | 1 | 2, x: number, y: number): Promise<boolean> {
    if (action === 0) {
      if (this.down) await this.send('mouseReleased', x, y, false);
      this.down = true;
      await this.send('mousePressed', x, y, true);
      return true;
    }
    if (!this.down) return false;
    if (action === 2) {
      await this.send('mouseMoved', x, y, true);
    } else {
      this.down = false;
      await this.send('mouseReleased', x, y, false);
    }
    return true;
  }

  /** Lets go of a held pointer (after reset/restore, which cancel the gesture in the page). */
  async release(): Promise<void> {
    if (!this.down) return;
    this.down = false;
    await this.send('mouseReleased', 0, 0, false);
  }

  /** Scroll-wheel notches; positive vscroll scrolls up (content moves down). */
  async wheel(x: number, y: number, hscroll: number, vscroll: number): Promise<void> {
    // One notch moves 64dp on Android (ViewConfiguration's scroll factor).
    const notch = (64 * this.density) / 160;
    await this.cdp.send('Input.dispatchMouseEvent', {
      type: 'mouseWheel',
      x,
      y,
      deltaX: -hscroll * notch,
      deltaY: -vscroll * notch,
      button: 'none',
    });
  }
}
