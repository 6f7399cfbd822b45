/**
 * Recursive-descent parser for the simulated shell:
 *   list     := and_or ((';' | '&' | NEWLINE) and_or)*
 *   and_or   := pipeline (('&&' | '||') pipeline)*
 *   pipeline := ['!'] command ('|' command)*
 *   command  := simple | while/until … do … done | if … then … [elif…] [else …] fi
 *             | for NAME [in WORD…] do … done | '{' list '}' | '(' list ')'
 */
import type { AndOr, Assignment, Command, List, Pipeline, Redirect, SimpleCommand, Word } from './ast.ts';
import { ShellSyntaxError, tokenize } from './lexer.ts';
import type { Token } from './lexer.ts';

const RESERVED_TERMINATORS = new Set(['do', 'done', 'then', 'else', 'elif', 'fi', '}']);

export function parseScript(source: string): List {
  return new Parser(tokenize(source)).parseProgram();
}

class Parser {
  private readonly tokens: Token[];
  private pos = 0;

  constructor(tokens: Token[]) {
    this.tokens = tokens;
  }

  private peek(): Token {
    return this.tokens[this.pos] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'eof') this.pos++;
    return token;
  }

  private isOp(op: string): boolean {
    const t = this.peek();
    return t.type === 'op' && t.op === op;
  }

  /** The reserved word at the cursor, if the token is a plain word that is one. */
  private keyword(): string | undefined {
    const t = this.peek();
    return t.type === 'word' ? t.plain : undefined;
  }

  private expectKeyword(word: string): void {
    if (this.keyword() !== word)
      throw new ShellSyntaxError(`syntax error: '${describe(this.peek())}' unexpected (expecting '${word}')`);
    this.next();
  }

  private skipNewlines(): void {
    while (this.peek().type === 'newline') this.next();
  }

  parseProgram(): List {
    this.skipNewlines();
    const list = this.parseList();
    this.skipNewlines();
    const t = this.peek();
    if (t.type !== 'eof') throw new ShellSyntaxError(`syntax error: '${describe(t)}' unexpected`);
    return list;
  }

  /** A list up to EOF, ')' or a terminating reserved word. */
  private parseList(): List {
    const items: List['items'] = [];
    for (;;) {
      this.skipNewlines();
      if (this.atListEnd()) break;
      const command = this.parseAndOr();
      let background = false;
      if (this.isOp('&')) {
        this.next();
        background = true;
      } else if (this.isOp(';')) {
        this.next();
      } else if (this.peek().type === 'newline') {
        this.next();
      } else if (!this.atListEnd()) {
        throw new ShellSyntaxError(`syntax error: '${describe(this.peek())}' unexpected`);
      }
      items.push({ command, background });
    }
    return { items };
  }

  private atListEnd(): boolean {
    const t = this.peek();
    if (t.type === 'eof') return true;
    if (t.type === 'op' && (t.op === ')' || t.op === ';;')) return true;
    const k = this.keyword();
    return k !== undefined && RESERVED_TERMINATORS.has(k);
  }

  private parseAndOr(): AndOr {
    const first = this.parsePipeline();
    const rest: AndOr['rest'] = [];
    for (;;) {
      const t = this.peek();
      if (t.type !== 'op' || (t.op !== '&&' && t.op !== '||')) break;
      this.next();
      this.skipNewlines();
      rest.push({ op: t.op, pipeline: this.parsePipeline() });
    }
    return { first, rest };
  }

  private parsePipeline(): Pipeline {
    let negate = false;
    if (this.keyword() === '!') {
      this.next();
      negate = true;
    }
    const commands: Command[] = [this.parseCommand()];
    while (this.isOp('|')) {
      this.next();
      this.skipNewlines();
      commands.push(this.parseCommand());
    }
    return { negate, commands };
  }

  private parseCommand(): Command {
    const k = this.keyword();
    if (k === 'while' || k === 'until') {
      this.next();
      const condition = this.parseList();
      this.expectKeyword('do');
      const body = this.parseList();
      this.expectKeyword('done');
      return { kind: k, condition, body, redirects: this.parseRedirects() };
    }
    if (k === 'if') {
      this.next();
      const branches: Array<{ condition: List; body: List }> = [];
      let otherwise: List | undefined;
      const condition = this.parseList();
      this.expectKeyword('then');
      branches.push({ condition, body: this.parseList() });
      for (;;) {
        const kw = this.keyword();
        if (kw === 'elif') {
          this.next();
          const c = this.parseList();
          this.expectKeyword('then');
          branches.push({ condition: c, body: this.parseList() });
          continue;
        }
        if (kw === 'else') {
          this.next();
          otherwise = this.parseList();
        }
        break;
      }
      this.expectKeyword('fi');
      return { kind: 'if', branches, otherwise, redirects: this.parseRedirects() };
    }
    if (k === 'for') {
      this.next();
      const nameToken = this.next();
      const name = nameToken.type === 'word' ? nameToken.plain : undefined;
      if (!name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
        throw new ShellSyntaxError('syntax error: bad for loop variable');
      const items: Word[] = [];
      this.skipNewlines();
      if (this.keyword() === 'in') {
        this.next();
        while (this.peek().type === 'word' && this.keyword() !== 'do') {
          const t = this.next();
          if (t.type === 'word') items.push(t.word);
        }
      }
      if (this.isOp(';')) this.next();
      this.skipNewlines();
      this.expectKeyword('do');
      const body = this.parseList();
      this.expectKeyword('done');
      return { kind: 'for', name, items, body, redirects: this.parseRedirects() };
    }
    if (k === '{') {
      this.next();
      const body = this.parseList();
      this.expectKeyword('}');
      return { kind: 'group', body, redirects: this.parseRedirects() };
    }
    if (this.isOp('(')) {
      this.next();
      const body = this.parseList();
      if (!this.isOp(')'))
        throw new ShellSyntaxError(`syntax error: '${describe(this.peek())}' unexpected (expecting ')')`);
      this.next();
      return { kind: 'subshell', body, redirects: this.parseRedirects() };
    }
    return this.parseSimple();
  }

  private parseRedirects(): Redirect[] {
    const out: Redirect[] = [];
    while (this.peek().type === 'redirect') out.push(this.parseRedirect());
    return out;
  }

  private parseRedirect(): Redirect {
    const t = this.next();
    if (t.type !== 'redirect') throw new ShellSyntaxError('syntax error: redirection expected');
    const target = this.next();
    if (target.type !== 'word') throw new ShellSyntaxError(`syntax error: '${describe(target)}' unexpected`);
    const fd = t.fd ?? (t.op === '<' || t.op === '<&' ? 0 : 1);
    return { fd, op: t.op, target: target.word };
  }

  private parseSimple(): SimpleCommand {
    const assignments: Assignment[] = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (;;) {
      const t = this.peek();
      if (t.type === 'redirect') {
        redirects.push(this.parseRedirect());
        continue;
      }
      if (t.type !== 'word') break;
      if (words.length === 0) {
        const assignment = asAssignment(t.word);
        if (assignment) {
          this.next();
          assignments.push(assignment);
          continue;
        }
      }
      this.next();
      words.push(t.word);
    }
    if (assignments.length === 0 && words.length === 0 && redirects.length === 0) {
      throw new ShellSyntaxError(`syntax error: '${describe(this.peek())}' unexpected`);
    }
    return { kind: 'simple', assignments, words, redirects };
  }
}

/** `NAME=value` where NAME is unquoted; the value keeps its quoting. */
function asAssignment(word: Word): Assignment | undefined {
  const first = word.parts[0];
  if (!first || first.kind !== 'text' || first.quoted) return undefined;
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(first.value);
  if (!match) return undefined;
  const name = match[1] as string;
  const remainder = first.value.slice(match[0].length);
  const parts = [...(remainder ? [{ ...first, value: remainder }] : []), ...word.parts.slice(1)];
  return { name, value: { parts } };
}

function describe(token: Token): string {
  switch (token.type) {
    case 'eof':
      return 'end of file';
    case 'newline':
      return 'newline';
    case 'op':
      return token.op;
    case 'redirect':
      return token.op;
    case 'word':
      return token.plain ?? 'word';
  }
}
