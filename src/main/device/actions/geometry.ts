/** Where actions touch: element centres, grid and pixel coordinates, swipe paths. */
import type { Direction } from '../../../shared/actions.ts';
import { MobaError } from '../../../shared/errors.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { describeElement as describeShared } from '../../../shared/elements/describe-element.ts';
import { DISTANCE_SHARE, oppositeDirection } from '../../../shared/elements/screen-input.ts';
import { coordinateProblem, toPixels } from '../../../shared/elements/coordinates.ts';
import type { ActionContext } from './types.ts';

export type Point = readonly [number, number];
export type Rect = readonly [number, number, number, number];

/**
 * The element drawn with this index.
 *
 * @throws MobaError ACTION_INVALID naming the valid range when there is none
 */
export function elementByIndex(ctx: ActionContext, index: number): UiElement {
  // Text-only elements (index -1) are context for the model, never targets.
  const found = index >= 1 ? ctx.elements.find((e) => e.index === index) : undefined;
  if (found) return found;
  const count = ctx.elements.filter((e) => e.index > 0).length;
  throw new MobaError(
    'ACTION_INVALID',
    count
      ? `There is no element ${index} on this screen (elements are numbered 1–${count}).`
      : `There is no element ${index}: this screen has no numbered elements.`,
  );
}

export function clampToScreen(p: Point, screen: { width: number; height: number }): Point {
  return [
    Math.min(Math.max(0, Math.round(p[0])), screen.width - 1),
    Math.min(Math.max(0, Math.round(p[1])), screen.height - 1),
  ];
}

/** The element's centre, kept on the screen (an element may stick out of it). */
export function elementPoint(ctx: ActionContext, e: UiElement): Point {
  return clampToScreen([e.center[0], e.center[1]], ctx.screen);
}

/** `[3] "Clock"` for details. */
export function describeElement(e: UiElement): string {
  return describeShared(e, { withClass: false, maxLabel: 40 });
}

/**
 * A point from the model's 0–1000 grid or from pixels.
 *
 * @throws MobaError ACTION_INVALID for a point outside the grid or the screen
 */
export function coordinatePoint(
  x: number,
  y: number,
  unit: 'grid' | 'px',
  screen: { width: number; height: number },
): Point {
  const problem = coordinateProblem(x, y, unit, screen);
  if (problem) throw new MobaError('ACTION_INVALID', problem);
  const p = toPixels(x, y, unit, screen);
  return unit === 'grid' ? clampToScreen(p, screen) : [Math.round(p[0]), Math.round(p[1])];
}

/** How far a gesture travels, as a share of the extent it moves across (shared with the screen's drag mapping). */
export { DISTANCE_SHARE };

const UNIT: Readonly<Record<Direction, Point>> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

/**
 * A straight finger path that starts at `from` and moves `share` of the rectangle's extent in
 * `direction`, staying inside the rectangle (minus a small margin so the touch is not taken
 * by an edge or a system gesture area).
 */
export function fingerPath(from: Point, direction: Direction, share: number, rect: Rect): [Point, Point] {
  const [dx, dy] = UNIT[direction];
  const w = rect[2] - rect[0];
  const h = rect[3] - rect[1];
  const mx = Math.max(1, w * 0.05);
  const my = Math.max(1, h * 0.05);
  const clamp = (v: number, lo: number, hi: number) => Math.round(Math.min(Math.max(v, lo), hi));
  const to: Point = [
    clamp(from[0] + dx * share * w, rect[0] + mx, rect[2] - mx),
    clamp(from[1] + dy * share * h, rect[1] + my, rect[3] - my),
  ];
  return [[Math.round(from[0]), Math.round(from[1])], to];
}

/** The finger's direction to bring content from `direction` into view: the opposite one. */
export const fingerDirectionForScroll: (direction: Direction) => Direction = oppositeDirection;
