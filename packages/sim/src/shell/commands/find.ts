/**
 * `find [-H|-L] [PATH…] [EXPRESSION]` (toybox): tests `-name -iname -path -ipath -type
 * -size -newer -empty -mtime -mmin`, options `-maxdepth -mindepth`, actions `-print -print0
 * -delete`, operators `!`/`-not`, `-a`/`-and`, `-o`/`-or` and parentheses. Like toybox it
 * does not follow a symbolic link given on the command line unless `-H`/`-L` or a trailing
 * `/` asks (so `find /sdcard/ -name x`, with the slash, searches the shared storage).
 */
import { S_IFMT, isDirectoryMode, isSymlinkMode } from '../../fs/virtual-fs.ts';
import type { VirtualFsStat } from '../../fs/virtual-fs.ts';
import { CommandError } from '../registry.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { writable } from './files.ts';
import { command, pathArg } from './util.ts';

interface Visit {
  /** As printed: the start path as given, then `/name` per level. */
  shown: string;
  full: string;
  stat: VirtualFsStat;
  depth: number;
}

type Expr =
  | { kind: 'and' | 'or'; left: Expr; right: Expr }
  | { kind: 'not'; operand: Expr }
  | { kind: 'test'; run: (visit: Visit) => boolean; action: boolean };

const TYPE_BITS: Readonly<Record<string, number>> = { f: 0o100000, d: 0o040000, l: 0o120000, c: 0o020000 };

/** fnmatch(): `*`, `?` and `[…]`; `*` matches `/` too for -path, as in toybox. */
export function globToRegExp(pattern: string, ignoreCase = false): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else if (c === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        const body = pattern
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = close;
      }
    } else if (c === '\\' && i + 1 < pattern.length) out += `\\${pattern[++i]}`;
    else out += c.replace(/[.+^${}()|\\/]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, ignoreCase ? 'i' : '');
}

class ExpressionParser {
  private readonly args: string[];
  private i = 0;
  readonly options = { maxdepth: Number.POSITIVE_INFINITY, mindepth: 0, hasAction: false };
  readonly deletes: Visit[] = [];
  readonly printed: string[] = [];
  private readonly ctx: CommandContext;

  constructor(ctx: CommandContext, args: string[]) {
    this.ctx = ctx;
    this.args = args;
  }

  parse(): Expr | undefined {
    if (this.args.length === 0) return undefined;
    const expr = this.or();
    if (this.i < this.args.length) throw new CommandError(`find: Unknown option '${this.args[this.i]}'`);
    return expr;
  }

  private or(): Expr {
    let left = this.and();
    while (this.peek() === '-o' || this.peek() === '-or') {
      this.i++;
      left = { kind: 'or', left, right: this.and() };
    }
    return left;
  }

  private and(): Expr {
    let left = this.unary();
    for (;;) {
      const next = this.peek();
      if (next === undefined || next === ')' || next === '-o' || next === '-or') return left;
      if (next === '-a' || next === '-and') this.i++;
      left = { kind: 'and', left, right: this.unary() };
    }
  }

  private unary(): Expr {
    const token = this.peek();
    if (token === '!' || token === '-not') {
      this.i++;
      return { kind: 'not', operand: this.unary() };
    }
    if (token === '(') {
      this.i++;
      const inner = this.or();
      if (this.args[this.i++] !== ')') throw new CommandError("find: Missing ')'");
      return inner;
    }
    return this.primary();
  }

  private peek(): string | undefined {
    return this.args[this.i];
  }

  private value(name: string): string {
    const v = this.args[++this.i];
    if (v === undefined) throw new CommandError(`find: '${name}' needs 1 arg`);
    this.i++;
    return v;
  }

