/**
 * Tokenizer for the simulated shell: quotes ('…', "…", backslash), parameters ($X, ${X}, $?),
 * command substitution ($(…), `…`), operators (&& || ; | & ( ) ;;), redirections with an
 * optional fd (> >> < >& <& &> 2> 2>&1) and comments.
 */
import { MobaError } from '@moba/base';
import type { RedirectOp, Word, WordPart } from './ast.ts';

export type Operator = '&&' | '||' | ';' | ';;' | '|' | '&' | '(' | ')';

export type Token =
  | {
      type: 'word';
      word: Word /** The literal text when the word has no quoting or expansion. */;
      plain: string | undefined;
    }
  | { type: 'op'; op: Operator }
  | { type: 'redirect'; op: RedirectOp; fd: number | undefined }
  | { type: 'newline' }
  | { type: 'eof' };

/** A syntax error, worded like mksh's (the shell prints it; it never leaves the simulator). */
export class ShellSyntaxError extends MobaError {
  override name = 'ShellSyntaxError';

  constructor(message: string) {
    super('INVALID_INPUT', message);
  }
}

const OPERATOR_START = new Set(['&', '|', ';', '(', ')', '<', '>']);
const PARAM_SPECIAL = new Set(['?', '$', '#', '!', '@', '*', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);

function isNameStart(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z_]/.test(c);
}
function isNameChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_]/.test(c);
}

export function tokenize(source: string): Token[] {
  return new Lexer(source).run();
}

class Lexer {
  private readonly source: string;
  private readonly tokens: Token[] = [];
  private i = 0;
  private parts: WordPart[] = [];
  private inWord = false;

  constructor(source: string) {
    this.source = source;
  }

  run(): Token[] {
    const source = this.source;
    while (this.i < source.length) {
      const c = source[this.i] as string;
      if (c === ' ' || c === '\t' || c === '\r') {
        this.endWord();
        this.i++;
      } else if (c === '\n') {
        this.endWord();
        this.tokens.push({ type: 'newline' });
        this.i++;
      } else if (c === '#' && !this.inWord) {
        while (this.i < source.length && source[this.i] !== '\n') this.i++;
      } else if (c === '\\') {
        this.readEscape();
      } else if (c === "'") {
        const close = source.indexOf("'", this.i + 1);
        if (close < 0) throw new ShellSyntaxError('no closing quote');
        this.pushText(source.slice(this.i + 1, close), true);
        this.i = close + 1;
      } else if (c === '"') {
        this.readDoubleQuoted();
      } else if (c === '$') {
        const part = this.readDollar(false);
        this.inWord = true;
        if (part) this.parts.push(part);
        else this.pushText('$', false);
      } else if (c === '`') {
        this.inWord = true;
        this.parts.push(this.readBackquote(false));
      } else if (OPERATOR_START.has(c)) {
        this.readOperator(c);
      } else {
        this.pushText(c, false);
        this.i++;
      }
    }
    this.endWord();
    this.tokens.push({ type: 'eof' });
    return this.tokens;
  }

  private pushText(value: string, quoted: boolean): void {
    this.inWord = true;
    const last = this.parts[this.parts.length - 1];
    if (last && last.kind === 'text' && last.quoted === quoted) last.value += value;
    else this.parts.push({ kind: 'text', value, quoted });
  }

  private endWord(): void {
    if (!this.inWord) return;
    const parts = this.parts;
    const first = parts[0];
    const plain =
      parts.length === 1 && first?.kind === 'text' && !first.quoted ? first.value : parts.length === 0 ? '' : undefined;
    this.tokens.push({ type: 'word', word: { parts }, plain });
    this.parts = [];
    this.inWord = false;
  }

  /** A backslash outside quotes: quotes the next character; before a newline, joins the lines. */
  private readEscape(): void {
    const next = this.source[this.i + 1];
    if (next === '\n') {
      this.i += 2;
      return;
    }
    if (next === undefined) {
      this.i++;
      return;
    }
    this.pushText(next, true);
    this.i += 2;
  }

  private readDoubleQuoted(): void {
    const source = this.source;
    this.inWord = true;
    this.i++;
    let closed = false;
    while (this.i < source.length) {
      const d = source[this.i] as string;
      if (d === '"') {
        closed = true;
        this.i++;
        break;
      }
      if (d === '\\' && this.i + 1 < source.length && '$`"\\\n'.includes(source[this.i + 1] as string)) {
        if (source[this.i + 1] !== '\n') this.pushText(source[this.i + 1] as string, true);
        this.i += 2;
      } else if (d === '$') {
        const part = this.readDollar(true);
        if (part) this.parts.push(part);
        else this.pushText('$', true);
      } else if (d === '`') {
        this.parts.push(this.readBackquote(true));
      } else {
        this.pushText(d, true);
        this.i++;
      }
    }
    if (!closed) throw new ShellSyntaxError('no closing quote');
    // "" is an (empty) argument of its own.
    if (this.parts.length === 0) this.pushText('', true);
  }

