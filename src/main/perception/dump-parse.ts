import { SaxesParser } from 'saxes';
import type { SaxesTagPlain } from 'saxes';
import { MobaError } from '../../shared/errors.ts';
import type { Rect } from './geometry.ts';
import { SLOT, scanDump, toScannedTag } from './dump-scan.ts';
import type { ScannedTag } from './dump-scan.ts';

/** The boolean attributes worth keeping, as bits; everything else in a node is dropped. */
export const FLAG_NAMES = [
  'clickable',
  'long-clickable',
  'scrollable',
  'checkable',
  'checked',
  'focusable',
  'focused',
  'selected',
  'password',
  'NAF',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];
export const FLAG: Readonly<Record<FlagName, number>> = Object.fromEntries(
  FLAG_NAMES.map((n, i) => [n, 1 << i]),
) as Record<FlagName, number>;
export const INTERACTIVE_FLAGS = FLAG.clickable | FLAG['long-clickable'] | FLAG.scrollable;

/** One `<node>` with only the attributes perception uses. */
export interface RawNode {
  /** Position in document order, 0-based. */
  order: number;
  /** 0 for a top-level window. */
  depth: number;
  bounds: Rect;
  text: string;
  contentDesc: string;
  resourceId: string;
  className: string;
  packageName: string;
  flags: number;
  enabled: boolean;
}

export interface ParsedDump {
  rotation: number;
  nodes: RawNode[];
  /** Bounds of the top-level `<node>`s (the windows), in document order. */
  windows: Rect[];
}

/** A dump this big is not a screen; it is refused before it can exhaust memory. */
export const MAX_DUMP_NODES = 250_000;

const BOUNDS_RE = /^\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*$/;

/**
 * Parses uiautomator XML (any number of top-level windows, vendor attributes, numeric
 * character references, any line ends) into raw nodes. Elements other than `<node>` are
 * ignored, but their `<node>` descendants are kept. Dumps in the plain subset that devices
 * write go through a fast strict reader; anything else through saxes, after `beforeGeneral`
 * (which may throw a more precise error than saxes would give).
 *
 * @throws MobaError DUMP_INVALID when the text is not well-formed XML, has no `<node>`,
 *   has a node without valid `bounds`, or has more than {@link MAX_DUMP_NODES} nodes.
 */
export function parseDump(xml: string, options: { beforeGeneral?: (xml: string) => void } = {}): ParsedDump {
  let collector = new Collector();
  if (!scanDump(xml, collector)) {
    options.beforeGeneral?.(xml);
    collector = new Collector();
    parseWithSaxes(xml, collector);
  }
  return collector.result();
}

/** {@link parseDump} through saxes alone: the reference the fast reader is tested against. */
export function parseDumpGeneral(xml: string): ParsedDump {
  const collector = new Collector();
  parseWithSaxes(xml, collector);
  return collector.result();
}

/** Builds the result from open/close events, whichever reader produces them. */
class Collector {
  readonly nodes: RawNode[] = [];
  readonly windows: Rect[] = [];
  rotation = 0;
  private nodeDepth = 0;
  // One entry per open element: was it a <node>?
  private readonly isNodeStack: boolean[] = [];

  open(tag: ScannedTag): void {
    const isNode = tag.name === 'node';
    if (isNode) {
      if (this.nodes.length >= MAX_DUMP_NODES)
        throw invalid(`The view-hierarchy dump has more than ${MAX_DUMP_NODES} nodes; that is not a screen.`);
      const node = toRawNode(tag.known, this.nodes.length, this.nodeDepth);
      this.nodes.push(node);
      if (this.nodeDepth === 0) this.windows.push(node.bounds);
      this.nodeDepth++;
    } else if (tag.name === 'hierarchy') {
      const r = Number(tag.known[SLOT.rotation]);
      this.rotation = Number.isInteger(r) && r >= 0 && r <= 3 ? r : 0;
    }
    this.isNodeStack.push(isNode);
  }

  close(): void {
    if (this.isNodeStack.pop()) this.nodeDepth--;
  }

  result(): ParsedDump {
    if (this.nodes.length === 0)
      throw invalid('The view-hierarchy dump has no <node> elements (not a uiautomator dump, or an empty screen).');
    return { rotation: this.rotation, nodes: this.nodes, windows: this.windows };
  }
}

function parseWithSaxes(xml: string, collector: Collector): void {
  const parser = new SaxesParser({ position: true });
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
    throw error;
  });
  parser.on('opentag', (tag) => collector.open(toScannedTag(tag.name, (tag as SaxesTagPlain).attributes)));
  // saxes reports a close for self-closing tags too, so every open has exactly one close.
  parser.on('closetag', () => collector.close());
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof MobaError) throw error;
    const reason = (failure ?? (error as Error)).message;
    throw new MobaError(
      'DUMP_INVALID',
      `The view-hierarchy dump is not well-formed XML (truncated or not a dump): ${reason}`,
      { cause: error },
    );
  }
}

// Slots of the flags, in FLAG_NAMES order.
const FLAG_SLOTS = FLAG_NAMES.map((n) => SLOT[n]);

function toRawNode(a: ReadonlyArray<string | undefined>, order: number, depth: number): RawNode {
  const boundsText = a[SLOT.bounds];
  const bounds = boundsText === undefined ? null : parseBounds(boundsText);
  if (!bounds)
    throw invalid(
      `Node ${order + 1} of the view-hierarchy dump has ${boundsText === undefined ? 'no bounds' : `invalid bounds "${boundsText.slice(0, 60)}"`}; expected "[x1,y1][x2,y2]".`,
    );
  let flags = 0;
  for (let i = 0; i < FLAG_SLOTS.length; i++) if (a[FLAG_SLOTS[i] as number] === 'true') flags |= 1 << i;
  return {
    order,
    depth,
    bounds,
    text: a[SLOT.text] ?? '',
    contentDesc: a[SLOT['content-desc']] ?? '',
    resourceId: a[SLOT['resource-id']] ?? '',
    className: a[SLOT.class] ?? '',
    packageName: a[SLOT.package] ?? '',
    flags,
    // A dump without the attribute predates it; such nodes were usable.
    enabled: a[SLOT.enabled] !== 'false',
  };
}

/**
 * `[x1,y1][x2,y2]` as devices write it, read over char codes; anything else (spaces, signs,
 * odd forms) goes to the lenient regular expression. Null when neither reads it.
 */
export function parseBounds(s: string): Rect | null {
  const out: number[] = [];
  let p = 0;
  const n = s.length;
  for (let k = 0; k < 4; k++) {
    if (s.charCodeAt(p) !== (k % 2 === 0 ? 0x5b : 0x2c)) return slowBounds(s);
    p++;
    let v = 0;
    const start = p;
    for (let c = s.charCodeAt(p); c >= 0x30 && c <= 0x39; c = s.charCodeAt(++p)) v = v * 10 + (c - 0x30);
    if (p === start || p - start > 9) return slowBounds(s);
    out.push(v);
    if (k % 2 === 1) {
      if (s.charCodeAt(p) !== 0x5d) return slowBounds(s);
      p++;
    }
  }
  return p === n ? [out[0] as number, out[1] as number, out[2] as number, out[3] as number] : slowBounds(s);
}

function slowBounds(s: string): Rect | null {
  const m = BOUNDS_RE.exec(s);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])] : null;
}

function invalid(message: string): MobaError {
  return new MobaError('DUMP_INVALID', message);
}
