/**
 * MobA's view-hierarchy processing: uiautomator XML → the indexed elements the agent sees.
 * Interactive nodes are chosen smallest first unless they mostly overlap one already chosen;
 * labels of other nodes are merged into the interactive element that contains them; the rest
 * become text-only elements. Indices follow reading order.
 */
import { MobaError } from '../../shared/errors.ts';
import type { PerceptionStats, ScreenSize, UiElement } from '../../shared/schemas/perception.ts';
import { checkDumpText, decodeDumpBytes } from './dump-decode.ts';
import { FLAG_NAMES, INTERACTIVE_FLAGS, parseDump } from './dump-parse.ts';
import type { ParsedDump, RawNode } from './dump-parse.ts';
import { elementLabel } from './element-info.ts';
import { SpatialGrid, clipRect, intersectionArea, rectArea, rectCenter } from './geometry.ts';
import type { Rect } from './geometry.ts';

/** The thresholds of MobA's released code. */
export const VH_RULES = {
  /** An interactive node whose shorter side is at most this many pixels is dropped. */
  minSide: 50,
  /** Rejected when the overlap with any one chosen element exceeds this share of its own area… */
  maxSingleOverlap: 0.25,
  /** …or the overlaps with all chosen elements together exceed this share. */
  maxTotalOverlap: 0.6,
  /** A label whose node lies at least this much inside a chosen element is merged into it. */
  mergeContainment: 0.65,
} as const;

/** Screens beyond this many pixels a side do not exist; a dump implying one is broken. */
export const MAX_SCREEN_SIDE = 16_384;

/** Joins labels merged into one element. */
export const MERGE_SEPARATOR = ' | ';

export interface ProcessOptions {
  /** The real screen size (from the device or the screenshot). Default: inferred from the windows. */
  screen?: { width: number; height: number };
  /** Overrides {@link VH_RULES.minSide}. */
  minSide?: number;
}

export interface ProcessedHierarchy {
  screen: ScreenSize;
  /** Reading order; interactive elements have indices 1..N, text-only ones -1. */
  elements: UiElement[];
  stats: PerceptionStats;
}

interface Item {
  node: RawNode;
  rect: Rect;
  area: number;
  label: string;
}

/**
 * Runs MobA's processing on one uiautomator dump. Deterministic: the same input always
 * gives the same elements in the same order. Near-linear in the number of nodes.
 *
 * @param xml the dump as text, or its raw bytes (decoded by their BOM/declaration, else UTF-8)
 * @returns the screen, the elements and counts of what each rule did
 * @throws MobaError DUMP_INVALID for empty, truncated, non-XML, wrongly encoded or absurd
 *   input and for a dump without nodes; INVALID_INPUT for a bad `options.screen`.
 */
export function processViewHierarchy(xml: string | Uint8Array, options: ProcessOptions = {}): ProcessedHierarchy {
  const started = performance.now();
  const text = checkDumpText(typeof xml === 'string' ? xml : decodeDumpBytes(xml));
  const dump = parseDump(text, { charsChecked: true });
  const screen = resolveScreen(dump, options.screen);
  const minSide = options.minSide ?? VH_RULES.minSide;

  let enabledNodes = 0;
  let droppedOffscreen = 0;
  let droppedSmall = 0;
  const candidates: Item[] = [];
  const labelled: Item[] = [];
  for (const node of dump.nodes) {
    if (!node.enabled) continue;
    enabledNodes++;
    const rect = clipRect(node.bounds, screen.width, screen.height);
    const area = rectArea(rect);
    if (area === 0) {
      droppedOffscreen++;
      continue;
    }
    const item: Item = { node, rect, area, label: elementLabel(node) };
    if (node.flags & INTERACTIVE_FLAGS) {
      if (Math.min(rect[2] - rect[0], rect[3] - rect[1]) <= minSide) {
        droppedSmall++;
        // Its label still tells the model something; it takes part in the merge like plain text.
        if (item.label) labelled.push(item);
      } else candidates.push(item);
    } else if (item.label) labelled.push(item);
  }

  // Smallest first; among equal areas the deeper node, which names the control more precisely.
  candidates.sort((a, b) => a.area - b.area || b.node.depth - a.node.depth || a.node.order - b.node.order);
  const grid = new SpatialGrid(screen.width, screen.height);
  const selected: Item[] = [];
  let droppedOverlap = 0;
  for (const c of candidates) {
    if (overlapsTooMuch(c, selected, grid)) {
      droppedOverlap++;
      if (c.label) labelled.push(c);
      continue;
    }
    grid.insert(selected.length, c.rect);
    selected.push(c);
  }

  const merged = new Map<number, Item[]>();
  const textOnly: Item[] = [];
  const seenTextOnly = new Set<string>();
  labelled.sort((a, b) => a.node.order - b.node.order);
  for (const t of labelled) {
    const host = bestContainer(t, selected, grid);
    if (host >= 0) {
      const list = merged.get(host);
      if (list) list.push(t);
      else merged.set(host, [t]);
      continue;
    }
    // Nested views often repeat one label over the same box; the model needs it once.
    const key = `${t.rect.join(',')}\u0000${t.label}`;
    if (seenTextOnly.has(key)) continue;
    seenTextOnly.add(key);
    textOnly.push(t);
  }

  const built: Array<{ item: Item; element: UiElement; interactive: boolean }> = [];
  selected.forEach((item, i) => built.push({ item, element: toElement(item, mergedText(item, merged.get(i))), interactive: true }));
  for (const item of textOnly) built.push({ item, element: toElement(item, item.node.text), interactive: false });
  built.sort((a, b) => a.element.center[1] - b.element.center[1] || a.element.center[0] - b.element.center[0] || a.item.node.order - b.item.node.order);
  let next = 1;
  for (const b of built) b.element.index = b.interactive ? next++ : -1;

  let mergedCount = 0;
  for (const list of merged.values()) mergedCount += list.length;
  const stats: PerceptionStats = {
    rawNodes: dump.nodes.length,
    enabledNodes,
    interactive: selected.length,
    textOnly: textOnly.length,
    droppedSmall,
    droppedOverlap,
    droppedOffscreen,
    merged: mergedCount,
    ms: performance.now() - started,
  };
  return { screen, elements: built.map((b) => b.element), stats };
}

