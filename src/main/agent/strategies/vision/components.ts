/**
 * Candidate regions of a screenshot without a view hierarchy: connected components of "ink" —
 * pixels that differ clearly from their blurred surroundings (glyphs, icon strokes, edges of
 * controls) — with a little horizontal reach so the letters of a word join. Mobile-Agent finds
 * icons with a detection model (GroundingDINO) that cannot run here; these regions are what
 * this project offers the vision model instead, and what text recognition of small labels
 * (single letters in circles, dial numbers) is run on. Hand-written because no dependency-free
 * library does connected components on sharp's raw output; it is a plain two-pass labelling.
 */

/** `[x1, y1, x2, y2]`, x2/y2 exclusive, in the pixels of the image given. */
export type Box = [number, number, number, number];

export interface InkOptions {
  /** How far two ink pixels may be apart horizontally and still join (letters of a word). Default 3. */
  reachX?: number;
  /** Vertically. Default 1. */
  reachY?: number;
  /** Components with fewer ink pixels are noise. Default 6. */
  minPixels?: number;
}

/**
 * Labels the ink mask (1 = ink) and returns each component's box, largest reach first joined.
 * @param mask width×height bytes, row-major
 */
export function inkComponents(mask: Uint8Array, width: number, height: number, options: InkOptions = {}): Box[] {
  const rx = options.reachX ?? 3;
  const ry = options.reachY ?? 1;
  const minPixels = options.minPixels ?? 6;
  const label = new Int32Array(width * height).fill(-1);
  const boxes: Box[] = [];
  const counts: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]! >= 0) continue;
    const id = boxes.length;
    const box: Box = [width, height, 0, 0];
    let count = 0;
    label[start] = id;
    stack.push(start);
    while (stack.length) {
      const p = stack.pop()!;
      const x = p % width;
      const y = (p - x) / width;
      count++;
      if (x < box[0]) box[0] = x;
      if (y < box[1]) box[1] = y;
      if (x + 1 > box[2]) box[2] = x + 1;
      if (y + 1 > box[3]) box[3] = y + 1;
      for (let dy = -ry; dy <= ry; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -rx; dx <= rx; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (mask[q] && label[q]! < 0) {
            label[q] = id;
            stack.push(q);
          }
        }
      }
    }
    boxes.push(box);
    counts.push(count);
  }
  return boxes.filter((_, i) => counts[i]! >= minPixels);
}

/**
 * The ink mask of a grayscale image: |pixel − blurred pixel| above `threshold`.
 * @param gray width×height luminance bytes; `blurred` the same image blurred (sharp's blur)
 */
export function inkMask(gray: Uint8Array, blurred: Uint8Array, threshold = 28): Uint8Array {
  const mask = new Uint8Array(gray.length);
  for (let i = 0; i < gray.length; i++) mask[i] = Math.abs(gray[i]! - blurred[i]!) > threshold ? 1 : 0;
  return mask;
}

export function boxArea(b: Box): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

export function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
  const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && h > 0 ? w * h : 0;
}

export function containsBox(outer: Box, inner: Box, slack = 0): boolean {
  return (
    inner[0] >= outer[0] - slack &&
    inner[1] >= outer[1] - slack &&
    inner[2] <= outer[2] + slack &&
    inner[3] <= outer[3] + slack
  );
}

export function scaleBox(b: Box, f: number): Box {
  return [Math.floor(b[0] * f), Math.floor(b[1] * f), Math.ceil(b[2] * f), Math.ceil(b[3] * f)];
}
