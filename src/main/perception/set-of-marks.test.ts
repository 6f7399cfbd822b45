import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { MARK_COLORS, drawSetOfMarks, encodeForModel, markStyle } from './set-of-marks.ts';

async function blank(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Uint8Array> {
  const img = sharp({ create: { width, height, channels: 3, background: '#000000' } });
  return new Uint8Array(await (format === 'png' ? img.png() : img.jpeg()).toBuffer());
}

async function pixels(png: Uint8Array) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return `#${[data[i], data[i + 1], data[i + 2]].map((v) => (v ?? 0).toString(16).padStart(2, '0')).join('').toUpperCase()}`;
  };
  return { info, at, data };
}

function el(index: number, bounds: [number, number, number, number], trueAttributes: string[]): UiElement {
  return { index, bounds, center: [(bounds[0] + bounds[2]) >> 1, (bounds[1] + bounds[3]) >> 1], text: '', contentDesc: '', resourceId: '', className: 'android.view.View', packageName: 'x', trueAttributes };
}

describe('drawSetOfMarks', () => {
  it.each([
    [1080, 2400],
    [720, 1280],
  ])('draws each box in its colour at %ix%i, keeping the size', async (width, height) => {
    const k = width / 1080;
    const boxes = [
      el(1, [Math.round(100 * k), Math.round(300 * k), Math.round(500 * k), Math.round(900 * k)], ['clickable', 'focusable']),
      el(2, [Math.round(600 * k), Math.round(300 * k), Math.round(1000 * k), Math.round(900 * k)], ['long-clickable']),
      el(3, [Math.round(50 * k), Math.round(1000 * k), Math.round(1030 * k), Math.round(1900 * k)], ['scrollable', 'clickable']),
      el(-1, [Math.round(100 * k), Math.round(2000 * k), Math.round(900 * k), Math.round(2100 * k)], []),
    ];
    const out = await drawSetOfMarks(await blank(width, height), boxes);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
    const { at } = await pixels(out);
    const inset = Math.floor(markStyle(width, height).stroke / 2);
    const expected = [MARK_COLORS.clickable, MARK_COLORS.longClickable, MARK_COLORS.scrollable];
    boxes.slice(0, 3).forEach((b, i) => {
      const [x1, y1, x2, y2] = b.bounds;
      const midY = Math.round(y1 + (y2 - y1) * 0.6);
      const midX = Math.round((x1 + x2) / 2);
      expect(at(x1 + inset, midY)).toBe(expected[i]);
      expect(at(x2 - 1 - inset, midY)).toBe(expected[i]);
      expect(at(midX, y2 - 1 - inset)).toBe(expected[i]);
      expect(at(midX, midY)).toBe('#000000'); // boxes are not filled
    });
    // The text-only element is not drawn.
    const t = boxes[3]?.bounds as number[];
    expect(at((t[0] as number) + 1, Math.round(((t[1] as number) + (t[3] as number)) / 2))).toBe('#000000');
  });

  it('writes the index in white on a coloured tag in the box corner', async () => {
    const out = await drawSetOfMarks(await blank(1080, 2400), [el(42, [200, 200, 800, 800], ['clickable'])]);
    const { at } = await pixels(out);
    const { fontSize, padding } = markStyle(1080, 2400);
    let white = 0;
    let tag = 0;
    for (let y = 200; y < 200 + fontSize + 2 * padding; y++) {
      for (let x = 200; x < 200 + fontSize * 2; x++) {
        const c = at(x, y);
        if (c === '#FFFFFF') white++;
        if (c === MARK_COLORS.clickable) tag++;
      }
    }
    expect(white).toBeGreaterThan(30);
    expect(tag).toBeGreaterThan(200);
  });

  it('scales boxes from screen coordinates to a smaller screenshot', async () => {
    const out = await drawSetOfMarks(await blank(540, 1200), [el(1, [200, 400, 800, 1600], ['clickable'])], { screen: { width: 1080, height: 2400 } });
    const { at } = await pixels(out);
    expect(at(100, 600)).toBe(MARK_COLORS.clickable);
    expect(at(200 + 1, 600)).not.toBe(MARK_COLORS.clickable);
  });

  it('refuses an unreadable screenshot with SCREENSHOT_FAILED', async () => {
    await expect(drawSetOfMarks(new Uint8Array([1, 2, 3]), [])).rejects.toMatchObject({ code: 'SCREENSHOT_FAILED' });
  });
});

describe('encodeForModel', () => {
  it('scales the longer side down to maxSide, as JPEG or PNG', async () => {
    const src = await blank(1080, 2400);
    const jpeg = await encodeForModel(src, { maxSide: 1000, format: 'jpeg', quality: 60 });
    expect([jpeg.mime, jpeg.width, jpeg.height]).toEqual(['image/jpeg', 450, 1000]);
    expect((await sharp(jpeg.data).metadata()).format).toBe('jpeg');
    const png = await encodeForModel(src, { maxSide: 4000, format: 'png' });
    expect([png.mime, png.width, png.height]).toEqual(['image/png', 1080, 2400]);
    expect(jpeg.data.byteLength).toBeLessThan(src.byteLength * 4);
  });
});
