/**
 * Which top-level windows of a dump lie over which, and what part of a lower window's node is
 * left visible. A dump lists windows without saying how they are stacked: uiautomator gathers
 * them in no reliable order (the status bar often comes first although it is drawn over the
 * app), so the stacking is inferred from what windows are:
 * 1. system UI (`com.android.systemui`: status and navigation bars, notification shade) lies
 *    over everything, then the soft keyboard (an input-method package), then all other windows;
 * 2. among the rest, a smaller window lies over a larger one that it overlaps — a dialog, menu,
 *    popup or floating window over the full-screen app; if it lay below, it could not be seen;
 * 3. equal areas (a full-screen dialog or scrim over the app): the later one in the dump is on top,
 *    which is how the simulated phone and most dumpers list them.
 */
import { intersectionArea, rectArea } from './geometry.ts';
import type { Rect } from './geometry.ts';

export interface DumpWindow {
  /** The root node's bounds, clipped to the screen. */
  bounds: Rect;
  /** The root node's package. */
  packageName: string;
}

const SYSTEM_UI_RE = /^com\.android\.systemui$/;
// Keyboards in the wild: Gboard, AOSP LatinIME, Sogou, iFlytek, Baidu, SwiftKey, Samsung, ADB Keyboard, QQ Pinyin.
const INPUT_METHOD_RE = /inputmethod|keyboard|swiftkey|honeyboard|pinyin|^com\.baidu\.input/i;

/** 2 system UI, 1 soft keyboard, 0 anything else: the coarse layer a window lives in. */
export function windowLayer(w: Pick<DumpWindow, 'packageName'>): number {
  if (SYSTEM_UI_RE.test(w.packageName)) return 2;
  if (INPUT_METHOD_RE.test(w.packageName)) return 1;
  return 0;
}

/**
 * The stacking position of each window (0 = bottom), by the rules in this file's header.
 * Deterministic: depends only on the windows and their order in the dump.
 */
export function stackWindows(windows: readonly DumpWindow[]): number[] {
  const order = windows.map((w, i) => ({ i, layer: windowLayer(w), area: rectArea(w.bounds) }));
  order.sort((a, b) => a.layer - b.layer || b.area - a.area || a.i - b.i);
  const rank = new Array<number>(windows.length).fill(0);
  order.forEach((o, position) => (rank[o.i] = position));
  return rank;
}

/**
 * For each window, the bounds of the windows stacked above it that overlap it (empty for the
 * top window and for every window of a single-window dump).
 */
export function occludersByWindow(windows: readonly DumpWindow[]): Rect[][] {
  const rank = stackWindows(windows);
  return windows.map((w, i) => {
    const above: Rect[] = [];
    windows.forEach((o, j) => {
      if ((rank[j] ?? 0) > (rank[i] ?? 0) && intersectionArea(w.bounds, o.bounds) > 0) above.push(o.bounds);
    });
    return above;
  });
}

/**
 * The largest axis-aligned rectangle of `r` that none of `occluders` covers; an empty rectangle
 * when they cover all of it. Ties go to the part above, then below, left, right of an occluder.
 * Exact: it keeps every maximal uncovered rectangle while subtracting occluders one by one
 * (a rectangle that misses an occluder lies wholly on one side of it). Occluders are windows,
 * so there are a handful at most.
 */
export function largestUncovered(r: Rect, occluders: readonly Rect[]): Rect {
  let parts: Rect[] = [r];
  for (const o of occluders) {
    const next: Rect[] = [];
    for (const p of parts) {
      if (intersectionArea(p, o) === 0) {
        next.push(p);
        continue;
      }
      if (o[1] > p[1]) next.push([p[0], p[1], p[2], o[1]]);
      if (o[3] < p[3]) next.push([p[0], o[3], p[2], p[3]]);
      if (o[0] > p[0]) next.push([p[0], p[1], o[0], p[3]]);
      if (o[2] < p[2]) next.push([o[2], p[1], p[2], p[3]]);
    }
    parts = withoutContained(next);
    if (parts.length === 0) return [r[0], r[1], r[0], r[1]];
  }
  let best = parts[0] as Rect;
  for (const p of parts) if (rectArea(p) > rectArea(best)) best = p;
  return best;
}

/** Drops rectangles inside another one of the list (the first of equal ones stays). */
function withoutContained(rects: Rect[]): Rect[] {
  return rects.filter((a, i) => !rects.some((b, j) => j !== i && contains(b, a) && (!contains(a, b) || j < i)));
}

function contains(outer: Rect, inner: Rect): boolean {
  return outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];
}
