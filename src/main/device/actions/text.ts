/** Type (into the focused field) and Box_Input (tap, clear, type, Enter). */
import { KEYCODE, delay } from '@moba/base';
import { typeText } from '../text-input.ts';
import type { ActionExecutors } from './types.ts';
import { describeElement, elementByIndex, elementPoint } from './geometry.ts';

/** More deletes than any field a model fills in (beyond it `input keyevent` lines get long). */
const MAX_CLEAR = 500;
const FOCUS_WAIT_MS = 1_000;

function preview(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

export const textExecutors: Pick<ActionExecutors, 'Type' | 'Box_Input'> = {
  async Type({ text }, ctx) {
    const r = await typeText(ctx.device, ctx.input, text, { signal: ctx.signal });
    return { detail: `typed ${preview(text)} (${r.method})`, settle: true };
  },
  async Box_Input({ index, text }, ctx) {
    const e = elementByIndex(ctx, index);
    const [x, y] = elementPoint(ctx, e);
    await ctx.input.tap([x, y], { signal: ctx.signal });
    // The field takes focus (and the keyboard comes up) shortly after the tap.
    const until = Date.now() + FOCUS_WAIT_MS;
    while (Date.now() < until && !(await ctx.device.keyboardShown({ signal: ctx.signal })))
      await delay(100, ctx.signal);
    // Move to the end and delete what the observation showed in the box (a hint is deleted harmlessly).
    const existing = Math.min(MAX_CLEAR, [...e.text].length);
    await ctx.input.keys([KEYCODE.MOVE_END, ...Array<number>(existing).fill(KEYCODE.DEL)], { signal: ctx.signal });
    const r = text ? await typeText(ctx.device, ctx.input, text, { signal: ctx.signal }) : undefined;
    await ctx.input.keys([KEYCODE.ENTER], { signal: ctx.signal });
    return {
      detail: `tap (${x}, ${y}) on ${describeElement(e)}, cleared ${existing} chars, typed ${preview(text)}${r ? ` (${r.method})` : ''}, Enter`,
      settle: true,
    };
  },
};
