/** Text filters for pipelines (`dumpsys window | grep mCurrentFocus`): grep, head, tail (lines or `-c` bytes), wc. */
import { readAll } from '../io.ts';
import { CommandError } from '../registry.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { command, pathArg } from './util.ts';

/** The named files' contents, or stdin when there are none (or for `-`). */
async function inputs(
  ctx: CommandContext,
  files: string[],
  name: string,
): Promise<Array<{ name: string; text: string }> | number> {
  if (files.length === 0)
    return [{ name: '(standard input)', text: Buffer.from(await readAll(ctx.stdin)).toString('utf8') }];
  const out: Array<{ name: string; text: string }> = [];
  for (const file of files) {
    if (file === '-') {
      out.push({ name: '(standard input)', text: Buffer.from(await readAll(ctx.stdin)).toString('utf8') });
      continue;
    }
    try {
      out.push({ name: file, text: Buffer.from(ctx.fs.readFile(pathArg(ctx, file))).toString('utf8') });
    } catch {
      await ctx.err(`${name}: ${file}: No such file or directory\n`);
      return 2;
    }
  }
  return out;
}

function lines(text: string): string[] {
  const all = text.split('\n');
  if (all[all.length - 1] === '') all.pop();
  return all;
}

/** Basic regular expressions swap the meaning of escaped and bare ( ) | { } + ?. */
function breToJs(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) {
      const n = pattern[++i] as string;
      out += '()|{}+?'.includes(n) ? n : `\\${n}`;
    } else {
      out += '()|{}+?'.includes(c) ? `\\${c}` : c;
    }
  }
  return out;
}

export const grep: ShellCommand = command(
  'grep',
  async (ctx) => {
    const patterns: string[] = [];
    const files: string[] = [];
    const flags = new Set<string>();
    const args = [...ctx.args];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === '-e') patterns.push(args[++i] ?? '');
      else if (arg.startsWith('--')) flags.add(arg);
      else if (arg.startsWith('-') && arg.length > 1) for (const c of arg.slice(1)) flags.add(c);
      else if (patterns.length === 0 && !flags.has('e')) patterns.push(arg);
      else files.push(arg);
    }
    if (patterns.length === 0) throw new CommandError('usage: grep [-EFivwcloqsnx] [-e REGEX]... REGEX [FILE...]', 2);
    const extended = flags.has('E') || ctx.argv0 === 'egrep';
    const fixed = flags.has('F') || ctx.argv0 === 'fgrep';
    const source = patterns
      .map((p) => (fixed ? p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : extended ? p : breToJs(p)))
      .map((p) => (flags.has('w') ? `\\b(?:${p})\\b` : flags.has('x') ? `^(?:${p})$` : p))
      .join('|');
    let regex: RegExp;
    try {
      regex = new RegExp(source, flags.has('i') ? 'gi' : 'g');
    } catch {
      throw new CommandError(`grep: bad regex '${patterns.join('|')}'`, 2);
    }
    const sources = await inputs(ctx, files, 'grep');
    if (typeof sources === 'number') return sources;
    const prefix = sources.length > 1 && !flags.has('h');
    let matched = false;
    for (const { name, text } of sources) {
      let count = 0;
      const out: string[] = [];
      for (const [n, line] of lines(text).entries()) {
        regex.lastIndex = 0;
        const hit = regex.test(line);
        if (hit === flags.has('v')) continue;
        count++;
        matched = true;
        if (flags.has('q') || flags.has('c') || flags.has('l')) continue;
        const head = `${prefix ? `${name}:` : ''}${flags.has('n') ? `${n + 1}:` : ''}`;
        if (flags.has('o') && !flags.has('v')) {
          regex.lastIndex = 0;
          for (const m of line.matchAll(regex)) if (m[0]) out.push(`${head}${m[0]}\n`);
        } else {
          out.push(`${head}${line}\n`);
        }
      }
      if (flags.has('q')) continue;
      if (flags.has('l')) {
        if (count > 0) await ctx.out(`${name}\n`);
      } else if (flags.has('c')) {
        await ctx.out(`${prefix ? `${name}:` : ''}${count}\n`);
      } else {
        await ctx.out(out.join(''));
      }
    }
    return matched ? 0 : 1;
  },
  ['egrep', 'fgrep'],
);

