/**
 * The simulator's own control commands: `sim-state [package]`, `sim-reset`,
 * `sim-snapshot save|restore|list [NAME]`, `sim-clock [get | set <ISO | epoch ms>]`.
 */
import type { ShellCommand } from '../registry.ts';
import { command } from './util.ts';

export const simState: ShellCommand = command('sim-state', async (ctx) => {
  const state = await ctx.device.state(ctx.args[0]);
  await ctx.out(`${JSON.stringify(state ?? null)}\n`);
  return 0;
});

export const simReset: ShellCommand = command('sim-reset', async (ctx) => {
  await ctx.device.reset();
  await ctx.out('OK\n');
  return 0;
});

export const simSnapshot: ShellCommand = command('sim-snapshot', async (ctx) => {
  const [verb, name] = ctx.args;
  switch (verb) {
    case 'list':
      await ctx.out(ctx.device.listSnapshots().map((s) => `${s}\n`).join(''));
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
  await ctx.err('usage: sim-clock [get | set <ISO 8601 | epoch ms>]\n');
  return 2;
});

export const SIM_COMMANDS: readonly ShellCommand[] = [simState, simReset, simSnapshot, simClock];
