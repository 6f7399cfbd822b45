import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { MARK_COLORS, decodeImage, drawSetOfMarks, encodeForModel, markStyle } from './set-of-marks.ts';

async function blank(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Uint8Array> {
  const img = sharp({ create: { width, height, channels: 3, background: '#000000' } });
  return new Uint8Array(await (format === 'png' ? img.png() : img.jpeg()).toBuffer());
}

async function pixels(png: Uint8Array) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return `#${[data[i], data[i + 1], data[i + 2]]
      .map((v) => (v ?? 0).toString(16).padStart(2, '0'))
      .join('')
      .toUpperCase()}`;
  };
  return { info, at, data };
}

function el(index: number, bounds: [number, number, number, number], trueAttributes: string[]): UiElement {
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

describe('drawSetOfMarks', () => {
  it.each([
    [1080, 2400],
    [720, 1280],
  ])('draws each box in its colour at %ix%i, keeping the size', async (width, height) => {
    const k = width / 1080;
    const boxes = [
      el(
        1,
        [Math.round(100 * k), Math.round(300 * k), Math.round(500 * k), Math.round(900 * k)],
        ['clickable', 'focusable'],
      ),
      el(2, [Math.round(600 * k), Math.round(300 * k), Math.round(1000 * k), Math.round(900 * k)], ['long-clickable']),
      el(
        3,
        [Math.round(50 * k), Math.round(1000 * k), Math.round(1030 * k), Math.round(1900 * k)],
        ['scrollable', 'clickable'],
      ),
      el(-1, [Math.round(100 * k), Math.round(2000 * k), Math.round(900 * k), Math.round(2100 * k)], []),
    ];
    const out = (await drawSetOfMarks(await blank(width, height), boxes)).data;
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
    const out = (await drawSetOfMarks(await blank(1080, 2400), [el(42, [200, 200, 800, 800], ['clickable'])])).data;
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
    const out = (
      await drawSetOfMarks(await blank(540, 1200), [el(1, [200, 400, 800, 1600], ['clickable'])], {
        screen: { width: 1080, height: 2400 },
      })
    ).data;
    const { at } = await pixels(out);
    expect(at(100, 600)).toBe(MARK_COLORS.clickable);
    expect(at(200 + 1, 600)).not.toBe(MARK_COLORS.clickable);
  });

  it('refuses an unreadable screenshot with SCREENSHOT_FAILED, and bad options with INVALID_INPUT', async () => {
    await expect(drawSetOfMarks(new Uint8Array([1, 2, 3]), [])).rejects.toMatchObject({ code: 'SCREENSHOT_FAILED' });
    const img = await blank(100, 100);
    await expect(drawSetOfMarks(img, [], { maxSide: 0 })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(drawSetOfMarks(img, [], { format: 'jpeg', quality: 101 })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });

  it('reports what it wrote: a same-size PNG by default', async () => {
    const out = await drawSetOfMarks(await blank(720, 1280), [el(1, [100, 100, 400, 400], ['clickable'])]);
    expect([out.mime, out.width, out.height]).toEqual(['image/png', 720, 1280]);
    expect((await sharp(out.data).metadata()).format).toBe('png');
  });

  it('marks a downscaled copy (maxSide), scaling boxes from the original size, and writes JPEG when asked', async () => {
    const src = await blank(1080, 2400);
    const elements = [el(1, [200, 400, 800, 1600], ['clickable'])];
    const png = await drawSetOfMarks(src, elements, { maxSide: 1024 });
    expect([png.mime, png.width, png.height]).toEqual(['image/png', 461, 1024]);
    const { at } = await pixels(png.data);
    // [200,400,800,1600] × 461/1080 (x) and × 1024/2400 (y) = [85,171,341,683].
    expect(at(86, 400)).toBe(MARK_COLORS.clickable);
    expect(at(339, 400)).toBe(MARK_COLORS.clickable);
    expect(at(200, 682)).toBe(MARK_COLORS.clickable);
    expect(at(200, 400)).toBe('#000000');
    const jpeg = await drawSetOfMarks(src, elements, { maxSide: 1024, format: 'jpeg', quality: 90 });
    expect([jpeg.mime, jpeg.width, jpeg.height]).toEqual(['image/jpeg', 461, 1024]);
    expect((await sharp(jpeg.data).metadata()).format).toBe('jpeg');
    const j = await pixels(jpeg.data);
    const [r, g, b] = [0, 2, 4].map((k) => Number.parseInt(j.at(86, 400).slice(1 + k, 3 + k), 16)) as [
      number,
      number,
      number,
    ];
    expect(r).toBeGreaterThan(150); // still red through JPEG: 4:4:4 keeps thin coloured lines
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(120);
    // Never scaled up.
    expect((await drawSetOfMarks(await blank(300, 600), [], { maxSide: 1024 })).width).toBe(300);
  });

  it('keeps an alpha channel opaque where it paints, and paints colour on a grey screenshot', async () => {
    const rgba = new Uint8Array(
      await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .png()
        .toBuffer(),
    );
    const out = await drawSetOfMarks(rgba, [el(1, [20, 20, 180, 180], ['long-clickable'])]);
    const { data, info } = await sharp(out.data).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const i = (100 * 200 + 21) * 4;
    expect([...data.subarray(i, i + 4)]).toEqual([0x1a, 0xa3, 0x4a, 255]);
    const grey = new Uint8Array(
      await sharp({ create: { width: 200, height: 200, channels: 3, background: '#000' } })
        .toColourspace('b-w')
        .png()
        .toBuffer(),
    );
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const { at } = await pixels((await drawSetOfMarks(grey, [el(1, [20, 20, 180, 180], ['scrollable'])])).data);
    expect(at(21, 100)).toBe(MARK_COLORS.scrollable);
  });

  it('writes each index legibly: different numbers give different tags', async () => {
    const tag = async (index: number) => {
      const out = await drawSetOfMarks(await blank(1080, 2400), [el(index, [200, 200, 800, 800], ['clickable'])]);
      const { data } = await sharp(out.data)
        .extract({ left: 200, top: 200, width: 120, height: 50 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return data;
    };
    const seen = new Set<string>();
    for (const i of [1, 7, 10, 11, 18, 81, 100]) seen.add((await tag(i)).toString('base64'));
    expect(seen.size).toBe(7);
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

  it('gives the same image from decoded pixels as from the PNG', async () => {
    const src = await drawSetOfMarks(await blank(1080, 2400), [el(1, [100, 300, 500, 900], ['clickable'])]);
    const raw = await decodeImage(src.data);
    const fromPng = await encodeForModel(src.data, { maxSide: 1024, quality: 80 });
    const fromRaw = await encodeForModel(raw, { maxSide: 1024, quality: 80 });
    expect([fromRaw.width, fromRaw.height]).toEqual([461, 1024]);
    expect(Buffer.from(fromRaw.data).equals(Buffer.from(fromPng.data))).toBe(true);
  });
});

describe('decoded pixels', () => {
  it('marks decoded pixels exactly as their PNG, leaving the given pixels unmarked, and returns the marked pixels', async () => {
    const png = await blank(720, 1280);
    const boxes = [el(1, [100, 300, 500, 900], ['clickable']), el(2, [50, 1000, 700, 1200], ['scrollable'])];
    const raw = await decodeImage(png);
    const before = Buffer.from(raw.data);
    const fromRaw = await drawSetOfMarks(raw, boxes);
    const fromPng = await drawSetOfMarks(png, boxes);
    expect(Buffer.from(fromRaw.data).equals(Buffer.from(fromPng.data))).toBe(true);
    expect(Buffer.from(raw.data).equals(before)).toBe(true);
    expect(Buffer.from(fromRaw.pixels.data).equals(Buffer.from((await decodeImage(fromRaw.data)).data))).toBe(true);
    const small = await drawSetOfMarks(raw, boxes, { maxSide: 640 });
    expect([small.width, small.height]).toEqual([360, 640]);
  });

  it('refuses pixels whose size does not match their bytes', async () => {
    await expect(
      drawSetOfMarks({ data: new Uint8Array(10), width: 720, height: 1280, channels: 3 }, []),
    ).rejects.toMatchObject({ code: 'SCREENSHOT_FAILED' });
  });
});
