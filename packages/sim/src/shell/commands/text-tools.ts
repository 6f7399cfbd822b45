/**
 * More text filters (toybox): `cut -d X -f LIST | -c LIST`, `tr [-d] SET1 [SET2]`,
 * `sort [-r] [-n] [-u] [-k N] [-t X]`, `uniq [-c] [-d] [-u]`, `tee [-a] FILE…`,
 * `xargs [-n N] [-I STR] [-0] [COMMAND…]`, `base64 [-d] [FILE]`.
 */
import { readAll } from '../io.ts';
import { CommandError } from '../registry.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { quote } from './basic.ts';
import { writable } from './files.ts';
import { command, pathArg } from './util.ts';

async function inputText(ctx: CommandContext, files: string[], name: string): Promise<string | undefined> {
  if (files.length === 0 || (files.length === 1 && files[0] === '-'))
    return Buffer.from(await readAll(ctx.stdin)).toString('utf8');
  let out = '';
  for (const file of files) {
    try {
      out += Buffer.from(ctx.fs.readFile(pathArg(ctx, file))).toString('utf8');
    } catch {
      await ctx.err(`${name}: ${file}: No such file or directory\n`);
      return undefined;
    }
  }
  return out;
}

function splitLines(text: string): string[] {
  const all = text.split('\n');
  if (all[all.length - 1] === '') all.pop();
  return all;
}

/** `1,3-5,7-` → a predicate on 1-based positions. */
function rangeList(spec: string): (n: number) => boolean {
  const ranges = spec.split(',').map((part) => {
    const m = /^(\d*)(-?)(\d*)$/.exec(part);
    if (!m || (m[1] === '' && m[3] === '')) throw new CommandError(`cut: bad list '${spec}'`);
    const from = m[1] ? Number(m[1]) : 1;
    const to = m[2] ? (m[3] ? Number(m[3]) : Number.POSITIVE_INFINITY) : from;
    return [from, to] as const;
  });
  return (n) => ranges.some(([a, b]) => n >= a && n <= b);
}

export const cut: ShellCommand = command('cut', async (ctx) => {
  let delimiter = '\t';
  let fields: string | undefined;
  let chars: string | undefined;
  let onlyDelimited = false;
  const files: string[] = [];
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i] as string;
    const value = (flag: string) => (arg.length > 2 ? arg.slice(2) : (ctx.args[++i] ?? '')) || flag;
    if (arg.startsWith('-d')) delimiter = value('\t');
    else if (arg.startsWith('-f')) fields = value('');
    else if (arg.startsWith('-c') || arg.startsWith('-b')) chars = value('');
    else if (arg === '-s') onlyDelimited = true;
    else files.push(arg);
  }
  if (fields === undefined && chars === undefined) throw new CommandError('cut: Needs -fcb');
  const text = await inputText(ctx, files, 'cut');
  if (text === undefined) return 1;
  const keep = rangeList((fields ?? chars) as string);
  const out: string[] = [];
  for (const line of splitLines(text)) {
    if (chars !== undefined) {
      out.push([...line].filter((_, i) => keep(i + 1)).join(''));
    } else if (!line.includes(delimiter)) {
      if (!onlyDelimited) out.push(line);
    } else
      out.push(
        line
          .split(delimiter)
          .filter((_, i) => keep(i + 1))
          .join(delimiter),
      );
  }
  await ctx.out(out.map((l) => `${l}\n`).join(''));
  return 0;
});

/** tr's sets: ranges `a-z`, escapes and the `[:alpha:]`-style classes. */
function expandSet(set: string): string[] {
  const classes: Record<string, string> = {
    '[:lower:]': 'abcdefghijklmnopqrstuvwxyz',
    '[:upper:]': 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '[:digit:]': '0123456789',
    '[:space:]': ' \t\n\r\v\f',
    '[:alpha:]': 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
    '[:alnum:]': 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  };
  let text = set;
  for (const [name, chars] of Object.entries(classes)) text = text.split(name).join(chars);
  text = text.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/\\r/g, '\r').replace(/\\\\/g, '\\');
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const a = chars[i] as string;
    if (chars[i + 1] === '-' && chars[i + 2] !== undefined) {
      const b = chars[i + 2] as string;
      for (let c = a.codePointAt(0) ?? 0; c <= (b.codePointAt(0) ?? 0); c++) out.push(String.fromCodePoint(c));
      i += 2;
    } else out.push(a);
  }
  return out;
}

export const tr: ShellCommand = command('tr', async (ctx) => {
  const flags = ctx.args.filter((a) => /^-[dsc]+$/.test(a)).join('');
  const [set1, set2] = ctx.args.filter((a) => !/^-[dsc]+$/.test(a));
  if (set1 === undefined) throw new CommandError('tr: Needs 1 argument');
  const from = expandSet(set1);
  const to = set2 === undefined ? [] : expandSet(set2);
  const text = Buffer.from(await readAll(ctx.stdin)).toString('utf8');
  let out = '';
  let previous: string | undefined;
  for (const ch of text) {
    const at = from.indexOf(ch);
    if (flags.includes('d') && at >= 0) continue;
    const mapped = at >= 0 && to.length > 0 ? (to[Math.min(at, to.length - 1)] as string) : ch;
    if (flags.includes('s') && mapped === previous && (to.length > 0 ? to : from).includes(mapped)) continue;
    out += mapped;
    previous = mapped;
  }
  await ctx.out(out);
  return 0;
});

