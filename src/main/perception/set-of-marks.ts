/**
 * Set-of-marks: the screenshot with every interactive element's box and index drawn on it,
 * so a model can name an element by the number it sees.
 *
 * Legend (box and label colour):
 * - red `#E6194B` — clickable
 * - green `#1AA34A` — long-clickable but not clickable
 * - blue `#1E63E9` — scrollable (wins over the others: lists are large and contain rows)
 * Labels are white digits on a box-coloured tag in a corner inside the box; when that corner
 * is taken by an earlier label, the other corners are tried, then just above the box.
 */
import sharp from 'sharp';
import { MobaError } from '../../shared/errors.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';

export const MARK_COLORS = {
  clickable: '#E6194B',
  longClickable: '#1AA34A',
  scrollable: '#1E63E9',
} as const;

/** The colour of an element's marks (see the legend in this file's header). */
export function markColor(e: Pick<UiElement, 'trueAttributes'>): string {
  if (e.trueAttributes.includes('scrollable')) return MARK_COLORS.scrollable;
  if (e.trueAttributes.includes('clickable')) return MARK_COLORS.clickable;
  if (e.trueAttributes.includes('long-clickable')) return MARK_COLORS.longClickable;
  return MARK_COLORS.clickable;
}

export interface SetOfMarksOptions {
  /**
   * The coordinate space of the elements' bounds (the device screen). When the screenshot
   * has another size (scaled, or a stream frame), boxes are scaled to it. Default: the image size.
   */
  screen?: { width: number; height: number };
  /** Draw text-only elements (index -1) as thin grey boxes too. Default false. */
  includeTextOnly?: boolean;
}

export interface MarkStyle {
  stroke: number;
  fontSize: number;
  padding: number;
}

/** Stroke and font grow with the image's shorter side, so 720×1280 and 1080×2400 both read well. */
export function markStyle(width: number, height: number): MarkStyle {
  const s = Math.min(width, height) / 1080;
  return { stroke: Math.max(2, Math.round(4 * s)), fontSize: Math.max(14, Math.round(30 * s)), padding: Math.max(2, Math.round(5 * s)) };
}

/**
 * Draws boxes and index labels onto a screenshot.
 *
 * @param png the screenshot (PNG, or any format sharp reads)
 * @returns a PNG of the same size
 * @throws MobaError SCREENSHOT_FAILED when the image cannot be read
 */
export async function drawSetOfMarks(png: Uint8Array, elements: readonly UiElement[], options: SetOfMarksOptions = {}): Promise<Uint8Array> {
  let width: number;
  let height: number;
  try {
    const meta = await sharp(png).metadata();
    if (!meta.width || !meta.height) throw new Error('the image has no size');
    width = meta.width;
    height = meta.height;
  } catch (error) {
    throw new MobaError('SCREENSHOT_FAILED', `Cannot read the screenshot to mark it: ${(error as Error).message}`, { cause: error });
  }
  const svg = marksSvg(elements, { width, height, screen: options.screen ?? { width, height }, includeTextOnly: options.includeTextOnly ?? false });
  const out = await sharp(png).composite([{ input: Buffer.from(svg), top: 0, left: 0 }]).png().toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

interface SvgInput {
  width: number;
  height: number;
  screen: { width: number; height: number };
  includeTextOnly: boolean;
}

type Box = [number, number, number, number];

/** The overlay as SVG of exactly the image's size. Exported for tests and the renderer. */
export function marksSvg(elements: readonly UiElement[], input: SvgInput): string {
  const { width, height } = input;
  const sx = width / input.screen.width;
  const sy = height / input.screen.height;
  const style = markStyle(width, height);
  const sw = style.stroke;
  const boxes: string[] = [];
  const labels: string[] = [];
  const taken: Box[] = [];
  const charW = style.fontSize * 0.62;
  const tagH = Math.round(style.fontSize + style.padding * 2);
  // Large boxes first so that the small ones' strokes stay on top where they meet.
  const ordered = elements.filter((e) => e.index > 0 || input.includeTextOnly).sort((a, b) => area(b) - area(a) || a.index - b.index);
  for (const e of ordered) {
    const x1 = Math.round(e.bounds[0] * sx);
    const y1 = Math.round(e.bounds[1] * sy);
    const x2 = Math.round(e.bounds[2] * sx);
    const y2 = Math.round(e.bounds[3] * sy);
    if (x2 - x1 < 1 || y2 - y1 < 1) continue;
    if (e.index <= 0) {
      boxes.push(`<rect x="${x1 + 0.5}" y="${y1 + 0.5}" width="${Math.max(0, x2 - x1 - 1)}" height="${Math.max(0, y2 - y1 - 1)}" fill="none" stroke="#808080" stroke-width="1" stroke-dasharray="4 3"/>`);
      continue;
    }
    const color = markColor(e);
    // The stroke lies inside the box so its outer edge is the element's edge.
    boxes.push(`<rect x="${x1 + sw / 2}" y="${y1 + sw / 2}" width="${Math.max(0, x2 - x1 - sw)}" height="${Math.max(0, y2 - y1 - sw)}" fill="none" stroke="${color}" stroke-width="${sw}"/>`);
    const text = String(e.index);
    const tagW = Math.round(text.length * charW + style.padding * 2);
    const spot = placeLabel([x1, y1, x2, y2], tagW, tagH, taken, width, height);
    taken.push(spot);
    labels.push(
      `<rect x="${spot[0]}" y="${spot[1]}" width="${tagW}" height="${tagH}" fill="${color}"/>` +
        `<text x="${spot[0] + tagW / 2}" y="${spot[1] + tagH / 2}" fill="#FFFFFF" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${style.fontSize}" text-anchor="middle" dominant-baseline="central">${text}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" shape-rendering="crispEdges">${boxes.join('')}<g shape-rendering="auto">${labels.join('')}</g></svg>`;
}

/** Inside corners of the box in turn, then above it; the first spot free of earlier labels wins. */
function placeLabel(b: Box, w: number, h: number, taken: readonly Box[], width: number, height: number): Box {
  const candidates: Array<[number, number]> = [
    [b[0], b[1]],
    [b[2] - w, b[1]],
    [b[0], b[3] - h],
    [b[2] - w, b[3] - h],
    [b[0], b[1] - h],
  ];
  let first: Box | undefined;
  for (const [x, y] of candidates) {
    const cx = Math.max(0, Math.min(width - w, x));
    const cy = Math.max(0, Math.min(height - h, y));
    const spot: Box = [cx, cy, cx + w, cy + h];
    first ??= spot;
    if (!taken.some((t) => t[0] < spot[2] && spot[0] < t[2] && t[1] < spot[3] && spot[1] < t[3])) return spot;
  }
  return first as Box;
}

function area(e: UiElement): number {
  return (e.bounds[2] - e.bounds[0]) * (e.bounds[3] - e.bounds[1]);
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
 *
 * @throws MobaError SCREENSHOT_FAILED when the image cannot be read
 */
export async function encodeForModel(png: Uint8Array, options: ModelImageOptions = {}): Promise<ModelImage> {
  const maxSide = options.maxSide ?? 1280;
  const format = options.format ?? 'jpeg';
  try {
    let pipeline = sharp(png).resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    pipeline = format === 'jpeg' ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: options.quality ?? 75, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), mime: format === 'jpeg' ? 'image/jpeg' : 'image/png', width: info.width, height: info.height };
  } catch (error) {
    throw new MobaError('SCREENSHOT_FAILED', `Cannot encode the screenshot for the model: ${(error as Error).message}`, { cause: error });
  }
}