function overlapsTooMuch(c: Item, selected: Item[], grid: SpatialGrid): boolean {
  const single = VH_RULES.maxSingleOverlap * c.area;
  const total = VH_RULES.maxTotalOverlap * c.area;
  let sum = 0;
  let reject = false;
  grid.query(c.rect, (id) => {
    const s = selected[id];
    if (!s) return true;
    const inter = intersectionArea(c.rect, s.rect);
    sum += inter;
    if (inter > single || sum > total) reject = true;
    return !reject;
  });
  return reject;
}

/**
 * The chosen element that holds at least 65 % of `t`: the smallest such (the most specific
 * control), then the one holding more of it, then the one chosen first. -1 when none.
 */
function bestContainer(t: Item, selected: Item[], grid: SpatialGrid): number {
  let best = -1;
  let bestArea = Infinity;
  let bestShare = 0;
  grid.query(t.rect, (id) => {
    const s = selected[id];
    if (!s || s.node === t.node) return true;
    const share = intersectionArea(t.rect, s.rect) / t.area;
    if (share < VH_RULES.mergeContainment) return true;
    if (s.area < bestArea || (s.area === bestArea && (share > bestShare || (share === bestShare && id < best)))) {
      best = id;
      bestArea = s.area;
      bestShare = share;
    }
    return true;
  });
  return best;
}

/** Merged labels in reading order, then the element's own text; repeats are left out. */
function mergedText(item: Item, parts: Item[] | undefined): string {
  if (!parts) return item.node.text;
  const ordered = [...parts].sort((a, b) => {
    const ca = rectCenter(a.rect);
    const cb = rectCenter(b.rect);
    return ca[1] - cb[1] || ca[0] - cb[0] || a.node.order - b.node.order;
  });
  const out: string[] = [];
  for (const p of [...ordered.map((o) => o.label), item.node.text]) {
    const trimmed = p.trim();
    if (trimmed && !out.includes(trimmed)) out.push(trimmed);
  }
  return out.join(MERGE_SEPARATOR);
}

function toElement(item: Item, text: string): UiElement {
  const n = item.node;
  return {
    index: -1,
    bounds: item.rect,
    center: rectCenter(item.rect),
    text,
    contentDesc: n.contentDesc,
    resourceId: n.resourceId,
    className: n.className,
    packageName: n.packageName,
    trueAttributes: FLAG_NAMES.filter((_, i) => n.flags & (1 << i)),
  };
}

function resolveScreen(dump: ParsedDump, given: ProcessOptions['screen']): ScreenSize {
  if (given) {
    const { width, height } = given;
    if (!isSide(width) || !isSide(height)) throw new MobaError('INVALID_INPUT', `Invalid screen size ${String(width)}x${String(height)}: expected whole numbers 1–${MAX_SCREEN_SIDE}.`);
    return { width, height, rotation: dump.rotation };
  }
  // The windows' union measured from the origin: a status bar listed first, a dialog or a
  // floating window as the only root still give the extent the screen must at least have.
  let width = 0;
  let height = 0;
  for (const w of dump.windows) {
    if (rectArea(w) === 0) continue;
    width = Math.max(width, w[2]);
    height = Math.max(height, w[3]);
  }
  if (width <= 0 || height <= 0) throw new MobaError('DUMP_INVALID', 'Cannot infer the screen size: every top-level window of the dump has empty bounds. Pass the screen size.');
  if (width > MAX_SCREEN_SIDE || height > MAX_SCREEN_SIDE) throw new MobaError('DUMP_INVALID', `The dump implies an absurd screen size ${width}x${height}; pass the real screen size.`);
  return { width, height, rotation: dump.rotation };
}

function isSide(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_SCREEN_SIDE;
}
