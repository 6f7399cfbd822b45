/**
 * What the vision-only strategies (Mobile-Agent v1, v2, E) know of a screen: text with its
 * position and icon regions, from the screenshot alone — never the UI dump.
 *
 * 1. Text: Tesseract's words in its sparse-text mode, grouped into phrases (words on one line
 *    less than ~0.8 of their height apart), as Mobile-Agent's line-level OCR gives them.
 * 2. Regions: connected components of ink (`components.ts`). Small ones that no phrase covers —
 *    a letter in a circle, a number on a dial, often missed on a full page — are read again,
 *    each crop as one line of text (dark ink on white; the inside of a ring without the ring).
 * 3. Icons: the remaining regions of icon size, not holding text; captions (what each looks
 *    like) come from the vision model (`captions.ts`) where a strategy wants them.
 */
import sharp from 'sharp';
import type { OcrEngine, OcrLanguage, OcrWord } from '../../../perception/ocr.ts';
import { boxArea, containsBox, inkComponents, inkMask, overlapArea, scaleBox } from './components.ts';
import type { Box } from './components.ts';

export interface VisionItem {
  kind: 'text' | 'icon';
  /** The text read, or '' for an icon. */
  text: string;
  bounds: Box;
  center: [number, number];
}

export interface VisionScreen {
  items: VisionItem[];
  width: number;
  height: number;
  ms: { ocr: number; regions: number; labels: number };
}

/** Words recognised with less confidence are left out (tesseract's icons-as-letters are mostly below). */
const MIN_WORD_CONFIDENCE = 55;
const MIN_REGION_CONFIDENCE = 60;
/** Work on half resolution: enough for icons and glyphs of phone UIs, four times less to label. */
const SCALE = 2;
const ICON_MIN_SIDE = 20;
const ICON_MAX_SIDE = 260;
const MOSAIC_MAX_HEIGHT = 110;
const MOSAIC_MAX_WIDTH = 320;

// Letters or digits; of the lone symbols only "+", the usual add button (tesseract reads most icons as symbols).
const meaningful = (t: string) => /[\p{L}\p{N}]/u.test(t) || t === '+';

/** Words into phrases: same line (vertical overlap ≥ half the smaller height), gap < 0.8 × height. */
export function groupWords(words: readonly OcrWord[]): Array<{ text: string; bounds: Box }> {
  const sorted = [...words].sort((a, b) => a.bounds[1] - b.bounds[1] || a.bounds[0] - b.bounds[0]);
  const lines: Array<{ words: OcrWord[]; bounds: Box }> = [];
  for (const w of sorted) {
    const h = w.bounds[3] - w.bounds[1];
    const line = lines.find((l) => {
      const last = l.words.at(-1)!;
      const lh = last.bounds[3] - last.bounds[1];
      const overlap = Math.min(last.bounds[3], w.bounds[3]) - Math.max(last.bounds[1], w.bounds[1]);
      const gap = w.bounds[0] - last.bounds[2];
      return overlap >= 0.5 * Math.min(lh, h) && gap >= -2 && gap < 0.8 * Math.max(lh, h);
    });
    if (line) {
      line.words.push(w);
      line.bounds = [
        Math.min(line.bounds[0], w.bounds[0]),
        Math.min(line.bounds[1], w.bounds[1]),
        Math.max(line.bounds[2], w.bounds[2]),
        Math.max(line.bounds[3], w.bounds[3]),
      ];
    } else lines.push({ words: [w], bounds: [...w.bounds] as Box });
  }
  return lines.map((l) => ({ text: l.words.map((w) => w.text).join(' '), bounds: l.bounds }));
}

function center(b: Box): [number, number] {
  return [Math.floor((b[0] + b[2]) / 2), Math.floor((b[1] + b[3]) / 2)];
}

/** Reading order: top to bottom, then left to right (rows within 20 px count as one). */
export function readingOrder<T extends { center: [number, number] }>(items: T[]): T[] {
  return [...items].sort((a, b) =>
    Math.abs(a.center[1] - b.center[1]) > 20 ? a.center[1] - b.center[1] : a.center[0] - b.center[0],
  );
}

/**
 * The OCR languages for a task: English, plus Simplified Chinese when the task is written in
 * Chinese (its screens likely are too). Chinese models read Latin UI glyphs worse and take
 * about three times as long, so they are not used for every screen.
 */
export function languagesFor(task: string): OcrLanguage[] {
  return /\p{Script=Han}/u.test(task) ? ['chi_sim', 'eng'] : ['eng'];
}

export interface PerceiveOptions {
  languages?: OcrLanguage[];
  signal?: AbortSignal;
}

/**
 * Text and icon regions of a screenshot.
 * @throws MobaError OCR_FAILED / CANCELLED from the OCR engine
 */
