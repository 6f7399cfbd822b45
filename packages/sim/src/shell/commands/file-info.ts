/**
 * Questions about files (toybox): `stat [-L] [-c FORMAT] FILE…`, `readlink [-f] PATH`,
 * `realpath PATH…`, `basename PATH [SUFFIX]`, `dirname PATH…`; and `ln -s TARGET NAME`,
 * `chmod MODE FILE…`. `find` is in find.ts.
 */
import { STRERROR, S_IFMT, VirtualFsError, basename as baseOf, isSymlinkMode } from '../../fs/virtual-fs.ts';
import type { VirtualFsStat } from '../../fs/virtual-fs.ts';
import { CommandError } from '../registry.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { failWith, modeString, owner, parseFlags, writable } from './files.ts';
import { command, deviceTimeZone, pad2, pathArg, zonedParts } from './util.ts';

const IDS: Readonly<Record<string, number>> = { root: 0, system: 1000, shell: 2000, sdcard_rw: 1015, everybody: 9997 };

const FILE_TYPE: Readonly<Record<number, string>> = {
  0o100000: 'regular file',
  0o040000: 'directory',
  0o120000: 'symbolic link',
  0o020000: 'character special file',
};

/** A stable inode number for a path. */
function inode(path: string): number {
  let hash = 0x811c9dc5;
  for (const ch of path) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return 1000 + (hash % 900_000);
}

function timestamp(ctx: CommandContext, seconds: number): string {
  const t = zonedParts(seconds * 1000, deviceTimeZone(ctx));
  const offset = Math.abs(t.offsetMinutes);
  const zone = `${t.offsetMinutes < 0 ? '-' : '+'}${pad2(Math.floor(offset / 60))}${pad2(offset % 60)}`;
  return `${t.year}-${pad2(t.month)}-${pad2(t.day)} ${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)}.000000000 ${zone}`;
}

/** One `%x` of stat's format. */
function statField(ctx: CommandContext, letter: string, shown: string, full: string, st: VirtualFsStat): string {
  const [user, group] = owner(ctx.fs.realpath(full));
  switch (letter) {
    case 'n':
      return shown;
    case 'N':
      return isSymlinkMode(st.mode) ? `'${shown}' -> '${ctx.fs.readlink(full)}'` : `'${shown}'`;
    case 's':
      return String(st.size);
    case 'a':
      return (st.mode & 0o7777).toString(8);
    case 'A':
      return modeString(st.mode);
    case 'f':
      return st.mode.toString(16);
    case 'F':
      return FILE_TYPE[st.mode & S_IFMT] ?? 'unknown';
    case 'u':
      return String(IDS[user] ?? 0);
    case 'U':
      return user;
    case 'g':
      return String(IDS[group] ?? 0);
    case 'G':
      return group;
    case 'h':
      return (st.mode & S_IFMT) === 0o040000 ? '2' : '1';
    case 'i':
      return String(inode(full));
    case 'b':
      return String(Math.ceil(st.size / 512));
    case 'B':
      return '512';
    case 'o':
      return '4096';
    case 'd':
      return '58';
    case 'D':
      return '3a';
    case 'x':
    case 'y':
    case 'z':
      return timestamp(ctx, st.mtime);
    case 'X':
    case 'Y':
    case 'Z':
      return String(st.mtime);
    case '%':
      return '%';
    default:
      return `?`;
  }
}

const DEFAULT_FORMAT =
  '  File: %N\n  Size: %s\t Blocks: %b\t IO Blocks: %B\t%F\nDevice: %Dh/%dd\t Inode: %i\t Links: %h\n' +
  'Access: (%04a/%A)\tUid: (%5u/%8U)\tGid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n';

function formatStat(ctx: CommandContext, format: string, shown: string, full: string, st: VirtualFsStat): string {
  return format.replace(/%(-?\d*)([a-zA-Z%])/g, (_m, width: string, letter: string) => {
    const value = statField(ctx, letter, shown, full, st);
    const w = Number.parseInt(width || '0', 10);
    return w < 0 ? value.padEnd(-w) : value.padStart(w, width.startsWith('0') ? '0' : ' ');
  });
}

export const stat: ShellCommand = command('stat', async (ctx) => {
  let format: string | undefined;
  let follow = false;
  const files: string[] = [];
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i] as string;
    if (arg === '-c' || arg === '--format') format = `${ctx.args[++i] ?? ''}\n`;
    else if (arg.startsWith('--format=')) format = `${arg.slice(9)}\n`;
    else if (arg === '-L' || arg === '--dereference') follow = true;
    else if (arg === '-t') format = '%n %s %b %f %u %g %D %i %h 0 0 %X %Y %Z %o\n';
    else if (arg.startsWith('-') && arg !== '-') throw new CommandError(`stat: Unknown option '${arg}'`);
    else files.push(arg);
  }
  if (files.length === 0) throw new CommandError('stat: Needs 1 argument');
  let status = 0;
  for (const file of files) {
    const full = pathArg(ctx, file);
    const st = follow ? ctx.fs.stat(full) : ctx.fs.lstat(full);
    if (!st) {
      await ctx.err(`stat: '${file}': ${STRERROR.ENOENT}\n`);
      status = 1;
      continue;
    }
    await ctx.out(formatStat(ctx, format ?? DEFAULT_FORMAT, file, full, st));
  }
  return status;
});

