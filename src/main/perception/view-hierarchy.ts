/**
 * MobA's view-hierarchy processing: uiautomator XML → the indexed elements the agent sees.
 * Interactive nodes are chosen smallest first unless they mostly overlap one already chosen;
 * labels of other nodes are merged into the interactive element that contains them; the rest
 * become text-only elements. Indices follow reading order.
 *
 * Two deliberate extensions of MobA's rules, both for screens the original gets wrong:
 * - **Occlusion.** With several top-level windows (app, dialog, keyboard, system bars), a node
 *   is cut to the largest part of it that no window stacked above its own covers (stacking:
 *   `window-stack.ts`); with less than {@link VH_RULES.minVisibleShare} of it left it is hidden —
 *   no element, no merged label. Otherwise a list row under a dialog would reject the dialog's
 *   own text field by the overlap rule and take the dialog's title as its label. Labels merge
 *   only into elements of their own window. Windows are judged by their bounds only: a dump
 *   does not say whether a dialog dims and blocks what is around it, so elements beside a
 *   dialog stay listed.
 * - **Scrollable containers stay targetable.** `Scroll(element, …)` needs the list, but a list
 *   overlaps the rows chosen before it and MobA's overlap rule would reject it. Containers
 *   (nodes that scroll but cannot be clicked or long-pressed: lists, pagers, web views) and
 *   controls (all other interactive nodes, a Spinner that also scrolls included) are therefore
 *   chosen separately, each with the overlap rule against its own kind (so nested lists still
 *   collapse to the inner one). Containers take no merged labels: a list's content moves, and
 *   text merged into the list would lose its place — labels that belong to no row stay
 *   text-only elements where they are.
 */
import { MobaError } from '../../shared/errors.ts';
import type { PerceptionStats, ScreenSize, UiElement } from '../../shared/schemas/perception.ts';
import { checkDumpText, decodeDumpBytes, prepareDumpText } from './dump-decode.ts';
import { FLAG, FLAG_NAMES, INTERACTIVE_FLAGS, parseDump } from './dump-parse.ts';
import type { ParsedDump, RawNode } from './dump-parse.ts';
import { elementLabel } from './element-info.ts';
import { SpatialGrid, clipRect, intersectionArea, rectArea, rectCenter } from './geometry.ts';
import type { Rect } from './geometry.ts';
import { largestUncovered, occludersByWindow } from './window-stack.ts';

/** The thresholds of MobA's released code, and of this project's extensions (marked). */
export const VH_RULES = {
  /** An interactive node whose shorter side is at most this many pixels is dropped. */
  minSide: 50,
  /** Rejected when the overlap with any one chosen element exceeds this share of its own area… */
  maxSingleOverlap: 0.25,
  /** …or the overlaps with all chosen elements together exceed this share. */
  maxTotalOverlap: 0.6,
  /** A label whose node lies at least this much inside a chosen element is merged into it. */
  mergeContainment: 0.65,
  /**
   * Extension (occlusion): a node of a lower window keeps the largest part of it that upper
   * windows leave uncovered, and is hidden when that part is less than this share of it.
   */
  minVisibleShare: 0.5,
} as const;

/**
 * Bounds that keep processing linear and the model's element list readable whatever a dump
 * holds. Real hierarchies are at most a few dozen levels deep and their labels a few lines;
 * a hostile or broken one (100,000 nested nodes each with a label) would otherwise merge
 * megabytes of text into one element.
 */
export const VH_LIMITS = {
  /** Nodes nested deeper than this are left out (their text included). */
  maxDepth: 256,
  /** A node's own label or text is cut to this many characters. */
  maxLabel: 1_000,
  /** An element's text, merged labels included, is cut to this many characters. */
  maxElementText: 4_000,
} as const;

