import { describe, expect, it } from 'vitest';
import { MAX_FILLED_TEXT, fill, fillBoth, literalLength } from './templates.ts';

describe('fill', () => {
  it('fills placeholders, keeping a whole placeholder typed', () => {
    expect(
      fill({ a: '{n}', b: 'at {n}:30', c: ['{city.en}'] }, { n: 6, city: { en: 'Paris', zh: '巴黎' } }, 'zh'),
    ).toEqual({ a: 6, b: 'at 6:30', c: ['Paris'] });
    expect(literalLength('at {n}:{m.x}!')).toBe(5);
  });

  it('stops a text that parameters would grow past the cap, before it is built', () => {
    const half = 'a'.repeat(MAX_FILLED_TEXT / 2);
    expect(fillBoth('{x}{x}', { x: half }).en).toHaveLength(MAX_FILLED_TEXT);
    expect(() => fillBoth('{x}{x}!', { x: half })).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/^Filling \{x\} makes a text longer than 65,536 characters/),
      }),
    );
  });
});