export const readlink: ShellCommand = command('readlink', async (ctx) => {
  const { flags, operands } = parseFlags(ctx.args);
  const canonical = flags.has('f') || flags.has('e') || flags.has('m');
  let status = 0;
  for (const operand of operands) {
    const full = pathArg(ctx, operand);
    try {
      if (canonical) {
        const real = ctx.fs.realpath(full);
        if (flags.has('e') && !ctx.fs.stat(real)) throw new VirtualFsError('ENOENT', full);
        await ctx.out(`${real}\n`);
      } else await ctx.out(`${ctx.fs.readlink(full)}\n`);
    } catch (error) {
      if (!(error instanceof VirtualFsError)) throw error;
      status = 1;
    }
  }
  return status;
});

export const realpath: ShellCommand = command('realpath', async (ctx) => {
  let status = 0;
  for (const operand of parseFlags(ctx.args).operands) {
    const full = pathArg(ctx, operand);
    const real = ctx.fs.realpath(full);
    if (!ctx.fs.stat(real)) {
      await ctx.err(`realpath: ${operand}: ${STRERROR.ENOENT}\n`);
      status = 1;
    } else await ctx.out(`${real}\n`);
  }
  return status;
});

export const basename: ShellCommand = command('basename', async (ctx) => {
  const [path, suffix] = ctx.args;
  if (path === undefined) throw new CommandError('basename: Needs 1 argument');
  let name = path.replace(/\/+$/, '') === '' && path !== '' ? '/' : baseOf(path);
  if (suffix && name.endsWith(suffix) && name !== suffix) name = name.slice(0, -suffix.length);
  await ctx.out(`${name}\n`);
  return 0;
});

export const dirname: ShellCommand = command('dirname', async (ctx) => {
  if (ctx.args.length === 0) throw new CommandError('dirname: Needs 1 argument');
  for (const path of ctx.args) {
    const trimmed = path.replace(/\/+$/, '');
    const at = trimmed.lastIndexOf('/');
    await ctx.out(`${at < 0 ? '.' : at === 0 ? '/' : trimmed.slice(0, at).replace(/\/+$/, '') || '/'}\n`);
  }
  return 0;
});

export const ln: ShellCommand = command('ln', async (ctx) => {
  const { flags, operands } = parseFlags(ctx.args);
  if (!flags.has('s')) throw new CommandError('ln: hard links are not supported on this file system; use ln -s');
  if (operands.length !== 2) throw new CommandError('ln: Needs 2 arguments');
  const [target, name] = operands as [string, string];
  const full = pathArg(ctx, name);
  if (!(await writable(ctx, 'ln', full, name))) return 1;
  try {
    if (flags.has('f') && ctx.fs.lstat(full)) ctx.fs.remove(full);
    ctx.fs.symlink(target, full);
    return 0;
  } catch (error) {
    return failWith(ctx, 'ln', name, error);
  }
});

export const chmod: ShellCommand = command('chmod', async (ctx) => {
  const [modeArg, ...files] = ctx.args.filter((a) => a !== '-R' && a !== '-f' && a !== '-v');
  if (modeArg === undefined || files.length === 0) throw new CommandError('chmod: Needs 2 arguments');
  if (!/^[0-7]{3,4}$/.test(modeArg) && !/^([ugoa]*[-+=][rwx]*,?)+$/.test(modeArg))
    throw new CommandError(`chmod: bad mode '${modeArg}'`);
  let status = 0;
  for (const file of files) {
    const full = pathArg(ctx, file);
    const st = ctx.fs.stat(full);
    if (!st) {
      await ctx.err(`chmod: ${file}: ${STRERROR.ENOENT}\n`);
      status = 1;
      continue;
    }
    if (!(await writable(ctx, 'chmod', full, file))) {
      status = 1;
      continue;
    }
    ctx.fs.chmod(full, applyMode(st.mode & 0o7777, modeArg));
  }
  return status;
});

/** `755` or a symbolic `u+x,go-w`. */
export function applyMode(current: number, spec: string): number {
  if (/^[0-7]{3,4}$/.test(spec)) return Number.parseInt(spec, 8);
  let mode = current;
  for (const clause of spec.split(',')) {
    const m = /^([ugoa]*)([-+=])([rwx]*)$/.exec(clause);
    if (!m) continue;
    const who = m[1] === '' || m[1] === 'a' ? 'ugo' : (m[1] as string);
    let bits = 0;
    for (const w of who) {
      const shift = w === 'u' ? 6 : w === 'g' ? 3 : 0;
      for (const p of m[3] as string) bits |= { r: 4, w: 2, x: 1 }[p as 'r' | 'w' | 'x'] << shift;
    }
    if (m[2] === '+') mode |= bits;
    else if (m[2] === '-') mode &= ~bits;
    else {
      let mask = 0;
      for (const w of who) mask |= 7 << (w === 'u' ? 6 : w === 'g' ? 3 : 0);
      mode = (mode & ~mask) | bits;
    }
  }
  return mode;
}

export const FILE_INFO_COMMANDS: readonly ShellCommand[] = [stat, readlink, realpath, basename, dirname, ln, chmod];
