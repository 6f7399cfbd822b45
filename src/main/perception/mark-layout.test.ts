import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { bitmapDigits, digitFont, textWidth } from './mark-glyphs.ts';
import { MARK_COLORS, TEXT_ONLY_COLOR, layoutMarks } from './mark-layout.ts';
import type { LayoutInput } from './mark-layout.ts';

function el(
  index: number,
  bounds: [number, number, number, number],
  trueAttributes: string[] = ['clickable'],
): UiElement {
  return {
    index,
    bounds,
    center: [(bounds[0] + bounds[2]) >> 1, (bounds[1] + bounds[3]) >> 1],
    text: '',
    contentDesc: '',
    resourceId: '',
    className: 'android.view.View',
    packageName: 'x',
    trueAttributes,
  };
}

const INPUT: LayoutInput = {
  width: 1080,
  height: 2400,
  screen: { width: 1080, height: 2400 },
  includeTextOnly: false,
  stroke: 4,
  tagSize: (t) => ({ width: 20 * t.length + 10, height: 40 }),
};

describe('layoutMarks', () => {
  it('gives a row the corner it shares with its list: small elements place their tags first', () => {
    const list = el(1, [0, 100, 1080, 2000], ['scrollable']);
    const row = el(2, [0, 100, 1080, 300]);
    for (const elements of [
      [list, row],
      [row, list],
    ]) {
      const { boxes, tags } = layoutMarks(elements, INPUT);
      expect(boxes.map((b) => [b.box, b.color])).toEqual([
        [[0, 100, 1080, 2000], MARK_COLORS.scrollable],
        [[0, 100, 1080, 300], MARK_COLORS.clickable],
      ]);
      // Drawn large first; the row keeps the top-left corner, the list moves to its top-right one.
      expect(tags).toEqual([
        { box: [1050, 100, 1080, 140], color: MARK_COLORS.scrollable, text: '1' },
        { box: [0, 100, 30, 140], color: MARK_COLORS.clickable, text: '2' },
      ]);
    }
  });

  it('scales to the image, skips empty boxes, and draws text-only elements only when asked, dashed and untagged', () => {
    const elements = [el(3, [100, 200, 500, 600]), el(-1, [100, 700, 500, 800], []), el(4, [11, 11, 12, 12])];
    const half = layoutMarks(elements, { ...INPUT, width: 540, height: 1200 });
    expect(half.boxes.map((b) => b.box)).toEqual([[50, 100, 250, 300]]);
    const all = layoutMarks(elements, { ...INPUT, includeTextOnly: true });
    expect(all.boxes.map((b) => [b.color, b.dashed, b.stroke])).toEqual([
      [MARK_COLORS.clickable, false, 4],
      [TEXT_ONLY_COLOR, true, 1],
      [MARK_COLORS.clickable, false, 4],
    ]);
    expect(all.tags.map((t) => t.text)).toEqual(['3', '4']);
  });

  it('puts a tag above a box whose corners are all taken, and keeps tags on the image', () => {
    const tiny = [el(1, [500, 500, 530, 540]), el(2, [500, 500, 530, 540]), el(3, [1070, 2390, 1080, 2400])];
    const { tags } = layoutMarks(tiny, INPUT);
    for (const t of tags) expect(t.box[0] >= 0 && t.box[1] >= 0 && t.box[2] <= 1080 && t.box[3] <= 2400).toBe(true);
    const [a, b] = tags.filter((t) => t.text !== '3');
    expect(a?.box).not.toEqual(b?.box);
  });
});

describe('digit glyphs', () => {
  it('renders ten distinct digits of the asked height from the system font, cached per size', async () => {
    const font = await digitFont(30);
    expect(font.glyphs).toHaveLength(10);
    expect(font.height).toBeGreaterThanOrEqual(18);
    expect(font.height).toBeLessThanOrEqual(30);
    expect(new Set(font.glyphs.map((g) => Buffer.from(g.alpha).toString('base64'))).size).toBe(10);
    for (const g of font.glyphs) expect(g.alpha.some((a) => a > 200)).toBe(true);
    expect(await digitFont(30)).toBe(font);
    expect(textWidth(font, '12')).toBe((font.glyphs[1]?.width ?? 0) + (font.glyphs[2]?.width ?? 0) + font.gap);
  });

  it('has a pixel font for machines without fonts: ten distinct, inked digits', () => {
    const font = bitmapDigits(30);
    expect(font.height).toBe(21);
    expect(font.glyphs.every((g) => g.width === 15 && g.alpha.length === 15 * 21 && g.alpha.includes(255))).toBe(true);
    expect(new Set(font.glyphs.map((g) => Buffer.from(g.alpha).toString('base64'))).size).toBe(10);
  });
});