export async function perceiveScreen(
  png: Uint8Array,
  ocr: OcrEngine,
  options: PerceiveOptions = {},
): Promise<VisionScreen> {
  const t0 = performance.now();
  const { signal } = options;
  const languages = options.languages ?? ['eng'];
  const words = (
    await ocr.recognizeWords([png], { layout: 'sparse', languages, ...(signal ? { signal } : {}) })
  )[0]!.filter((w) => w.confidence >= MIN_WORD_CONFIDENCE && meaningful(w.text));
  const phrases = groupWords(words);
  const t1 = performance.now();

  const full = await sharp(png).grayscale().raw().toBuffer({ resolveWithObject: true });
  const width = full.info.width;
  const height = full.info.height;
  const w2 = Math.max(1, Math.floor(width / SCALE));
  const h2 = Math.max(1, Math.floor(height / SCALE));
  const small = await sharp(full.data, { raw: { width, height, channels: 1 } })
    .resize(w2, h2)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const blurred = await sharp(small, { raw: { width: w2, height: h2, channels: 1 } })
    .blur(6)
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const regions = inkComponents(inkMask(small, blurred), w2, h2).map((b) => scaleBox(b, SCALE));
  const t2 = performance.now();

  const texts: VisionItem[] = phrases.map((p) => ({
    kind: 'text',
    text: p.text,
    bounds: p.bounds,
    center: center(p.bounds),
  }));
  const uncovered = regions.filter(
    (r) => boxArea(r) > 0 && !texts.some((t) => overlapArea(r, t.bounds) > 0.3 * boxArea(r)),
  );
  const glyphs = uncovered.filter(
    (r) => r[3] - r[1] <= MOSAIC_MAX_HEIGHT && r[2] - r[0] <= MOSAIC_MAX_WIDTH && r[3] - r[1] >= 12,
  );
  const read = await readRegions(full.data, width, height, glyphs, ocr, languages, signal);
  for (const [i, text] of read) texts.push({ kind: 'text', text, bounds: glyphs[i]!, center: center(glyphs[i]!) });
  const t3 = performance.now();

  const iconBoxes = uncovered.filter((r) => {
    if (glyphs.some((g, i) => read.has(i) && g === r)) return false;
    const w = r[2] - r[0];
    const h = r[3] - r[1];
    if (Math.min(w, h) < ICON_MIN_SIDE || Math.max(w, h) > ICON_MAX_SIDE || Math.max(w, h) > 4 * Math.min(w, h))
      return false;
    return !texts.some((t) => containsBox(r, t.bounds, 4));
  });
  const icons = iconBoxes.filter(
    (r) => !iconBoxes.some((o) => o !== r && containsBox(o, r) && boxArea(o) > boxArea(r)),
  );
  // A letter read on its own and again inside its ring is one label: the ring (the larger) stays.
  const same = (a: VisionItem, b: VisionItem) => a.text.toLowerCase() === b.text.toLowerCase();
  const unique = texts.filter(
    (t) =>
      !texts.some(
        (o) => o !== t && same(o, t) && containsBox(o.bounds, t.bounds, 4) && boxArea(o.bounds) > boxArea(t.bounds),
      ),
  );
  const items = readingOrder([
    ...unique,
    ...icons.map((b): VisionItem => ({ kind: 'icon', text: '', bounds: b, center: center(b) })),
  ]);
  return { items, width, height, ms: { ocr: t1 - t0, regions: t2 - t1, labels: t3 - t2 } };
}

/**
 * Reads small regions one by one as single lines of text: each crop dark ink on a white ground
 * (a dark background — white text on a filled button — is inverted first). A region of at least
 * 60 px both ways is a shape that may hold its label (a ring, a filled circle): its inside is
 * read instead, without the outline.
 * @returns region index → text, for the regions read with enough confidence
 */
async function readRegions(
  gray: Uint8Array,
  width: number,
  height: number,
  regions: readonly Box[],
  ocr: OcrEngine,
  languages: OcrLanguage[],
  signal?: AbortSignal,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!regions.length) return out;
  const PAD = 10;
  const crops = await Promise.all(
    regions.map((r) => {
      const w = r[2] - r[0];
      const h = r[3] - r[1];
      const src: Box =
        Math.min(w, h) >= 60
          ? [
              r[0] + Math.round(w * 0.22),
              r[1] + Math.round(h * 0.22),
              r[2] - Math.round(w * 0.22),
              r[3] - Math.round(h * 0.22),
            ]
          : [
              Math.max(0, r[0] - PAD),
              Math.max(0, r[1] - PAD),
              Math.min(width, r[2] + PAD),
              Math.min(height, r[3] + PAD),
            ];
      return cropForReading(gray, width, src);
    }),
  );
  const words = await ocr.recognizeWords(crops, { layout: 'line', languages, ...(signal ? { signal } : {}) });
  words.forEach((list, i) => {
    const good = list.filter((w) => w.confidence >= MIN_REGION_CONFIDENCE && meaningful(w.text));
    if (good.length) out.set(i, good.map((w) => w.text).join(' '));
  });
  return out;
}

/** A crop as a PNG with dark ink on white, stretched so the background is pure white. */
async function cropForReading(gray: Uint8Array, width: number, src: Box): Promise<Uint8Array> {
  const w = src[2] - src[0];
  const h = src[3] - src[1];
  let border = 0;
  let n = 0;
  for (let x = src[0]; x < src[2]; x++) {
    border += gray[src[1] * width + x]! + gray[(src[3] - 1) * width + x]!;
    n += 2;
  }
  const bg = border / Math.max(1, n);
  const invert = bg < 128;
  const level = (v: number) => (invert ? 255 - v : v);
  const background = level(bg);
  let ink = 255;
  for (let y = src[1]; y < src[3]; y++)
    for (let x = src[0]; x < src[2]; x++) ink = Math.min(ink, level(gray[y * width + x]!));
  const span = Math.max(1, background - ink);
  const M = 16;
  const cw = w + 2 * M;
  const ch = h + 2 * M;
  const pixels = new Uint8Array(cw * ch).fill(255);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = (level(gray[(src[1] + y) * width + src[0] + x]!) - ink) / span;
      pixels[(y + M) * cw + x + M] = Math.max(0, Math.min(255, Math.round(v * 255)));
    }
  }
  return sharp(pixels, { raw: { width: cw, height: ch, channels: 1 } })
    .withMetadata({ density: 300 })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
