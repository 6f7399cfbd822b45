import { describe, expect, it } from 'vitest';
import { checkDumpText } from './dump-decode.ts';

describe('checkDumpText', () => {
  const doc = (inner: string) => `<hierarchy><node text="${inner}" bounds="[0,0][10,10]"/></hierarchy>`;

  it('passes text with emoji (surrogate pairs), CJK and a BOM', () => {
    expect(checkDumpText(doc('\u{1F600} 设置 \u{1F389}\u{1F48D}'))).toBe(doc('\u{1F600} 设置 \u{1F389}\u{1F48D}'));
    expect(checkDumpText(`\ufeff${doc('x')}`)).toBe(doc('x'));
  });

  it('refuses a lone surrogate anywhere, also after valid pairs', () => {
    for (const bad of ['\ud800', '\udc00', `\u{1F600}\ud83d`, `\u{1F600}x\ude00`, '\ud83d\ud83d\ude00']) {
      expect(() => checkDumpText(doc(bad)), JSON.stringify(bad)).toThrow(/unpaired UTF-16 surrogates/);
    }
    expect(() => checkDumpText(`${doc('x')}\ud800`)).toThrow(/unpaired/);
  });

  it('names control characters, U+FFFD and C1 characters even after emoji', () => {
    expect(() => checkDumpText(doc('\u{1F600}\u0001'))).toThrow(/control characters that XML forbids/);
    expect(() => checkDumpText(doc('\u{1F600}\ufffd'))).toThrow(/U\+FFFD/);
    expect(() => checkDumpText(doc('\u{1F600}\u0085'))).toThrow(/C1 control/);
    expect(() => checkDumpText(doc('\u{1F600}\ufffe'))).toThrow(/control characters that XML forbids/);
  });
});
