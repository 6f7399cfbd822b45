/**
 * `sed [-n] [-E|-r] [-i[SUFFIX]] [-e SCRIPT]… [SCRIPT] [FILE…]` (toybox's common subset):
 * commands `s/RE/REPLACEMENT/[gpiNw]`, `d`, `p`, `q`, `=`, `y/abc/xyz/`, `a`/`i`/`c TEXT`,
 * with addresses (a line number, `$`, `/RE/`, `FIRST,LAST` ranges, `!`). Basic regular
 * expressions unless -E; `&` and `\1`…`\9` in replacements.
 */
import { readAll } from '../io.ts';
import { CommandError } from '../registry.ts';
import type { ShellCommand } from '../registry.ts';
import { writable } from './files.ts';
import { command, pathArg } from './util.ts';

type Address = { kind: 'line'; n: number } | { kind: 'last' } | { kind: 're'; re: RegExp };

interface SedCommand {
  from?: Address;
  to?: Address;
  negate: boolean;
  name: string;
  /** s: pattern, replacement, flags; y: from/to; a/i/c: text. */
  re?: RegExp;
  replacement?: string;
  global?: boolean;
  nth?: number;
  print?: boolean;
  text?: string;
  map?: Map<string, string>;
  /** Range state: inside FIRST,LAST. */
  active?: boolean;
}

/** Basic regular expressions swap the meaning of escaped and bare ( ) | { } + ?. */
function breToJs(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === '\\' && i + 1 < pattern.length) {
      const n = pattern[++i] as string;
      out += '()|{}+?'.includes(n) ? n : `\\${n}`;
    } else out += '()|{}+?'.includes(c) ? `\\${c}` : c;
  }
  return out;
}

/** Reads a delimited field starting after `at` (the delimiter); returns it and the index after the closing one. */
function delimited(script: string, at: number, delim: string): [string, number] {
  let out = '';
  let i = at + 1;
  for (; i < script.length && script[i] !== delim; i++) {
    if (script[i] === '\\' && i + 1 < script.length) {
      const n = script[++i] as string;
      out += n === delim ? n : n === 'n' ? '\n' : `\\${n}`;
    } else out += script[i];
  }
  if (i >= script.length) throw new CommandError(`sed: -e expression: unterminated '${script[at - 1] ?? 's'}'`);
  return [out, i + 1];
}

class ScriptParser {
  private readonly script: string;
  private i = 0;
  private readonly extended: boolean;

  constructor(script: string, extended: boolean) {
    this.script = script;
    this.extended = extended;
  }

  private regex(source: string, flags = ''): RegExp {
    try {
      return new RegExp(this.extended ? source : breToJs(source), flags);
    } catch {
      throw new CommandError(`sed: bad regex '${source}'`);
    }
  }

  private address(): Address | undefined {
    const s = this.script;
    const digits = /^\d+/.exec(s.slice(this.i));
    if (digits) {
      this.i += digits[0].length;
      return { kind: 'line', n: Number(digits[0]) };
    }
    if (s[this.i] === '$') {
      this.i++;
      return { kind: 'last' };
    }
    if (s[this.i] === '/' || s[this.i] === '\\') {
      const delim = s[this.i] === '\\' ? (s[++this.i] as string) : '/';
      const [source, next] = delimited(s, this.i, delim);
      this.i = next;
      return { kind: 're', re: this.regex(source) };
    }
    return undefined;
  }

  parse(): SedCommand[] {
    const s = this.script;
    const out: SedCommand[] = [];
    while (this.i < s.length) {
      while (/[\s;]/.test(s[this.i] ?? '')) this.i++;
      if (this.i >= s.length) break;
      const from = this.address();
      let to: Address | undefined;
      if (from && s[this.i] === ',') {
        this.i++;
        to = this.address();
      }
      while (s[this.i] === ' ') this.i++;
      let negate = false;
      if (s[this.i] === '!') {
        negate = true;
        this.i++;
      }
      const name = s[this.i++];
      if (name === undefined) throw new CommandError('sed: missing command');
      const cmd: SedCommand = { negate, name };
      if (from) cmd.from = from;
      if (to) cmd.to = to;
      this.body(cmd);
      out.push(cmd);
    }
    return out;
  }

  private body(cmd: SedCommand): void {
    const s = this.script;
    switch (cmd.name) {
      case 's': {
        const delim = s[this.i] as string;
        const [pattern, afterPattern] = delimited(s, this.i, delim);
        const [replacement, afterReplacement] = delimited(s, afterPattern - 1, delim);
        this.i = afterReplacement;
        let flags = '';
        while (/[gpiIN0-9w]/.test(s[this.i] ?? '')) flags += s[this.i++];
        const nth = /\d+/.exec(flags);
        cmd.re = this.regex(pattern, flags.includes('i') || flags.includes('I') ? 'gi' : 'g');
        cmd.replacement = replacement;
        cmd.global = flags.includes('g');
        cmd.print = flags.includes('p');
        if (nth) cmd.nth = Number(nth[0]);
        return;
      }
      case 'y': {
        const delim = s[this.i] as string;
        const [a, afterA] = delimited(s, this.i, delim);
        const [b, afterB] = delimited(s, afterA - 1, delim);
        if ([...a].length !== [...b].length) throw new CommandError('sed: y: strings are different lengths');
        this.i = afterB;
        cmd.map = new Map([...a].map((ch, k) => [ch, [...b][k] as string]));
        return;
      }
      case 'a':
      case 'i':
      case 'c': {
        let text = s.slice(this.i).replace(/^\\?\n?\s*/, '');
        const end = text.indexOf('\n');
        if (end >= 0) text = text.slice(0, end);
        this.i += s.slice(this.i).indexOf(text) + text.length;
        cmd.text = text;
        return;
      }
      case 'd':
      case 'p':
      case 'q':
      case '=':
      case 'n':
        return;
      default:
        throw new CommandError(`sed: unknown command: '${cmd.name}'`);
    }
  }
}

