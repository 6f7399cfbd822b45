/** The GUI-native models' gestures at screen points: long press, double tap and a swipe between two points. */
import type { ActionExecutors } from './types.ts';
import { coordinatePoint } from './geometry.ts';

/** Slow enough for lists to follow the finger rather than fling. */
export const POINT_SWIPE_MS = 400;

export const pointExecutors: Pick<
  ActionExecutors,
  'Long_Press_by_Coordinate' | 'Double_Click_by_Coordinate' | 'Swipe_by_Coordinate'
> = {
  async Long_Press_by_Coordinate({ x, y, seconds, unit }, ctx) {
    const p = coordinatePoint(x, y, unit, ctx.screen);
    const ms = Math.round(seconds * 1000);
    await ctx.input.swipe(p, p, ms, { signal: ctx.signal, timeoutMs: ms + 15_000 });
    return { detail: `long press ${ms} ms at (${p[0]}, ${p[1]})`, settle: true };
  },
  async Double_Click_by_Coordinate({ x, y, unit }, ctx) {
    const p = coordinatePoint(x, y, unit, ctx.screen);
    await ctx.input.doubleTap(p, { signal: ctx.signal });
    return { detail: `double tap (${p[0]}, ${p[1]})`, settle: true };
  },
  async Swipe_by_Coordinate({ x1, y1, x2, y2, unit }, ctx) {
    const from = coordinatePoint(x1, y1, unit, ctx.screen);
    const to = coordinatePoint(x2, y2, unit, ctx.screen);
    await ctx.input.swipe(from, to, POINT_SWIPE_MS, { signal: ctx.signal });
    return { detail: `swipe (${from[0]}, ${from[1]}) → (${to[0]}, ${to[1]})`, settle: true };
  },
};
