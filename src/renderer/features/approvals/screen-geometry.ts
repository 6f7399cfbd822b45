/**
 * Geometry of the screen views: which element a click lands in, what a click or a drag on
 * the screen means as an action, and where to draw an action's marker (element box, point,
 * or a finger path for swipes and scrolls). All in device pixels.
 */
import { ACTIONS, targetIndex } from '../../../shared/actions.ts';
import type { ActionCall, ActionDefinition, Direction, Distance } from '../../../shared/actions.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';

export interface ScreenSize {
  width: number;
  height: number;
}

export type Pt = readonly [number, number];

function contains(e: UiElement, x: number, y: number): boolean {
  const [x1, y1, x2, y2] = e.bounds;
  return x >= x1 && x < x2 && y >= y1 && y < y2;
}

function area(e: UiElement): number {
  return Math.max(0, e.bounds[2] - e.bounds[0]) * Math.max(0, e.bounds[3] - e.bounds[1]);
}

/** The most specific numbered element under a point (the smallest box containing it). */
export function elementAt(elements: readonly UiElement[], x: number, y: number): UiElement | null {
  let best: UiElement | null = null;
  for (const e of elements) {
    if (e.index <= 0 || !contains(e, x, y)) continue;
    if (!best || area(e) < area(best)) best = e;
  }
  return best;
}

/**
 * What a click on the screen means as an action. Element-level `Click(i)` when it lands in a
 * numbered element: that is MobA's own action space, so a corrected step stays comparable with
 * the agent's steps, replays on another screen size and becomes clean training data; only a
 * click outside every element falls back to `Click_by_Coordinate(x, y, px)`.
 */
export function clickAction(elements: readonly UiElement[], x: number, y: number, screen: ScreenSize): ActionCall {
  const e = elementAt(elements, x, y);
  if (e) return { name: 'Click', params: { index: e.index } };
  const px = Math.min(Math.max(0, Math.round(x)), screen.width - 1);
  const py = Math.min(Math.max(0, Math.round(y)), screen.height - 1);
  return { name: 'Click_by_Coordinate', params: { x: px, y: py, unit: 'px' } };
}

/** Shorter drags than this (share of the screen's smaller side) are clicks. */
export const DRAG_THRESHOLD = 0.04;

function distanceFor(share: number): Distance {
  return share < 0.26 ? 'short' : share < 0.37 ? 'medium' : 'long';
}

/**
 * What a drag means: inside a scrollable element a `Scroll` of it (content comes from where
 * the finger moves away from), elsewhere a `Swipe` in the finger's direction; null for a
 * drag too short to be one (treat it as a click).
 */
export function dragAction(elements: readonly UiElement[], from: Pt, to: Pt, screen: ScreenSize): ActionCall | null {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy);
  if (len < DRAG_THRESHOLD * Math.min(screen.width, screen.height)) return null;
  const horizontal = Math.abs(dx) > Math.abs(dy);
  const finger: Direction = horizontal ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
  const extent = horizontal ? screen.width : screen.height;
  const scrollable = elements
    .filter((e) => e.index > 0 && e.trueAttributes.includes('scrollable') && contains(e, from[0], from[1]))
    .sort((a, b) => area(a) - area(b))[0];
  if (scrollable) {
    const span = horizontal ? scrollable.bounds[2] - scrollable.bounds[0] : scrollable.bounds[3] - scrollable.bounds[1];
    const opposite: Record<Direction, Direction> = { up: 'down', down: 'up', left: 'right', right: 'left' };
    return { name: 'Scroll', params: { index: scrollable.index, direction: opposite[finger], distance: distanceFor(len / Math.max(1, span)) } };
  }
  return { name: 'Swipe', params: { direction: finger, distance: distanceFor(len / extent) } };
}

const SHARE: Record<Distance, number> = { short: 0.2, medium: 0.32, long: 0.42 };
const UNIT: Record<Direction, Pt> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

export type Marker =
  | { kind: 'box'; bounds: readonly [number, number, number, number]; label: string; point: Pt }
  | { kind: 'point'; point: Pt; label: string }
  | { kind: 'arrow'; from: Pt; to: Pt; label: string; bounds?: readonly [number, number, number, number] }
  | { kind: 'none'; label: string };

/**
 * Where an action acts, for drawing it over the screenshot: the element's box (and its centre),
 * the tapped point, or the finger path of a swipe or scroll (scroll: content comes from
 * `direction`, so the finger moves the other way).
 */
export function actionMarker(action: ActionCall, elements: readonly UiElement[], screen: ScreenSize): Marker {
  const label = action.name.replace(/_/g, ' ');
  const index = targetIndex(action);
  const element = index === undefined ? undefined : elements.find((e) => e.index === index);
  if (action.name === 'Scroll' && element) {
    const [x1, y1, x2, y2] = element.bounds;
    const finger = UNIT[{ up: 'down', down: 'up', left: 'right', right: 'left' }[action.params.direction] as Direction];
    const span = finger[0] !== 0 ? x2 - x1 : y2 - y1;
    const c: Pt = [element.center[0], element.center[1]];
    const half = (SHARE[action.params.distance] * span) / 2;
    return { kind: 'arrow', from: [c[0] - finger[0] * half, c[1] - finger[1] * half], to: [c[0] + finger[0] * half, c[1] + finger[1] * half], label: `Scroll ${action.params.direction}`, bounds: element.bounds };
  }
  if (element) return { kind: 'box', bounds: element.bounds, label: `${label} [${element.index}]`, point: [element.center[0], element.center[1]] };
  if (action.name === 'Click_by_Coordinate') {
    const { x, y, unit } = action.params;
    const p: Pt = unit === 'grid' ? [(x / 1000) * screen.width, (y / 1000) * screen.height] : [x, y];
    return { kind: 'point', point: p, label };
  }
  if (action.name === 'Swipe') {
    const u = UNIT[action.params.direction];
    const extent = u[0] !== 0 ? screen.width : screen.height;
    const half = (SHARE[action.params.distance] * extent) / 2;
    const c: Pt = [screen.width / 2, screen.height / 2];
    return { kind: 'arrow', from: [c[0] - u[0] * half, c[1] - u[1] * half], to: [c[0] + u[0] * half, c[1] + u[1] * half], label: `Swipe ${action.params.direction}` };
  }
  if ((ACTIONS[action.name] as ActionDefinition).elementParam && index !== undefined) return { kind: 'none', label: `${label}: no element ${index} on this screen` };
  return { kind: 'none', label };
}
