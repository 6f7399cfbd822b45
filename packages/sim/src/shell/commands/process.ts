/**
 * Processes (toybox): `ps [-A|-e] [-f] [-o FIELDS] [-p PIDS] [NAME…]`, `pidof [-s] NAME…`,
 * `kill [-l] [-s SIG | -SIG | -n N] PID…`, `pgrep`/`pkill [-SIG] [-f] [-x] [-l] [-n|-o] PATTERN`.
 * Apps are processes while they run (`ps` shows their package as NAME); the shell user may
 * signal its own programs, root anything (a killed app stops, as after a force-stop).
 */
import type { ProcessInfo } from '../../os/process-table.ts';
import { SIGNALS, parseSignal } from '../../os/process-table.ts';
import { CommandError } from '../registry.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { command, deviceTimeZone, pad2, zonedParts } from './util.ts';

async function processes(ctx: CommandContext): Promise<ProcessInfo[]> {
  await ctx.os.refreshApps();
  return ctx.os.processes.list();
}

/** The value of one `ps -o` field. */
function field(ctx: CommandContext, p: ProcessInfo, name: string): string {
  switch (name) {
    case 'PID':
      return String(p.pid);
    case 'PPID':
      return String(p.ppid);
    case 'USER':
      return p.user;
    case 'UID':
      return String(p.uid);
    case 'NAME':
    case 'COMM':
    case 'COMMAND':
      return p.name;
    case 'CMD':
    case 'ARGS':
    case 'CMDLINE':
      return p.args.join(' ');
    case 'S':
    case 'STAT':
      return p.kind === 'shell' && p.name === 'ps' ? 'R' : 'S';
    case 'VSZ':
    case 'VSIZE':
      return String(p.vsz);
    case 'RSS':
      return String(p.rss);
    case 'STIME': {
      const t = zonedParts(p.startedAt, deviceTimeZone(ctx));
      return `${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}`;
    }
    case 'TIME':
      return '00:00:00';
    case 'TTY':
      return p.kind === 'shell' ? 'pts/0' : '?';
    case 'C':
      return '0';
    case 'WCHAN':
      return p.kind === 'shell' && p.name === 'ps' ? '0' : 'do_epoll_wait';
    case 'ADDR':
      return '0';
    default:
      return '-';
  }
}

const RIGHT_ALIGNED = new Set(['PID', 'PPID', 'UID', 'VSZ', 'VSIZE', 'RSS', 'C', 'ADDR']);
const DEFAULT_FIELDS = ['USER', 'PID', 'PPID', 'VSZ', 'RSS', 'WCHAN', 'ADDR', 'S', 'NAME'];
const FULL_FIELDS = ['UID', 'PID', 'PPID', 'C', 'STIME', 'TTY', 'TIME', 'CMD'];
const WIDTH: Readonly<Record<string, number>> = {
  USER: 10,
  UID: 10,
  PID: 6,
  PPID: 6,
  VSZ: 10,
  RSS: 6,
  WCHAN: 16,
  ADDR: 4,
  C: 2,
  STIME: 8,
  TTY: 8,
  TIME: 8,
};

function table(ctx: CommandContext, rows: ProcessInfo[], fields: string[], full: boolean): string {
  const cell = (name: string, text: string, last: boolean): string => {
    if (last) return text;
    const width = WIDTH[name] ?? text.length;
    return RIGHT_ALIGNED.has(name) ? text.padStart(width) : text.padEnd(width);
  };
  const line = (values: (name: string) => string): string =>
    fields.map((name, i) => cell(name, values(name), i === fields.length - 1)).join(' ');
  const out = [line((name) => name)];
  // -f shows the user name under UID, as toybox does.
  for (const p of rows) out.push(line((name) => (full && name === 'UID' ? p.user : field(ctx, p, name))));
  return `${out.join('\n')}\n`;
}

export const ps: ShellCommand = command('ps', async (ctx) => {
  let all = false;
  let full = false;
  let fields: string[] | undefined;
  let pids: Set<number> | undefined;
  const names: string[] = [];
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i] as string;
    if (arg === '-o' || arg === '-p') {
      const value = ctx.args[++i];
      if (value === undefined) throw new CommandError(`ps: Missing argument to ${arg}`);
      if (arg === '-o') fields = value.split(',').map((f) => f.split('=')[0]?.toUpperCase() ?? '');
      else pids = new Set(value.split(',').map(Number));
    } else if (arg.startsWith('-')) {
      for (const flag of arg.slice(1)) {
        if (flag === 'A' || flag === 'e') all = true;
        else if (flag === 'f') full = true;
        else if (!'lwZTn'.includes(flag)) throw new CommandError(`ps: Unknown option '${flag}'`);
      }
    } else names.push(arg);
  }
  let rows = await processes(ctx);
  if (pids) rows = rows.filter((p) => pids.has(p.pid));
  else if (names.length > 0) rows = rows.filter((p) => names.includes(p.name));
  else if (!all) {
    // Without -A: this shell's session (the shell and what it runs).
    const shell = ctx.os.processes.get(ctx.pid)?.ppid;
    rows = rows.filter((p) => p.kind === 'shell' && (p.pid === shell || p.ppid === shell));
  }
  await ctx.out(table(ctx, rows, fields ?? (full ? FULL_FIELDS : DEFAULT_FIELDS), full));
  return 0;
});

