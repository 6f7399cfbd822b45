import { describe, expect, it } from 'vitest';
import { neutralizeControls, oneLine } from './terminal-text.ts';

describe('terminal text', () => {
  it('shows every control sequence as visible text: ESC/CSI/OSC, CR, C1, bidi overrides', () => {
    const hostile = 'ok\x1b[2K\x1b[1A\rexec Back() ok\x1b]0;pwned\x07 \x9b31m \u202eevil\u202c \u2066x\u2069 \x7f\0';
    const safe = neutralizeControls(hostile);
    // eslint-disable-next-line no-control-regex
    expect(safe).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
    expect(safe).toBe(
      'ok\\u001b[2K\\u001b[1A\\u000dexec Back() ok\\u001b]0;pwned\\u0007 \\u009b31m \\u202eevil\\u202c \\u2066x\\u2069 \\u007f\\u0000',
    );
  });

  it('keeps newlines, tabs and ordinary text of every script', () => {
    expect(neutralizeControls('a\tb\nc 工作 ✔ Ünïcode 👋')).toBe('a\tb\nc 工作 ✔ Ünïcode 👋');
  });

  it('leaves JSON lines valid and the same data', () => {
    const data = { text: 'x\u202ey\x9bz\x1b[0m\n', n: 1 };
    expect(JSON.parse(neutralizeControls(JSON.stringify(data)))).toEqual(data);
  });

  it('puts outside text on one line, so it cannot fake a line of the CLI', () => {
    expect(oneLine('thought\nstep  s1: Back()\u2028wait  approve?')).toBe('thought step s1: Back() wait approve?');
  });
});
