/**
 * The simulator's own control commands: `sim-state [package]`, `sim-state data <package>`,
 * `sim-state set <package> <JSON merge patch>`, `sim-reset [--seed N]`,
 * `sim-snapshot save|restore|list [NAME]`, `sim-clock [get | set <ISO | epoch ms> | policy
 * [real | frozen | stepped:<s>s]]`.
 */
import { formatClockPolicy, parseClockPolicy } from '../../device-clock.ts';
import type { ShellCommand } from '../registry.ts';
import { command } from './util.ts';

const STATE_USAGE = 'usage: sim-state [PACKAGE] | sim-state data PACKAGE | sim-state set PACKAGE JSON_MERGE_PATCH\n';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export const simState: ShellCommand = command('sim-state', async (ctx) => {
  const [verb, pkg, ...rest] = ctx.args;
  if (verb === 'data' || verb === 'set') {
    if (!pkg || (verb === 'set' ? rest.length === 0 : rest.length > 0)) {
      await ctx.err(STATE_USAGE);
      return 2;
    }
    try {
      if (verb === 'data') {
        await ctx.out(`${JSON.stringify(await ctx.device.appData(pkg))}\n`);
        return 0;
      }
      let patch: unknown;
      try {
        patch = JSON.parse(rest.join(' '));
      } catch (error) {
        await ctx.err(`sim-state: the patch is not JSON: ${message(error)}\n`);
        return 1;
      }
      await ctx.device.setAppData(pkg, patch);
      await ctx.out('OK\n');
      return 0;
    } catch (error) {
      await ctx.err(`sim-state: ${message(error)}\n`);
      return 1;
    }
  }
  if (ctx.args.length > 1) {
    await ctx.err(STATE_USAGE);
    return 2;
  }
  const state = await ctx.device.state(verb);
  await ctx.out(`${JSON.stringify(state ?? null)}\n`);
  return 0;
});

export const simReset: ShellCommand = command('sim-reset', async (ctx) => {
  const args = [...ctx.args];
  let seed: number | undefined;
  while (args.length) {
    const a = args.shift()!;
    const value = a === '--seed' ? args.shift() : a.startsWith('--seed=') ? a.slice(7) : undefined;
    if (value === undefined || !/^\d+$/.test(value) || Number(value) > 2 ** 31 - 1) {
      await ctx.err('usage: sim-reset [--seed N]   (N a whole number 0…2147483647)\n');
      return 2;
    }
    seed = Number(value);
  }
  await ctx.device.reset(seed === undefined ? {} : { seed });
  ctx.os.reset();
  await ctx.out('OK\n');
  return 0;
});

export const simSnapshot: ShellCommand = command('sim-snapshot', async (ctx) => {
  const [verb, name] = ctx.args;
  switch (verb) {
    case 'list':
      await ctx.out(
        ctx.device
          .listSnapshots()
          .map((s) => `${s}\n`)
          .join(''),
      );
      return 0;
    case 'save':
    case 'restore':
      if (!name) break;
      try {
        if (verb === 'save') await ctx.device.saveSnapshot(name);
        else await ctx.device.restoreSnapshot(name);
      } catch (error) {
        await ctx.err(`sim-snapshot: ${error instanceof Error ? error.message : String(error)}\n`);
        return 1;
      }
      await ctx.out('OK\n');
      return 0;
  }
  await ctx.err('usage: sim-snapshot save|restore NAME | list\n');
  return 2;
});

/** Accepts epoch milliseconds or anything Date.parse understands (ISO 8601). */
export function parseClock(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

export const simClock: ShellCommand = command('sim-clock', async (ctx) => {
  const [verb, value] = ctx.args;
  if (verb === undefined || verb === 'get') {
    await ctx.out(`${new Date(ctx.device.now()).toISOString()}\n`);
    return 0;
  }
  if (verb === 'policy') {
    if (value === undefined) {
      await ctx.out(`${formatClockPolicy(ctx.device.clockPolicy())}\n`);
      return 0;
    }
    try {
      ctx.device.setClockPolicy(parseClockPolicy(value));
    } catch (error) {
      await ctx.err(`sim-clock: ${message(error)}\n`);
      return 1;
    }
    await ctx.out(`${formatClockPolicy(ctx.device.clockPolicy())}\n`);
    return 0;
  }
  if (verb === 'set' && value !== undefined) {
    const ms = parseClock(value);
    if (ms === undefined) {
      await ctx.err(`sim-clock: cannot parse time '${value}' (use ISO 8601 or epoch milliseconds)\n`);
      return 1;
    }
    ctx.device.setClock(ms);
    await ctx.out(`${new Date(ms).toISOString()}\n`);
    return 0;
  }
  await ctx.err('usage: sim-clock [get | set <ISO 8601 | epoch ms> | policy [real | frozen | stepped:<seconds>s]]\n');
  return 2;
});

export const SIM_COMMANDS: readonly ShellCommand[] = [simState, simReset, simSnapshot, simClock];