export const sort: ShellCommand = command('sort', async (ctx) => {
  const flags = new Set<string>();
  let key: number | undefined;
  let separator: string | undefined;
  const files: string[] = [];
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i] as string;
    if (arg === '-k') key = Number.parseInt(ctx.args[++i] ?? '1', 10);
    else if (arg === '-t') separator = ctx.args[++i];
    else if (arg.startsWith('-') && arg.length > 1) for (const f of arg.slice(1)) flags.add(f);
    else files.push(arg);
  }
  const text = await inputText(ctx, files, 'sort');
  if (text === undefined) return 1;
  const keyOf = (line: string): string => {
    if (key === undefined) return line;
    const parts = separator === undefined ? line.trim().split(/\s+/) : line.split(separator);
    return parts.slice(key - 1).join(separator ?? ' ');
  };
  let lines = splitLines(text).sort((a, b) => {
    const ka = keyOf(a);
    const kb = keyOf(b);
    if (flags.has('n'))
      return (Number.parseFloat(ka) || 0) - (Number.parseFloat(kb) || 0) || (ka < kb ? -1 : ka > kb ? 1 : 0);
    const x = flags.has('f') ? ka.toLowerCase() : ka;
    const y = flags.has('f') ? kb.toLowerCase() : kb;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  if (flags.has('r')) lines.reverse();
  if (flags.has('u')) lines = lines.filter((line, i) => i === 0 || keyOf(line) !== keyOf(lines[i - 1] as string));
  await ctx.out(lines.map((l) => `${l}\n`).join(''));
  return 0;
});

export const uniq: ShellCommand = command('uniq', async (ctx) => {
  const flags = ctx.args.filter((a) => a.startsWith('-') && a.length > 1).join('');
  const text = await inputText(
    ctx,
    ctx.args.filter((a) => !a.startsWith('-') || a === '-'),
    'uniq',
  );
  if (text === undefined) return 1;
  const groups: Array<{ line: string; count: number }> = [];
  for (const line of splitLines(text)) {
    const last = groups[groups.length - 1];
    if (last && last.line === line) last.count++;
    else groups.push({ line, count: 1 });
  }
  const shown = groups.filter((g) => (flags.includes('d') ? g.count > 1 : flags.includes('u') ? g.count === 1 : true));
  await ctx.out(
    shown.map((g) => (flags.includes('c') ? `${String(g.count).padStart(7)} ${g.line}\n` : `${g.line}\n`)).join(''),
  );
  return 0;
});

export const tee: ShellCommand = command('tee', async (ctx) => {
  const append = ctx.args.includes('-a');
  const files = ctx.args.filter((a) => !a.startsWith('-'));
  const data = await readAll(ctx.stdin);
  let status = 0;
  for (const file of files) {
    const full = pathArg(ctx, file);
    if (!(await writable(ctx, 'tee', full, file))) {
      status = 1;
      continue;
    }
    if (append) ctx.fs.appendFile(full, data);
    else ctx.fs.writeFile(full, data);
  }
  await ctx.stdout.write(data);
  return status;
});

export const xargs: ShellCommand = command('xargs', async (ctx) => {
  let perCall = Number.POSITIVE_INFINITY;
  let replace: string | undefined;
  let nul = false;
  let i = 0;
  for (; i < ctx.args.length; i++) {
    const arg = ctx.args[i] as string;
    if (arg === '-n') perCall = Number(ctx.args[++i] ?? '1');
    else if (arg === '-I' || arg === '-i') replace = arg === '-i' ? '{}' : (ctx.args[++i] ?? '{}');
    else if (arg === '-0') nul = true;
    else if (arg === '-r' || arg === '-t') continue;
    else break;
  }
  const base = ctx.args.slice(i);
  if (base.length === 0) base.push('echo');
  const text = Buffer.from(await readAll(ctx.stdin)).toString('utf8');
  const items = replace !== undefined ? splitLines(text) : text.split(nul ? '\0' : /\s+/).filter(Boolean);
  let status = 0;
  if (replace !== undefined) {
    for (const item of items) {
      const line = base.map((a) => quote(a.split(replace as string).join(item))).join(' ');
      status = (await ctx.runScript(line)) || status;
    }
    return status ? 123 : 0;
  }
  for (let at = 0; at < Math.max(items.length, 1); at += Number.isFinite(perCall) ? perCall : items.length || 1) {
    const chunk = Number.isFinite(perCall) ? items.slice(at, at + perCall) : items;
    status = (await ctx.runScript([...base, ...chunk].map(quote).join(' '))) || status;
  }
  return status ? 123 : 0;
});

export const base64: ShellCommand = command('base64', async (ctx) => {
  const decode = ctx.args.includes('-d') || ctx.args.includes('--decode');
  const files = ctx.args.filter((a) => !a.startsWith('-'));
  const data = files.length > 0 ? ctx.fs.readFile(pathArg(ctx, files[0] as string)) : await readAll(ctx.stdin);
  if (decode) await ctx.stdout.write(Buffer.from(Buffer.from(data).toString('latin1').replace(/\s+/g, ''), 'base64'));
  else
    await ctx.out(
      `${(
        Buffer.from(data)
          .toString('base64')
          .match(/.{1,76}/g) ?? []
      ).join('\n')}\n`,
    );
  return 0;
});

export const TEXT_TOOL_COMMANDS: readonly ShellCommand[] = [cut, tr, sort, uniq, tee, xargs, base64];