export const pidof: ShellCommand = command('pidof', async (ctx) => {
  const single = ctx.args.includes('-s');
  const names = ctx.args.filter((a) => !a.startsWith('-'));
  const rows = await processes(ctx);
  const found = rows
    .filter((p) => p.pid !== ctx.pid && names.some((n) => p.name === n || p.args[0] === n))
    .map((p) => p.pid)
    .sort((a, b) => b - a);
  if (found.length === 0) return 1;
  await ctx.out(`${(single ? found.slice(0, 1) : found).join(' ')}\n`);
  return 0;
});

/** Sends a signal as the command's user; a killed app stops like after a force-stop. */
function send(ctx: CommandContext, pid: number, signo: number): 'ok' | 'ESRCH' | 'EPERM' {
  return ctx.os.processes.kill(pid, signo, ctx.user, (pkg) => {
    ctx.device.forceStop(pkg).catch(() => undefined);
  });
}

const SIGNAL_LIST = Object.entries(SIGNALS)
  .map(([name, n]) => `${String(n).padStart(2)}) SIG${name}`)
  .join('\n');

export const kill: ShellCommand = command('kill', async (ctx) => {
  let signo: number = SIGNALS.TERM;
  const targets: string[] = [];
  const args = [...ctx.args];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-l' || arg === '-L') {
      const which = args[i + 1];
      if (which !== undefined) {
        const n = Number(which);
        const name = Object.entries(SIGNALS).find(([, v]) => v === (n > 128 ? n - 128 : n))?.[0];
        if (!name) throw new CommandError(`kill: unknown signal '${which}'`);
        await ctx.out(`${name}\n`);
      } else await ctx.out(`${SIGNAL_LIST}\n`);
      return 0;
    }
    const named = arg === '-s' || arg === '-n' ? args[++i] : /^-[A-Za-z0-9]+$/.test(arg) ? arg.slice(1) : undefined;
    if (named !== undefined) {
      const parsed = parseSignal(named);
      if (parsed === undefined) throw new CommandError(`kill: unknown signal '${named}'`);
      signo = parsed;
    } else targets.push(arg);
  }
  if (targets.length === 0) throw new CommandError('usage: kill [-l [SIGNAL] | -s SIGNAL | -SIGNAL] pid...');
  await ctx.os.refreshApps();
  let status = 0;
  for (const target of targets) {
    const pid = Number(target);
    if (!Number.isInteger(pid)) {
      await ctx.err(`kill: bad pid '${target}'\n`);
      status = 1;
      continue;
    }
    const result = send(ctx, pid, signo);
    if (result !== 'ok') {
      await ctx.err(`kill: ${target}: ${result === 'ESRCH' ? 'No such process' : 'Operation not permitted'}\n`);
      status = 1;
    }
  }
  return status;
});

/** `pgrep` and `pkill`: processes whose name (or, with -f, command line) matches an ERE. */
function matcher(name: 'pgrep' | 'pkill') {
  return async (ctx: CommandContext): Promise<number> => {
    let signo: number = SIGNALS.TERM;
    let fullLine = false;
    let exact = false;
    let list = false;
    let newest = false;
    let oldest = false;
    let pattern: string | undefined;
    const args = [...ctx.args];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === '--signal' || (name === 'pkill' && arg === '-l')) {
        signo = parseSignal(args[++i] ?? '') ?? Number.NaN;
      } else if (name === 'pkill' && /^-[A-Z0-9]/.test(arg) && !/^-[fxlno]+$/.test(arg)) {
        signo = parseSignal(arg.slice(1)) ?? Number.NaN;
      } else if (arg.startsWith('-') && arg.length > 1) {
        for (const flag of arg.slice(1)) {
          if (flag === 'f') fullLine = true;
          else if (flag === 'x') exact = true;
          else if (flag === 'l') list = true;
          else if (flag === 'n') newest = true;
          else if (flag === 'o') oldest = true;
          else throw new CommandError(`${name}: Unknown option '${flag}'`);
        }
      } else pattern = arg;
    }
    if (Number.isNaN(signo)) throw new CommandError(`${name}: unknown signal`);
    if (pattern === undefined) throw new CommandError(`${name}: Need a PATTERN`);
    let regex: RegExp;
    try {
      regex = new RegExp(exact ? `^(?:${pattern})$` : pattern);
    } catch {
      throw new CommandError(`${name}: bad regex '${pattern}'`);
    }
    const parent = ctx.os.processes.get(ctx.pid)?.ppid;
    let hits = (await processes(ctx)).filter(
      (p) => p.pid !== ctx.pid && p.pid !== parent && regex.test(fullLine ? p.args.join(' ') : p.name),
    );
    if (newest) hits = hits.slice(-1);
    if (oldest) hits = hits.slice(0, 1);
    if (hits.length === 0) return 1;
    if (name === 'pgrep') {
      await ctx.out(hits.map((p) => (list ? `${p.pid} ${p.name}\n` : `${p.pid}\n`)).join(''));
      return 0;
    }
    let status = 0;
    for (const p of hits) {
      if (send(ctx, p.pid, signo) === 'EPERM') {
        await ctx.err(`pkill: ${p.pid}: Operation not permitted\n`);
        status = 1;
      }
    }
    return status;
  };
}

export const pgrep: ShellCommand = command('pgrep', matcher('pgrep'));
export const pkill: ShellCommand = command('pkill', matcher('pkill'));

export const PROCESS_COMMANDS: readonly ShellCommand[] = [ps, pidof, kill, pgrep, pkill];