  /** Reads `$…` at the '$'; returns the part, or undefined for a literal '$'. */
  private readDollar(quoted: boolean): WordPart | undefined {
    const source = this.source;
    const next = source[this.i + 1];
    if (next === '{') {
      const close = source.indexOf('}', this.i + 2);
      if (close < 0) throw new ShellSyntaxError('missing }');
      const name = source.slice(this.i + 2, close);
      if (!/^([A-Za-z_][A-Za-z0-9_]*|[?$#!@*0-9-])$/.test(name))
        throw new ShellSyntaxError(`\${${name}}: bad substitution`);
      this.i = close + 1;
      return { kind: 'param', name, quoted };
    }
    if (next === '(') {
      const end = matchingParen(source, this.i + 1);
      const inner = source.slice(this.i + 2, end);
      this.i = end + 1;
      return { kind: 'command', source: inner, quoted };
    }
    if (next !== undefined && PARAM_SPECIAL.has(next)) {
      this.i += 2;
      return { kind: 'param', name: next, quoted };
    }
    if (isNameStart(next)) {
      let j = this.i + 1;
      while (isNameChar(source[j])) j++;
      const name = source.slice(this.i + 1, j);
      this.i = j;
      return { kind: 'param', name, quoted };
    }
    this.i += 1;
    return undefined;
  }

  private readBackquote(quoted: boolean): WordPart {
    const source = this.source;
    let j = this.i + 1;
    let inner = '';
    while (j < source.length && source[j] !== '`') {
      if (source[j] === '\\' && j + 1 < source.length && '$`\\'.includes(source[j + 1] as string)) {
        inner += source[j + 1];
        j += 2;
        continue;
      }
      inner += source[j];
      j++;
    }
    if (j >= source.length) throw new ShellSyntaxError('no closing quote');
    this.i = j + 1;
    return { kind: 'command', source: inner, quoted };
  }

  private readOperator(c: string): void {
    // An all-digit unquoted word right before < or > is the fd of a redirection (2>).
    let fd: number | undefined;
    const only = this.parts[0];
    if (
      (c === '<' || c === '>') &&
      this.inWord &&
      this.parts.length === 1 &&
      only?.kind === 'text' &&
      !only.quoted &&
      /^\d$/.test(only.value)
    ) {
      fd = Number(only.value);
      this.parts = [];
      this.inWord = false;
    }
    this.endWord();
    const two = this.source.slice(this.i, this.i + 2);
    const three = this.source.slice(this.i, this.i + 3);
    const push = (token: Token, length: number): void => {
      this.tokens.push(token);
      this.i += length;
    };
    if (three === '&>>') push({ type: 'redirect', op: '&>>', fd }, 3);
    else if (two === '&>') push({ type: 'redirect', op: '&>', fd }, 2);
    else if (two === '>>' || two === '>&' || two === '<&') push({ type: 'redirect', op: two, fd }, 2);
    else if (two === '>|') push({ type: 'redirect', op: '>', fd }, 2);
    else if (two === '<<') throw new ShellSyntaxError('here-documents are not supported');
    else if (c === '>' || c === '<') push({ type: 'redirect', op: c, fd }, 1);
    else if (two === '&&' || two === '||' || two === ';;') push({ type: 'op', op: two }, 2);
    else push({ type: 'op', op: c as Operator }, 1);
  }
}

/** Index of the ')' closing the '(' at `open`, skipping quotes and nested parentheses. */
function matchingParen(source: string, open: number): number {
  let depth = 0;
  for (let j = open; j < source.length; j++) {
    const c = source[j];
    if (c === '\\') {
      j++;
    } else if (c === "'") {
      const close = source.indexOf("'", j + 1);
      if (close < 0) break;
      j = close;
    } else if (c === '"') {
      j++;
      while (j < source.length && source[j] !== '"') {
        if (source[j] === '\\') j++;
        j++;
      }
    } else if (c === '(') {
      depth++;
    } else if (c === ')') {
      depth--;
      if (depth === 0) return j;
    }
  }
  throw new ShellSyntaxError("')' expected");
}
