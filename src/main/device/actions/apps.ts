/** Open_App (through a resolver) and Close_App. */
import { MobaError } from '../../../shared/errors.ts';
import type { ActionExecutors } from './types.ts';

export const appExecutors: Pick<ActionExecutors, 'Open_App' | 'Close_App'> = {
  async Open_App({ app }, ctx) {
    if (!ctx.resolveApp) throw new MobaError('ACTION_INVALID', 'Open_App needs an app resolver (none was given).');
    const target = await ctx.resolveApp(app, { device: ctx.device, signal: ctx.signal });
    const why = target.reason ? ` — ${target.reason}` : '';
    if (target.activity) {
      await ctx.device.startActivity(target.packageName, target.activity, { signal: ctx.signal });
      return { detail: `am start -n ${target.packageName}/${target.activity}${why}`, settle: true };
    }
    await ctx.device.launchApp(target.packageName, { signal: ctx.signal });
    return { detail: `launched ${target.packageName}${why}`, settle: true };
  },
  async Close_App({ packageName }, ctx) {
    await ctx.device.forceStop(packageName, { signal: ctx.signal });
    return { detail: `force-stopped ${packageName}`, settle: true };
  },
};