function matches(address: Address, line: string, n: number, last: boolean): boolean {
  if (address.kind === 'line') return n === address.n;
  if (address.kind === 'last') return last;
  address.re.lastIndex = 0;
  return address.re.test(line);
}

function selected(cmd: SedCommand, line: string, n: number, last: boolean): boolean {
  let hit: boolean;
  if (!cmd.from) hit = true;
  else if (!cmd.to) hit = matches(cmd.from, line, n, last);
  else if (cmd.active) {
    hit = true;
    const to = cmd.to;
    if (to.kind === 'line' ? n >= to.n : matches(to, line, n, last)) cmd.active = false;
  } else if (matches(cmd.from, line, n, last)) {
    hit = true;
    const to = cmd.to;
    cmd.active = !(to.kind === 'line' && n >= to.n);
  } else hit = false;
  return hit !== cmd.negate;
}

function substitute(cmd: SedCommand, line: string): { text: string; changed: boolean } {
  const re = cmd.re as RegExp;
  let count = 0;
  let changed = false;
  const text = line.replace(re, (...m: unknown[]) => {
    const groups = m.slice(0, -2) as string[];
    count++;
    const wanted =
      cmd.nth !== undefined ? (cmd.global ? count >= cmd.nth : count === cmd.nth) : cmd.global || count === 1;
    if (!wanted) return groups[0] as string;
    changed = true;
    return (cmd.replacement as string).replace(/\\([0-9&\\n])|&/g, (all, ref: string | undefined) => {
      if (all === '&') return groups[0] ?? '';
      if (ref === '&') return '&';
      if (ref === '\\') return '\\';
      if (ref === 'n') return '\n';
      return groups[Number(ref)] ?? '';
    });
  });
  return { text, changed };
}

/** Runs the script over the lines; returns the output text. */
export function runSed(commands: SedCommand[], input: string, quiet: boolean): string {
  const lines = input.split('\n');
  const trailingNewline = lines[lines.length - 1] === '';
  if (trailingNewline) lines.pop();
  let out = '';
  for (let k = 0; k < lines.length; k++) {
    let line = lines[k] as string;
    const n = k + 1;
    const last = k === lines.length - 1;
    let deleted = false;
    let quit = false;
    let append = '';
    for (const cmd of commands) {
      if (!selected(cmd, line, n, last)) continue;
      if (cmd.name === 's') {
        const result = substitute(cmd, line);
        line = result.text;
        if (result.changed && cmd.print) out += `${line}\n`;
      } else if (cmd.name === 'y') line = [...line].map((ch) => cmd.map?.get(ch) ?? ch).join('');
      else if (cmd.name === 'p') out += `${line}\n`;
      else if (cmd.name === '=') out += `${n}\n`;
      else if (cmd.name === 'a') append += `${cmd.text}\n`;
      else if (cmd.name === 'i') out += `${cmd.text}\n`;
      else if (cmd.name === 'c') {
        out += `${cmd.text}\n`;
        deleted = true;
      } else if (cmd.name === 'd') deleted = true;
      else if (cmd.name === 'q') quit = true;
      if (deleted || quit) break;
    }
    if (!deleted && !quiet) out += `${line}${last && !trailingNewline ? '' : '\n'}`;
    out += append;
    if (quit) break;
  }
  return out;
}

export const sed: ShellCommand = command('sed', async (ctx) => {
  const scripts: string[] = [];
  const files: string[] = [];
  let quiet = false;
  let extended = false;
  let inPlace: string | undefined;
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i] as string;
    if (arg === '-e' || arg === '--expression') scripts.push(ctx.args[++i] ?? '');
    else if (arg === '-n' || arg === '--quiet' || arg === '--silent') quiet = true;
    else if (arg === '-E' || arg === '-r' || arg === '--regexp-extended') extended = true;
    else if (arg.startsWith('-i')) inPlace = arg.slice(2);
    else if (/^-[nErs]+$/.test(arg)) {
      quiet ||= arg.includes('n');
      extended ||= arg.includes('E') || arg.includes('r');
    } else if (scripts.length === 0 && !arg.startsWith('-')) scripts.push(arg);
    else files.push(arg);
  }
  if (scripts.length === 0)
    throw new CommandError('usage: sed [-inrE] [-e SCRIPT]...|SCRIPT [-f SCRIPT_FILE]... [FILE...]');
  const commands = new ScriptParser(scripts.join('\n'), extended).parse();
  if (files.length === 0) {
    await ctx.out(runSed(commands, Buffer.from(await readAll(ctx.stdin)).toString('utf8'), quiet));
    return 0;
  }
  let status = 0;
  for (const file of files) {
    const full = pathArg(ctx, file);
    let text: string;
    try {
      text = Buffer.from(ctx.fs.readFile(full)).toString('utf8');
    } catch {
      await ctx.err(`sed: ${file}: No such file or directory\n`);
      status = 1;
      continue;
    }
    const result = runSed(commands, text, quiet);
    if (inPlace === undefined) await ctx.out(result);
    else if (await writable(ctx, 'sed', full, file)) {
      if (inPlace) ctx.fs.writeFile(`${full}${inPlace}`, Buffer.from(text, 'utf8'));
      ctx.fs.writeFile(full, Buffer.from(result, 'utf8'));
    } else status = 1;
  }
  return status;
});
