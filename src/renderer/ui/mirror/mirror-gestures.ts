/**
 * What a person's pointer, wheel and keys on the mirror mean for the phone: click = tap, hold =
 * long press, drag = swipe, wheel = scroll, typing = text and keys (in select mode a click picks
 * an element instead). Esc is not sent to the phone: it only leaves the mirror (blurs it).
 */
import { useRef } from 'react';
import type { KeyboardEvent, PointerEvent, WheelEvent } from 'react';
import { KEYCODE } from '@moba/base';
import type { MirrorInput } from '../../../shared/contract/mirror.ts';

/** The Android key for each key typed on the mirror (Esc is not one: it closes, see `escape-stack.ts`). */
const KEYS: Record<string, number> = {
  Enter: KEYCODE.ENTER,
  Backspace: KEYCODE.DEL,
  Delete: KEYCODE.FORWARD_DEL,
  Tab: KEYCODE.TAB,
  ArrowUp: KEYCODE.DPAD_UP,
  ArrowDown: KEYCODE.DPAD_DOWN,
  ArrowLeft: KEYCODE.DPAD_LEFT,
  ArrowRight: KEYCODE.DPAD_RIGHT,
  Home: KEYCODE.MOVE_HOME,
  End: KEYCODE.MOVE_END,
};

const TAP_SLOP_PX = 6;
const LONG_PRESS_MS = 500;

interface Gesture {
  pointerId: number;
  x: number;
  y: number;
  clientX: number;
  clientY: number;
  at: number;
  moved: boolean;
}

export interface GestureOptions {
  /** Device pixels of a pointer position (clamped to the screen); undefined before the screen is known. */
  toDevice(clientX: number, clientY: number): { x: number; y: number } | undefined;
  send(input: MirrorInput): void;
  /** In select mode a click picks (the element at) this point instead of tapping it. */
  selectMode: boolean;
  onSelectPoint(x: number, y: number): void;
  /** The pointer moved over the screen (for the hover card). */
  onHover(clientX: number, clientY: number, p: { x: number; y: number }): void;
}

export function useMirrorGestures(o: GestureOptions) {
  const gesture = useRef<Gesture | undefined>(undefined);
  const wheel = useRef({ dx: 0, dy: 0, x: 0, y: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || gesture.current) return;
    const p = o.toDevice(e.clientX, e.clientY);
    if (!p) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    gesture.current = {
      pointerId: e.pointerId,
      ...p,
      clientX: e.clientX,
      clientY: e.clientY,
      at: performance.now(),
      moved: false,
    };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (g && g.pointerId === e.pointerId && Math.hypot(e.clientX - g.clientX, e.clientY - g.clientY) > TAP_SLOP_PX)
      g.moved = true;
    const p = o.toDevice(e.clientX, e.clientY);
    if (p) o.onHover(e.clientX, e.clientY, p);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const g = gesture.current;
    if (!g || g.pointerId !== e.pointerId) return;
    gesture.current = undefined;
    const end = o.toDevice(e.clientX, e.clientY) ?? { x: g.x, y: g.y };
    const heldMs = performance.now() - g.at;
    if (o.selectMode && !g.moved) return o.onSelectPoint(g.x, g.y);
    if (!g.moved)
      return o.send(
        heldMs >= LONG_PRESS_MS
          ? { type: 'longPress', x: g.x, y: g.y, durationMs: Math.min(5_000, Math.round(heldMs)) }
          : { type: 'tap', x: g.x, y: g.y },
      );
    o.send({
      type: 'swipe',
      x1: g.x,
      y1: g.y,
      x2: end.x,
      y2: end.y,
      durationMs: Math.min(3_000, Math.max(80, Math.round(heldMs))),
    });
  };
  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    const p = o.toDevice(e.clientX, e.clientY);
    if (!p) return;
    const w = wheel.current;
    // A wheel notch is ~100 px of deltaY; a positive deltaY scrolls down, i.e. a negative scrcpy vscroll.
    w.dx += e.deltaX / 100;
    w.dy -= e.deltaY / 100;
    w.x = p.x;
    w.y = p.y;
    if (w.timer) return;
    w.timer = setTimeout(() => {
      const clamp = (v: number) => Math.max(-16, Math.min(16, v));
      const { dx, dy, x, y } = w;
      w.dx = 0;
      w.dy = 0;
      w.timer = undefined;
      if (dx !== 0 || dy !== 0) o.send({ type: 'scroll', x, y, dx: clamp(dx), dy: clamp(dy) });
    }, 60);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape') {
      e.currentTarget.blur();
      return;
    }
    const code = KEYS[e.key];
    if (code !== undefined) {
      e.preventDefault();
      o.send({ type: 'key', keycode: code });
    } else if (e.key.length === 1) {
      e.preventDefault();
      o.send({ type: 'text', text: e.key });
    }
  };
  return {
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: () => (gesture.current = undefined),
    onWheel,
    onKeyDown,
  };
}
