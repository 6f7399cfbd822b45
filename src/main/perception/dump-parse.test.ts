import { describe, expect, it } from 'vitest';
import { parseBounds, parseDump, parseDumpGeneral } from './dump-parse.ts';
import { mulberry32 } from '@moba/base';

/** What the bounds attribute means, as plainly as it can be said. */
function reference(s: string): number[] | null {
  const m = /^\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*$/.exec(s);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] : null;
}

describe('parseBounds', () => {
  it('reads the device form and the odd ones like the reference', () => {
    for (const s of [
      '[0,0][1080,2400]',
      '[-12,5][0,0]',
      ' [ 1 , 2 ] [ 3 , 4 ] ',
      '[007,1][2,3]',
      '[1,2][3,4]x',
      '[1,2][3]',
      '[1,2],[3,4]',
      '',
      '[1234567890,1][2,3]',
      '[1,2][3,-4]',
    ]) {
      expect(parseBounds(s), s).toEqual(reference(s));
    }
  });

  it('agrees with the reference on 20,000 mutated strings', () => {
    const rand = mulberry32(99);
    const alphabet = '[],-0123456789 x';
    for (let i = 0; i < 20_000; i++) {
      const chars = [
        ...`[${Math.floor(rand() * 2000)},${Math.floor(rand() * 3000)}][${Math.floor(rand() * 2000)},${Math.floor(rand() * 3000)}]`,
      ];
      const edits = Math.floor(rand() * 3);
      for (let k = 0; k < edits; k++)
        chars.splice(
          Math.floor(rand() * chars.length),
          Math.floor(rand() * 2),
          ...(rand() < 0.7 ? [alphabet[Math.floor(rand() * alphabet.length)] as string] : []),
        );
      const s = chars.join('');
      expect(parseBounds(s), s).toEqual(reference(s));
    }
  });
});

describe('the fast reader on dumps whose nodes differ', () => {
  const node = (attrs: string, close = '/>') => `<node ${attrs} bounds="[0,0][100,100]"${close}`;

  it('reads nodes that change attribute order, quoting, references and spacing like saxes does', () => {
    const kinds = [
      'index="0" text="a" class="A" clickable="true"',
      'text="b" index="1" class="B" clickable="false"',
      "index='2' text='c' class='C'",
      'index="3" text="d &amp; e" class="D"',
      'index="4"\n text="f"   class = "F"',
      'index="5" text="g" class="G" hint="h"',
      'index="6" text="i" class="I" vendor-x="1"',
      'index="7" text="j" class="J" vendor-y="2" vendor-z="3"',
      'index="8" text="k" class="K" drawing-order="1"',
    ];
    const rand = mulberry32(5);
    const body = Array.from({ length: 300 }, () => node(kinds[Math.floor(rand() * kinds.length)] as string)).join('');
    const xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${node('index="0" text="root" class="R"', '>')}${body}</node></hierarchy>`;
    expect(parseDump(xml)).toEqual(parseDumpGeneral(xml));
    expect(parseDump(xml).nodes).toHaveLength(301);
  });

  it('refuses a repeated attribute in a later node, as saxes does', () => {
    const xml = `<hierarchy>${node('index="0" text="a" class="A"', '>')}${node('index="1" text="b" class="B"')}${node('index="2" text="c" text="d" class="C"')}</node></hierarchy>`;
    expect(() => parseDump(xml)).toThrow(/not well-formed/);
    expect(() => parseDumpGeneral(xml)).toThrow(/not well-formed/);
  });
});
