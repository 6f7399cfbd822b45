/**
 * uiautomator2 (openatx/uiautomator2, the Python client) against the simulated phone through
 * the real adb server, replaying what its source sends: the jar check (`toybox md5sum`), the
 * push to /data/local/tmp/u2.jar, the start (`CLASSPATH=… app_process / com.wetest.uia2.Main
 * -p 9008` on a shell stream kept open), and its HTTP requests as Python's http.client writes
 * them over adb's `tcp:9008` (`GET /ping`, `POST /jsonrpc/0`), asserting what the client
 * parses out of the answers.
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedPhone, startSimulatorServer } from '../src/index.ts';
import type { SimulatedPhone, SimulatorServer } from '../src/index.ts';
import { decodePng, parseDump } from '../src/testing/ui-dump.ts';
import { collect, startAdbServer, tempDir, waitUntil } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import { SmartSocket, u2Call, u2Http, u2Selector } from './support/smart-socket.ts';

let phone: SimulatedPhone;
let sim: SimulatorServer;
let adb: PrivateAdbServer;
let serial: string;
let server: SmartSocket | undefined;
const cleanups: Array<() => void> = [];
const JAR = Buffer.from('PK\u0003\u0004 a stand-in for u2.jar 0.4.0');

const shell = async (command: string) =>
  (await SmartSocket.service(adb.port, serial, `shell:${command}`)).readUntilClose();
const call = (method: string, ...params: unknown[]) => u2Call(adb.port, serial, method, params);
const result = async (method: string, ...params: unknown[]) => {
  const answer = await call(method, ...params);
  if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.result;
};
const ping = async () => (await u2Http(adb.port, serial, 9008, 'GET', '/ping').catch(() => undefined))?.body.toString();

beforeAll(async () => {
  phone = await createSimulatedPhone({ seed: 2, freezeClock: true });
  sim = await startSimulatorServer({ device: phone, port: 0 });
  adb = await startAdbServer();
  serial = await adb.connectDevice(sim.address);
});

afterAll(async () => {
  for (const cleanup of cleanups) cleanup();
  server?.close();
  await adb?.dispose();
  await sim?.close();
  await phone?.close();
});

describe('uiautomator2 client', () => {
  it('starts its server the way the client does: md5 check, push, app_process with the jar, /ping', async () => {
    const md5 = createHash('md5').update(JAR).digest('hex');
    expect((await shell('toybox md5sum /data/local/tmp/u2.jar')).toString()).not.toContain(md5);
    // Without the jar app_process fails like ART, and the stream ends.
    const missing = (
      await shell('CLASSPATH=/data/local/tmp/u2.jar app_process / com.wetest.uia2.Main -p 9008')
    ).toString();
    expect(missing).toMatch(/ClassNotFoundException: Didn't find class "com\.wetest\.uia2\.Main"/);
    expect(await ping()).toBeUndefined();

    const dir = tempDir('moba-u2-');
    cleanups.push(() => dir.dispose());
    const local = join(dir.path, 'u2.jar');
    writeFileSync(local, JAR);
    const push = await adb.adb(['-s', serial, 'push', local, '/data/local/tmp/u2.jar']);
    expect(push.code, push.stderr).toBe(0);
    expect((await shell('toybox md5sum /data/local/tmp/u2.jar')).toString()).toContain(md5);

    server = await SmartSocket.service(
      adb.port,
      serial,
      'shell:CLASSPATH=/data/local/tmp/u2.jar app_process / com.wetest.uia2.Main -p 9008',
    );
    await waitUntil(async () => (await ping()) === 'pong', 'the server to answer /ping');
    const response = await u2Http(adb.port, serial, 9008, 'GET', '/ping');
    expect(response).toMatchObject({ status: 200, headers: { 'content-length': '4' } });
    expect((await shell('ps -A | grep app_process')).toString()).toMatch(/shell\s+\d+\s+\d+ .* app_process\n/);
  });

  it('answers deviceInfo and dumps every window, or the active one', async () => {
    expect(await result('deviceInfo')).toEqual({
      currentPackageName: 'com.android.launcher3',
      displayHeight: 2400,
      displayRotation: 0,
      displaySizeDpX: 411,
      displaySizeDpY: 914,
      displayWidth: 1080,
      productName: phone.props.product,
      screenOn: true,
      sdkInt: 34,
      naturalOrientation: true,
    });
    const all = String(await result('dumpWindowHierarchy', false, 50));
    const roots = parseDump(all).filter((n) => n.depth === 0);
    expect(roots.map((n) => n.packageName)).toEqual([
      'com.android.systemui',
      'com.android.launcher3',
      'com.android.systemui',
    ]);
    expect(all).toMatch(
      /<node index="0" [^>]* selected="false" visible-to-user="true" bounds="\[\d+,\d+\]\[\d+,\d+\]" drawing-order="1" hint="" display-id="0"/,
    );
    const active = String(await result('dumpWindowHierarchy', false, 50, true));
    expect(
      parseDump(active)
        .filter((n) => n.depth === 0)
        .map((n) => n.packageName),
    ).toEqual(['com.android.launcher3']);
    const shallow = parseDump(String(await result('dumpWindowHierarchy', false, 2)));
    expect(Math.max(...shallow.map((n) => n.depth))).toBe(1);
  });

  it('takes a screenshot as base64 JPEG (takeScreenshot(1, 80)), scaled on request', async () => {
    const jpeg = Buffer.from(String(await result('takeScreenshot', 1, 80)), 'base64');
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const half = await decodePng(
      await (await import('sharp'))
        .default(Buffer.from(String(await result('takeScreenshot', 0.5, 80)), 'base64'))
        .png()
        .toBuffer(),
    );
    expect([half.width, half.height]).toEqual([540, 1200]);
  });

  it('clicks a UiSelector the way d(text=…).click() does: objInfo, then a click at its centre', async () => {
    const selector = u2Selector({ description: 'Notes' });
    expect(await result('exist', selector)).toBe(true);
    expect(
      await result('count', u2Selector({ className: 'android.widget.TextView', packageName: 'com.android.launcher3' })),
    ).toBeGreaterThan(5);
    const info = (await result('objInfo', selector)) as {
      bounds: Record<string, number>;
      text: string;
      clickable: boolean;
    };
    expect(info).toMatchObject({ text: 'Notes', clickable: true, packageName: 'com.android.launcher3' });
    const { left, top, right, bottom } = info.bounds as { left: number; top: number; right: number; bottom: number };
    expect(await result('click', (left + right) / 2, (top + bottom) / 2)).toBe(true);
    expect(await result('waitForExists', u2Selector({ resourceId: 'com.moba.notes:id/fab_new_note' }), 5000)).toBe(
      true,
    );
    // The client's app_current reads `dumpsys window windows` with this pattern.
    const windows = (await shell('dumpsys window windows')).toString();
    expect(/mCurrentFocus=Window{.*\s+(?<package>[^\s]+)\/(?<activity>[^\s]+)\}/.exec(windows)?.groups).toEqual({
      package: 'com.moba.notes',
      activity: 'com.moba.notes.MainActivity',
    });
    const gone = await call('objInfo', u2Selector({ text: 'No such thing' }));
    expect(gone.error?.code).toBe(-32002);
    expect(gone.error?.message).toContain('uiautomator.UiObjectNotFoundException');
    expect((await call('noSuchMethod')).error?.code).toBe(-32601);
  });

  it('types through its clipboard path (setClipboard, getClipboard, pasteClipboard) and setText', async () => {
    const noteCount = ((await phone.state('com.moba.notes')) as { notes: unknown[] }).notes.length;
    await result('click', ...(await centre(u2Selector({ resourceId: 'com.moba.notes:id/fab_new_note' }))));
    expect(await result('waitForExists', u2Selector({ focused: true }), 5000)).toBe(true);
    // d.send_keys("Gift 中文") without the AdbKeyboard IME installed.
    await result('setClipboard', null, 'Gift 中文');
    expect(await result('getClipboard')).toBe('Gift 中文');
    await result('pasteClipboard');
    expect(await result('getText', u2Selector({ focused: true }))).toBe('Gift 中文');
    // d(focused=True).set_text replaces the text.
    expect(await result('setText', u2Selector({ focused: true }), 'Shopping')).toBe(true);
    expect(await result('getText', u2Selector({ focused: true }))).toBe('Shopping');
    // d.press(KEYCODE_A, META_SHIFT_ON) and d.press("back").
    await result('pressKeyCode', 29, 1);
    expect(await result('getText', u2Selector({ focused: true }))).toBe('ShoppingA');
    await result('clearInputText');
    // An empty field reads as its hint, as Android's accessibility text of an EditText does.
    expect(await result('getText', u2Selector({ focused: true }))).toBe('Note');
    expect(((await phone.state('com.moba.notes')) as { notes: unknown[] }).notes).toHaveLength(noteCount);
    expect(await result('pressKey', 'back')).toBe(true);
    expect(await phone.keyboardShown()).toBe(false);
  });

  it('swipes, drags, long-clicks and injects touch events at coordinates', async () => {
    await result('pressKey', 'home');
    await shell('am start -n com.android.settings/.Settings');
    const before = (await result('objInfo', u2Selector({ text: 'Network & internet' }))) as { bounds: { top: number } };
    // d.swipe(540, 1800, 540, 1200, steps=55): 275 ms, and a fling on top.
    await result('swipe', 540, 1800, 540, 1200, 55);
    const after = (await call('objInfo', u2Selector({ text: 'Network & internet' }))).result as
      | { bounds: { top: number } }
      | undefined;
    expect(after === undefined || after.bounds.top < before.bounds.top - 600).toBe(true);
    // A touch sequence (d.touch.down/move/up) drags the list back.
    for (const [action, y] of [
      [0, 800],
      [2, 1400],
      [2, 2000],
      [1, 2000],
    ] as const)
      await result('injectInputEvent', action, 540, y, 0);
    await result('drag', 540, 700, 540, 2000, 40);
    expect(await result('exist', u2Selector({ text: 'Network & internet' }))).toBe(true);
    // d.long_click on the home screen opens an icon's long-press menu.
    await result('pressKey', 'home');
    const icon = await centre(u2Selector({ description: 'Notes' }));
    expect(await result('click', ...icon, 800)).toBe(true);
    expect(phone.errors()).toEqual([]);
  });

  it('starts, finds, waits for and stops apps as app_start, app_wait, app_current and app_stop do', async () => {
    // The client's _pidof_app: `ps -A`, a row of at least 9 fields whose last is the package.
    const pidOf = async (pkg: string) => {
      for (const line of (await shell('ps -A')).toString().split('\n')) {
        const fields = line.trim().split(/\s+/);
        if (fields.length >= 9 && fields.at(-1) === pkg) return Number(fields[1]);
      }
      return undefined;
    };
    // app_list_running: `pm list packages` ∩ the last column of `ps -A`.
    const running = async () => {
      const packages = [...(await shell('pm list packages')).toString().matchAll(/package:(\S+)/g)].map((m) => m[1]);
      const names = new Set([...(await shell('ps -A')).toString().matchAll(/(\S+)$/gm)].map((m) => m[1]));
      return packages.filter((p) => names.has(p));
    };
    const current = async () =>
      /mCurrentFocus=Window{.*\s+(?<package>[^\s]+)\/(?<activity>[^\s]+)\}/.exec(
        (await shell('dumpsys window windows')).toString(),
      )?.groups;

    // app_start(pkg): the monkey with the launcher category; app_wait finds its pid.
    expect(await running()).not.toContain('com.android.calendar');
    await shell('monkey -p com.android.calendar -c android.intent.category.LAUNCHER 1');
    expect(await running()).toContain('com.android.calendar');
    expect(await pidOf('com.android.calendar')).toBeGreaterThan(0);
    expect((await current())?.package).toBe('com.android.calendar');
    // app_start(pkg, activity): am start with MAIN/LAUNCHER and the component.
    await shell(
      'am start -a android.intent.action.MAIN -c android.intent.category.LAUNCHER -n com.android.deskclock/.DeskClock',
    );
    expect(await current()).toEqual({ package: 'com.android.deskclock', activity: 'com.android.deskclock.DeskClock' });
    expect((await result('deviceInfo')) as { currentPackageName: string }).toMatchObject({
      currentPackageName: 'com.android.deskclock',
    });
    // app_stop: am force-stop; the process is gone and the launcher is in front again.
    await shell('am force-stop com.android.deskclock');
    expect(await pidOf('com.android.deskclock')).toBeUndefined();
    expect(await running()).not.toContain('com.android.deskclock');
    expect((await current())?.package).not.toBe('com.android.deskclock');
  });

  it('stops when the client closes the shell stream (stop_uiautomator)', async () => {
    server?.close();
    server = undefined;
    await waitUntil(async () => (await ping()) === undefined, 'the server to stop');
    expect((await collect(await adb.client().getDevice(serial).shell('ps -A'))).toString()).not.toContain(
      'app_process',
    );
  });
});

async function centre(selector: Record<string, unknown>): Promise<[number, number]> {
  const info = (await result('objInfo', selector)) as {
    bounds: { left: number; top: number; right: number; bottom: number };
  };
  return [(info.bounds.left + info.bounds.right) / 2, (info.bounds.top + info.bounds.bottom) / 2];
}
