/**
 * Where the set-of-marks boxes and index tags go, in image pixels — pure geometry, no pixels.
 *
 * Legend (box and tag colour):
 * - red `#E6194B` — clickable
 * - green `#1AA34A` — long-clickable but not clickable
 * - blue `#1E63E9` — scrollable (wins over the others: lists are large and contain rows)
 * - grey dashed, 1 px, no tag — a text-only element (only when asked for)
 * Tags are white digits on a box-coloured tag in a corner inside the box. Small elements pick
 * their corner first (a list's top-left corner is usually also its first row's); a corner
 * taken by another tag sends the tag to the next corner, then just above the box.
 */
import type { UiElement } from '../../shared/schemas/perception.ts';

export const MARK_COLORS = {
  clickable: '#E6194B',
  longClickable: '#1AA34A',
  scrollable: '#1E63E9',
} as const;

export const TEXT_ONLY_COLOR = '#808080';

/** The colour of an element's marks (see the legend in this file's header). */
export function markColor(e: Pick<UiElement, 'trueAttributes'>): string {
  if (e.trueAttributes.includes('scrollable')) return MARK_COLORS.scrollable;
  if (e.trueAttributes.includes('clickable')) return MARK_COLORS.clickable;
  if (e.trueAttributes.includes('long-clickable')) return MARK_COLORS.longClickable;
  return MARK_COLORS.clickable;
}

export interface MarkStyle {
  stroke: number;
  fontSize: number;
  padding: number;
}

/** Stroke and font grow with the image's shorter side, so 720×1280 and 1080×2400 both read well. */
export function markStyle(width: number, height: number): MarkStyle {
  const s = Math.min(width, height) / 1080;
  return {
    stroke: Math.max(2, Math.round(4 * s)),
    fontSize: Math.max(14, Math.round(30 * s)),
    padding: Math.max(2, Math.round(5 * s)),
  };
}

/** `[x1, y1, x2, y2]` in image pixels, x2/y2 exclusive. */
export type Box = [number, number, number, number];

export interface BoxMark {
  box: Box;
  color: string;
  /** Stroke width inside the box; 1 and dashed for text-only elements. */
  stroke: number;
  dashed: boolean;
}

export interface TagMark {
  box: Box;
  color: string;
  text: string;
}

export interface MarkLayout {
  /** In drawing order: large boxes first, so small boxes' strokes stay on top where they meet. */
  boxes: BoxMark[];
  /** In drawing order, after all boxes: large elements' tags first, small ones' on top. */
  tags: TagMark[];
}

export interface LayoutInput {
  /** The image the marks are drawn on. */
  width: number;
  height: number;
  /** The coordinate space of the elements' bounds (the device screen). */
  screen: { width: number; height: number };
  includeTextOnly: boolean;
  stroke: number;
  /** The size of the tag holding `text` (digits and padding). */
  tagSize: (text: string) => { width: number; height: number };
}

/** Lays out the marks of `elements` on an image (see the file header for the rules). */
export function layoutMarks(elements: readonly UiElement[], input: LayoutInput): MarkLayout {
  const sx = input.width / input.screen.width;
  const sy = input.height / input.screen.height;
  const scaled: Array<{ e: UiElement; box: Box; area: number }> = [];
  for (const e of elements) {
    if (e.index <= 0 && !input.includeTextOnly) continue;
    const box: Box = [
      Math.round(e.bounds[0] * sx),
      Math.round(e.bounds[1] * sy),
      Math.round(e.bounds[2] * sx),
      Math.round(e.bounds[3] * sy),
    ];
    if (box[2] - box[0] < 1 || box[3] - box[1] < 1) continue;
    scaled.push({ e, box, area: (box[2] - box[0]) * (box[3] - box[1]) });
  }
  const largeFirst = [...scaled].sort((a, b) => b.area - a.area || a.e.index - b.e.index);
  const boxes: BoxMark[] = largeFirst.map(({ e, box }) =>
    e.index > 0
      ? { box, color: markColor(e), stroke: input.stroke, dashed: false }
      : { box, color: TEXT_ONLY_COLOR, stroke: 1, dashed: true },
  );

  const taken: Box[] = [];
  const placed = new Map<UiElement, TagMark>();
  for (const { e, box } of [...largeFirst].reverse()) {
    if (e.index <= 0) continue;
    const text = String(e.index);
    const size = input.tagSize(text);
    const spot = placeTag(box, size.width, size.height, taken, input.width, input.height);
    taken.push(spot);
    placed.set(e, { box: spot, color: markColor(e), text });
  }
  const tags = largeFirst.flatMap(({ e }) => placed.get(e) ?? []);
  return { boxes, tags };
}

/** Inside corners of the box in turn, then above it; the first spot free of earlier tags wins. */
function placeTag(b: Box, w: number, h: number, taken: readonly Box[], width: number, height: number): Box {
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
