import { describe, expect, it } from 'vitest';
import { INPUT_TEXT_CHUNK, inputTextArgument, inputTextPieces, isInputTextSafe, shQuote } from './shell-text.ts';
import { decodeShellV2 } from '../adb/shell-v2.ts';

/** What `sh` makes of one single-quoted word, then what `input text` makes of `%s`. */
function unquote(word: string): string {
  expect(word.startsWith("'") && word.endsWith("'")).toBe(true);
  return word.slice(1, -1).replace(/'\\''/g, "'");
}

describe('shell quoting', () => {
  it('single-quotes every special character', () => {
    const nasty = `it's "q" & | ; < > ( ) * \\ \` $HOME %s ! # ~`;
    const quoted = shQuote(nasty);
    expect(unquote(quoted)).toBe(nasty);
    // Nothing but the quote itself is ever escaped.
    expect(quoted.replace(/'\\''/g, '')).not.toContain("\\'");
  });
});

describe('input text pieces', () => {
  it('keeps ASCII together and encodes spaces as %s', () => {
    const pieces = inputTextPieces('hello world');
    expect(pieces).toEqual([{ kind: 'text', text: 'hello world' }]);
    expect(inputTextArgument('hello world')).toBe("'hello%sworld'");
  });
  it('never lets a literal %s reach input text in one argument', () => {
    const pieces = inputTextPieces('50%s off');
    expect(pieces).toEqual([
      { kind: 'text', text: '50%' },
      { kind: 'text', text: 's off' },
    ]);
    for (const p of pieces)
      if (p.kind === 'text') expect(inputTextArgument(p.text).replace(/%s/g, ' ')).not.toMatch(/%s/);
  });
  it('turns newlines and tabs into key presses', () => {
    expect(inputTextPieces('a\nb\tc')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'key', key: 'ENTER' },
      { kind: 'text', text: 'b' },
      { kind: 'key', key: 'TAB' },
      { kind: 'text', text: 'c' },
    ]);
  });
  it('splits long text into chunks that rebuild the text', () => {
    const text = 'x'.repeat(INPUT_TEXT_CHUNK * 2 + 7);
    const pieces = inputTextPieces(text);
    expect(pieces.length).toBe(3);
    expect(pieces.map((p) => (p.kind === 'text' ? p.text : '')).join('')).toBe(text);
  });
  it('knows which text input text can type', () => {
    expect(isInputTextSafe(`Hello, "world" & <tag> $5 100% (ok)`)).toBe(true);
    expect(isInputTextSafe('工作')).toBe(false);
    expect(isInputTextSafe('café')).toBe(false);
    expect(isInputTextSafe('😀')).toBe(false);
  });
});

describe('shell protocol v2', () => {
  const packet = (id: number, data: Buffer) =>
    Buffer.concat([Buffer.from([id]), Buffer.from(Uint32Array.of(data.length).buffer), data]);
  it('separates stdout, stderr and the exit code', () => {
    const r = decodeShellV2(
      Buffer.concat([
        packet(1, Buffer.from('out')),
        packet(2, Buffer.from('err')),
        packet(1, Buffer.from('!')),
        packet(3, Buffer.from([3])),
      ]),
    );
    expect(r.stdout.toString()).toBe('out!');
    expect(r.stderr.toString()).toBe('err');
    expect(r.exitCode).toBe(3);
  });
  it('drops a truncated packet and reports no exit code', () => {
    const whole = packet(1, Buffer.from('hello'));
    const r = decodeShellV2(Buffer.concat([whole, whole.subarray(0, 7)]));
    expect(r.stdout.toString()).toBe('hello');
    expect(r.exitCode).toBeNull();
  });
});
