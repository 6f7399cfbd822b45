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
  /**
   * Called with the marked pixels as soon as they are painted, before the image is encoded:
   * other work on them (a model's copy) can run beside the encode. Read them, do not change them.
   */
  onPainted?(pixels: RawImage): void;
}

/** Decoded 8-bit pixels (RGB or RGBA, row-major), as sharp's raw output. */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

/** The marked image, what it is, and its decoded pixels (so no one has to decode it again). */
export type MarkedImage = ModelImage & { pixels: RawImage };

const isRaw = (image: Uint8Array | RawImage): image is RawImage => !(image instanceof Uint8Array);
const rawInput = (image: RawImage) => ({
  raw: { width: image.width, height: image.height, channels: image.channels as 3 | 4 },
});

/**
 * PNG settings for marked images: zlib level 2 without per-row adaptive filtering is several
 * times faster to write than sharp's default and, on UI screenshots (large flat areas), about
 * as small.
 */
export const MARKED_PNG = { compressionLevel: 2, adaptiveFiltering: false } as const;

/**
 * Draws boxes and index labels onto a screenshot.
 *
 * @param image the screenshot (PNG, or any format sharp reads), or its decoded pixels (left
 *   untouched: the marks go onto a copy)
 * @returns the marked image: the screenshot's size unless `maxSide` shrinks it; PNG unless
 *   `format` is 'jpeg'; with its pixels
 * @throws MobaError SCREENSHOT_FAILED when the image cannot be read; INVALID_INPUT for a bad
 *   `maxSide` or `quality`
 */
export async function drawSetOfMarks(
  image: Uint8Array | RawImage,
  elements: readonly UiElement[],
  options: SetOfMarksOptions = {},
): Promise<MarkedImage> {
  const format = options.format ?? 'png';
  const quality = options.quality ?? 85;
  if (options.maxSide !== undefined && !(Number.isInteger(options.maxSide) && options.maxSide >= 16))
    throw new MobaError(
      'INVALID_INPUT',
      `maxSide must be a whole number of at least 16 pixels, not ${String(options.maxSide)}.`,
    );
  if (!(Number.isInteger(quality) && quality >= 1 && quality <= 100))
    throw new MobaError('INVALID_INPUT', `quality must be a whole number 1–100, not ${String(quality)}.`);
  const img = isRaw(image) ? await copyRaw(image, options.maxSide) : await decodeImage(image, options.maxSide);
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
  const pixels: RawImage = { data: img.data, width: img.width, height: img.height, channels: img.channels };
  options.onPainted?.(pixels);

  const raw = sharp(img.data, rawInput(img));
  const out =
    format === 'jpeg'
      ? raw.flatten({ background: '#ffffff' }).jpeg({ quality, chromaSubsampling: '4:4:4' })
      : raw.png(MARKED_PNG);
  const data = await out.toBuffer();
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    mime: format === 'jpeg' ? 'image/jpeg' : 'image/png',
    width: img.width,
    height: img.height,
    pixels,
  };
}

export interface Decoded extends RawImage {
  /** The size before scaling. */
  source: { width: number; height: number };
}

/**
 * One decode to 8-bit RGB(A), scaled down first when asked. Decoding a 1080×2400 PNG takes
 * tens of milliseconds, so the observer decodes each screenshot once and hands the pixels on.
 *
 * @throws MobaError SCREENSHOT_FAILED when the image cannot be read
 */
export async function decodeImage(image: Uint8Array, maxSide?: number): Promise<Decoded> {
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
      ({ data, info } = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true }));
    }
    if (!info.width || !info.height) throw new Error('the image has no size');
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      channels: info.channels,
      source: source ?? { width: info.width, height: info.height },
    };
  } catch (error) {
    throw new MobaError('SCREENSHOT_FAILED', `Cannot read the screenshot: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** A private copy of decoded pixels to paint on, scaled down when asked. */
async function copyRaw(image: RawImage, maxSide: number | undefined): Promise<Decoded> {
  if (image.data.length !== image.width * image.height * image.channels || image.channels < 3 || image.channels > 4) {
    throw new MobaError(
      'SCREENSHOT_FAILED',
      `Cannot mark the screenshot: ${image.width}×${image.height}×${image.channels} pixels do not match ${image.data.length} bytes.`,
    );
  }
  const source = { width: image.width, height: image.height };
  if (maxSide !== undefined && Math.max(image.width, image.height) > maxSide) {
    const { data, info } = await sharp(image.data, rawInput(image))
      .resize({ width: maxSide, height: maxSide, fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
      channels: info.channels,
      source,
    };
  }
  return {
    data: new Uint8Array(image.data),
    width: image.width,
    height: image.height,
    channels: image.channels,
    source,
  };
}

export interface ModelImageOptions {
  /** The longer side is scaled down to at most this; never up. Default 1280. */
  maxSide?: number;
  /** Default 'jpeg'. */
  format?: 'jpeg' | 'png';
  /** JPEG quality 1–100. Default 75. */
  quality?: number;
}

/** The options with their defaults filled in: two calls with equal results encode alike. */
export function modelImageOptions(options: ModelImageOptions): Required<ModelImageOptions> {
  return { maxSide: options.maxSide ?? 1280, format: options.format ?? 'jpeg', quality: options.quality ?? 75 };
}

/** How prompts show screens unless configured otherwise: small enough for a model's context, sharp enough to read. */
export const MODEL_IMAGE = { maxSide: 1024, format: 'jpeg', quality: 80 } as const satisfies ModelImageOptions;

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
 * Decoded pixels (what the observer keeps of its latest screens) skip the PNG decode, which is
 * most of the cost.
 *
 * @throws MobaError SCREENSHOT_FAILED when the image cannot be read
 */
export async function encodeForModel(
  image: Uint8Array | RawImage,
  options: ModelImageOptions = {},
): Promise<ModelImage> {
  const { maxSide, format, quality } = modelImageOptions(options);
  try {
    let pipeline = (isRaw(image) ? sharp(image.data, rawInput(image)) : sharp(image)).resize({
      width: maxSide,
      height: maxSide,
      fit: 'inside',
      withoutEnlargement: true,
    });
    pipeline =
      format === 'jpeg'
        ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality })
        : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      mime: format === 'jpeg' ? 'image/jpeg' : 'image/png',
      width: info.width,
      height: info.height,
    };
  } catch (error) {
    throw new MobaError(
      'SCREENSHOT_FAILED',
      `Cannot encode the screenshot for the model: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
