/** Click, Click_by_Coordinate, Double_Click, Long_Press. */
import type { ActionExecutors } from './types.ts';
import { coordinatePoint, describeElement, elementByIndex, elementPoint } from './geometry.ts';

/** Android's long-press timeout is 400–500 ms; a second is long on every phone. */
export const LONG_PRESS_MS = 1_000;

export const touchExecutors: Pick<ActionExecutors, 'Click' | 'Click_by_Coordinate' | 'Double_Click' | 'Long_Press'> = {
  async Click({ index }, ctx) {
    const e = elementByIndex(ctx, index);
    const [x, y] = elementPoint(ctx, e);
    await ctx.input.tap([x, y], { signal: ctx.signal });
    return { detail: `tap (${x}, ${y}) on ${describeElement(e)}`, settle: true };
  },
  async Click_by_Coordinate({ x, y, unit }, ctx) {
    const [px, py] = coordinatePoint(x, y, unit, ctx.screen);
    await ctx.input.tap([px, py], { signal: ctx.signal });
    return { detail: `tap (${px}, ${py})${unit === 'grid' ? ` (grid ${x}, ${y})` : ''}`, settle: true };
  },
  async Double_Click({ index }, ctx) {
    const e = elementByIndex(ctx, index);
    const [x, y] = elementPoint(ctx, e);
    await ctx.input.doubleTap([x, y], { signal: ctx.signal });
    return { detail: `double tap (${x}, ${y}) on ${describeElement(e)}`, settle: true };
  },
  async Long_Press({ index }, ctx) {
    const e = elementByIndex(ctx, index);
    const p = elementPoint(ctx, e);
    await ctx.input.swipe(p, p, LONG_PRESS_MS, { signal: ctx.signal, timeoutMs: 15_000 });
    return { detail: `long press ${LONG_PRESS_MS} ms at (${p[0]}, ${p[1]}) on ${describeElement(e)}`, settle: true };
  },
};
