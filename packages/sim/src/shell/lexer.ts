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
  const tokens: Token[] = [];
  let i = 0;
  let parts: WordPart[] = [];
  let inWord = false;

  const pushText = (value: string, quoted: boolean) => {
    inWord = true;
    const last = parts[parts.length - 1];
    if (last && last.kind === 'text' && last.quoted === quoted) last.value += value;
    else parts.push({ kind: 'text', value, quoted });
  };
  const endWord = () => {
    if (!inWord) return;
    const first = parts[0];
    const plain =
      parts.length === 1 && first?.kind === 'text' && !first.quoted ? first.value : parts.length === 0 ? '' : undefined;
    tokens.push({ type: 'word', word: { parts }, plain });
    parts = [];
    inWord = false;
  };

  /** Reads `$…` at position i (which points at '$'); returns the part or undefined for a literal '$'. */
  const readDollar = (quoted: boolean): WordPart | undefined => {
    const next = source[i + 1];
    if (next === '{') {
      const close = source.indexOf('}', i + 2);
      if (close < 0) throw new ShellSyntaxError('missing }');
      const name = source.slice(i + 2, close);
      if (!/^([A-Za-z_][A-Za-z0-9_]*|[?$#!@*0-9-])$/.test(name))
        throw new ShellSyntaxError(`\${${name}}: bad substitution`);
      i = close + 1;
      return { kind: 'param', name, quoted };
    }
    if (next === '(') {
      const end = matchingParen(source, i + 1);
      const inner = source.slice(i + 2, end);
      i = end + 1;
      return { kind: 'command', source: inner, quoted };
    }
    if (next !== undefined && PARAM_SPECIAL.has(next)) {
      i += 2;
      return { kind: 'param', name: next, quoted };
    }
    if (isNameStart(next)) {
      let j = i + 1;
      while (isNameChar(source[j])) j++;
      const name = source.slice(i + 1, j);
      i = j;
      return { kind: 'param', name, quoted };
    }
    i += 1;
    return undefined;
  };

  const readBackquote = (quoted: boolean): WordPart => {
    let j = i + 1;
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
    i = j + 1;
    return { kind: 'command', source: inner, quoted };
  };

  while (i < source.length) {
    const c = source[i] as string;
    if (c === ' ' || c === '\t' || c === '\r') {
      endWord();
      i++;
      continue;
    }
    if (c === '\n') {
      endWord();
      tokens.push({ type: 'newline' });
      i++;
      continue;
    }
    if (c === '#' && !inWord) {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (c === '\\') {
      const next = source[i + 1];
      if (next === '\n') {
        i += 2;
        continue;
      }
      if (next === undefined) {
        i++;
        continue;
      }
      pushText(next, true);
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = source.indexOf("'", i + 1);
      if (close < 0) throw new ShellSyntaxError('no closing quote');
      pushText(source.slice(i + 1, close), true);
      i = close + 1;
      continue;
    }
    if (c === '"') {
      inWord = true;
      i++;
      let closed = false;
      while (i < source.length) {
        const d = source[i] as string;
        if (d === '"') {
          closed = true;
          i++;
          break;
        }
        if (d === '\\' && i + 1 < source.length && '$`"\\\n'.includes(source[i + 1] as string)) {
          if (source[i + 1] !== '\n') pushText(source[i + 1] as string, true);
          i += 2;
          continue;
        }
        if (d === '$') {
          const part = readDollar(true);
          if (part) parts.push(part);
          else pushText('$', true);
          continue;
        }
        if (d === '`') {
          parts.push(readBackquote(true));
          continue;
        }
        pushText(d, true);
        i++;
      }
      if (!closed) throw new ShellSyntaxError('no closing quote');
      // "" is an (empty) argument of its own.
      if (parts.length === 0) pushText('', true);
      continue;
    }
    if (c === '$') {
      const part = readDollar(false);
      inWord = true;
      if (part) parts.push(part);
      else pushText('$', false);
      continue;
    }
    if (c === '`') {
      inWord = true;
      parts.push(readBackquote(false));
      continue;
    }
    if (OPERATOR_START.has(c)) {
      // An all-digit unquoted word right before < or > is the fd of a redirection (2>).
      let fd: number | undefined;
      if (
        (c === '<' || c === '>') &&
        inWord &&
        parts.length === 1 &&
        parts[0]?.kind === 'text' &&
        !parts[0].quoted &&
        /^\d$/.test(parts[0].value)
      ) {
        fd = Number(parts[0].value);
        parts = [];
        inWord = false;
      }
      endWord();
      const two = source.slice(i, i + 2);
      const three = source.slice(i, i + 3);
      if (three === '&>>') {
        tokens.push({ type: 'redirect', op: '&>>', fd });
        i += 3;
      } else if (two === '&>') {
        tokens.push({ type: 'redirect', op: '&>', fd });
        i += 2;
      } else if (two === '>>' || two === '>&' || two === '<&') {
        tokens.push({ type: 'redirect', op: two, fd });
        i += 2;
      } else if (two === '>|') {
        tokens.push({ type: 'redirect', op: '>', fd });
        i += 2;
      } else if (two === '<<') {
        throw new ShellSyntaxError('here-documents are not supported');
      } else if (c === '>' || c === '<') {
        tokens.push({ type: 'redirect', op: c, fd });
        i += 1;
      } else if (two === '&&' || two === '||' || two === ';;') {
        tokens.push({ type: 'op', op: two });
        i += 2;
      } else {
        tokens.push({ type: 'op', op: c as Operator });
        i += 1;
      }
      continue;
    }
    pushText(c, false);
    i++;
  }
  endWord();
  tokens.push({ type: 'eof' });
  return tokens;
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
