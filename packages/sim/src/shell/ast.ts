/** The syntax tree of the simulated phone's shell (a small POSIX sh / mksh subset). */

/**
 * A piece of a word: literal text, a parameter to expand (`$VAR`, `${VAR}`, `$?`), or a
 * command substitution (`$(…)`, backquotes) holding its source text.
 */
export type WordPart =
  | { kind: 'text'; value: string; quoted: boolean }
  | { kind: 'param'; name: string; quoted: boolean }
  | { kind: 'command'; source: string; quoted: boolean };

export interface Word {
  parts: WordPart[];
}

export type RedirectOp = '>' | '>>' | '<' | '>&' | '<&' | '&>' | '&>>';

export interface Redirect {
  /** The fd being redirected (`2>` → 2); defaults: 1 for output, 0 for input, both for `&>`. */
  fd: number;
  op: RedirectOp;
  target: Word;
}

export interface Assignment {
  name: string;
  value: Word;
}

export interface SimpleCommand {
  kind: 'simple';
  assignments: Assignment[];
  words: Word[];
  redirects: Redirect[];
}

export interface LoopCommand {
  kind: 'while' | 'until';
  condition: List;
  body: List;
  redirects: Redirect[];
}

export interface IfCommand {
  kind: 'if';
  branches: Array<{ condition: List; body: List }>;
  otherwise: List | undefined;
  redirects: Redirect[];
}

export interface ForCommand {
  kind: 'for';
  name: string;
  items: Word[];
  body: List;
  redirects: Redirect[];
}

export interface GroupCommand {
  kind: 'group' | 'subshell';
  body: List;
  redirects: Redirect[];
}

export type Command = SimpleCommand | LoopCommand | IfCommand | ForCommand | GroupCommand;

export interface Pipeline {
  negate: boolean;
  commands: Command[];
}

export interface AndOr {
  first: Pipeline;
  rest: Array<{ op: '&&' | '||'; pipeline: Pipeline }>;
}

export interface List {
  items: Array<{ command: AndOr; background: boolean }>;
}
