/**
 * Set-of-marks: the screenshot with every interactive element's box and index drawn on it,
 * so a model can name an element by the number it sees. The colours and placement rules are in
 * `mark-layout.ts`. One decode, marks painted into the pixels (`mark-paint.ts`), one encode with
 * a fast setting: at 1080×2400 that is a few tens of milliseconds, not hundreds.
 */
import sharp from 'sharp';
import { MobaError } from '../../shared/errors.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { digitFont, textWidth } from './mark-glyphs.ts';
import { layoutMarks, markStyle } from './mark-layout.ts';
import { paintMarks } from './mark-paint.ts';

export { MARK_COLORS, markColor, markStyle } from './mark-layout.ts';
export type { MarkStyle } from './mark-layout.ts';

export interface SetOfMarksOptions {
  /**
   * The coordinate space of the elements' bounds (the device screen). When the screenshot
   * has another size (scaled, or a stream frame), boxes are scaled to it. Default: the size of
   * the screenshot as given (before `maxSide`).
   */
  screen?: { width: number; height: number };
  /** Draw text-only elements (index -1) as thin grey dashed boxes too. Default false. */
  includeTextOnly?: boolean;
  /**
   * Scale the screenshot down (never up) so its longer side is at most this before marking;
   * marks are then drawn at the new size, crisp. Default: keep the size.
   */
  maxSide?: number;
  /** 'png' (default: lossless, what pixel tests read) or 'jpeg' (smaller, for a model). */
  format?: 'png' | 'jpeg';
  /** JPEG quality 1–100. Default 85. */
  quality?: number;
}

/** The marked image and what it is. */
export type MarkedImage = ModelImage;

/**
 * PNG settings for marked images: zlib level 2 without per-row adaptive filtering is several
 * times faster to write than sharp's default and, on UI screenshots (large flat areas), about
 * as small.
 */
export const MARKED_PNG = { compressionLevel: 2, adaptiveFiltering: false } as const;

/**
 * Draws boxes and index labels onto a screenshot.
 *
 * @param image the screenshot (PNG, or any format sharp reads)
 * @returns the marked image: the screenshot's size unless `maxSide` shrinks it; PNG unless
 *   `format` is 'jpeg'
 * @throws MobaError SCREENSHOT_FAILED when the image cannot be read; INVALID_INPUT for a bad
 *   `maxSide` or `quality`
 */
export async function drawSetOfMarks(image: Uint8Array, elements: readonly UiElement[], options: SetOfMarksOptions = {}): Promise<MarkedImage> {
  const format = options.format ?? 'png';
  const quality = options.quality ?? 85;
  if (options.maxSide !== undefined && !(Number.isInteger(options.maxSide) && options.maxSide >= 16)) throw new MobaError('INVALID_INPUT', `maxSide must be a whole number of at least 16 pixels, not ${String(options.maxSide)}.`);
  if (!(Number.isInteger(quality) && quality >= 1 && quality <= 100)) throw new MobaError('INVALID_INPUT', `quality must be a whole number 1–100, not ${String(quality)}.`);
  const img = await decode(image, options.maxSide);
  const style = markStyle(img.width, img.height);
  const font = await digitFont(style.fontSize);
  const tagHeight = font.height + style.padding * 2;
  const layout = layoutMarks(elements, {
    width: img.width,
    height: img.height,
    screen: options.screen ?? img.source,
    includeTextOnly: options.includeTextOnly ?? false,
    stroke: style.stroke,
    tagSize: (text) => ({ width: textWidth(font, text) + style.padding * 2, height: tagHeight }),
  });
  paintMarks(img, layout, font, style.padding);

  const raw = sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels as 3 | 4 } });
  const out = format === 'jpeg' ? raw.flatten({ background: '#ffffff' }).jpeg({ quality, chromaSubsampling: '4:4:4' }) : raw.png(MARKED_PNG);
  const data = await out.toBuffer();
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), mime: format === 'jpeg' ? 'image/jpeg' : 'image/png', width: img.width, height: img.height };
}

interface Decoded {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
  /** The size before scaling. */
  source: { width: number; height: number };
}

/** One decode to 8-bit RGB(A), scaled down first when asked. */
async function decode(image: Uint8Array, maxSide: number | undefined): Promise<Decoded> {
  try {
    let pipeline = sharp(image);
    let source: { width: number; height: number } | undefined;
    if (maxSide !== undefined) {
      const meta = await pipeline.metadata();
      if (meta.width && meta.height) source = { width: meta.width, height: meta.height };
      pipeline = pipeline.resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    }
    let { data, info } = await pipeline.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    if (info.channels < 3) {
      // Grey screenshots are rare; colour marks need colour channels.
      ({ data, info } = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true }));
    }
    if (!info.width || !info.height) throw new Error('the image has no size');
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, channels: info.channels, source: source ?? { width: info.width, height: info.height } };
  } catch (error) {
    throw new MobaError('SCREENSHOT_FAILED', `Cannot read the screenshot to mark it: ${(error as Error).message}`, { cause: error });
  }
}

export interface ModelImageOptions {
  /** The longer side is scaled down to at most this; never up. Default 1280. */
  maxSide?: number;
  /** Default 'jpeg'. */
  format?: 'jpeg' | 'png';
  /** JPEG quality 1–100. Default 75. */
  quality?: number;
}

export interface ModelImage {
  data: Uint8Array;
  mime: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
}

/**
 * A compact copy of a screenshot for a model's context: scaled to `maxSide`, JPEG or PNG.
 * Plain libjpeg-turbo, not mozjpeg: mozjpeg's files are ~15 % smaller but take about three
 * times as long (≈ 90 vs 30 ms for a marked 1080×2400 screen here), and a model's image cost
 * depends on the pixel size, not the bytes.
 *
 * @throws MobaError SCREENSHOT_FAILED when the image cannot be read
 */
export async function encodeForModel(png: Uint8Array, options: ModelImageOptions = {}): Promise<ModelImage> {
  const maxSide = options.maxSide ?? 1280;
  const format = options.format ?? 'jpeg';
  try {
    let pipeline = sharp(png).resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    pipeline = format === 'jpeg' ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: options.quality ?? 75 }) : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), mime: format === 'jpeg' ? 'image/jpeg' : 'image/png', width: info.width, height: info.height };
  } catch (error) {
    throw new MobaError('SCREENSHOT_FAILED', `Cannot encode the screenshot for the model: ${(error as Error).message}`, { cause: error });
  }
}
