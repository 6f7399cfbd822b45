/** Small toybox programs: echo, printf, true, false, sleep, id, whoami, which, pwd, uname, env, test. */
import { CommandError } from '../registry.ts';
import type { ShellCommand } from '../registry.ts';
import { command, pathArg, sleep } from './util.ts';

/** Backslash escapes of `echo -e` / printf. `\c` stops all output (signalled by `stop`). */
function unescape(text: string): { text: string; stop: boolean } {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\\' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const n = text[++i] as string;
    switch (n) {
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case 'r':
        out += '\r';
        break;
      case 'a':
        out += '\x07';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'v':
        out += '\v';
        break;
      case 'e':
        out += '\x1b';
        break;
      case '\\':
        out += '\\';
        break;
      case 'c':
        return { text: out, stop: true };
      case '0': {
        const digits = /^[0-7]{0,3}/.exec(text.slice(i + 1))?.[0] ?? '';
        out += String.fromCharCode(Number.parseInt(digits || '0', 8));
        i += digits.length;
        break;
      }
      default:
        out += `\\${n}`;
    }
  }
  return { text: out, stop: false };
}

export const echo: ShellCommand = command('echo', async (ctx) => {
  let newline = true;
  let escapes = false;
  let i = 0;
  for (; i < ctx.args.length; i++) {
    const arg = ctx.args[i] as string;
    if (!/^-[neE]+$/.test(arg)) break;
    if (arg.includes('n')) newline = false;
    if (arg.includes('e')) escapes = true;
    if (arg.includes('E')) escapes = false;
  }
  let text = ctx.args.slice(i).join(' ');
  if (escapes) {
    const result = unescape(text);
    text = result.text;
    if (result.stop) newline = false;
  }
  await ctx.out(newline ? `${text}\n` : text);
  return 0;
});

export const printf: ShellCommand = command('printf', async (ctx) => {
  const [format, ...values] = ctx.args;
  if (format === undefined) throw new CommandError('printf: needs 1 argument');
  let out = '';
  let index = 0;
  // The format is reused until every argument is consumed, as POSIX printf does.
  do {
    out += format.replace(
      /%(-?\d*)(\.\d+)?([sdixXcf%])/g,
      (_m, width: string, precision: string | undefined, conv: string) => {
        if (conv === '%') return '%';
        const raw = values[index++] ?? '';
        let text: string;
        switch (conv) {
          case 'd':
          case 'i':
            text = String(Math.trunc(Number(raw) || 0));
            break;
          case 'x':
            text = (Math.trunc(Number(raw) || 0) >>> 0).toString(16);
            break;
          case 'X':
            text = (Math.trunc(Number(raw) || 0) >>> 0).toString(16).toUpperCase();
            break;
          case 'c':
            text = raw.slice(0, 1);
            break;
          case 'f':
            text = (Number(raw) || 0).toFixed(precision ? Number(precision.slice(1)) : 6);
            break;
          default:
            text = precision ? raw.slice(0, Number(precision.slice(1))) : raw;
        }
        const w = Number.parseInt(width || '0', 10);
        return w < 0 ? text.padEnd(-w) : text.padStart(w);
      },
    );
  } while (index > 0 && index < values.length);
  const result = unescape(out);
  await ctx.out(result.text);
  return 0;
});

export const trueCommand: ShellCommand = command('true', async () => 0);
export const falseCommand: ShellCommand = command('false', async () => 1);

