/**
 * Where each element's number goes on the screen so that no two numbers overlap: the first of
 * a few spots at the box's corners (inside first, then just outside) that is free; a number with
 * no free spot is not drawn (its box is, and hovering it or the tree names it). Sizes are in
 * device pixels; the number's size on the screen stays the same at any zoom, so the layout is
 * made for the scale shown.
 */
export interface LabelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Labelled {
  index: number;
  bounds: readonly [number, number, number, number];
}

function overlaps(a: LabelBox, b: LabelBox): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * @param charWidth, height the label's size per digit and its height, in device pixels
 * @returns per element index its label's box, or null when there is no free spot
 */
export function placeLabels(
  elements: readonly Labelled[],
  charWidth: number,
  height: number,
  screen: { width: number; height: number },
): Map<number, LabelBox | null> {
  const placed: LabelBox[] = [];
  const out = new Map<number, LabelBox | null>();
  // Small elements first: a big container has more room to find another spot.
  const order = [...elements].sort(
    (a, b) =>
      (a.bounds[2] - a.bounds[0]) * (a.bounds[3] - a.bounds[1]) -
        (b.bounds[2] - b.bounds[0]) * (b.bounds[3] - b.bounds[1]) || a.index - b.index,
  );
  for (const e of order) {
    const w = charWidth * (String(e.index).length + 0.8);
    const [x1, y1, x2, y2] = e.bounds;
    const spots: LabelBox[] = [
      { x: x1, y: y1, width: w, height },
      { x: x2 - w, y: y1, width: w, height },
      { x: x1, y: y2 - height, width: w, height },
      { x: x2 - w, y: y2 - height, width: w, height },
      { x: x1, y: y1 - height, width: w, height },
      { x: x1, y: y2, width: w, height },
    ];
    const free = spots.find(
      (s) =>
        s.x >= 0 &&
        s.y >= 0 &&
        s.x + s.width <= screen.width &&
        s.y + s.height <= screen.height &&
        !placed.some((p) => overlaps(p, s)),
    );
    out.set(e.index, free ?? null);
    if (free) placed.push(free);
  }
  return out;
}
