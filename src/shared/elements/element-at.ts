/**
 * Which element a point on the screen lands in, in device pixels. The one hit test of the
 * product: the cockpit's screen stage and live mirror, the demonstration recorder and the
 * mirror input recorded into a run all pick elements with it.
 */
import type { UiElement } from '../schemas/perception.ts';

/** Device-pixel point `[x, y]`. */
export type Pt = readonly [number, number];

/** Whether the point is inside the element's bounds: left and top edges included, right and bottom excluded (as Android's Rect.contains). */
export function contains(e: Pick<UiElement, 'bounds'>, x: number, y: number): boolean {
  const [x1, y1, x2, y2] = e.bounds;
  return x >= x1 && x < x2 && y >= y1 && y < y2;
}

/** The element's area in square pixels (0 for an empty or inverted box). */
export function area(e: Pick<UiElement, 'bounds'>): number {
  return Math.max(0, e.bounds[2] - e.bounds[0]) * Math.max(0, e.bounds[3] - e.bounds[1]);
}

/**
 * The most specific numbered element under a point: the smallest box that contains it (a row
 * inside a list, not the list); of equal boxes the first in the list. Text-only elements
 * (index -1) are never targets.
 *
 * @param filter narrows the candidates, e.g. to scrollable elements
 * @returns undefined when no numbered element contains the point
 */
export function elementAt(
  elements: readonly UiElement[],
  x: number,
  y: number,
  filter?: (e: UiElement) => boolean,
): UiElement | undefined {
  let best: UiElement | undefined;
  let bestArea = Number.POSITIVE_INFINITY;
  for (const e of elements) {
    if (e.index < 1 || !contains(e, x, y) || (filter && !filter(e))) continue;
    const a = area(e);
    if (a < bestArea) {
      best = e;
      bestArea = a;
    }
  }
  return best;
}

/** Whether the element scrolls (the target of a `Scroll`). */
export function isScrollable(e: UiElement): boolean {
  return e.trueAttributes.includes('scrollable');
}