/** `text` cut to `max` characters, with an ellipsis when something was left out. */
function cap(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

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

/** {@link PerceptionStats} plus what the extensions did. */
export interface HierarchyStats extends PerceptionStats {
  /** Enabled nodes hidden under a window stacked above their own. */
  droppedOccluded: number;
  /** Nodes nested deeper than {@link VH_LIMITS.maxDepth}, left out. */
  droppedDeep: number;
}

export interface ProcessedHierarchy {
  screen: ScreenSize;
  /** Reading order; interactive elements have indices 1..N, text-only ones -1. */
  elements: UiElement[];
  stats: HierarchyStats;
}

interface Item {
  node: RawNode;
  /** The visible part of the node: clipped to the screen, cut by windows above it. */
  rect: Rect;
  area: number;
  label: string;
  /** Scrolls but cannot be clicked or long-pressed: a list, pager, web view. */
  container: boolean;
  /** The top-level window it belongs to (document order). */
  window: number;
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
  // The fast reader refuses any odd character as it reads; the full check (which says what
  // kind of accident the text looks like) runs only on text that reader did not accept.
  const text = prepareDumpText(typeof xml === 'string' ? xml : decodeDumpBytes(xml));
  const dump = parseDump(text, { beforeGeneral: checkDumpText });
  const screen = resolveScreen(dump, options.screen);
  const { candidates, labelled, counts } = collectItems(dump, screen, options.minSide ?? VH_RULES.minSide);
  const { controls, containers, droppedOverlap } = chooseInteractive(candidates, labelled, screen);
  // Labels merge into controls only (see the header on scrollable containers).
  const { merged, textOnly } = mergeLabels(labelled, controls);
  const elements = indexedElements(controls.items, merged, containers.items, textOnly);
  let mergedCount = 0;
  for (const list of merged.values()) mergedCount += list.length;
  const stats: HierarchyStats = {
    rawNodes: dump.nodes.length,
    enabledNodes: counts.enabledNodes,
    interactive: controls.items.length + containers.items.length,
    textOnly: textOnly.length,
    droppedSmall: counts.droppedSmall,
    droppedOverlap,
    droppedOffscreen: counts.droppedOffscreen,
    droppedOccluded: counts.droppedOccluded,
    droppedDeep: counts.droppedDeep,
    merged: mergedCount,
    ms: performance.now() - started,
  };
  return { screen, elements, stats };
}

/**
 * The enabled nodes as items on the screen (clipped, cut by the windows above them):
 * interactive candidates, and labelled nodes (also the interactive ones too small to keep).
 */
function collectItems(dump: ParsedDump, screen: ScreenSize, minSide: number) {
  const occluders = windowOccluders(dump, screen);
  const counts = { enabledNodes: 0, droppedOffscreen: 0, droppedOccluded: 0, droppedSmall: 0, droppedDeep: 0 };
  const candidates: Item[] = [];
  const labelled: Item[] = [];
  let win = -1;
  for (const node of dump.nodes) {
    if (node.depth === 0) win++;
    if (node.depth > VH_LIMITS.maxDepth) {
      counts.droppedDeep++;
      continue;
    }
    if (!node.enabled) continue;
    counts.enabledNodes++;
    let rect = clipRect(node.bounds, screen.width, screen.height);
    let area = rectArea(rect);
    if (area === 0) {
      counts.droppedOffscreen++;
      continue;
    }
    const above = occluders[win];
    if (above && above.some((o) => intersectionArea(o, rect) > 0)) {
      const visible = largestUncovered(rect, above);
      const visibleArea = rectArea(visible);
      if (visibleArea < VH_RULES.minVisibleShare * area) {
        counts.droppedOccluded++;
        continue;
      }
      rect = visible;
      area = visibleArea;
    }
    const item: Item = {
      node,
      rect,
      area,
      label: cap(elementLabel(node), VH_LIMITS.maxLabel),
      container: (node.flags & INTERACTIVE_FLAGS) === FLAG.scrollable,
      window: win,
    };
    if (node.flags & INTERACTIVE_FLAGS) {
      if (Math.min(rect[2] - rect[0], rect[3] - rect[1]) <= minSide) {
        counts.droppedSmall++;
        // Its label still tells the model something; it takes part in the merge like plain text.
        if (item.label) labelled.push(item);
      } else candidates.push(item);
    } else if (item.label) labelled.push(item);
  }
  return { candidates, labelled, counts };
}

/** MobA's overlap rule, smallest first; a rejected candidate's label joins `labelled`. */
function chooseInteractive(candidates: Item[], labelled: Item[], screen: ScreenSize) {
  // Smallest first; among equal areas the deeper node, which names the control more precisely.
  candidates.sort((a, b) => a.area - b.area || b.node.depth - a.node.depth || a.node.order - b.node.order);
  // Controls and scrollable containers are chosen apart, each against its own kind.
  const controls = new Chosen(screen);
  const containers = new Chosen(screen);
  let droppedOverlap = 0;
  for (const c of candidates) {
    const chosen = c.container ? containers : controls;
    if (chosen.overlapsTooMuch(c)) {
      droppedOverlap++;
      if (c.label) labelled.push(c);
      continue;
    }
    chosen.add(c);
  }
  return { controls, containers, droppedOverlap };
}

/** Each label into the control that contains it best (by control index), or a text-only item of its own. */
function mergeLabels(labelled: Item[], controls: Chosen): { merged: Map<number, Item[]>; textOnly: Item[] } {
  const merged = new Map<number, Item[]>();
  const textOnly: Item[] = [];
  const seenTextOnly = new Set<string>();
  labelled.sort((a, b) => a.node.order - b.node.order);
  for (const t of labelled) {
    const host = bestContainer(t, controls.items, controls.grid);
    if (host >= 0) {
      const list = merged.get(host);
      if (list) list.push(t);
      else merged.set(host, [t]);
      continue;
    }
    // Nested views often repeat one label over the same box; the model needs it once.
    const r = t.rect;
    const key = `${r[0]},${r[1]},${r[2]},${r[3]}\u0000${t.label}`;
    if (seenTextOnly.has(key)) continue;
    seenTextOnly.add(key);
    textOnly.push(t);
  }
  return { merged, textOnly };
}

/** The elements in reading order; interactive ones numbered 1..N, text-only ones -1. */
function indexedElements(
  controls: readonly Item[],
  merged: Map<number, Item[]>,
  containers: readonly Item[],
  textOnly: readonly Item[],
): UiElement[] {
  const built: Array<{ item: Item; element: UiElement; interactive: boolean }> = [];
  controls.forEach((item, i) =>
    built.push({ item, element: toElement(item, mergedText(item, merged.get(i))), interactive: true }),
  );
  for (const item of containers)
    built.push({ item, element: toElement(item, cap(item.node.text, VH_LIMITS.maxLabel)), interactive: true });
  for (const item of textOnly)
    built.push({ item, element: toElement(item, cap(item.node.text, VH_LIMITS.maxLabel)), interactive: false });
  built.sort(
    (a, b) =>
      a.element.center[1] - b.element.center[1] ||
      a.element.center[0] - b.element.center[0] ||
      a.item.node.order - b.item.node.order,
  );
  let next = 1;
  for (const b of built) b.element.index = b.interactive ? next++ : -1;
  return built.map((b) => b.element);
}

/** Interactive elements chosen so far (of one kind), with a grid for the overlap queries. */
class Chosen {
  readonly items: Item[] = [];
  /** Made on the first element: many screens have no scrollable container at all. */
  grid: SpatialGrid | undefined;
  private readonly screen: { width: number; height: number };

  constructor(screen: { width: number; height: number }) {
    this.screen = screen;
  }

  add(item: Item): void {
    this.grid ??= new SpatialGrid(this.screen.width, this.screen.height);
    this.grid.insert(this.items.length, item.rect);
    this.items.push(item);
  }

  /** MobA's rule: one chosen element covers > 25 % of `c`, or all of them together > 60 %. */
  overlapsTooMuch(c: Item): boolean {
    if (!this.grid) return false;
    const single = VH_RULES.maxSingleOverlap * c.area;
    const total = VH_RULES.maxTotalOverlap * c.area;
    let sum = 0;
    let reject = false;
    this.grid.query(c.rect, (id) => {
      const s = this.items[id];
      if (!s) return true;
      const inter = intersectionArea(c.rect, s.rect);
      sum += inter;
      if (inter > single || sum > total) reject = true;
      return !reject;
    });
    return reject;
  }
}

/** Per window (document order), the screen-clipped bounds of the windows stacked above it. */
function windowOccluders(dump: ParsedDump, screen: ScreenSize): Rect[][] {
  if (dump.windows.length < 2) return [];
  const packages: string[] = [];
  for (const n of dump.nodes) if (n.depth === 0) packages.push(n.packageName);
  return occludersByWindow(
    dump.windows.map((w, i) => ({ bounds: clipRect(w, screen.width, screen.height), packageName: packages[i] ?? '' })),
  );
}

/**
 * The chosen element that holds at least 65 % of `t`: the smallest such (the most specific
 * control), then the one holding more of it, then the one chosen first. -1 when none.
 */
function bestContainer(t: Item, selected: Item[], grid: SpatialGrid | undefined): number {
  let best = -1;
  if (!grid) return best;
  let bestArea = Infinity;
  let bestShare = 0;
  grid.query(t.rect, (id) => {
    const s = selected[id];
    // A label belongs to its own window; another window's element merely lies beside or over it.
    if (!s || s.node === t.node || s.window !== t.window) return true;
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

/**
 * Merged labels in reading order, then the element's own text; repeats are left out, and the
 * whole is cut at {@link VH_LIMITS.maxElementText}.
 */
function mergedText(item: Item, parts: Item[] | undefined): string {
  const own = cap(item.node.text, VH_LIMITS.maxLabel);
  if (!parts) return own;
  const ordered = [...parts].sort((a, b) => {
    const ca = rectCenter(a.rect);
    const cb = rectCenter(b.rect);
    return ca[1] - cb[1] || ca[0] - cb[0] || a.node.order - b.node.order;
  });
  const seen = new Set<string>();
  const out: string[] = [];
  let length = 0;
  for (const p of [...ordered.map((o) => o.label), own]) {
    const trimmed = p.trim();
    if (!trimmed || seen.has(trimmed)) continue;
    seen.add(trimmed);
    out.push(trimmed);
    length += trimmed.length + MERGE_SEPARATOR.length;
    if (length > VH_LIMITS.maxElementText) break;
  }
  return cap(out.join(MERGE_SEPARATOR), VH_LIMITS.maxElementText);
}

function toElement(item: Item, text: string): UiElement {
  const n = item.node;
  return {
    index: -1,
    bounds: item.rect,
    center: rectCenter(item.rect),
    text,
    contentDesc: cap(n.contentDesc, VH_LIMITS.maxLabel),
    resourceId: n.resourceId,
    className: n.className,
    packageName: n.packageName,
    trueAttributes: FLAG_NAMES.filter((_, i) => n.flags & (1 << i)),
  };
}

function resolveScreen(dump: ParsedDump, given: ProcessOptions['screen']): ScreenSize {
  if (given) {
    const { width, height } = given;
    if (!isSide(width) || !isSide(height))
      throw new MobaError(
        'INVALID_INPUT',
        `Invalid screen size ${String(width)}x${String(height)}: expected whole numbers 1–${MAX_SCREEN_SIDE}.`,
      );
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
  if (width <= 0 || height <= 0)
    throw new MobaError(
      'DUMP_INVALID',
      'Cannot infer the screen size: every top-level window of the dump has empty bounds. Pass the screen size.',
    );
  if (width > MAX_SCREEN_SIDE || height > MAX_SCREEN_SIDE)
    throw new MobaError(
      'DUMP_INVALID',
      `The dump implies an absurd screen size ${width}x${height}; pass the real screen size.`,
    );
  return { width, height, rotation: dump.rotation };
}

function isSide(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_SCREEN_SIDE;
}
