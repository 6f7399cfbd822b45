/** Scroll (inside an element) and Swipe (across the screen). */
import type { ActionExecutors } from './types.ts';
import {
  DISTANCE_SHARE,
  coordinatePoint,
  describeElement,
  elementByIndex,
  elementPoint,
  fingerDirectionForScroll,
  fingerPath,
} from './geometry.ts';
import type { Point, Rect } from './geometry.ts';

/** Slow enough that lists move by the distance instead of flinging. */
export const SCROLL_MS = 500;
export const SWIPE_MS = 300;

export const gestureExecutors: Pick<ActionExecutors, 'Scroll' | 'Swipe'> = {
  async Scroll({ index, direction, distance }, ctx) {
    const e = elementByIndex(ctx, index);
    const bounds: Rect = [
      Math.max(0, e.bounds[0]),
      Math.max(0, e.bounds[1]),
      Math.min(ctx.screen.width, e.bounds[2]),
      Math.min(ctx.screen.height, e.bounds[3]),
    ];
    const finger = fingerDirectionForScroll(direction);
    const [from, to] = fingerPath(elementPoint(ctx, e), finger, DISTANCE_SHARE[distance], bounds);
    await ctx.input.swipe(from, to, SCROLL_MS, { signal: ctx.signal });
    return {
      detail: `scroll ${describeElement(e)} to show more ${direction} (${distance}): finger (${from[0]}, ${from[1]}) → (${to[0]}, ${to[1]})`,
      settle: true,
    };
  },
  async Swipe({ direction, distance, index, x, y, unit }, ctx) {
    const { width, height } = ctx.screen;
    const start: Point =
      index !== undefined
        ? elementPoint(ctx, elementByIndex(ctx, index))
        : x !== undefined && y !== undefined
          ? coordinatePoint(x, y, unit ?? 'grid', ctx.screen)
          : [width / 2, height / 2];
    const [from, to] = fingerPath(start, direction, DISTANCE_SHARE[distance], [0, 0, width, height]);
    await ctx.input.swipe(from, to, SWIPE_MS, { signal: ctx.signal });
    return {
      detail: `swipe ${direction} (${distance}): (${from[0]}, ${from[1]}) → (${to[0]}, ${to[1]})`,
      settle: true,
    };
  },
};
