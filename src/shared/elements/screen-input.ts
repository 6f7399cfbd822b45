/**
 * What a click or a drag on the phone's screen means in MobA's action space, in device pixels.
 * Element-level where it can be: a click in a numbered element is `Click(i)` and a drag inside
 * a scrollable element is `Scroll(i, …)` — MobA's own actions, so a person's correction stays
 * comparable with the agent's steps, replays on another screen size and is clean training
 * data. Only a click outside every element becomes `Click_by_Coordinate(x, y, px)`, and a drag
 * elsewhere a `Swipe`. Used by the cockpit's override and take-over, the demonstration
 * recorder, and the mirror input a person gives during a run.
 */
import type { ActionCall, Direction, Distance } from '../actions.ts';
import { elementAt, isScrollable } from './element-at.ts';
import type { Pt } from './element-at.ts';
import type { UiElement } from '../schemas/perception.ts';

export interface ScreenSize {
  width: number;
  height: number;
}

/**
 * How far the device executors move a finger for each distance, as a share of the extent it
 * moves across (the element for a Scroll, the screen for a Swipe).
 */
export const DISTANCE_SHARE: Readonly<Record<Distance, number>> = { short: 0.2, medium: 0.32, long: 0.42 };

/** Shorter drags than this share of the screen's smaller side are clicks. */
export const DRAG_THRESHOLD = 0.04;

/** The opposite direction: a finger moving up brings content from below (`Scroll … down`). */
export function oppositeDirection(d: Direction): Direction {
  return d === 'up' ? 'down' : d === 'down' ? 'up' : d === 'left' ? 'right' : 'left';
}

/**
 * The distance whose executed gesture is nearest to a drag of this share: the boundaries lie
 * halfway between the shares of DISTANCE_SHARE (0.26 and 0.37), so a recorded drag replays as
 * about the same movement.
 */
export function distanceForShare(share: number): Distance {
  return share < 0.26 ? 'short' : share < 0.37 ? 'medium' : 'long';
}

/**
 * A click at (x, y): `Click(i)` on the most specific numbered element there, else
 * `Click_by_Coordinate` in pixels, rounded and kept on the screen.
 */
export function clickAction(elements: readonly UiElement[], x: number, y: number, screen: ScreenSize): ActionCall {
  const e = elementAt(elements, x, y);
  if (e) return { name: 'Click', params: { index: e.index } };
  const px = Math.min(Math.max(0, Math.round(x)), screen.width - 1);
  const py = Math.min(Math.max(0, Math.round(y)), screen.height - 1);
  return { name: 'Click_by_Coordinate', params: { x: px, y: py, unit: 'px' } };
}

/**
 * A drag from `from` to `to`. Starting inside a scrollable element it is a `Scroll` of the
 * smallest such element, named by where the content comes from (the finger moves the other
 * way) and measured against that element; elsewhere a `Swipe` in the finger's direction,
 * measured against the screen. The axis is the one the finger moved most along.
 */
export function dragAction(elements: readonly UiElement[], from: Pt, to: Pt, screen: ScreenSize): ActionCall {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const length = Math.hypot(dx, dy);
  const horizontal = Math.abs(dx) > Math.abs(dy);
  const finger: Direction = horizontal ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
  const list = elementAt(elements, from[0], from[1], isScrollable);
  if (list) {
    const span = horizontal ? list.bounds[2] - list.bounds[0] : list.bounds[3] - list.bounds[1];
    return {
      name: 'Scroll',
      params: {
        index: list.index,
        direction: oppositeDirection(finger),
        distance: distanceForShare(length / Math.max(1, span)),
      },
    };
  }
  const extent = horizontal ? screen.width : screen.height;
  return { name: 'Swipe', params: { direction: finger, distance: distanceForShare(length / Math.max(1, extent)) } };
}

/** Whether a pointer that went down at `from` and up at `to` dragged, rather than clicked. */
export function isDrag(from: Pt, to: Pt, screen: ScreenSize): boolean {
  return Math.hypot(to[0] - from[0], to[1] - from[1]) >= DRAG_THRESHOLD * Math.min(screen.width, screen.height);
}

/** A pointer down at `from` and up at `to` on the screen: a drag's action, or a click where it went down. */
export function pointerAction(elements: readonly UiElement[], from: Pt, to: Pt, screen: ScreenSize): ActionCall {
  return isDrag(from, to, screen)
    ? dragAction(elements, from, to, screen)
    : clickAction(elements, from[0], from[1], screen);
}
