/**
 * Anti-aliased digit masks for the set-of-marks tags. The ten digits are rendered once per font
 * size (one small SVG through sharp) and cached, so marking a screenshot costs no text
 * rendering at all. A machine without any usable font still gets legible tags: a built-in
 * 5×7 pixel font scaled up.
 */
import sharp from 'sharp';

export interface Glyph {
  width: number;
  /** Coverage 0–255, `width × DigitFont.height`, row-major. */
  alpha: Uint8Array;
}

export interface DigitFont {
  /** Common height of all glyphs (the digits' ink, top to bottom). */
  height: number;
  /** Space between two digits. */
  gap: number;
  glyphs: Glyph[];
}

const FAMILY = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';
const cache = new Map<number, Promise<DigitFont>>();

/** The digits at `fontSize` px (bold sans-serif), rendered on first use. Never rejects. */
export function digitFont(fontSize: number): Promise<DigitFont> {
  const size = Math.max(6, Math.round(fontSize));
  let font = cache.get(size);
  if (!font) {
    // A font that cannot be rendered here is not worth failing an observation for; say so once.
    font = renderDigits(size).catch((error: unknown) =>
      fallback(size, `cannot render digits: ${(error as Error).message}`),
    );
    cache.set(size, font);
  }
  return font;
}

/** Width of `text` (digits only) set in `font`. */
export function textWidth(font: DigitFont, text: string): number {
  let w = 0;
  for (let i = 0; i < text.length; i++)
    w += (font.glyphs[text.charCodeAt(i) - 48]?.width ?? 0) + (i > 0 ? font.gap : 0);
  return w;
}

async function renderDigits(size: number): Promise<DigitFont> {
  const cell = Math.ceil(size * 1.2);
  const rows = Math.ceil(size * 1.6);
  const texts = Array.from(
    { length: 10 },
    (_, d) => `<text x="${d * cell + cell / 2}" y="${rows / 2}">${d}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${cell * 10}" height="${rows}"><g fill="#fff" font-family="${FAMILY}" font-weight="bold" font-size="${size}" text-anchor="middle" dominant-baseline="central">${texts}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const stride = info.width * info.channels;
  const a = (x: number, y: number) => data[y * stride + x * info.channels + info.channels - 1] ?? 0;
  // One vertical extent for all digits keeps them on a common baseline.
  let top = rows;
  let bottom = -1;
  const spans: Array<[number, number]> = [];
  for (let d = 0; d < 10; d++) {
    let left = cell;
    let right = -1;
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cell; x++) {
        if (a(d * cell + x, y) === 0) continue;
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
    if (right < 0) return fallback(size, `no font draws the digit ${d}`);
    spans.push([left, right]);
  }
  const height = bottom - top + 1;
  // Tabular figures: every digit gets the widest one's width, centred, so "11" and "88" align.
  const width = Math.max(...spans.map(([l, r]) => r - l + 1));
  const glyphs = spans.map(([l, r], d) => {
    const alpha = new Uint8Array(width * height);
    const offset = Math.floor((width - (r - l + 1)) / 2);
    for (let y = 0; y < height; y++)
      for (let x = l; x <= r; x++) alpha[y * width + offset + x - l] = a(d * cell + x, top + y);
    return { width, alpha };
  });
  return { height, gap: Math.max(1, Math.round(size * 0.08)), glyphs };
}

function fallback(size: number, reason: string): DigitFont {
  process.emitWarning(`Set-of-marks: ${reason}; using the built-in pixel digits.`, { code: 'MOBA_MARK_FONT' });
  return bitmapDigits(size);
}

// 5×7 digits, one string of five columns per row, '#' = ink.
const BITMAP = [
  ['.###.', '#...#', '#..##', '#.#.#', '##..#', '#...#', '.###.'],
  ['..#..', '.##..', '..#..', '..#..', '..#..', '..#..', '.###.'],
  ['.###.', '#...#', '....#', '...#.', '..#..', '.#...', '#####'],
  ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  ['#####', '#....', '####.', '....#', '....#', '#...#', '.###.'],
  ['..##.', '.#...', '#....', '####.', '#...#', '#...#', '.###.'],
  ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  ['.###.', '#...#', '#...#', '.###.', '#...#', '#...#', '.###.'],
  ['.###.', '#...#', '#...#', '.####', '....#', '...#.', '.##..'],
] as const;

/** The built-in pixel font, scaled to about the cap height of `size`. */
export function bitmapDigits(size: number): DigitFont {
  const s = Math.max(1, Math.round((size * 0.72) / 7));
  const width = 5 * s;
  const height = 7 * s;
  const glyphs = BITMAP.map((rows) => {
    const alpha = new Uint8Array(width * height);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (rows[Math.floor(y / s)]?.[Math.floor(x / s)] === '#') alpha[y * width + x] = 255;
    return { width, alpha };
  });
  return { height, gap: s, glyphs };
}
