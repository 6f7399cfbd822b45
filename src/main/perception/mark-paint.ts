/**
 * Paints a {@link MarkLayout} straight into decoded pixels (RGB or RGBA, 8 bits). Boxes are
 * solid fills of their stroke bands, tags a filled rectangle with cached digit masks blended
 * in white — a few thousand bytes written per element, instead of rasterising an overlay the
 * size of the screenshot and compositing it.
 */
import { textWidth } from './mark-glyphs.ts';
import type { DigitFont } from './mark-glyphs.ts';
import type { Box, MarkLayout } from './mark-layout.ts';

export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA; painted pixels become opaque). */
  channels: number;
}

const DASH = 4;
const DASH_GAP = 3;

export function paintMarks(img: RawImage, layout: MarkLayout, font: DigitFont, padding: number): void {
  for (const b of layout.boxes) {
    const rgb = parseColor(b.color);
    if (b.dashed) dashedOutline(img, b.box, rgb);
    else outline(img, b.box, b.stroke, rgb);
  }
  for (const t of layout.tags) {
    fill(img, t.box, parseColor(t.color));
    drawDigits(img, t, font, padding);
  }
}

/** The stroke lies inside the box, so the box's outer edge is the element's edge. */
function outline(img: RawImage, [x1, y1, x2, y2]: Box, stroke: number, rgb: Rgb): void {
  const s = Math.min(stroke, Math.ceil((x2 - x1) / 2), Math.ceil((y2 - y1) / 2));
  fill(img, [x1, y1, x2, y1 + s], rgb);
  fill(img, [x1, y2 - s, x2, y2], rgb);
  fill(img, [x1, y1 + s, x1 + s, y2 - s], rgb);
  fill(img, [x2 - s, y1 + s, x2, y2 - s], rgb);
}

function dashedOutline(img: RawImage, [x1, y1, x2, y2]: Box, rgb: Rgb): void {
  for (let x = x1; x < x2; x += DASH + DASH_GAP) {
    const e = Math.min(x + DASH, x2);
    fill(img, [x, y1, e, y1 + 1], rgb);
    fill(img, [x, y2 - 1, e, y2], rgb);
  }
  for (let y = y1; y < y2; y += DASH + DASH_GAP) {
    const e = Math.min(y + DASH, y2);
    fill(img, [x1, y, x1 + 1, e], rgb);
    fill(img, [x2 - 1, y, x2, e], rgb);
  }
}

function fill(img: RawImage, box: Box, [r, g, b]: Rgb): void {
  const { data, width, channels } = img;
  const x1 = Math.max(0, box[0]);
  const y1 = Math.max(0, box[1]);
  const x2 = Math.min(width, box[2]);
  const y2 = Math.min(img.height, box[3]);
  if (x1 >= x2 || y1 >= y2) return;
  const alpha = channels === 4;
  for (let y = y1; y < y2; y++) {
    let i = (y * width + x1) * channels;
    for (let x = x1; x < x2; x++, i += channels) {
      data[i] = r;
      data[i + 1] = g;
      data[i + 2] = b;
      if (alpha) data[i + 3] = 255;
    }
  }
}

/** The digits in white, centred in the tag, each pixel blended by the glyph's coverage. */
function drawDigits(img: RawImage, tag: { box: Box; text: string }, font: DigitFont, padding: number): void {
  const { data, width, height, channels } = img;
  const w = textWidth(font, tag.text);
  let x0 = tag.box[0] + Math.max(padding, Math.floor((tag.box[2] - tag.box[0] - w) / 2));
  const y0 = tag.box[1] + Math.max(padding, Math.floor((tag.box[3] - tag.box[1] - font.height) / 2));
  for (let k = 0; k < tag.text.length; k++) {
    const glyph = font.glyphs[tag.text.charCodeAt(k) - 48];
    if (!glyph) continue;
    for (let gy = 0; gy < font.height; gy++) {
      const y = y0 + gy;
      if (y < 0 || y >= height) continue;
      for (let gx = 0; gx < glyph.width; gx++) {
        const x = x0 + gx;
        const a = glyph.alpha[gy * glyph.width + gx] ?? 0;
        if (a === 0 || x < 0 || x >= width) continue;
        const i = (y * width + x) * channels;
        for (let c = 0; c < 3; c++) {
          const v = data[i + c] ?? 0;
          data[i + c] = (v + ((255 - v) * a + 127) / 255) | 0;
        }
      }
    }
    x0 += glyph.width + font.gap;
  }
}

type Rgb = [number, number, number];
const colors = new Map<string, Rgb>();

function parseColor(hex: string): Rgb {
  let rgb = colors.get(hex);
  if (!rgb) {
    const n = Number.parseInt(hex.slice(1), 16);
    rgb = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
    colors.set(hex, rgb);
  }
  return rgb;
}
