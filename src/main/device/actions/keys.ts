/** Back, Home, Enter: one key event each. */
import { KEYCODE } from '@moba/base';
import type { ActionExecutors } from './types.ts';

export const keyExecutors: Pick<ActionExecutors, 'Back' | 'Home' | 'Enter'> = {
  async Back(_params, ctx) {
    await ctx.input.keys([KEYCODE.BACK], { signal: ctx.signal });
    return { detail: 'key BACK', settle: true };
  },
  async Home(_params, ctx) {
    await ctx.input.keys([KEYCODE.HOME], { signal: ctx.signal });
    return { detail: 'key HOME', settle: true };
  },
  async Enter(_params, ctx) {
    await ctx.input.keys([KEYCODE.ENTER], { signal: ctx.signal });
    return { detail: 'key ENTER', settle: true };
  },
};
