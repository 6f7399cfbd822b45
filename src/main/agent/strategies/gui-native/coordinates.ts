/**
 * Where the GUI-native models' coordinates live, and how they become screen pixels.
 *
 * - `resized`: absolute pixels on the image the model saw, which is the screenshot resized by
 *   Qwen2.5-VL's `smart_resize` rule (UI-TARS-1.5, Qwen2.5-VL, GUI-Owl): both sides rounded to a
 *   multiple of `factor` (28), the area kept within [minPixels, maxPixels] at the same aspect
 *   ratio. The strategy sends the screenshot at exactly that size, so no server resizes it again.
 * - `relative`: 0–`scale` over the screen whatever the image size (AutoGLM-Phone: 0–999 read as
 *   x/1000 of the width; Qwen3-VL: 0–1000).
 */
import { MobaError } from '../../../../shared/errors.ts';

export type CoordinateSpace =
  | { kind: 'resized'; factor: number; minPixels: number; maxPixels: number }
  /** `floor`: the released code truncates (AutoGLM's `int(x / 1000 * width)`); else the nearest pixel. */
  | { kind: 'relative'; scale: number; floor?: boolean };

export type ResizedSpace = Extract<CoordinateSpace, { kind: 'resized' }>;

export interface Size {
  width: number;
  height: number;
}

/** Qwen2.5-VL's image processor: 28-pixel patches after merging, 4 to 16384 of them per side squared. */
export const QWEN25_RESIZE: ResizedSpace = {
  kind: 'resized',
  factor: 28,
  minPixels: 4 * 28 * 28,
  maxPixels: 16384 * 28 * 28,
};

/** UI-TARS-1.5 (on Qwen2.5-VL): the same rule with at least 100 patches. */
export const UI_TARS_RESIZE: ResizedSpace = {
  kind: 'resized',
  factor: 28,
  minPixels: 100 * 28 * 28,
  maxPixels: 16384 * 28 * 28,
};

/** GUI-Owl (Mobile-Agent-v3, on Qwen2.5-VL): the same rule, at most 12800 patches. */
export const GUI_OWL_RESIZE: ResizedSpace = {
  kind: 'resized',
  factor: 28,
  minPixels: 4 * 28 * 28,
  maxPixels: 12800 * 28 * 28,
};

/** The largest aspect ratio the resize rule takes. */
const MAX_RATIO = 200;

/**
 * Qwen2.5-VL's `smart_resize`: the size an image of `size` is resized to.
 * @throws MobaError ACTION_INVALID for an aspect ratio beyond 200:1
 */
export function smartResize(size: Size, rule: { factor: number; minPixels: number; maxPixels: number }): Size {
  const { width, height } = size;
  const { factor, minPixels, maxPixels } = rule;
  if (Math.max(width, height) / Math.min(width, height) > MAX_RATIO)
    throw new MobaError(
      'ACTION_INVALID',
      `A ${width}×${height} screen is beyond the ${MAX_RATIO}:1 the resize rule takes.`,
    );
  // Python's round() rounds halves to even; so does this.
  const roundBy = (n: number) => roundHalfEven(n / factor) * factor;
  let h = Math.max(factor, roundBy(height));
  let w = Math.max(factor, roundBy(width));
  if (h * w > maxPixels) {
    const beta = Math.sqrt((height * width) / maxPixels);
    h = Math.floor(height / beta / factor) * factor;
    w = Math.floor(width / beta / factor) * factor;
  } else if (h * w < minPixels) {
    const beta = Math.sqrt(minPixels / (height * width));
    h = Math.ceil((height * beta) / factor) * factor;
    w = Math.ceil((width * beta) / factor) * factor;
  }
  return { width: w, height: h };
}

function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** The size of the image the model is shown for a screen: resized by the rule, or the screen's own. */
export function imageSizeFor(space: CoordinateSpace, screen: Size): Size {
  return space.kind === 'resized' ? smartResize(screen, space) : screen;
}

/**
 * A point the model wrote, in screen pixels (rounded, kept on the screen).
 * @throws MobaError ACTION_INVALID for a point outside the model's space
 */
export function toScreenPoint(
  space: CoordinateSpace,
  screen: Size,
  point: readonly [number, number],
): [number, number] {
  const [x, y] = point;
  const bound = space.kind === 'resized' ? imageSizeFor(space, screen) : { width: space.scale, height: space.scale };
  if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x > bound.width || y > bound.height)
    throw new MobaError(
      'ACTION_INVALID',
      `(${x}, ${y}) is outside the model's coordinates (0–${bound.width} × 0–${bound.height}).`,
    );
  const toPixel = space.kind === 'relative' && space.floor ? Math.floor : Math.round;
  const px = toPixel((x / bound.width) * screen.width);
  const py = toPixel((y / bound.height) * screen.height);
  return [Math.min(screen.width - 1, px), Math.min(screen.height - 1, py)];
}

/** The model's point for a screen pixel (the inverse, for scripts and tests). */
export function toModelPoint(space: CoordinateSpace, screen: Size, point: readonly [number, number]): [number, number] {
  const bound = space.kind === 'resized' ? imageSizeFor(space, screen) : { width: space.scale, height: space.scale };
  return [Math.round((point[0] / screen.width) * bound.width), Math.round((point[1] / screen.height) * bound.height)];
}
