import { describe, expect, it } from 'vitest';
import { MobaError } from '../../shared/errors.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { dumpXml } from '@moba/testkit';
import type { SyntheticNode } from '@moba/testkit';
import { processViewHierarchy } from './view-hierarchy.ts';

const SCREEN: SyntheticNode['bounds'] = [0, 0, 1080, 2400];

/** One full-screen window holding `children`. */
function run(children: SyntheticNode[], options?: Parameters<typeof processViewHierarchy>[1]) {
  return processViewHierarchy(dumpXml([{ bounds: SCREEN, children }]), options);
}

const byText = (elements: UiElement[], text: string) => elements.find((e) => e.text === text || e.contentDesc === text);

describe('MobA rules on synthetic dumps', () => {
  it('drops an interactive node whose shorter side is ≤ 50 px and keeps one of 51 px', () => {
    const r = run([
      { bounds: [100, 100, 150, 400], clickable: true, desc: 'fifty' },
      { bounds: [300, 100, 351, 151], clickable: true, desc: 'fifty-one' },
    ]);
    expect(r.stats.droppedSmall).toBe(1);
    expect(byText(r.elements, 'fifty-one')?.index).toBe(1);
    // The dropped one's label is not thrown away: it stays as text.
    expect(byText(r.elements, 'fifty')?.index).toBe(-1);
  });

  it('rejects an element when one chosen element covers more than 25 % of it', () => {
    const inner = (h: number): SyntheticNode => ({ bounds: [100, 100, 200, 100 + h], clickable: true, desc: 'inner' });
    // The outer box is 200×200 = 40,000 px²; 100×104 = 10,400 (26 %) vs 100×96 = 9,600 (24 %).
    const over = run([{ bounds: [100, 100, 300, 300], clickable: true, desc: 'outer', children: [inner(104)] }]);
    expect(over.elements.filter((e) => e.index > 0).map((e) => e.contentDesc)).toEqual(['inner']);
    expect(over.stats.droppedOverlap).toBe(1);
    const under = run([{ bounds: [100, 100, 300, 300], clickable: true, desc: 'outer', children: [inner(96)] }]);
    expect(
      under.elements
        .filter((e) => e.index > 0)
        .map((e) => e.contentDesc)
        .sort(),
    ).toEqual(['inner', 'outer']);
  });

  it('rejects an element when the chosen ones together cover more than 60 % of it', () => {
    // 200×200 outer; children of 90×90 = 8,100 px² (20.25 % each): three make 60.75 %, two 40.5 %.
    const kid = (x: number, y: number, n: number): SyntheticNode => ({
      bounds: [x, y, x + 90, y + 90],
      clickable: true,
      desc: `kid${n}`,
    });
    const three = run([
      {
        bounds: [100, 100, 300, 300],
        clickable: true,
        desc: 'outer',
        children: [kid(100, 100, 1), kid(205, 100, 2), kid(100, 205, 3)],
      },
    ]);
    expect(byText(three.elements, 'outer')?.index).toBe(-1);
    expect(three.elements.filter((e) => e.index > 0)).toHaveLength(3);
    const two = run([
      { bounds: [100, 100, 300, 300], clickable: true, desc: 'outer', children: [kid(100, 100, 1), kid(205, 100, 2)] },
    ]);
    expect(byText(two.elements, 'outer')?.index).toBeGreaterThan(0);
  });

  it('merges a label ≥ 65 % inside a chosen element (prepended, reading order) and keeps a 64 % one as text', () => {
    const r = run([
      {
        bounds: [0, 100, 1080, 300],
        clickable: true,
        text: 'Own',
        children: [
          { bounds: [20, 120, 400, 170], text: 'Title' },
          { bounds: [20, 200, 400, 250], text: 'Subtitle' },
          // 100 px wide, 66 px of it inside the row: merged.
          { bounds: [1014, 150, 1114, 200], text: 'Edge66' },
        ],
      },
      // 100 px tall, 64 px of it inside the row below: not merged.
      {
        bounds: [0, 400, 1080, 600],
        clickable: true,
        text: 'Row2',
        children: [{ bounds: [20, 364, 400, 464], text: 'Edge64' }],
      },
    ]);
    const row = r.elements.find((e) => e.index === 1);
    expect(row?.text).toBe('Title | Edge66 | Subtitle | Own');
    expect(byText(r.elements, 'Edge64')?.index).toBe(-1);
    expect(r.stats.merged).toBe(3);
    expect(r.stats.textOnly).toBe(1);
  });

  it('merges into the smallest containing element (the most specific control)', () => {
    const r = run([
      {
        bounds: [0, 100, 1080, 700],
        clickable: true,
        desc: 'card',
        children: [
          {
            bounds: [40, 140, 440, 300],
            clickable: true,
            desc: 'button',
            children: [{ bounds: [60, 160, 400, 260], text: 'Buy' }],
          },
        ],
      },
    ]);
    expect(r.elements.find((e) => e.contentDesc === 'button')?.text).toBe('Buy');
    expect(r.elements.find((e) => e.contentDesc === 'card')?.text).toBe('');
  });

  it('numbers interactive elements 1..N by centre (y, then x) and gives text-only ones −1', () => {
    const r = run([
      { bounds: [600, 500, 900, 700], clickable: true, desc: 'right' },
      { bounds: [100, 500, 400, 700], clickable: true, desc: 'left' },
      { bounds: [100, 100, 900, 300], scrollable: true, desc: 'top' },
      { bounds: [100, 800, 900, 900], text: 'caption' },
      { bounds: [100, 1000, 900, 1200], longClickable: true, desc: 'bottom' },
    ]);
    expect(r.elements.map((e) => [e.index, e.text || e.contentDesc])).toEqual([
      [1, 'top'],
      [2, 'left'],
      [3, 'right'],
      [-1, 'caption'],
      [4, 'bottom'],
    ]);
  });

  it('clips negative bounds to the screen and drops zero-area and off-screen nodes', () => {
    const r = run([
      { bounds: [-100, 100, 200, 400], clickable: true, desc: 'partly off' },
      { bounds: [-300, 500, -100, 700], clickable: true, desc: 'left of the screen' },
      { bounds: [0, 0, 0, 0], clickable: true, desc: 'zero' },
      { bounds: [500, 2300, 700, 2600], clickable: true, desc: 'bottom spill' },
      { bounds: [300, 900, 200, 1000], clickable: true, desc: 'inverted' },
    ]);
    expect(r.elements.map((e) => [e.contentDesc, e.bounds])).toEqual([
      ['partly off', [0, 100, 200, 400]],
      ['bottom spill', [500, 2300, 700, 2400]],
    ]);
    expect(r.elements.find((e) => e.contentDesc === 'partly off')?.center).toEqual([100, 250]);
    expect(r.stats.droppedOffscreen).toBe(3);
  });

  it('ignores disabled nodes and reports what each rule did', () => {
    const r = run([
      { bounds: [100, 100, 400, 400], clickable: true, desc: 'off', enabled: false },
      { bounds: [100, 500, 400, 800], clickable: true, desc: 'on' },
    ]);
    expect(r.elements.map((e) => e.contentDesc)).toEqual(['on']);
    expect(r.stats).toMatchObject({ rawNodes: 3, enabledNodes: 2, interactive: 1, textOnly: 0 });
  });

  it('prefers the deeper of two interactive nodes with the same bounds', () => {
    const r = run([
      {
        bounds: [100, 100, 500, 300],
        clickable: true,
        children: [
          {
            bounds: [100, 100, 500, 300],
            clickable: true,
            id: 'com.x:id/send',
            cls: 'android.widget.Button',
            text: 'Send',
          },
        ],
      },
    ]);
    expect(r.elements).toEqual([expect.objectContaining({ index: 1, resourceId: 'com.x:id/send', text: 'Send' })]);
  });

  it('infers the screen from several windows (status bar first) and reads the rotation', () => {
    const xml = dumpXml(
      [
        { bounds: [0, 0, 720, 48], pkg: 'com.android.systemui' },
        { bounds: [0, 0, 720, 1280], children: [{ bounds: [10, 100, 300, 200], clickable: true, desc: 'a' }] },
        { bounds: [0, 1200, 720, 1280], pkg: 'com.android.systemui' },
      ],
      { rotation: 3, pretty: '\r\r\n' },
    );
    expect(processViewHierarchy(xml).screen).toEqual({ width: 720, height: 1280, rotation: 3 });
  });

  it('keeps vendor attributes out and &#10; / quotes inside labels', () => {
    const r = run([
      {
        bounds: [100, 100, 500, 300],
        clickable: true,
        text: 'two\nlines "quoted" & <b>',
        extra: { xpos: '[0,0][0,0]', droidmate: 'x|y' },
      },
    ]);
    expect(r.elements[0]?.text).toBe('two\nlines "quoted" & <b>');
    expect(Object.keys(r.elements[0] ?? {})).not.toContain('xpos');
  });

  it('refuses a bad screen size with INVALID_INPUT and absurd dumps with DUMP_INVALID', () => {
    expect(() => run([], { screen: { width: 0, height: 100 } })).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT' }) as unknown as Error,
    );
    const absurd = dumpXml([{ bounds: [0, 0, 90_000_000, 90_000_000] }]);
    expect(() => processViewHierarchy(absurd)).toThrow(MobaError);
    expect(() => processViewHierarchy(absurd)).toThrow(/absurd screen size/);
    // …but with the real screen size the same dump is just clipped.
    expect(processViewHierarchy(absurd, { screen: { width: 1080, height: 2400 } }).screen.width).toBe(1080);
    const empty = dumpXml([{ bounds: [0, 0, 0, 0] }]);
    expect(() => processViewHierarchy(empty)).toThrow(/Cannot infer the screen size/);
  });
});