  private primary(): Expr {
    const name = this.args[this.i] as string;
    const test = (run: (v: Visit) => boolean, action = false): Expr => ({ kind: 'test', run, action });
    const now = this.ctx.device.now() / 1000;
    switch (name) {
      case '-name':
      case '-iname': {
        const re = globToRegExp(this.value(name), name === '-iname');
        return test((v) => re.test(v.shown === '/' ? '/' : (v.shown.split('/').pop() ?? '')));
      }
      case '-path':
      case '-ipath':
      case '-wholename': {
        const re = globToRegExp(this.value(name), name === '-ipath');
        return test((v) => re.test(v.shown));
      }
      case '-type': {
        const kinds = this.value(name).split(',');
        const bits = kinds.map((k) => TYPE_BITS[k]);
        if (bits.some((b) => b === undefined)) throw new CommandError(`find: bad -type '${kinds.join(',')}'`);
        return test((v) => bits.includes(v.stat.mode & S_IFMT));
      }
      case '-size': {
        const m = /^([+-]?)(\d+)([ckMG]?)$/.exec(this.value(name));
        if (!m) throw new CommandError('find: bad -size');
        const unit = { '': 512, c: 1, k: 1024, M: 1 << 20, G: 1 << 30 }[m[3] as '' | 'c' | 'k' | 'M' | 'G'];
        const n = Number(m[2]);
        return test((v) => {
          const size = Math.ceil(v.stat.size / unit);
          return m[1] === '+' ? size > n : m[1] === '-' ? size < n : size === n;
        });
      }
      case '-mtime':
      case '-mmin': {
        const m = /^([+-]?)(\d+)$/.exec(this.value(name));
        if (!m) throw new CommandError(`find: bad ${name}`);
        const unit = name === '-mtime' ? 86_400 : 60;
        const n = Number(m[2]);
        return test((v) => {
          const age = Math.floor((now - v.stat.mtime) / unit);
          return m[1] === '+' ? age > n : m[1] === '-' ? age < n : age === n;
        });
      }
      case '-newer': {
        const ref = this.ctx.fs.stat(pathArg(this.ctx, this.value(name)));
        if (!ref) throw new CommandError('find: -newer: No such file or directory');
        return test((v) => v.stat.mtime > ref.mtime);
      }
      case '-empty':
        this.i++;
        return test((v) =>
          isDirectoryMode(v.stat.mode) ? this.ctx.fs.readdir(v.full).length === 0 : v.stat.size === 0,
        );
      case '-maxdepth':
      case '-mindepth': {
        const n = Number(this.value(name));
        if (name === '-maxdepth') this.options.maxdepth = n;
        else this.options.mindepth = n;
        return test(() => true);
      }
      case '-print':
      case '-print0': {
        this.i++;
        this.options.hasAction = true;
        const end = name === '-print0' ? '\0' : '\n';
        return test((v) => (this.printed.push(v.shown + end), true), true);
      }
      case '-delete':
        this.i++;
        this.options.hasAction = true;
        return test((v) => (this.deletes.push(v), true), true);
      case '-xdev':
      case '-follow':
      case '-depth':
        this.i++;
        return test(() => true);
      default:
        throw new CommandError(`find: Unknown option '${name}'`);
    }
  }
}

function evaluate(expr: Expr, visit: Visit): boolean {
  switch (expr.kind) {
    case 'and':
      return evaluate(expr.left, visit) && evaluate(expr.right, visit);
    case 'or':
      return evaluate(expr.left, visit) || evaluate(expr.right, visit);
    case 'not':
      return !evaluate(expr.operand, visit);
    case 'test':
      return expr.run(visit);
  }
}

export const find: ShellCommand = command('find', async (ctx) => {
  const args = [...ctx.args];
  let follow: 'P' | 'H' | 'L' = 'P';
  while (args[0] === '-H' || args[0] === '-L' || args[0] === '-P')
    follow = (args.shift() as string)[1] as 'P' | 'H' | 'L';
  const starts: string[] = [];
  while (args.length > 0 && !/^[-!(]/.test(args[0] as string)) starts.push(args.shift() as string);
  if (starts.length === 0) starts.push('.');
  const parser = new ExpressionParser(ctx, args);
  const expr = parser.parse();
  const { maxdepth, mindepth, hasAction } = parser.options;
  let status = 0;
  const walk = (shown: string, full: string, depth: number, commandLine: boolean): void => {
    const followThis = follow === 'L' || (commandLine && (follow === 'H' || shown.endsWith('/')));
    const stat = followThis ? (ctx.fs.stat(full) ?? ctx.fs.lstat(full)) : ctx.fs.lstat(full);
    if (!stat) return;
    const visit: Visit = { shown, full, stat, depth };
    if (depth >= mindepth) {
      const matched = expr === undefined || evaluate(expr, visit);
      if (matched && !hasAction) parser.printed.push(`${shown}\n`);
    }
    if (!isDirectoryMode(stat.mode) || isSymlinkMode(stat.mode) || depth >= maxdepth) return;
    for (const name of ctx.fs.readdir(full))
      walk(`${shown.replace(/\/$/, '')}/${name}`, `${full === '/' ? '' : full}/${name}`, depth + 1, false);
  };
  for (const start of starts) {
    const full = pathArg(ctx, start);
    if (!ctx.fs.lstat(full)) {
      await ctx.err(`find: '${start}': No such file or directory\n`);
      status = 1;
      continue;
    }
    walk(start, full, 0, true);
  }
  await ctx.out(parser.printed.join(''));
  // Deepest first, so a directory is empty when its turn comes.
  for (const visit of parser.deletes.sort((a, b) => b.depth - a.depth)) {
    if (!(await writable(ctx, 'find', visit.full, visit.shown))) status = 1;
    else ctx.fs.remove(visit.full);
  }
  return status;
});