export const sleepCommand: ShellCommand = command('sleep', async (ctx) => {
  const arg = ctx.args[0];
  const match = arg === undefined ? null : /^(\d*\.?\d+)([smhd]?)$/.exec(arg);
  if (!match) throw new CommandError(arg === undefined ? 'sleep: Needs 1 argument' : `sleep: invalid number '${arg}'`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  await sleep(Number(match[1]) * unit * 1000, ctx.signal);
  return 0;
});

export const id: ShellCommand = command('id', async (ctx) => {
  const root = ctx.user === 'root';
  if (ctx.args.includes('-u')) {
    await ctx.out(ctx.args.includes('-n') ? `${ctx.user}\n` : root ? '0\n' : '2000\n');
    return 0;
  }
  await ctx.out(
    root
      ? 'uid=0(root) gid=0(root) groups=0(root),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),1078(ext_data_rw),1079(ext_obb_rw),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid),3012(readtracefs) context=u:r:su:s0\n'
      : 'uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),1078(ext_data_rw),1079(ext_obb_rw),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid),3012(readtracefs) context=u:r:shell:s0\n',
  );
  return 0;
});

export const whoami: ShellCommand = command('whoami', async (ctx) => {
  await ctx.out(`${ctx.user}\n`);
  return 0;
});

export const which: ShellCommand = command('which', async (ctx) => {
  let status = 0;
  for (const name of ctx.args.filter((a) => !a.startsWith('-'))) {
    if (ctx.commands.has(name) && !name.includes('/')) await ctx.out(`/system/bin/${name}\n`);
    else if (name.startsWith('/') && ctx.fs.stat(name)) await ctx.out(`${name}\n`);
    else status = 1;
  }
  return status;
});

export const pwd: ShellCommand = command('pwd', async (ctx) => {
  await ctx.out(`${ctx.cwd}\n`);
  return 0;
});

export const uname: ShellCommand = command('uname', async (ctx) => {
  const all = ctx.args.some((a) => a.startsWith('-') && a.includes('a'));
  const machine = ctx.args.some((a) => a.startsWith('-') && a.includes('m'));
  if (all)
    await ctx.out(`Linux localhost 5.15.148-android14-11 #1 SMP PREEMPT Mon Jun 2 09:00:00 UTC 2025 x86_64 Toybox\n`);
  else if (machine) await ctx.out('x86_64\n');
  else await ctx.out('Linux\n');
  return 0;
});

export const env: ShellCommand = command('env', async (ctx) => {
  if (ctx.args.length > 0) {
    // `env VAR=x cmd …`: run the rest as a command line with the extra variables.
    const assignments = ctx.args.filter(
      (a, i) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(a) && ctx.args.slice(0, i).every((b) => b.includes('=')),
    );
    const rest = ctx.args.slice(assignments.length);
    if (rest.length > 0) return ctx.runScript([...assignments.map(quote), ...rest.map(quote)].join(' '));
  }
  for (const [key, value] of Object.entries(ctx.env).sort(([a], [b]) => a.localeCompare(b)))
    await ctx.out(`${key}=${value}\n`);
  return 0;
});

/** `test EXPR` / `[ EXPR ]`: file tests, string and integer comparisons, `!`. */
function evaluateTest(args: string[], ctx: Parameters<ShellCommand['run']>[0]): boolean {
  if (args[0] === '!') return !evaluateTest(args.slice(1), ctx);
  const [a, op, b] = args;
  if (args.length === 0) return false;
  if (args.length === 1) return (a as string) !== '';
  if (args.length === 2) {
    const operand = op as string;
    const path = pathArg(ctx, operand);
    switch (a) {
      case '-z':
        return operand === '';
      case '-n':
        return operand !== '';
      case '-e':
        return ctx.fs.stat(path) !== undefined;
      case '-f':
        return (ctx.fs.stat(path)?.mode ?? 0) >> 12 === 0o10;
      case '-d':
        return (ctx.fs.stat(path)?.mode ?? 0) >> 12 === 0o4;
      case '-L':
      case '-h':
        return (ctx.fs.lstat(path)?.mode ?? 0) >> 12 === 0o12;
      case '-s':
        return (ctx.fs.stat(path)?.size ?? 0) > 0;
      case '-r':
      case '-w':
      case '-x':
        return ctx.fs.stat(path) !== undefined;
      default:
        throw new CommandError(`test: unknown operator ${a}`, 2);
    }
  }
  const x = Number(a);
  const y = Number(b);
  switch (op) {
    case '=':
    case '==':
      return a === b;
    case '!=':
      return a !== b;
    case '-eq':
      return x === y;
    case '-ne':
      return x !== y;
    case '-lt':
      return x < y;
    case '-le':
      return x <= y;
    case '-gt':
      return x > y;
    case '-ge':
      return x >= y;
    default:
      throw new CommandError(`test: unknown operator ${op}`, 2);
  }
}

export const test: ShellCommand = command(
  'test',
  async (ctx) => {
    const args = [...ctx.args];
    if (ctx.argv0 === '[' || ctx.argv0.endsWith('/[')) {
      if (args.pop() !== ']') throw new CommandError('[: missing ]', 2);
    }
    return evaluateTest(args, ctx) ? 0 : 1;
  },
  ['['],
);

/** Single-quotes a word for re-parsing. */
export function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export const BASIC_COMMANDS: readonly ShellCommand[] = [
  echo,
  printf,
  trueCommand,
  falseCommand,
  sleepCommand,
  id,
  whoami,
  which,
  pwd,
  uname,
  env,
  test,
];
