/**
 * The simulated phone's view-hierarchy dumps against real ones (../shared/fixtures): `uiautomator
 * dump` covers the active window only — the dialog alone when one is open, never the keyboard
 * or the window beneath (like 01, 07 and 14) — while the uiautomator2 server lists every window
 * as separate roots with its extra attributes (like 06 and 13).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedPhone } from '@moba/sim';
import type { SimulatedPhone } from '@moba/sim';
import { parseDump, tapOn } from '@moba/sim/testing';
import { readDumpFixture } from '../support/fixtures.ts';

let phone: SimulatedPhone;

beforeAll(async () => {
  phone = await createSimulatedPhone({ seed: 5, freezeClock: true });
});

afterAll(async () => {
  await phone?.close();
});

/** The attribute names of every node, in order (what a parser that reads by position sees). */
function attributeOrders(xml: string): string[] {
  return [
    ...new Set(
      [...xml.matchAll(/<node\b([^>]*?)\/?>/g)].map((m) =>
        [...(m[1] ?? '').matchAll(/([\w-]+)="/g)].map((a) => a[1]).join(' '),
      ),
    ),
  ];
}

const roots = (xml: string) => parseDump(xml).filter((n) => n.depth === 0);
const inputMethods = (xml: string) => parseDump(xml).filter((n) => /inputmethod/.test(n.packageName));

describe('view-hierarchy dumps and the windows they cover', () => {
  it('at home, like 01: one full-screen root in the classic attribute order', async () => {
    const real = readDumpFixture('01');
    const ours = await phone.dumpUi({ compressed: false });
    expect(attributeOrders(ours)).toEqual(attributeOrders(real));
    expect(roots(real).map((r) => r.bounds)).toEqual([{ left: 0, top: 0, right: 1080, bottom: 2400 }]);
    expect(roots(ours).map((r) => r.bounds)).toEqual([{ left: 0, top: 0, right: 1080, bottom: 2400 }]);
    expect(ours).toMatch(/^<\?xml version='1\.0' encoding='UTF-8' standalone='yes' \?><hierarchy rotation="0">/);
  });

  it('with a dialog, like 07 and 14: the dialog window alone, not at the origin, nothing of the app beneath', async () => {
    await phone.startActivity({ component: 'com.android.deskclock/.DeskClock' });
    await tapOn(phone, { desc: 'Add alarm' });
    const ours = await phone.dumpUi({ compressed: false });
    for (const real of [readDumpFixture('07'), readDumpFixture('14')]) {
      const [root, ...others] = roots(real);
      expect(others).toEqual([]);
      expect(root?.bounds.left).toBeGreaterThan(0);
      expect(new Set(parseDump(real).map((n) => n.packageName)).size).toBe(1);
    }
    const [root, ...others] = roots(ours);
    expect(others).toEqual([]);
    expect(root?.bounds.left).toBeGreaterThan(0);
    expect(root?.bounds.top).toBeGreaterThan(0);
    expect(new Set(parseDump(ours).map((n) => n.packageName))).toEqual(new Set(['com.android.deskclock']));
    // The alarm list under the dialog is not in the dump.
    expect(parseDump(ours).some((n) => n.contentDesc === 'Add alarm')).toBe(false);
    expect(attributeOrders(ours)).toEqual(attributeOrders(readDumpFixture('07')));
    await phone.keyevent(4);
  });

  it('with the keyboard up, like 06: uiautomator2 lists it as its own window, uiautomator dump leaves it out', async () => {
    await phone.startActivity({ component: 'com.moba.notes/.MainActivity' });
    await tapOn(phone, { id: 'fab_new_note' });
    expect(await phone.keyboardShown()).toBe(true);
    const real = readDumpFixture('06');
    const realRoots = roots(real);
    expect(realRoots.length).toBeGreaterThan(2);
    expect(realRoots.some((r) => /inputmethod/.test(r.packageName))).toBe(true);
    expect(realRoots.some((r) => r.packageName === 'com.android.systemui')).toBe(true);

    const all = await phone.dumpUi({ compressed: false, allWindows: true });
    const ourRoots = roots(all).map((r) => r.packageName);
    expect(ourRoots).toEqual([
      'com.android.systemui',
      'com.moba.notes',
      'com.android.inputmethod.latin',
      'com.android.systemui',
    ]);
    expect(inputMethods(all).length).toBeGreaterThan(26);
    // uiautomator2's newer layout (13): visible-to-user, then drawing-order, hint, display-id after bounds.
    // Android prefixes `NAF="true"` to clickable nodes with no text or description beneath them;
    // the simulated phone writes no NAF (a known difference in the package README), so the real
    // dump's order is compared without it.
    const realOrders = [...new Set(attributeOrders(readDumpFixture('13')).map((o) => o.replace(/^NAF /, '')))];
    expect(attributeOrders(all)).toEqual(realOrders);

    const active = await phone.dumpUi({ compressed: false });
    expect(roots(active).map((r) => r.packageName)).toEqual(['com.moba.notes']);
    expect(inputMethods(active)).toEqual([]);
    await phone.keyevent(4);
    await phone.keyevent(4);
  });
});
