/**
 * AppAgent's own element rule (its released code): every clickable node, then every focusable
 * node, in document order; a node whose centre lies within 30 px of an element already kept is
 * dropped. Labels 1..N follow that order (clickables first). Two things this project adds so the
 * rule works on multi-window dumps and in a text prompt: nodes hidden under a window drawn
 * above theirs (a dialog, the keyboard) are left out, and an element without its own text or
 * description is labelled with the first text inside it.
 */
import type { UiElement } from '../../../../shared/schemas/perception.ts';
import { decodeDumpBytes, prepareDumpText, checkDumpText } from '../../../perception/dump-decode.ts';
import { FLAG, FLAG_NAMES, parseDump } from '../../../perception/dump-parse.ts';
import type { RawNode } from '../../../perception/dump-parse.ts';
import { clipRect, rectArea, rectCenter } from '../../../perception/geometry.ts';
import type { Rect } from '../../../perception/geometry.ts';
import { largestUncovered, occludersByWindow } from '../../../perception/window-stack.ts';

/** AppAgent's MIN_DIST: elements whose centres are this close count as one. */
export const APPAGENT_MIN_DIST = 30;
/** A node less visible than this share (under a window above it) is not offered. */
const MIN_VISIBLE_SHARE = 0.5;

interface Candidate {
  node: RawNode;
  rect: Rect;
  label: string;
}

function flagsOf(node: RawNode): string[] {
  return FLAG_NAMES.filter((f) => (node.flags & FLAG[f]) !== 0);
}

/**
 * AppAgent's elements of one uiautomator dump.
 * @throws MobaError DUMP_INVALID for a dump that cannot be read
 */
export function appAgentElements(xml: string | Uint8Array, screen: { width: number; height: number }): UiElement[] {
  const text = prepareDumpText(typeof xml === 'string' ? xml : decodeDumpBytes(xml));
  const dump = parseDump(text, { beforeGeneral: checkDumpText });
  const packages: string[] = [];
  for (const n of dump.nodes) if (n.depth === 0) packages.push(n.packageName);
  const occluders =
    dump.windows.length > 1
      ? occludersByWindow(
          dump.windows.map((w, i) => ({
            bounds: clipRect(w, screen.width, screen.height),
            packageName: packages[i] ?? '',
          })),
        )
      : [];

  const clickables: Candidate[] = [];
  const focusables: Candidate[] = [];
  // Open ancestors that may take a descendant's text as their label.
  const open: Array<{ depth: number; candidate: Candidate | null }> = [];
  let win = -1;
  for (const node of dump.nodes) {
    if (node.depth === 0) win++;
    while (open.length && open.at(-1)!.depth >= node.depth) open.pop();
    let candidate: Candidate | null = null;
    const wanted = node.enabled && (node.flags & (FLAG.clickable | FLAG.focusable)) !== 0;
    if (wanted) {
      let rect = clipRect(node.bounds, screen.width, screen.height);
      const area = rectArea(rect);
      const above = occluders[win] ?? [];
      if (area > 0 && above.length) {
        const visible = largestUncovered(rect, above);
        rect = rectArea(visible) >= MIN_VISIBLE_SHARE * area ? visible : [0, 0, 0, 0];
      }
      if (rectArea(rect) > 0) {
        candidate = { node, rect, label: (node.text || node.contentDesc).trim() };
        if (node.flags & FLAG.clickable) clickables.push(candidate);
        else focusables.push(candidate);
      }
    }
    const own = (node.text || node.contentDesc).trim();
    if (own && !candidate) {
      const host = [...open].reverse().find((o) => o.candidate && !o.candidate.label)?.candidate;
      if (host) host.label = own;
    }
    open.push({ depth: node.depth, candidate });
  }

  const kept: Candidate[] = [];
  const centres: Array<[number, number]> = [];
  for (const c of [...clickables, ...focusables]) {
    const [x, y] = rectCenter(c.rect);
    if (centres.some(([cx, cy]) => Math.hypot(cx - x, cy - y) <= APPAGENT_MIN_DIST)) continue;
    kept.push(c);
    centres.push([x, y]);
  }
  return kept.map((c, i) => ({
    index: i + 1,
    bounds: c.rect,
    center: rectCenter(c.rect),
    text: c.node.text || (c.node.contentDesc ? '' : c.label),
    contentDesc: c.node.contentDesc,
    resourceId: c.node.resourceId,
    className: c.node.className,
    packageName: c.node.packageName,
    trueAttributes: flagsOf(c.node),
  }));
}
