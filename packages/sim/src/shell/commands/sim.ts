/**
 * The simulator's own control commands: `sim-state [package]`, `sim-state data <package>`,
 * `sim-state set <package> <JSON merge patch>`, `sim-reset [--seed N] [--clock …]`,
 * `sim-snapshot save|restore|list [NAME]`, `sim-clock [get | set <time> | policy
 * [real | frozen | stepped:<s>s] | date [PHRASE]]`, `sim-disturb add|list|clear`, and the
 * status bar service behind `cmd statusbar`.
 */
import type { ResetOptions } from '../../device.ts';
import { formatClockPolicy, parseClockPolicy } from '../../device-clock.ts';
import { localDay, localToEpoch, namedDays, relativeDay } from '../../time.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
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

/** The phone's IANA time zone (`persist.sys.timezone`). */
function zoneOf(ctx: CommandContext): string {
  return ctx.device.getprop()['persist.sys.timezone'] ?? 'Asia/Shanghai';
}

/**
 * A time for `sim-clock set` / `sim-reset --clock`: epoch ms, a local wall time without a zone
 * (`2025-06-02T18:00`, read in the phone's time zone), or an ISO 8601 time with one.
 */
export function parseDeviceTime(text: string, timeZone: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) {
    try {
      return localToEpoch(text, timeZone);
    } catch {
      return undefined;
    }
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

const RESET_USAGE = 'usage: sim-reset [--seed N]   (N a whole number 0…2147483647)\n';
const RESET_CLOCK_USAGE =
  'usage: sim-reset [--seed N] [--clock seeded | default | <local time YYYY-MM-DDTHH:MM | ISO 8601 | epoch ms>]\n';

/** `--name V` or `--name=V`: the value, or undefined when `a` is not that option. */
function optionValue(a: string, name: string, args: string[]): string | undefined | null {
  if (a === `--${name}`) return args.shift() ?? null;
  if (a.startsWith(`--${name}=`)) return a.slice(name.length + 3);
  return undefined;
}

export const simReset: ShellCommand = command('sim-reset', async (ctx) => {
  const args = [...ctx.args];
  const options: ResetOptions = {};
  while (args.length) {
    const a = args.shift()!;
    const clock = optionValue(a, 'clock', args);
    if (clock !== undefined) {
      const at = clock === 'seeded' || clock === 'default' ? clock : parseDeviceTime(clock ?? '', zoneOf(ctx));
      if (at === undefined || clock === null) {
        await ctx.err(RESET_CLOCK_USAGE);
        return 2;
      }
      options.clock = at;
      continue;
    }
    const value = optionValue(a, 'seed', args);
    if (!value || !/^\d+$/.test(value) || Number(value) > 2 ** 31 - 1) {
      await ctx.err(RESET_USAGE);
      return 2;
    }
    options.seed = Number(value);
  }
  await ctx.device.reset(options);
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
  if (verb === 'date') {
    const today = localDay(ctx.device.now(), zoneOf(ctx)).date;
    const phrase = ctx.args.slice(1).join(' ');
    try {
      await ctx.out(phrase ? `${relativeDay(today, phrase)}\n` : `${JSON.stringify(namedDays(today))}\n`);
      return 0;
    } catch (error) {
      await ctx.err(`sim-clock: ${message(error)}\n`);
      return 1;
    }
  }
  if (verb === 'set' && value !== undefined) {
    const ms = parseDeviceTime(value, zoneOf(ctx));
    if (ms === undefined) {
      await ctx.err(
        `sim-clock: cannot parse time '${value}' (use a local time YYYY-MM-DDTHH:MM, ISO 8601 or epoch milliseconds)\n`,
      );
      return 1;
    }
    ctx.device.setClock(ms);
    await ctx.out(`${new Date(ms).toISOString()}\n`);
    return 0;
  }
  await ctx.err(
    'usage: sim-clock [get | set <local time YYYY-MM-DDTHH:MM | ISO 8601 | epoch ms> | policy [real | frozen | stepped:<seconds>s] | date [PHRASE]]\n',
  );
  return 2;
});

const DISTURB_USAGE = "usage: sim-disturb add 'JSON' (one disturbance or a list) | list | clear\n";

/** `sim-disturb add '<json>' | list | clear`: disturbances (see the README's *Disturbances*). */
export const simDisturb: ShellCommand = command('sim-disturb', async (ctx) => {
  const [verb, ...rest] = ctx.args;
  try {
    if (verb === 'add' && rest.length > 0) {
      let specs: unknown;
      try {
        specs = JSON.parse(rest.join(' '));
      } catch (error) {
        await ctx.err(`sim-disturb: not JSON: ${message(error)}\n`);
        return 1;
      }
      await ctx.out(`${(await ctx.device.disturb(specs)).join('\n')}\n`);
      return 0;
    }
    if (verb === 'list' && rest.length === 0) {
      const state = (await ctx.device.state()) as { device?: { disturbances?: unknown } };
      await ctx.out(`${JSON.stringify(state.device?.disturbances ?? [])}\n`);
      return 0;
    }
    if (verb === 'clear' && rest.length === 0) {
      await ctx.device.clearDisturbances();
      await ctx.out('OK\n');
      return 0;
    }
  } catch (error) {
    await ctx.err(`sim-disturb: ${message(error)}\n`);
    return 1;
  }
  await ctx.err(DISTURB_USAGE);
  return 2;
});

/** `cmd statusbar expand-notifications | expand-settings | collapse`, as on Android. */
export const statusbar: ShellCommand = command('statusbar', async (ctx) => {
  const [verb] = ctx.args;
  if (verb === 'expand-notifications' || verb === 'expand-settings' || verb === 'collapse') {
    try {
      await ctx.device.setShade(verb !== 'collapse');
    } catch (error) {
      await ctx.err(`${message(error)}\n`);
      return 1;
    }
    return 0;
  }
  await ctx.err('usage: cmd statusbar expand-notifications | expand-settings | collapse\n');
  return 2;
});

export const SIM_COMMANDS: readonly ShellCommand[] = [simState, simReset, simSnapshot, simClock, simDisturb];
