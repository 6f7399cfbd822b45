/** Back, Home, Enter, Switch_App (the Overview key): one key event each. */
import { KEYCODE } from '@moba/base';
import type { ActionExecutors } from './types.ts';

export const keyExecutors: Pick<ActionExecutors, 'Back' | 'Home' | 'Enter' | 'Switch_App'> = {
  async Back(_params, ctx) {
    await ctx.input.keys([KEYCODE.BACK], { signal: ctx.signal });
    return { detail: 'key BACK', settle: true };
  },
  async Home(_params, ctx) {
    await ctx.input.keys([KEYCODE.HOME], { signal: ctx.signal });
    return { detail: 'key HOME', settle: true };
  },
  async Switch_App(_params, ctx) {
    await ctx.input.keys([KEYCODE.APP_SWITCH], { signal: ctx.signal });
    return { detail: 'key APP_SWITCH', settle: true };
  },
  async Enter(_params, ctx) {
    await ctx.input.keys([KEYCODE.ENTER], { signal: ctx.signal });
    return { detail: 'key ENTER', settle: true };
  },
};
