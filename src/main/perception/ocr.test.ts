import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { OCR_CLASS_NAME, OcrEngine } from './ocr.ts';

/** A screenshot-like PNG with known text, rendered from SVG (fonts from the system). */
async function renderText(
  lines: Array<{ text: string; x: number; y: number; font?: string }>,
  width = 720,
  height = 600,
): Promise<Uint8Array> {
  const body = lines
    .map(
      (l) =>
        `<text x="${l.x}" y="${l.y}" font-family="${l.font ?? 'DejaVu Sans'}" font-size="40" fill="#202020">${l.text}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#ffffff"/>${body}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

describe('OcrEngine (tesseract.js, offline language data)', () => {
  const engine = new OcrEngine();
  afterAll(() => engine.dispose());

  it('recognises English and Chinese lines with pixel bounds and indices in reading order', async () => {
    const png = await renderText([
      { text: 'Wireless settings', x: 40, y: 100 },
      { text: 'Battery saver', x: 40, y: 300 },
      { text: '设置', x: 40, y: 500, font: 'Noto Sans CJK SC' },
    ]);
    const lines = await engine.recognize(png, { languages: ['eng', 'chi_sim'] });
    expect(lines.map((l) => l.index)).toEqual(lines.map((_, i) => i + 1));
    const wireless = lines.find((l) => /wireless/i.test(l.text));
    const battery = lines.find((l) => /battery/i.test(l.text));
    expect(wireless?.text).toMatch(/Wireless settings/i);
    expect(battery?.text).toMatch(/Battery saver/i);
    expect(lines.some((l) => l.text.includes('设置'))).toBe(true);
    // Baseline at y=100 with a 40 px font: the line box sits around y 70–110, starting near x 40.
    const [x1, y1, x2, y2] = wireless?.bounds ?? [0, 0, 0, 0];
    expect(x1).toBeGreaterThanOrEqual(30);
    expect(x1).toBeLessThan(60);
    expect(y1).toBeGreaterThan(55);
    expect(y2).toBeLessThan(125);
    expect(x2).toBeGreaterThan(300);
    expect((wireless?.index ?? 0) < (battery?.index ?? 0)).toBe(true);
    expect(wireless).toMatchObject({ className: OCR_CLASS_NAME, trueAttributes: ['clickable'] });
  }, 120_000);

  it('fails with OCR_FAILED on bytes that are not an image, and recovers afterwards', async () => {
    await expect(engine.recognize(new Uint8Array([0, 1, 2, 3, 4, 5]), { languages: ['eng'] })).rejects.toMatchObject({
      code: 'OCR_FAILED',
    });
    const lines = await engine.recognize(await renderText([{ text: 'Hello again', x: 40, y: 100 }]), {
      languages: ['eng'],
    });
    expect(lines.map((l) => l.text).join(' ')).toMatch(/Hello again/i);
  }, 120_000);

  it('downscales large images before recognition and answers in the original pixels', async () => {
    // 3600×3200 (11.5 MP): recognised at about 1.2 MP, bounds scaled back.
    const png = await renderText([{ text: 'Battery saver', x: 400, y: 1000 }], 3600, 3200);
    const lines = await engine.recognize(png, { languages: ['eng'] });
    const battery = lines.find((l) => /battery/i.test(l.text));
    expect(battery?.text).toMatch(/Battery saver/i);
    const [x1, y1, , y2] = battery?.bounds ?? [0, 0, 0, 0];
    expect(x1).toBeGreaterThan(380);
    expect(x1).toBeLessThan(430);
    expect(y1).toBeGreaterThan(950);
    expect(y2).toBeLessThan(1030);
  }, 120_000);

  it('stops at its deadline with TIMEOUT (the worker is stopped), and the next call works', async () => {
    // Full-size noise keeps tesseract busy for many seconds (perf:ocr measures how long).
    const width = 2000;
    const height = 2000;
    const noise = Buffer.alloc(width * height);
    let seed = 7;
    for (let i = 0; i < noise.length; i++) noise[i] = (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
    const png = new Uint8Array(
      await sharp(noise, { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer(),
    );
    const started = performance.now();
    await expect(
      engine.recognize(png, { languages: ['eng'], maxPixels: Infinity, deadlineMs: 1_000 }),
    ).rejects.toMatchObject({ code: 'TIMEOUT', message: expect.stringMatching(/did not finish within 1 s/) });
    expect(performance.now() - started).toBeLessThan(5_000);
    // An image not read before, so the worker has to start again.
    const read = engine.imagesRead;
    const lines = await engine.recognize(await renderText([{ text: 'Back at work', x: 40, y: 100 }]), {
      languages: ['eng'],
    });
    expect(lines.map((l) => l.text).join(' ')).toMatch(/Back at work/i);
    expect(engine.imagesRead).toBe(read + 1);
  }, 120_000);

  it('reads an image once for the same settings; a caller changing its copy changes nothing kept', async () => {
    const png = await renderText([{ text: 'Airplane mode', x: 40, y: 100 }]);
    const read = engine.imagesRead;
    const first = await engine.recognize(png, { languages: ['eng'] });
    expect(first.map((l) => l.text).join(' ')).toMatch(/Airplane mode/i);
    first[0]!.text = 'changed by the caller';
    const again = await engine.recognize(png, { languages: ['eng'] });
    expect(again.map((l) => l.text).join(' ')).toMatch(/Airplane mode/i);
    expect(engine.imagesRead).toBe(read + 1);
    // Other settings read it anew.
    await engine.recognize(png, { languages: ['eng'], maxPixels: 200_000 });
    expect(engine.imagesRead).toBe(read + 2);
    // Words: the same image twice in one call, then in a later call, is read once per page mode.
    const [a, b] = await engine.recognizeWords([png, png], { languages: ['eng'], layout: 'sparse' });
    expect(a).toEqual(b);
    expect(a!.map((w) => w.text).join(' ')).toMatch(/Airplane/i);
    expect(await engine.recognizeWords([png], { languages: ['eng'], layout: 'sparse' })).toEqual([a]);
    expect(engine.imagesRead).toBe(read + 3);
    await engine.recognizeWords([png], { languages: ['eng'], layout: 'line' });
    expect(engine.imagesRead).toBe(read + 4);
    // Two calls at once for an image not read yet: the second waits for the first's reading.
    const other = await renderText([{ text: 'Bluetooth', x: 40, y: 100 }]);
    const [x, y] = await Promise.all([
      engine.recognize(other, { languages: ['eng'] }),
      engine.recognize(other, { languages: ['eng'] }),
    ]);
    expect(y).toEqual(x);
    expect(engine.imagesRead).toBe(read + 5);
  }, 120_000);

  it('with no cache reads every image anew', async () => {
    const uncached = new OcrEngine({ languages: ['eng'], cacheEntries: 0 });
    try {
      const png = await renderText([{ text: 'Airplane mode', x: 40, y: 100 }]);
      const first = await uncached.recognize(png);
      expect(await uncached.recognize(png)).toEqual(first);
      expect(uncached.imagesRead).toBe(2);
    } finally {
      await uncached.dispose();
    }
  }, 120_000);

  it('is cancellable and refuses work after dispose', async () => {
    const aborted = AbortSignal.abort();
    await expect(
      engine.recognize(await renderText([{ text: 'x', x: 1, y: 50 }]), { signal: aborted }),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
    const other = new OcrEngine({ languages: ['eng'] });
    await other.dispose();
    await expect(other.recognize(new Uint8Array(1))).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});
