/**
 * Touch gestures from real pointer events (the Node side injects them through CDP): tap, long
 * press (500 ms held without moving; on a text field it opens the text toolbar), drag-scrolling
 * of scroll containers with a fling when the finger lifts while moving (fling.ts), sliders (a
 * tap or a horizontal drag sets their value), and swipes that no container consumed. The same
 * input (positions and event times) always lands on the same offset.
 */
import { closeTextMenu, openTextMenu } from './clipboard.ts';
import { countAction } from './disturbances.ts';
import { dpToPx } from './dp.ts';
import { flingDistance, releaseVelocity } from './fling.ts';
import type { PointerSample } from './fling.ts';
import type { PhoneHost } from './phone-host.ts';
import { metaOf } from './vdom.ts';
import type { Props } from './vdom.ts';

const LONG_PRESS_MS = 500;

interface Press {
  x: number;
  y: number;
  target: Element;
  dragging: boolean;
  longPressed: boolean;
  axis?: 'v' | 'h';
  scroller?: HTMLElement;
  /** A slider the touch started on: horizontal moves drive it instead of scrolling. */
  seek?: { el: Element; onSeek: (fraction: number) => void };
  startScroll: number;
  /** Where the finger was, and when (for the release velocity). */
  samples: PointerSample[];
  timer: ReturnType<typeof setTimeout> | undefined;
}

function elementAt(x: number, y: number): Element | null {
  return document.elementFromPoint(x, y);
}

/** Walks from `el` up to its window root, returning the first element whose props match. */
function closest(
  el: Element | null,
  test: (props: Props, el: Element) => boolean,
): { el: Element; props: Props } | undefined {
  for (let node = el; node; node = node.parentElement) {
    const props = metaOf(node);
    if (props && test(props, node)) return { el: node, props };
    if (node.id === 'screen') break;
  }
  return undefined;
}

const enabled = (props: Props): boolean => props.enabled !== false;

/** The finger's position across a slider, 0 (left edge) to 1 (right edge). */
function seekFraction(el: Element, x: number): number {
  const r = el.getBoundingClientRect();
  return r.width > 0 ? Math.max(0, Math.min(1, (x - r.left) / r.width)) : 0;
}

function canScroll(el: HTMLElement, axis: 'v' | 'h'): boolean {
  return axis === 'v' ? el.scrollHeight > el.clientHeight + 1 : el.scrollWidth > el.clientWidth + 1;
}

export function findScroller(target: Element | null, axis: 'v' | 'h'): HTMLElement | undefined {
  return closest(target, (props, el) => props.scroll === axis && canScroll(el as HTMLElement, axis))?.el as
    | HTMLElement
    | undefined;
}

function windowPackage(rt: PhoneHost, el: Element): string {
  return el.closest('[data-window]')?.getAttribute('data-pkg') ?? rt.foregroundTask().pkg;
}

class GestureRecognizer {
  private readonly rt: PhoneHost;
  private readonly onScrolled: () => void;
  private readonly slop = dpToPx(8);
  private press: Press | undefined;

  constructor(rt: PhoneHost, onScrolled: () => void) {
    this.rt = rt;
    this.onScrolled = onScrolled;
  }

  cancel(): void {
    if (this.press?.timer) clearTimeout(this.press.timer);
    this.press = undefined;
  }

  down(event: PointerEvent): void {
    const rt = this.rt;
    if (event.button !== 0) return;
    if (this.press?.timer) clearTimeout(this.press.timer);
    if (rt.state.toast) rt.dispatch('input', () => rt.inputStarted());
    const target = elementAt(event.clientX, event.clientY);
    if (!target) {
      this.press = undefined;
      return;
    }
    const current: Press = {
      x: event.clientX,
      y: event.clientY,
      target,
      dragging: false,
      longPressed: false,
      startScroll: 0,
      samples: [{ x: event.clientX, y: event.clientY, t: event.timeStamp }],
      timer: undefined,
    };
    if (rt.state.textMenu && !target.closest('.text-menu')) rt.dispatch('input', () => closeTextMenu(rt));
    if (rt.state.headsUp !== null && !target.closest('.heads-up'))
      rt.dispatch('input', () => (rt.state.headsUp = null));
    const slider = closest(target, (props) => props.onSeek !== undefined && enabled(props));
    if (slider?.props.onSeek) current.seek = { el: slider.el, onSeek: slider.props.onSeek };
    current.timer = setTimeout(() => this.longPress(current), LONG_PRESS_MS);
    this.press = current;
  }

  private longPress(current: Press): void {
    const rt = this.rt;
    if (this.press !== current || current.dragging) return;
    const field = closest(current.target, (props) => props.field !== undefined && enabled(props));
    if (field?.props.field !== undefined) {
      const name = field.props.field;
      current.longPressed = true;
      rt.dispatch('long-press', () => openTextMenu(rt, windowPackage(rt, field.el), name));
      return;
    }
    const hit = closest(current.target, (props) => props.onLongPress !== undefined && enabled(props));
    if (!hit?.props.onLongPress) return;
    current.longPressed = true;
    rt.dispatch('long-press', hit.props.onLongPress);
  }

