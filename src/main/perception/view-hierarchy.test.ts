import { describe, expect, it } from 'vitest';
import { PerceptionStats, ScreenSize, UiElement } from '../../shared/schemas/perception.ts';
import { dumpFixtureNames, fixturesDir, readDumpFixture } from '../../../test/support/fixtures.ts';
import { FLAG, INTERACTIVE_FLAGS, parseDump, parseDumpGeneral } from './dump-parse.ts';
import type { RawNode } from './dump-parse.ts';
import { elementLabel } from './element-info.ts';
import { clipRect, intersectionArea, rectArea } from './geometry.ts';
import type { Rect } from './geometry.ts';
import { MERGE_SEPARATOR, VH_RULES, processViewHierarchy } from './view-hierarchy.ts';
import { largestUncovered, occludersByWindow } from './window-stack.ts';

const NAMES = dumpFixtureNames();

function withoutTime(r: ReturnType<typeof processViewHierarchy>) {
  return { ...r, stats: { ...r.stats, ms: 0 } };
}

/** Scrolls but cannot be clicked or long-pressed: a list, not a control. */
const isContainer = (e: UiElement) =>
  e.trueAttributes.includes('scrollable') &&
  !e.trueAttributes.includes('clickable') &&
  !e.trueAttributes.includes('long-clickable');

/**
 * The enabled nodes with what of them is visible: clipped to the screen and cut by the windows
 * stacked above theirs (null when nothing, or less than the rule's share, is left).
 */
function visibleNodes(
  xml: string,
  screen: { width: number; height: number },
): Array<{ node: RawNode; rect: Rect | null }> {
  const dump = parseDump(xml);
  const roots = dump.nodes.filter((n) => n.depth === 0);
  const occluders = occludersByWindow(
    roots.map((n) => ({ bounds: clipRect(n.bounds, screen.width, screen.height), packageName: n.packageName })),
  );
  let win = -1;
  const out: Array<{ node: RawNode; rect: Rect | null }> = [];
  for (const node of dump.nodes) {
    if (node.depth === 0) win++;
    if (!node.enabled) continue;
    const clipped = clipRect(node.bounds, screen.width, screen.height);
    const area = rectArea(clipped);
    const visible = area === 0 ? clipped : largestUncovered(clipped, occluders[win] ?? []);
    out.push({ node, rect: area > 0 && rectArea(visible) >= VH_RULES.minVisibleShare * area ? visible : null });
  }
  return out;
}

