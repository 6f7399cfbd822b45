/**
 * AppAgent's device layer (mnotgod96/AppAgent, scripts/and_controller.py) against the
 * simulated phone through the real adb CLI, replaying its commands (`wm size`, `screencap -p`
 * + pull, `uiautomator dump` + pull, `input tap|text|swipe`, `input keyevent KEYCODE_BACK`)
 * and reading the dump the way its `traverse_tree` does (clickable and focusable elements,
 * 30 px apart, named from resource-id, class, size and short content-desc).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedPhone, startSimulatorServer } from '../src/index.ts';
import type { SimulatedPhone, SimulatorServer } from '../src/index.ts';
import { decodePng, parseDump } from '../src/testing/ui-dump.ts';
import type { DumpNode } from '../src/testing/ui-dump.ts';
import { startAdbServer, tempDir } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';

let phone: SimulatedPhone;
let sim: SimulatorServer;
let adb: PrivateAdbServer;
let serial: string;
let saveDir: { path: string; dispose(): void };

/** `adb -s <device> <args>`, as AppAgent's execute_adb runs it (stdout stripped, "ERROR" on failure). */
async function executeAdb(...args: string[]): Promise<string> {
  const result = await adb.adb(['-s', serial, ...args]);
  return result.code === 0 ? result.stdout.toString().trim() : 'ERROR';
}

interface Element {
  uid: string;
  bbox: [[number, number], [number, number]];
  attrib: string;
}

