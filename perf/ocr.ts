/**
 * `npm run perf:ocr` — the OCR fallback on the images that made it hang: a noisy 4100×4100
 * picture and a noisy phone screen (1080×2400), plus a clean phone screen to check that what is
 * read stays the same. Each is recognised at full size (the engine as it was: no downscaling, here
 * bounded by a cap so the script ends) and with the defaults (downscaled to OCR_MAX_PIXELS, with
 * OCR_DEADLINE_MS); then how fast an abort stops a recognition in progress. Ends with one JSON line.
 * `MOBA_PERF_OCR_CAP_MS` sets the cap of the full-size runs (default 90 000).
 */
import sharp from 'sharp';
import { mulberry32 } from '@moba/base';
import { OCR_DEADLINE_MS, OCR_MAX_PIXELS, OcrEngine } from '../src/main/perception/ocr.ts';
import { MobaError } from '../src/shared/errors.ts';
import { QUICK, option } from './quick.ts';

const CAP_MS = option('MOBA_PERF_OCR_CAP_MS', 90_000, 5_000);
const ROWS = [
  'Wi-Fi',
  'Bluetooth',
  'Battery saver',
  'Display brightness',
  'Alarm 6:30 PM Work',
  'Notifications',
  'Storage',
  'Location',
];

/** Text rows like a settings screen, with uniform noise of the given strength (0–255) over every pixel. */
async function screen(width: number, height: number, noise: number, seed: number): Promise<Uint8Array> {
  const size = Math.round(width / 22);
  const rows = ROWS.map(
    (t, i) =>
      `<text x="${size}" y="${(i + 1) * size * 3}" font-family="DejaVu Sans" font-size="${size}" fill="#202020">${t}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f4f4"/>${rows}</svg>`;
  const base = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  if (noise > 0) {
    const random = mulberry32(seed);
    for (let i = 0; i < base.length; i++)
      base[i] = Math.max(0, Math.min(255, (base[i] as number) + Math.round((random() - 0.5) * 2 * noise)));
  }
  return new Uint8Array(
    await sharp(base, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer(),
  );
}

interface Outcome {
  ms: number;
  lines: number;
  /** The rows read (case-insensitive substring match). */
  rowsRead: number;
  stopped: 'TIMEOUT' | null;
}

async function recognize(
  engine: OcrEngine,
  png: Uint8Array,
  options: { maxPixels?: number; deadlineMs?: number },
): Promise<Outcome> {
  const t = performance.now();
  try {
    const lines = await engine.recognize(png, { languages: ['eng'], ...options });
    const text = lines.map((l) => l.text.toLowerCase()).join('\n');
    return {
      ms: performance.now() - t,
      lines: lines.length,
      rowsRead: ROWS.filter((r) => text.includes(r.toLowerCase())).length,
      stopped: null,
    };
  } catch (error) {
    if (error instanceof MobaError && error.code === 'TIMEOUT')
      return { ms: performance.now() - t, lines: 0, rowsRead: 0, stopped: 'TIMEOUT' };
    throw error;
  }
}

const fmt = (o: Outcome) =>
  o.stopped
    ? `stopped at ${(o.ms / 1000).toFixed(1)} s`
    : `${(o.ms / 1000).toFixed(2)} s, ${o.lines} lines, ${o.rowsRead}/${ROWS.length} rows read`;

// No cache: every figure here is Tesseract reading the image (the next call after the abort re-reads the first one).
const engine = new OcrEngine({ languages: ['eng'], cacheEntries: 0 });
const results: Record<string, { fullSize: Outcome; defaults: Outcome }> = {};
try {
  // Start the worker once so no row pays for it.
  await recognize(engine, await screen(400, 300, 0, 1), {});
  const images: Array<[string, Uint8Array]> = QUICK
    ? [['noisy phone 1080x2400', await screen(1080, 2400, 90, 2)]]
    : [
        ['clean phone 1080x2400', await screen(1080, 2400, 0, 1)],
        ['noisy phone 1080x2400', await screen(1080, 2400, 90, 2)],
        ['noisy 4100x4100', await screen(4100, 4100, 127, 3)],
      ];
  console.log(
    `OCR (tesseract.js, eng); defaults: downscale to ${(OCR_MAX_PIXELS / 1e6).toFixed(1)} MP, deadline ${OCR_DEADLINE_MS / 1000} s; full size capped at ${CAP_MS / 1000} s\n`,
  );
  for (const [name, png] of images) {
    const defaults = await recognize(engine, png, {});
    const fullSize = await recognize(engine, png, { maxPixels: Infinity, deadlineMs: CAP_MS });
    results[name] = { fullSize, defaults };
    console.log(`${name.padEnd(24)} full size: ${fmt(fullSize).padEnd(40)} defaults: ${fmt(defaults)}`);
  }

  // Cancellation: abort a full-size recognition of the noisiest picture after 2 s.
  const png = images.at(-1)![1];
  const controller = new AbortController();
  const started = performance.now();
  setTimeout(() => controller.abort(), 2_000);
  let abortMs = 0;
  await engine
    .recognize(png, { languages: ['eng'], maxPixels: Infinity, deadlineMs: Infinity, signal: controller.signal })
    .catch((e: unknown) => {
      abortMs = performance.now() - started - 2_000;
      if (!(e instanceof MobaError && e.code === 'CANCELLED')) throw e;
    });
  const after = await recognize(engine, images[0]![1], {});
  console.log(
    `\nabort after 2 s: rejected ${abortMs.toFixed(0)} ms after the abort (worker stopped); the next call: ${fmt(after)}`,
  );
  console.log(
    JSON.stringify({
      perf: 'ocr',
      capMs: CAP_MS,
      maxPixels: OCR_MAX_PIXELS,
      deadlineMs: OCR_DEADLINE_MS,
      results,
      abortLatencyMs: Math.round(abortMs),
      afterAbort: after,
    }),
  );
} finally {
  await engine.dispose();
}
