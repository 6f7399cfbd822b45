import { describe, expect, it } from 'vitest';
import type { Command, List, SimpleCommand, Word } from './ast.ts';
import { ShellSyntaxError, tokenize } from './lexer.ts';
import { parseScript } from './parser.ts';

/** A word's literal text (parameters shown as $NAME, substitutions as $(…)). */
const lit = (word: Word) =>
  word.parts.map((p) => (p.kind === 'text' ? p.value : p.kind === 'param' ? `$${p.name}` : `$(${p.source})`)).join('');

function simple(list: List, item = 0, pipelineIndex = 0): SimpleCommand {
  const andOr = list.items[item]?.command;
  const command = (pipelineIndex === 0 ? andOr?.first : andOr?.rest[pipelineIndex - 1]?.pipeline)
    ?.commands[0] as Command;
  if (command.kind !== 'simple') throw new Error(`expected a simple command, got ${command.kind}`);
  return command;
}

const argv = (source: string) => simple(parseScript(source)).words.map(lit);

describe('tokenize', () => {
  it('reads adbkit-style quoted arguments as single words', () => {
    expect(argv(`'echo' 'a b' 'it'"'"'s'`)).toEqual(['echo', 'a b', "it's"]);
  });

  it('handles double quotes with escapes and backslash escapes outside quotes', () => {
    expect(argv(`echo "a \\"b\\" \\$c \\\\" d\\ e \\'`)).toEqual(['echo', 'a "b" $c \\', 'd e', "'"]);
  });

  it('keeps # inside words and drops comments', () => {
    expect(argv('echo a#b # a comment')).toEqual(['echo', 'a#b']);
  });

  it('joins lines ending in a backslash', () => {
    expect(argv('echo one \\\n two')).toEqual(['echo', 'one', 'two']);
  });

  it('marks parameters inside and outside quotes', () => {
    const word = simple(parseScript('echo "x$HOME" ${A} $? $1')).words;
    expect(word.map(lit)).toEqual(['echo', 'x$HOME', '$A', '$?', '$1']);
    expect(word[1]?.parts[1]).toEqual({ kind: 'param', name: 'HOME', quoted: true });
    expect(word[2]?.parts[0]).toEqual({ kind: 'param', name: 'A', quoted: false });
  });

  it('reads command substitution', () => {
    expect(argv('echo $(getprop "ro.x") `id -u`')).toEqual(['echo', '$(getprop "ro.x")', '$(id -u)']);
  });

  it('recognises an fd number only directly before a redirection', () => {
    const tokens = tokenize('echo 2>/dev/null 2 >x');
    expect(tokens.map((t) => t.type)).toEqual(['word', 'redirect', 'word', 'word', 'redirect', 'word', 'eof']);
    expect(tokens[1]).toEqual({ type: 'redirect', op: '>', fd: 2 });
    expect(tokens[4]).toEqual({ type: 'redirect', op: '>', fd: undefined });
  });

  it('reports unterminated quotes and substitutions', () => {
    expect(() => tokenize("echo 'abc")).toThrow(ShellSyntaxError);
    expect(() => tokenize('echo "abc')).toThrow(ShellSyntaxError);
    expect(() => tokenize('echo $(abc')).toThrow(ShellSyntaxError);
    expect(() => tokenize('echo ${a b}')).toThrow(/bad substitution/);
  });
});

describe('parseScript', () => {
  it('parses adbkit screencap: echo && screencap -p 2>/dev/null', () => {
    const list = parseScript('echo && screencap -p 2>/dev/null');
    expect(list.items).toHaveLength(1);
    const andOr = list.items[0]?.command;
    expect(andOr?.rest.map((r) => r.op)).toEqual(['&&']);
    const screencap = simple(list, 0, 1);
    expect(screencap.words.map(lit)).toEqual(['screencap', '-p']);
    expect(screencap.redirects.map((r) => ({ fd: r.fd, op: r.op, target: lit(r.target) }))).toEqual([
      { fd: 2, op: '>', target: '/dev/null' },
    ]);
  });

  it('separates VAR=value prefixes from arguments', () => {
    const cmd = simple(parseScript('CLASSPATH=/data/local/tmp/s.jar A="x y" app_process / com.x.Server B=c'));
    expect(cmd.assignments.map((a) => [a.name, lit(a.value)])).toEqual([
      ['CLASSPATH', '/data/local/tmp/s.jar'],
      ['A', 'x y'],
    ]);
    expect(cmd.words.map(lit)).toEqual(['app_process', '/', 'com.x.Server', 'B=c']);
  });

  it('parses redirection forms', () => {
    const cmd = simple(parseScript('cmd >a >>b 2>&1 <c &>d >&2 </dev/null'));
    expect(cmd.redirects.map((r) => `${r.fd}${r.op}${lit(r.target)}`)).toEqual([
      '1>a',
      '1>>b',
      '2>&1',
      '0<c',
      '1&>d',
      '1>&2',
      '0</dev/null',
    ]);
  });

  it('parses lists, pipelines and negation', () => {
    const list = parseScript('a; b & c || ! d | e\nf');
    expect(list.items.map((i) => i.background)).toEqual([false, true, false, false]);
    const third = list.items[2]?.command;
    expect(third?.rest[0]?.op).toBe('||');
    expect(third?.rest[0]?.pipeline.negate).toBe(true);
    expect(third?.rest[0]?.pipeline.commands).toHaveLength(2);
  });

  it('parses adbkit waitBootComplete: while … do … done', () => {
    const list = parseScript('while getprop sys.boot_completed 2>/dev/null; do sleep 1; done');
    const loop = list.items[0]?.command.first.commands[0];
    expect(loop?.kind).toBe('while');
    if (loop?.kind !== 'while') return;
    expect(loop.condition.items).toHaveLength(1);
    expect(loop.body.items).toHaveLength(1);
  });

  it('parses if/elif/else, for, groups and subshells', () => {
    const list = parseScript('if a; then b; elif c; then d; else e; fi; for x in 1 2; do echo $x; done; { f; }; (g)');
    expect(list.items.map((i) => i.command.first.commands[0]?.kind)).toEqual(['if', 'for', 'group', 'subshell']);
    const ifCommand = list.items[0]?.command.first.commands[0];
    if (ifCommand?.kind === 'if') {
      expect(ifCommand.branches).toHaveLength(2);
      expect(ifCommand.otherwise?.items).toHaveLength(1);
    }
  });

  it('treats reserved words as plain arguments after the command name', () => {
    expect(argv('echo done then fi')).toEqual(['echo', 'done', 'then', 'fi']);
  });

  it('rejects broken syntax', () => {
    expect(() => parseScript('&& echo')).toThrow(ShellSyntaxError);
    expect(() => parseScript('echo |')).toThrow(ShellSyntaxError);
    expect(() => parseScript('while true; do echo')).toThrow(/expecting 'done'/);
    expect(() => parseScript('echo >')).toThrow(ShellSyntaxError);
  });

  it('accepts an empty script', () => {
    expect(parseScript('  \n # nothing\n').items).toEqual([]);
  });
});