/** `-n N`, `-N`, `-nN`; for tail also `+N` (from line N). */
function lineCount(args: readonly string[]): { count: number; fromStart: boolean; files: string[] } {
  let count = 10;
  let fromStart = false;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    let value: string | undefined;
    if (arg === '-n') value = args[++i];
    else if (/^-n[+-]?\d+$/.test(arg)) value = arg.slice(2);
    else if (/^-\d+$/.test(arg)) value = arg.slice(1);
    else if (/^\+\d+$/.test(arg)) value = arg;
    else if (!arg.startsWith('-') || arg === '-') files.push(arg);
    if (value !== undefined) {
      fromStart = value.startsWith('+');
      count = Math.abs(Number.parseInt(value, 10) || 0);
    }
  }
  return { count, fromStart, files };
}

/** `-c N` (bytes; for tail `+N` from byte N): the files' raw bytes instead of lines. */
function byteCount(args: readonly string[]): { count: number; fromStart: boolean } | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const value = arg === '-c' ? args[i + 1] : /^-c[+-]?\d+$/.test(arg) ? arg.slice(2) : undefined;
    if (value !== undefined)
      return { count: Math.abs(Number.parseInt(value, 10) || 0), fromStart: value.startsWith('+') };
  }
  return undefined;
}

/** Operands of head/tail once `-c N` / `-n N` and their values are taken out. */
function operands(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-c' || arg === '-n') i++;
    else if (!arg.startsWith('-') || arg === '-') if (!/^\+\d+$/.test(arg)) out.push(arg);
  }
  return out;
}

async function rawInputs(ctx: CommandContext, files: string[], name: string): Promise<Uint8Array[] | number> {
  if (files.length === 0 || (files.length === 1 && files[0] === '-')) return [await readAll(ctx.stdin)];
  const out: Uint8Array[] = [];
  for (const file of files) {
    try {
      out.push(ctx.fs.readFile(pathArg(ctx, file)));
    } catch {
      await ctx.err(`${name}: ${file}: No such file or directory\n`);
      return 1;
    }
  }
  return out;
}

export const head: ShellCommand = command('head', async (ctx) => {
  const bytes = byteCount(ctx.args);
  if (bytes) {
    const sources = await rawInputs(ctx, operands(ctx.args), 'head');
    if (typeof sources === 'number') return sources;
    for (const data of sources) await ctx.stdout.write(data.subarray(0, bytes.count));
    return 0;
  }
  const { count, files } = lineCount(ctx.args);
  const sources = await inputs(ctx, files, 'head');
  if (typeof sources === 'number') return 1;
  for (const { text } of sources)
    await ctx.out(
      lines(text)
        .slice(0, count)
        .map((l) => `${l}\n`)
        .join(''),
    );
  return 0;
});

export const tail: ShellCommand = command('tail', async (ctx) => {
  const bytes = byteCount(ctx.args);
  if (bytes) {
    const sources = await rawInputs(ctx, operands(ctx.args), 'tail');
    if (typeof sources === 'number') return sources;
    for (const data of sources)
      await ctx.stdout.write(
        bytes.fromStart
          ? data.subarray(Math.max(0, bytes.count - 1))
          : data.subarray(Math.max(0, data.length - bytes.count)),
      );
    return 0;
  }
  const { count, fromStart, files } = lineCount(ctx.args);
  const sources = await inputs(ctx, files, 'tail');
  if (typeof sources === 'number') return 1;
  for (const { text } of sources) {
    const all = lines(text);
    const picked = fromStart ? all.slice(Math.max(0, count - 1)) : count === 0 ? [] : all.slice(-count);
    await ctx.out(picked.map((l) => `${l}\n`).join(''));
  }
  return 0;
});

export const wc: ShellCommand = command('wc', async (ctx) => {
  const flags = new Set(ctx.args.filter((a) => a.startsWith('-')).flatMap((a) => [...a.slice(1)]));
  const files = ctx.args.filter((a) => !a.startsWith('-'));
  const sources = await inputs(ctx, files, 'wc');
  if (typeof sources === 'number') return 1;
  const wanted = flags.size === 0 ? ['l', 'w', 'c'] : ['l', 'w', 'c'].filter((f) => flags.has(f));
  for (const { name, text } of sources) {
    const counts: Record<string, number> = {
      l: (text.match(/\n/g) ?? []).length,
      w: text.split(/\s+/).filter(Boolean).length,
      c: Buffer.byteLength(text),
    };
    const numbers = wanted.map((f) => String(counts[f]));
    const shown = wanted.length === 1 ? numbers[0] : numbers.map((n) => n.padStart(7)).join(' ');
    await ctx.out(`${shown}${files.length > 0 ? ` ${name}` : ''}\n`);
  }
  return 0;
});

export const TEXT_COMMANDS: readonly ShellCommand[] = [grep, head, tail, wc];