/** AppAgent's element name: resource-id (":" → ".", "/" → "_") or class_w_h, plus a short content-desc. */
function elementId(node: DumpNode): string {
  const { left, top, right, bottom } = node.bounds;
  let id = node.resourceId
    ? node.resourceId.replace(/:/g, '.').replace(/\//g, '_')
    : `${node.className}_${right - left}_${bottom - top}`;
  if (node.contentDesc && node.contentDesc.length < 20)
    id += `_${node.contentDesc.replace(/\//g, '_').replace(/ /g, '').replace(/:/g, '_')}`;
  return id;
}

/** traverse_tree(xml, list, attrib): elements with attrib="true", dropping one within 30 px of an earlier one. */
function traverse(xml: string, attrib: string, into: Element[]): Element[] {
  const nodes = parseDump(xml);
  const path: DumpNode[] = [];
  for (const node of nodes) {
    path.length = node.depth;
    path.push(node);
    if (node.attrs[attrib] !== 'true') continue;
    const parent = path[path.length - 2];
    const uid = parent ? `${elementId(parent)}_${elementId(node)}` : elementId(node);
    const close = into.some((e) => {
      const cx = (e.bbox[0][0] + e.bbox[1][0]) >> 1;
      const cy = (e.bbox[0][1] + e.bbox[1][1]) >> 1;
      return Math.hypot(node.center.x - cx, node.center.y - cy) <= 30;
    });
    if (!close)
      into.push({
        uid,
        bbox: [
          [node.bounds.left, node.bounds.top],
          [node.bounds.right, node.bounds.bottom],
        ],
        attrib,
      });
  }
  return into;
}

/** get_xml + the task executor's merge of clickable and focusable elements. */
async function elements(prefix: string): Promise<Element[]> {
  expect(await executeAdb('shell', 'uiautomator', 'dump', `/sdcard/${prefix}.xml`)).not.toBe('ERROR');
  const local = join(saveDir.path, `${prefix}.xml`);
  expect(await executeAdb('pull', `/sdcard/${prefix}.xml`, local)).not.toBe('ERROR');
  const xml = readFileSync(local, 'utf8');
  const list = traverse(xml, 'clickable', []);
  return traverse(xml, 'focusable', list);
}

const centre = (e: Element): [number, number] => [
  (e.bbox[0][0] + e.bbox[1][0]) >> 1,
  (e.bbox[0][1] + e.bbox[1][1]) >> 1,
];

beforeAll(async () => {
  phone = await createSimulatedPhone({ seed: 1, freezeClock: true });
  sim = await startSimulatorServer({ device: phone, port: 0 });
  adb = await startAdbServer();
  serial = await adb.connectDevice(sim.address);
  saveDir = tempDir('moba-appagent-');
});

afterAll(async () => {
  saveDir?.dispose();
  await adb?.dispose();
  await sim?.close();
  await phone?.close();
});

describe('AppAgent', () => {
  it('reads the screen size, pulls a screenshot and labels the home screen elements', async () => {
    const size = (await executeAdb('shell', 'wm', 'size')).split(': ')[1]?.split('x').map(Number);
    expect(size).toEqual([1080, 2400]);
    expect(await executeAdb('shell', 'screencap', '-p', '/sdcard/0.png')).not.toBe('ERROR');
    const local = join(saveDir.path, '0.png');
    expect(await executeAdb('pull', '/sdcard/0.png', local)).not.toBe('ERROR');
    const png = await decodePng(readFileSync(local));
    expect([png.width, png.height, png.channels]).toEqual([1080, 2400, 4]);

    const list = await elements('0');
    const clock = list.find((e) => e.uid.endsWith('_Clock'));
    expect(clock).toBeDefined();
    expect(await executeAdb('shell', 'input', 'tap', ...centre(clock as Element).map(String))).toBe('');
    expect((await phone.focus()).packageName).toBe('com.android.deskclock');
    expect(await executeAdb('shell', 'input', 'keyevent', 'KEYCODE_BACK')).toBe('');
    expect((await phone.focus()).packageName).toBe('com.android.launcher3');
  });

  it('labels only the app while the keyboard is up, and types with input text (%s for spaces)', async () => {
    await executeAdb('shell', 'am', 'start', '-n', 'com.moba.notes/.MainActivity');
    const fab = (await elements('1')).find((e) => e.uid.includes('fab_new_note'));
    await executeAdb('shell', 'input', 'tap', ...centre(fab as Element).map(String));
    expect(await phone.keyboardShown()).toBe(true);
    const list = await elements('2');
    // Android dumps the active window: none of the keyboard's keys becomes an element.
    expect(list.filter((e) => e.uid.includes('inputmethod'))).toEqual([]);
    expect(list.length).toBeLessThan(10);
    const allWindows = parseDump(await phone.dumpUi({ compressed: false, allWindows: true }));
    expect(
      allWindows.filter((n) => /inputmethod/.test(n.packageName) && n.attrs.clickable === 'true').length,
    ).toBeGreaterThan(25);

    // text(): spaces as %s, quotes dropped.
    const typed = "it's a test".replace(/ /g, '%s').replace(/'/g, '');
    expect(await executeAdb('shell', 'input', 'text', typed)).toBe('');
    expect(parseDump(await phone.dumpUi({ compressed: false })).some((n) => n.text === 'its a test')).toBe(true);
    await executeAdb('shell', 'input', 'keyevent', 'KEYCODE_BACK');
    await executeAdb('shell', 'input', 'keyevent', 'KEYCODE_BACK');
  });

  it('swipes: a quick swipe (100 ms) scrolls further than a slow one (400 ms) over the same distance', async () => {
    const travel = async (duration: number): Promise<number> => {
      await executeAdb('shell', 'am', 'force-stop', 'com.android.settings');
      await executeAdb('shell', 'am', 'start', '-n', 'com.android.settings/.Settings');
      const find = (xml: string) => parseDump(xml).find((n) => n.text === 'Network & internet');
      const before = find(await phone.dumpUi({ compressed: false }));
      // swipe(x, y, "up", "medium", quick): 2 × (width / 10 × 2) px up.
      await executeAdb('shell', 'input', 'swipe', '540', '1800', '540', String(1800 - 432), String(duration));
      const after = find(await phone.dumpUi({ compressed: false }));
      return after ? (before?.bounds.top ?? 0) - after.bounds.top : Number.POSITIVE_INFINITY;
    };
    const slow = await travel(400);
    const quick = await travel(100);
    expect(slow).toBeGreaterThan(432);
    expect(quick).toBeGreaterThan(slow + 400);
  });

  it('long-presses with input swipe x y x y 1000: the launcher opens the icon menu', async () => {
    await executeAdb('shell', 'input', 'keyevent', 'KEYCODE_HOME');
    const notes = (await elements('3')).find((e) => e.uid.endsWith('_Notes'));
    const [x, y] = centre(notes as Element);
    expect(await executeAdb('shell', 'input', 'swipe', String(x), String(y), String(x), String(y), '1000')).toBe('');
    expect((await elements('4')).some((e) => e.uid.includes('app_info'))).toBe(true);
    await executeAdb('shell', 'input', 'keyevent', 'KEYCODE_BACK');
    expect(phone.errors()).toEqual([]);
  });
});
