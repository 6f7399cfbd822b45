/** File programs over the simulated file system: cat, ls, rm, rmdir, mkdir, touch, cp, mv, md5sum, sha1sum. */
import { createHash } from 'node:crypto';
import { shellWriteAccess } from '../../fs/android-fs.ts';
import {
  STRERROR,
  S_IFCHR,
  S_IFDIR,
  S_IFLNK,
  S_IFMT,
  S_IFREG,
  VirtualFsError,
  basename,
  isDirectoryMode,
  isSymlinkMode,
} from '../../fs/virtual-fs.ts';
import type { VirtualFsStat } from '../../fs/virtual-fs.ts';
import { readAll } from '../io.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { command, deviceTimeZone, pad2, pathArg, zonedParts } from './util.ts';

/** Splits `-abc` style flags from operands (`--` ends flags). */
export function parseFlags(args: readonly string[]): { flags: Set<string>; operands: string[] } {
  const flags = new Set<string>();
  const operands: string[] = [];
  let done = false;
  for (const arg of args) {
    if (!done && arg === '--') done = true;
    else if (!done && arg.startsWith('-') && arg.length > 1) for (const c of arg.slice(1)) flags.add(c);
    else operands.push(arg);
  }
  return { flags, operands };
}

/** Checks the shell user may change `path`; prints toybox's message and returns false otherwise. */
export async function writable(ctx: CommandContext, name: string, path: string, shown: string): Promise<boolean> {
  const access = shellWriteAccess(ctx.fs, path, ctx.user);
  if (access === 'ok') return true;
  await ctx.err(`${name}: ${shown}: ${STRERROR[access]}\n`);
  return false;
}

export async function failWith(ctx: CommandContext, name: string, shown: string, error: unknown): Promise<number> {
  if (!(error instanceof VirtualFsError)) throw error;
  await ctx.err(`${name}: ${shown}: ${error.message}\n`);
  return 1;
}

export const cat: ShellCommand = command('cat', async (ctx) => {
  const { operands } = parseFlags(ctx.args);
  if (operands.length === 0) operands.push('-');
  let status = 0;
  for (const file of operands) {
    if (file === '-') {
      await ctx.stdout.write(await readAll(ctx.stdin));
      continue;
    }
    try {
      await ctx.stdout.write(ctx.fs.readFile(pathArg(ctx, file)));
    } catch (error) {
      status = await failWith(ctx, 'cat', file, error);
    }
  }
  return status;
});

export function modeString(mode: number): string {
  const type = { [S_IFDIR]: 'd', [S_IFLNK]: 'l', [S_IFCHR]: 'c', [S_IFREG]: '-' }[mode & S_IFMT] ?? '-';
  const bits = 'rwxrwxrwx';
  let perms = '';
  for (let i = 0; i < 9; i++) perms += mode & (1 << (8 - i)) ? bits[i] : '-';
  return type + perms;
}

export function owner(path: string): [string, string] {
  if (path.startsWith('/storage/emulated')) return ['root', 'sdcard_rw'];
  if (path.startsWith('/data/local/tmp/')) return ['shell', 'shell'];
  if (path === '/data/local/tmp') return ['shell', 'shell'];
  return ['root', 'root'];
}

