import { describe, expect, it } from 'vitest';
import { linearRegex, regexProblem } from './linear-regex.ts';

describe('linearRegex (RE2)', () => {
  it('matches as JavaScript does for the usual syntax, flags included', () => {
    expect(linearRegex('^G\\d+$').test('G1234')).toBe(true);
    expect(linearRegex('campus|校区', 'i').test('Main CAMPUS')).toBe(true);
    expect(linearRegex('\\bno\\b', 'i').test('No, thanks')).toBe(true);
    expect(linearRegex('(^|\\n)\\s*milk\\s*($|\\n)', 'i').test('eggs\n Milk \nbread')).toBe(true);
    expect(linearRegex('a.b', 's').test('a\nb')).toBe(true);
    expect(linearRegex('a.b').test('a\nb')).toBe(false);
    expect(linearRegex('^b$', 'm').test('a\nb\nc')).toBe(true);
    expect(linearRegex('\\u00e9').test('café')).toBe(true);
    expect(linearRegex('Pickup code (\\d+)').exec('Your Pickup code 4821.')).toEqual(['Pickup code 4821', '4821']);
    expect(linearRegex('(x)?y').exec('y')).toEqual(['y', undefined]);
    expect(linearRegex('z').exec('y')).toBeNull();
  });

  it('answers a catastrophic pattern on a long text at once instead of backtracking', () => {
    const text = `${'a'.repeat(200_000)}!`;
    // The same test with RegExp would not end in any reasonable time; with RE2 it is one pass.
    expect(linearRegex('^(a+)+$').test(text)).toBe(false);
    expect(linearRegex('(a|aa)*b').test(text)).toBe(false);
    expect(linearRegex('(.*a){20}').test(text)).toBe(true);
  });

  it('names what it cannot run: lookaround, backreferences, bad syntax, unknown flags', () => {
    expect(regexProblem('pay(?=now)')).toMatch(/lookaround and backreferences are not supported/);
    expect(regexProblem('(?<!x)y')).toMatch(/not supported/);
    expect(regexProblem('(a)\\1')).toMatch(/backreferences/);
    expect(regexProblem('[')).toMatch(/missing closing \]/);
    expect(regexProblem('a', 'g')).toMatch(/the flag "g" is not supported/);
    expect(regexProblem('a{1001}')).toMatch(/invalid repeat count/);
    expect(regexProblem('a+', 'iu')).toBeNull();
    expect(() => linearRegex('(?=x)', '', 'milestones[0].check.answer.$regex')).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/^milestones\[0\]\.check\.answer\.\$regex is not a valid regular expression/),
      }),
    );
  });
});
