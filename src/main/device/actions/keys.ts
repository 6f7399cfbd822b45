/** Back, Home, Enter: one key event each. */
import type { ActionExecutors } from './types.ts';

export const KEYCODE = { HOME: 3, BACK: 4, ENTER: 66, DEL: 67, MOVE_END: 123 } as const;

export const keyExecutors: Pick<ActionExecutors, 'Back' | 'Home' | 'Enter'> = {
  async Back(_params, ctx) {
    await ctx.device.keyevent([KEYCODE.BACK], { signal: ctx.signal });
    return { detail: 'key BACK', settle: true };
  },
  async Home(_params, ctx) {
    await ctx.device.keyevent([KEYCODE.HOME], { signal: ctx.signal });
    return { detail: 'key HOME', settle: true };
  },
  async Enter(_params, ctx) {
    await ctx.device.keyevent([KEYCODE.ENTER], { signal: ctx.signal });
    return { detail: 'key ENTER', settle: true };
  },
};