export const ls: ShellCommand = command('ls', async (ctx) => {
  const { flags, operands } = parseFlags(ctx.args);
  const long = flags.has('l') || flags.has('n');
  const all = flags.has('a');
  const almostAll = flags.has('A');
  const dirAsFile = flags.has('d');
  const zone = deviceTimeZone(ctx);
  if (operands.length === 0) operands.push('.');
  const line = (name: string, full: string, stat: VirtualFsStat) => {
    if (!long) return `${name}\n`;
    const p = zonedParts(stat.mtime * 1000, zone);
    const [user, group] = owner(ctx.fs.realpath(full));
    const link = isSymlinkMode(stat.mode) ? ` -> ${ctx.fs.readlink(full)}` : '';
    const links = isDirectoryMode(stat.mode) ? 2 : 1;
    return `${modeString(stat.mode)} ${links} ${user} ${group} ${String(stat.size).padStart(5)} ${p.year}-${pad2(p.month)}-${pad2(p.day)} ${pad2(p.hour)}:${pad2(p.minute)} ${name}${link}\n`;
  };
  let status = 0;
  const files: string[] = [];
  const dirs: string[] = [];
  for (const operand of operands) {
    const full = pathArg(ctx, operand);
    const lstat = ctx.fs.lstat(full);
    const stat = ctx.fs.stat(full) ?? lstat;
    if (!lstat || !stat) {
      await ctx.err(`ls: ${operand}: No such file or directory\n`);
      status = 1;
      continue;
    }
    // Like toybox: a link to a directory is listed as the directory unless -l or -d is given.
    const shown = isSymlinkMode(lstat.mode) && (long || dirAsFile) && !operand.endsWith('/') ? lstat : stat;
    if (isDirectoryMode(shown.mode) && !dirAsFile) dirs.push(operand);
    else files.push(line(operand, full, shown));
  }
  await ctx.out(files.join(''));
  for (const [i, operand] of dirs.entries()) {
    const full = pathArg(ctx, operand);
    if (operands.length > 1) await ctx.out(`${files.length > 0 || i > 0 ? '\n' : ''}${operand}:\n`);
    let names: string[];
    try {
      names = ctx.fs.readdir(full);
    } catch (error) {
      status = await failWith(ctx, 'ls', operand, error);
      continue;
    }
    if (all) names = ['.', '..', ...names];
    const entries: string[] = [];
    if (long) entries.push(`total ${names.length * 8}\n`);
    for (const name of names) {
      if (name.startsWith('.') && !all && !almostAll) continue;
      const child =
        name === '.' || name === '..' ? pathArg(ctx, `${operand}/${name}`) : `${full === '/' ? '' : full}/${name}`;
      const stat = ctx.fs.lstat(child) ?? ctx.fs.stat(child);
      if (stat) entries.push(line(name, child, stat));
    }
    await ctx.out(entries.join(''));
  }
  return status;
});

export const rm: ShellCommand = command('rm', async (ctx) => {
  const { flags, operands } = parseFlags(ctx.args);
  const force = flags.has('f');
  const recursive = flags.has('r') || flags.has('R');
  if (operands.length === 0 && !force) {
    await ctx.err('rm: Needs 1 argument\n');
    return 1;
  }
  let status = 0;
  for (const operand of operands) {
    const full = pathArg(ctx, operand);
    const stat = ctx.fs.lstat(full);
    if (!stat) {
      if (!force) {
        await ctx.err(`rm: ${operand}: No such file or directory\n`);
        status = 1;
      }
      continue;
    }
    if (isDirectoryMode(stat.mode) && !recursive) {
      await ctx.err(`rm: ${operand}: Is a directory\n`);
      status = 1;
      continue;
    }
    if (!(await writable(ctx, 'rm', full, operand))) {
      status = 1;
      continue;
    }
    try {
      ctx.fs.remove(full, { recursive });
    } catch (error) {
      status = await failWith(ctx, 'rm', operand, error);
    }
  }
  return status;
});

export const rmdir: ShellCommand = command('rmdir', async (ctx) => {
  let status = 0;
  for (const operand of parseFlags(ctx.args).operands) {
    const full = pathArg(ctx, operand);
    const stat = ctx.fs.lstat(full);
    if (stat && !isDirectoryMode(stat.mode)) {
      await ctx.err(`rmdir: ${operand}: ${STRERROR.ENOTDIR}\n`);
      status = 1;
      continue;
    }
    if (!(await writable(ctx, 'rmdir', full, operand))) {
      status = 1;
      continue;
    }
    try {
      ctx.fs.remove(full);
    } catch (error) {
      status = await failWith(ctx, 'rmdir', operand, error);
    }
  }
  return status;
});

export const mkdir: ShellCommand = command('mkdir', async (ctx) => {
  const args = [...ctx.args];
  let mode: number | undefined;
  const m = args.indexOf('-m');
  if (m >= 0) {
    mode = Number.parseInt(args[m + 1] ?? '755', 8);
    args.splice(m, 2);
  }
  const { flags, operands } = parseFlags(args);
  let status = 0;
  for (const operand of operands) {
    const full = pathArg(ctx, operand);
    if (!(await writable(ctx, 'mkdir', full, `'${operand}'`))) {
      status = 1;
      continue;
    }
    try {
      ctx.fs.mkdir(full, { parents: flags.has('p'), ...(mode === undefined ? {} : { mode }) });
    } catch (error) {
      status = await failWith(ctx, 'mkdir', `'${operand}'`, error);
    }
  }
  return status;
});

