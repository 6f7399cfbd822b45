/**
 * The touchscreen: real pointer events injected through CDP (`Input.dispatchMouseEvent`),
 * which the page's gesture recogniser turns into taps, long presses, drags and wheel scrolls.
 */
import type { CdpSession } from './cdp.ts';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export class Pointer {
  private readonly cdp: CdpSession;
  private readonly density: number;
  /** A pointer held down by `touch(0, …)` (scrcpy) and not released yet. */
  private down = false;

  constructor(cdp: CdpSession, density: number) {
    this.cdp = cdp;
    this.density = density;
  }

  private async send(
    type: 'mousePressed' | 'mouseReleased' | 'mouseMoved',
    x: number,
    y: number,
    pressed: boolean,
  ): Promise<void> {
    await this.cdp.send('Input.dispatchMouseEvent', {
      type,
      x,
      y,
      button: type === 'mouseMoved' && !pressed ? 'none' : 'left',
      buttons: pressed ? 1 : 0,
      clickCount: type === 'mouseMoved' ? 0 : 1,
    });
  }

  async tap(x: number, y: number): Promise<void> {
    await this.send('mousePressed', x, y, true);
    await this.send('mouseReleased', x, y, false);
  }

  async swipe(x1: number, y1: number, x2: number, y2: number, durationMs: number): Promise<void> {
    await this.send('mousePressed', x1, y1, true);
    if (Math.hypot(x2 - x1, y2 - y1) < 1) {
      // Android holds the pointer still for the duration: ≥ 500 ms is a long press.
      if (durationMs > 0) await sleep(durationMs);
    } else {
      // Scrolling follows the finger exactly (no fling), so the path's timing does not change
      // the result; the moves are sent without waiting out the duration.
      const steps = Math.max(4, Math.min(24, Math.round(durationMs / 16)));
      for (let i = 1; i <= steps; i++)
        await this.send('mouseMoved', x1 + ((x2 - x1) * i) / steps, y1 + ((y2 - y1) * i) / steps, true);
    }
    await this.send('mouseReleased', x2, y2, false);
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