  move(event: PointerEvent): void {
    const p = this.press;
    if (!p || (event.buttons & 1) === 0 || p.longPressed) return;
    p.samples.push({ x: event.clientX, y: event.clientY, t: event.timeStamp });
    const dx = event.clientX - p.x;
    const dy = event.clientY - p.y;
    if (!p.dragging) {
      if (Math.hypot(dx, dy) < this.slop) return;
      p.dragging = true;
      if (p.timer) clearTimeout(p.timer);
      if (p.seek && Math.abs(dx) >= Math.abs(dy)) p.axis = 'h';
      else p.seek = undefined;
    }
    if (p.seek) {
      const { el, onSeek } = p.seek;
      this.rt.dispatch('seek', () => onSeek(seekFraction(el, event.clientX)));
      return;
    }
    if (p.axis === undefined) {
      p.axis = Math.abs(dy) >= Math.abs(dx) ? 'v' : 'h';
      p.scroller = findScroller(p.target, p.axis);
      if (p.scroller) p.startScroll = p.axis === 'v' ? p.scroller.scrollTop : p.scroller.scrollLeft;
    }
    if (p.scroller) {
      if (p.axis === 'v') p.scroller.scrollTop = p.startScroll - dy;
      else p.scroller.scrollLeft = p.startScroll - dx;
      this.onScrolled();
    }
  }

  finish(event: PointerEvent, cancelled: boolean): void {
    const rt = this.rt;
    const p = this.press;
    this.press = undefined;
    if (!p) return;
    if (p.timer) clearTimeout(p.timer);
    if (!cancelled) countAction(rt);
    if (cancelled || p.longPressed) return;
    if (p.seek) {
      const { el, onSeek } = p.seek;
      // A tap on a slider jumps to that point (a drag already moved it).
      if (!p.dragging) rt.dispatch('seek', () => onSeek(seekFraction(el, p.x)));
      return;
    }
    if (!p.dragging) {
      this.tapAt(p.target);
      return;
    }
    if (p.scroller) {
      this.fling(p, event);
      return;
    }
    const dx = event.clientX - p.x;
    const dy = event.clientY - p.y;
    const direction = p.axis === 'v' ? (dy < 0 ? 'up' : 'down') : dx < 0 ? 'left' : 'right';
    const hit = closest(p.target, (props) => props.onSwipe !== undefined && enabled(props));
    const onSwipe = hit?.props.onSwipe;
    if (onSwipe) rt.dispatch('swipe', () => onSwipe(direction));
  }

  /** The scroller goes on in the finger's direction as far as the release velocity carries it. */
  private fling(p: Press, event: PointerEvent): void {
    const scroller = p.scroller as HTMLElement;
    const { vx, vy } = releaseVelocity([...p.samples, { x: event.clientX, y: event.clientY, t: event.timeStamp }]);
    const velocity = p.axis === 'v' ? vy : vx;
    const distance = flingDistance(velocity, dpToPx(1));
    if (distance === 0) return;
    // The content follows the finger: a finger moving up (negative velocity) scrolls down.
    const delta = -Math.sign(velocity) * Math.round(distance);
    if (p.axis === 'v') scroller.scrollTop += delta;
    else scroller.scrollLeft += delta;
    this.onScrolled();
  }

  private tapAt(target: Element): void {
    const rt = this.rt;
    const hit = closest(target, (props) => (props.field !== undefined || props.onTap !== undefined) && enabled(props));
    if (!hit) return;
    const { props } = hit;
    if (props.field !== undefined) {
      const field = props.field;
      rt.dispatch('tap', () => rt.focusField(windowPackage(rt, hit.el), field));
      return;
    }
    const onTap = props.onTap;
    if (onTap) rt.dispatch('tap', onTap);
  }

  wheel(event: WheelEvent): void {
    event.preventDefault();
    countAction(this.rt);
    const target = elementAt(event.clientX, event.clientY);
    const axis: 'v' | 'h' = Math.abs(event.deltaY) >= Math.abs(event.deltaX) ? 'v' : 'h';
    const scroller = findScroller(target, axis);
    if (!scroller) return;
    if (axis === 'v') scroller.scrollTop += event.deltaY;
    else scroller.scrollLeft += event.deltaX;
    this.onScrolled();
  }
}

/** Installs the recogniser; `cancel()` forgets a touch in progress (used on reset/restore). */
export function installGestures(rt: PhoneHost, onScrolled: () => void): { cancel(): void } {
  const recognizer = new GestureRecognizer(rt, onScrolled);
  document.addEventListener('pointerdown', (event) => recognizer.down(event), true);
  document.addEventListener('pointermove', (event) => recognizer.move(event), true);
  document.addEventListener('pointerup', (event) => recognizer.finish(event, false), true);
  document.addEventListener('pointercancel', (event) => recognizer.finish(event, true), true);
  document.addEventListener('wheel', (event) => recognizer.wheel(event), { capture: true, passive: false });
  return { cancel: () => recognizer.cancel() };
}