export const touch: ShellCommand = command('touch', async (ctx) => {
  const { flags, operands } = parseFlags(ctx.args);
  let status = 0;
  for (const operand of operands) {
    const full = pathArg(ctx, operand);
    const seconds = Math.floor(ctx.device.now() / 1000);
    try {
      if (ctx.fs.stat(full)) {
        if (!(await writable(ctx, 'touch', full, `'${operand}'`))) status = 1;
        else ctx.fs.setMtime(full, seconds);
      } else if (!flags.has('c')) {
        if (!(await writable(ctx, 'touch', full, `'${operand}'`))) status = 1;
        else ctx.fs.writeFile(full, new Uint8Array(0), { mtime: seconds });
      }
    } catch (error) {
      status = await failWith(ctx, 'touch', `'${operand}'`, error);
    }
  }
  return status;
});

/** cp and mv: `SRC… DEST` where DEST may be a directory. */
function copyOrMove(name: 'cp' | 'mv'): ShellCommand {
  return command(name, async (ctx) => {
    const { flags, operands } = parseFlags(ctx.args);
    if (operands.length < 2) {
      await ctx.err(`${name}: Needs 2 arguments\n`);
      return 1;
    }
    const dest = operands.pop() as string;
    const destFull = pathArg(ctx, dest);
    const destStat = ctx.fs.stat(destFull);
    const intoDir = destStat !== undefined && isDirectoryMode(destStat.mode);
    let status = 0;
    for (const source of operands) {
      const from = pathArg(ctx, source);
      const to = intoDir ? `${destFull}/${basename(from)}` : destFull;
      if (!(await writable(ctx, name, to, `'${dest}'`))) {
        status = 1;
        continue;
      }
      try {
        const stat = ctx.fs.stat(from);
        if (!stat) throw new VirtualFsError('ENOENT', from);
        if (name === 'mv') {
          if (!(await writable(ctx, name, from, `'${source}'`))) {
            status = 1;
            continue;
          }
          ctx.fs.rename(from, to);
        } else if (isDirectoryMode(stat.mode)) {
          if (!flags.has('r') && !flags.has('R') && !flags.has('a')) {
            await ctx.err(`cp: Skipped dir '${source}'\n`);
            status = 1;
            continue;
          }
          copyTree(ctx, from, to);
        } else {
          ctx.fs.writeFile(to, ctx.fs.readFile(from), { mode: stat.mode & 0o7777 });
        }
      } catch (error) {
        status = await failWith(ctx, name, `'${source}'`, error);
      }
    }
    return status;
  });
}

function copyTree(ctx: CommandContext, from: string, to: string): void {
  const stat = ctx.fs.stat(from);
  if (!stat) throw new VirtualFsError('ENOENT', from);
  if (!isDirectoryMode(stat.mode)) {
    ctx.fs.writeFile(to, ctx.fs.readFile(from), { mode: stat.mode & 0o7777 });
    return;
  }
  if (!ctx.fs.stat(to)) ctx.fs.mkdir(to, { mode: stat.mode & 0o7777 });
  for (const name of ctx.fs.readdir(from)) copyTree(ctx, `${from}/${name}`, `${to}/${name}`);
}

export const cp = copyOrMove('cp');
export const mv = copyOrMove('mv');

function hashCommand(name: string, algorithm: string): ShellCommand {
  return command(name, async (ctx) => {
    const { operands } = parseFlags(ctx.args);
    if (operands.length === 0) {
      await ctx.out(
        `${createHash(algorithm)
          .update(await readAll(ctx.stdin))
          .digest('hex')}  -\n`,
      );
      return 0;
    }
    let status = 0;
    for (const file of operands) {
      try {
        await ctx.out(
          `${createHash(algorithm)
            .update(ctx.fs.readFile(pathArg(ctx, file)))
            .digest('hex')}  ${file}\n`,
        );
      } catch (error) {
        status = await failWith(ctx, name, file, error);
      }
    }
    return status;
  });
}

export const FILE_COMMANDS: readonly ShellCommand[] = [
  cat,
  ls,
  rm,
  rmdir,
  mkdir,
  touch,
  cp,
  mv,
  hashCommand('md5sum', 'md5'),
  hashCommand('sha1sum', 'sha1'),
  hashCommand('sha256sum', 'sha256'),
];