describe('processViewHierarchy on the 14 real dumps', () => {
  it('has all 14 fixtures, and fails loudly when MOBA_FIXTURES points nowhere', () => {
    expect(NAMES).toHaveLength(14);
    const saved = process.env.MOBA_FIXTURES;
    process.env.MOBA_FIXTURES = '/nonexistent/moba-fixtures';
    try {
      expect(() => fixturesDir()).toThrow(/fixtures are missing: \/nonexistent\/moba-fixtures does not exist/);
    } finally {
      if (saved === undefined) delete process.env.MOBA_FIXTURES;
      else process.env.MOBA_FIXTURES = saved;
    }
  });

  it.each(NAMES)('%s: valid, deterministic, indices 1..N in reading order', (name) => {
    const xml = readDumpFixture(name);
    const a = processViewHierarchy(xml);
    const b = processViewHierarchy(xml);
    expect(withoutTime(a)).toEqual(withoutTime(b));
    ScreenSize.parse(a.screen);
    PerceptionStats.parse(a.stats);
    for (const e of a.elements) UiElement.parse(e);

    expect(a.stats.rawNodes).toBe(xml.match(/<node[\s>]/g)?.length);
    const interactive = a.elements.filter((e) => e.index > 0);
    expect(interactive.map((e) => e.index)).toEqual(interactive.map((_, i) => i + 1));
    expect(a.elements.filter((e) => e.index !== -1 && e.index <= 0)).toEqual([]);
    expect(interactive).toHaveLength(a.stats.interactive);
    expect(a.elements.length - interactive.length).toBe(a.stats.textOnly);
    for (let i = 1; i < a.elements.length; i++) {
      const p = a.elements[i - 1] as UiElement;
      const q = a.elements[i] as UiElement;
      expect(p.center[1] < q.center[1] || (p.center[1] === q.center[1] && p.center[0] <= q.center[0])).toBe(true);
    }
    for (const e of a.elements) {
      expect(e.bounds[0]).toBeGreaterThanOrEqual(0);
      expect(e.bounds[1]).toBeGreaterThanOrEqual(0);
      expect(e.bounds[2]).toBeLessThanOrEqual(a.screen.width);
      expect(e.bounds[3]).toBeLessThanOrEqual(a.screen.height);
      expect(rectArea(e.bounds)).toBeGreaterThan(0);
      if (e.index > 0)
        expect(Math.min(e.bounds[2] - e.bounds[0], e.bounds[3] - e.bounds[1])).toBeGreaterThan(VH_RULES.minSide);
      else expect(elementLabel(e) || e.text).not.toBe('');
    }
  });

  it.each(NAMES)('%s: the fast reader and saxes read the same nodes', (name) => {
    const xml = readDumpFixture(name);
    expect(parseDump(xml)).toEqual(parseDumpGeneral(xml));
  });

  it.each(NAMES)(
    '%s: no interactive node is lost unless a rule drops it, and kept ones obey the overlap rules',
    (name) => {
      const xml = readDumpFixture(name);
      const { screen, elements } = processViewHierarchy(xml);
      const kept = elements.filter((e) => e.index > 0);
      for (const { node: n, rect: r } of visibleNodes(xml, screen)) {
        if (!(n.flags & INTERACTIVE_FLAGS) || !r) continue; // off-screen or hidden under a window: not an element
        const area = rectArea(r);
        if (Math.min(r[2] - r[0], r[3] - r[1]) <= VH_RULES.minSide) continue; // dropped as small
        const same = kept.find(
          (e) => e.bounds.join() === r.join() && e.className === n.className && e.resourceId === n.resourceId,
        );
        if (same) continue;
        // Otherwise the overlap rule must explain it, against the kept elements of its own kind.
        const rivals = kept.filter((e) => isContainer(e) === ((n.flags & INTERACTIVE_FLAGS) === FLAG.scrollable));
        const overlaps = rivals.map((e) => intersectionArea(r, e.bounds));
        const single = Math.max(0, ...overlaps);
        const total = overlaps.reduce((s, v) => s + v, 0);
        expect(
          single > VH_RULES.maxSingleOverlap * area || total > VH_RULES.maxTotalOverlap * area,
          `${n.className} ${n.bounds.join()} was dropped without reason`,
        ).toBe(true);
      }
      for (const e of kept) {
        const area = rectArea(e.bounds);
        const smaller = kept.filter((k) => k !== e && isContainer(k) === isContainer(e) && rectArea(k.bounds) < area);
        const overlaps = smaller.map((k) => intersectionArea(e.bounds, k.bounds));
        expect(Math.max(0, ...overlaps)).toBeLessThanOrEqual(VH_RULES.maxSingleOverlap * area);
        expect(overlaps.reduce((s, v) => s + v, 0)).toBeLessThanOrEqual(VH_RULES.maxTotalOverlap * area);
      }
    },
  );

  it.each(NAMES)('%s: every label survives: merged into the smallest control holding it, or kept as text', (name) => {
    const xml = readDumpFixture(name);
    const { screen, elements } = processViewHierarchy(xml);
    const controls = elements.filter((e) => e.index > 0 && !isContainer(e));
    for (const { node: n, rect: r } of visibleNodes(xml, screen)) {
      if (n.flags & INTERACTIVE_FLAGS || !elementLabel(n) || !r) continue;
      const area = rectArea(r);
      const label = elementLabel(n).trim();
      const hosts = controls.filter((e) => intersectionArea(r, e.bounds) / area >= VH_RULES.mergeContainment);
      if (hosts.length > 0) {
        const smallest = Math.min(...hosts.map((h) => rectArea(h.bounds)));
        const host = hosts.filter((h) => rectArea(h.bounds) === smallest);
        expect(
          host.some((h) => h.text.split(MERGE_SEPARATOR).includes(label)),
          `"${label}" not merged into ${host.map((h) => h.index)}`,
        ).toBe(true);
      } else {
        expect(
          elements.some((e) => e.index === -1 && e.bounds.join() === r.join() && elementLabel(e) === elementLabel(n)),
          `"${label}" lost`,
        ).toBe(true);
      }
    }
  });

  it.each(NAMES)('%s: scrollable containers are elements and take no merged labels', (name) => {
    const xml = readDumpFixture(name);
    const { elements } = processViewHierarchy(xml);
    for (const e of elements.filter((x) => x.index > 0 && isContainer(x))) {
      const raw = parseDump(xml).nodes.find(
        (n) =>
          n.className === e.className &&
          n.resourceId === e.resourceId &&
          (n.flags & INTERACTIVE_FLAGS) === FLAG.scrollable,
      );
      expect(e.text).toBe(raw?.text ?? '');
    }
  });

  it('infers the screen from the windows: dialog root (07), status bar first (13), floating window (14), rotation (10), watch (12)', () => {
    expect(processViewHierarchy(readDumpFixture('07')).screen).toEqual({ width: 1053, height: 1335, rotation: 0 });
    expect(processViewHierarchy(readDumpFixture('13')).screen).toEqual({ width: 720, height: 1280, rotation: 0 });
    expect(processViewHierarchy(readDumpFixture('14')).screen).toEqual({ width: 1520, height: 2064, rotation: 0 });
    expect(processViewHierarchy(readDumpFixture('10')).screen).toEqual({ width: 2780, height: 1264, rotation: 1 });
    expect(processViewHierarchy(readDumpFixture('12')).screen).toEqual({ width: 466, height: 466, rotation: 0 });
    expect(processViewHierarchy(readDumpFixture('06')).screen).toEqual({ width: 1080, height: 2340, rotation: 0 });
  });

  it('uses the given screen size (the device knows better than a dialog-only dump)', () => {
    const r = processViewHierarchy(readDumpFixture('07'), { screen: { width: 1080, height: 2400 } });
    expect(r.screen).toEqual({ width: 1080, height: 2400, rotation: 0 });
    const ok = r.elements.find((e) => e.index === 1);
    expect(ok?.bounds).toEqual([800, 1131, 976, 1280]);
    expect(ok?.center).toEqual([888, 1205]);
  });

  it('keeps emoji from numeric references, Chinese, Korean, non-ASCII punctuation and &#10; intact', () => {
    const all = (n: string) =>
      processViewHierarchy(readDumpFixture(n))
        .elements.map((e) => `${e.text}\u0001${e.contentDesc}`)
        .join('\u0002');
    const whatsapp = all('03');
    expect(whatsapp).toContain('\u{1F389}'); // &#127881;
    expect(whatsapp).toContain('\u{1F48D}'); // &#128141;
    expect(whatsapp).toContain('\u200e'); // the LTR mark stays in the content-desc
    expect(all('05')).toMatch(/\p{Script=Han}{2}/u);
    expect(all('13')).toMatch(/\p{Script=Han}{2}/u);
    expect(all('09')).toMatch(/\p{Script=Hangul}{2}/u);
    expect(all('02')).toContain('–'); // the anonymised Polish screen kept only its en dashes
    expect(all('12')).toMatch(/\p{Script=Han}\n/u);
    // &amp; and &gt; resolved once (those web nodes are off-screen, so look at the raw nodes).
    const web = parseDump(readDumpFixture('08'))
      .nodes.map((n) => n.contentDesc)
      .join('\n');
    expect(web).toMatch(/&(?!amp;)/);
    expect(web).not.toContain('&amp;');
    expect(whatsapp).not.toMatch(/&#\d+;/);
  });

  it('merges the row texts into the row (WhatsApp chat list)', () => {
    const { elements } = processViewHierarchy(readDumpFixture('03'));
    const rows = elements.filter((e) => e.resourceId === 'com.whatsapp:id/contact_row_container');
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.text.split(MERGE_SEPARATOR).length).toBeGreaterThanOrEqual(2);
  });

  it('reads bytes, a BOM, CRLF pretty-printing and UTF-16 the same as the plain text', () => {
    const xml = readDumpFixture('05');
    const expected = withoutTime(processViewHierarchy(xml));
    expect(withoutTime(processViewHierarchy(new TextEncoder().encode(xml)))).toEqual(expected);
    expect(withoutTime(processViewHierarchy(`\ufeff${xml}`))).toEqual(expected);
    expect(withoutTime(processViewHierarchy(xml.replaceAll('><', '>\r\r\n  <')))).toEqual(expected);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    expect(withoutTime(processViewHierarchy(new Uint8Array(utf16)))).toEqual(expected);
  });

  it('handles the odd ones: no clickable node (10), negative bounds (11), 468 zero-size web nodes (08)', () => {
    const game = processViewHierarchy(readDumpFixture('10'));
    expect(game.stats.interactive).toBe(0);
    expect(game.elements).toEqual([expect.objectContaining({ index: -1, contentDesc: expect.any(String) as unknown })]);
    const picsart = processViewHierarchy(readDumpFixture('11'));
    expect(picsart.stats.droppedOffscreen).toBeGreaterThanOrEqual(17 - 2); // two of them are disabled
    const web = processViewHierarchy(readDumpFixture('08'));
    expect(web.stats.droppedOffscreen).toBe(468);
  });
});
