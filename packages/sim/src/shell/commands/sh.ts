/** `sh [-c SCRIPT | FILE]`, `cmd SERVICE …` (the binder shell-command front end), `getprop`, `setprop`. */
import { readAll } from '../io.ts';
import { CommandError } from '../registry.ts';
import type { ShellCommand } from '../registry.ts';
import { command, pathArg } from './util.ts';
import { statusbar } from './sim.ts';

export const sh: ShellCommand = command(
  'sh',
  async (ctx) => {
    const args = ctx.args.filter((a) => a !== '-e' && a !== '-x' && a !== '-s');
    if (args[0] === '-c') {
      if (args[1] === undefined) throw new CommandError('/system/bin/sh: -c: option requires an argument', 1);
      return ctx.runScript(args[1]);
    }
    if (args[0] !== undefined) {
      let source: Uint8Array;
      try {
        source = ctx.fs.readFile(pathArg(ctx, args[0]));
      } catch {
        throw new CommandError(`/system/bin/sh: ${args[0]}: No such file or directory`, 127);
      }
      return ctx.runScript(Buffer.from(source).toString('utf8'));
    }
    return ctx.runScript(Buffer.from(await readAll(ctx.stdin)).toString('utf8'));
  },
  ['mksh'],
);

/** `cmd <service> …` reaches the same code as the service's shell program. */
const CMD_SERVICES: Readonly<Record<string, string>> = {
  package: 'pm',
  activity: 'am',
  input: 'input',
  window: 'wm',
  settings: 'settings',
  input_method: 'ime',
  statusbar: 'statusbar',
};

/** Services with no shell program of their own (on a phone they are only reached through `cmd`). */
const CMD_ONLY: Readonly<Record<string, ShellCommand>> = { statusbar };

export const cmd: ShellCommand = command('cmd', async (ctx) => {
  const [service, ...rest] = ctx.args;
  if (service === '-l' || service === undefined) {
    await ctx.out(
      Object.keys(CMD_SERVICES)
        .sort()
        .map((s) => `${s}\n`)
        .join(''),
    );
    return 0;
  }
  const program = service === undefined ? undefined : CMD_SERVICES[service];
  const target = program === undefined ? undefined : (CMD_ONLY[program] ?? ctx.commands.get(program));
  if (!target) {
    await ctx.err(`cmd: Can't find service: ${service ?? ''}\n`);
    return 20;
  }
  return target.run({ ...ctx, argv0: program as string, args: rest });
});

export const getprop: ShellCommand = command('getprop', async (ctx) => {
  const props = ctx.device.getprop();
  if (ctx.os.root) props['service.adb.root'] = '1';
  const [key, fallback] = ctx.args.filter((a) => !a.startsWith('-'));
  if (key !== undefined) {
    await ctx.out(`${props[key] ?? fallback ?? ''}\n`);
    return 0;
  }
  const keys = Object.keys(props).sort();
  await ctx.out(keys.map((k) => `[${k}]: [${props[k]}]\n`).join(''));
  return 0;
});

export const setprop: ShellCommand = command('setprop', async (ctx) => {
  const [key, value] = ctx.args;
  if (key === undefined || value === undefined) throw new CommandError('usage: setprop NAME VALUE', 1);
  // The shell user may not set system properties on a production build.
  await ctx.err(`Failed to set property '${key}' to '${value}'.\nSee dmesg for error reason.\n`);
  return 1;
});

export const SH_COMMANDS: readonly ShellCommand[] = [sh, cmd, getprop, setprop];
