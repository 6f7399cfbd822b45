/**
 * Observations of the real simulated phone: screenshot, dump, elements and state taken
 * together and stored as artifacts; broken dumps and black (secure) screens reported in
 * `problems` with a fallback to the screenshot (OCR); the mirror's screenshot seam.
 */
import { ScreenshotSources } from '../../src/main/device/screenshot-source.ts';
import type { ScreenshotSource } from '../../src/main/device/screenshot-source.ts';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MobaError } from '../../src/shared/errors.ts';
import { DeviceService } from '../../src/main/device/device-service.ts';
import { Observer } from '../../src/main/device/observe.ts';
import { OcrEngine } from '../../src/main/perception/ocr.ts';
import { encodeForModel, MODEL_IMAGE } from '../../src/main/perception/set-of-marks.ts';
import { processViewHierarchy } from '../../src/main/perception/view-hierarchy.ts';
import { ArtifactStore } from '../../src/main/store/artifacts.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import type { Db } from '../../src/main/store/database.ts';
import type { ShellCommand } from '@moba/sim';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';
import { tempDir } from '@moba/testkit/rigs';

let rig: PhoneRig;
let devices: DeviceService;
let observer: Observer;
let artifacts: ArtifactStore;
let db: Db;
const dir = tempDir('moba-observe-');

beforeAll(async () => {
  rig = await startPhoneRig();
  devices = new DeviceService({
    adb: { host: '127.0.0.1', port: rig.adb.port, binary: 'adb' },
    autoStartServer: false,
  });
  db = openDatabase({ path: `${dir.path}/moba.db` });
  artifacts = new ArtifactStore(db, `${dir.path}/artifacts`);
  observer = new Observer({ devices, artifacts, createOcr: () => new OcrEngine({ languages: ['eng'] }) });
});
afterAll(async () => {
  await observer?.dispose();
  await devices?.close();
  await rig?.dispose();
  db?.close();
  dir.dispose();
});
beforeEach(async () => {
  await rig.phone.reset();
});

/** Replaces a shell command of the phone for one test. */
function override(command: ShellCommand): { dispose(): void } {
  return rig.sim.commands.register(command);
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('observe', () => {
  it('keeps the latest screens encoded for a model: the same image as encoding the stored artifact, until four newer images push them out', async () => {
    const first = (await observer.observe(rig.serial)).observation;
    for (const ref of [first.screenshot!, first.marked!]) {
      const kept = await observer.modelImage(ref.sha256, MODEL_IMAGE);
      const fresh = await encodeForModel(artifacts.read(ref.sha256), MODEL_IMAGE);
      expect([kept!.width, kept!.height, kept!.mime]).toEqual([461, 1024, 'image/jpeg']);
      expect(Buffer.from(kept!.data).equals(Buffer.from(fresh.data))).toBe(true);
      // Other options are encoded from the kept pixels.
      const png = await observer.modelImage(ref.sha256, { maxSide: 512, format: 'png' });
      expect([png!.width, png!.height, png!.mime]).toEqual([230, 512, 'image/png']);
    }
    await rig.adb.adb(['-s', rig.serial, 'shell', 'input', 'keyevent', 'KEYCODE_APP_SWITCH']);
    await observer.observe(rig.serial);
    await rig.adb.adb(['-s', rig.serial, 'shell', 'input', 'keyevent', 'KEYCODE_HOME']);
    await rig.adb.adb(['-s', rig.serial, 'shell', 'input', 'swipe', '540', '2000', '540', '600', '300']);
    const third = (await observer.observe(rig.serial)).observation;
    expect(observer.modelImage(first.screenshot!.sha256)).toBeUndefined();
    expect(observer.modelImage(third.marked!.sha256)).toBeDefined();
  });

  it('returns one consistent, timestamped observation with stored artifacts', async () => {
    const before = Date.now();
    const r = await observer.observe(rig.serial);
    const o = r.observation;
    expect(o.capturedAt).toBeGreaterThanOrEqual(before);
    expect(o.capturedAt).toBeLessThanOrEqual(Date.now());
    expect(o).toMatchObject({
      serial: rig.serial,
      source: 'screencap',
      screen: { width: 1080, height: 2400, rotation: 0 },
      elementsFrom: 'xml',
      keyboardShown: false,
      problems: [],
    });
    expect(o.currentApp).toEqual({ packageName: 'com.android.launcher3', activity: 'com.android.launcher3.Launcher' });
    // The bytes behind each artifact are the ones stored, and the elements are those of the stored dump.
    expect(o.screenshot).toMatchObject({ mime: 'image/png', width: 1080, height: 2400, sha256: sha(r.screenshot!) });
    expect(o.xml).toMatchObject({ mime: 'application/xml', sha256: sha(r.xml!) });
    expect(o.marked).toMatchObject({ mime: 'image/png', width: 1080, height: 2400, sha256: sha(r.marked!) });
    expect(readFileSync(artifacts.get(o.screenshot!.sha256).path).equals(Buffer.from(r.screenshot!))).toBe(true);
    expect(o.elements).toEqual(
      processViewHierarchy(artifacts.read(o.xml!.sha256), { screen: { width: 1080, height: 2400 } }).elements,
    );
    expect(o.elements.filter((e) => e.index > 0).map((e) => e.text)).toEqual(
      expect.arrayContaining(['Clock', 'Calendar', 'Settings']),
    );
    expect(r.marked).not.toEqual(r.screenshot);
    for (const k of ['screenshot', 'dump', 'app', 'keyboard', 'capture', 'process', 'marks', 'artifacts', 'total'])
      expect(o.timings[k], k).toBeTypeOf('number');
    expect(observer.lastObservation(rig.serial)).toBe(o);
  });

  it('sees the keyboard and the foreground app change', async () => {
    await rig.adb.adb(['-s', rig.serial, 'shell', 'am', 'start', '-n', 'com.android.settings/.Settings']);
    const o = (await observer.observe(rig.serial)).observation;
    expect(o.currentApp?.packageName).toBe('com.android.settings');
    const search = o.elements.find((e) => e.text === 'Search settings');
    expect(search).toBeDefined();
    await rig.phone.tap(search!.center[0], search!.center[1]);
    expect((await observer.observe(rig.serial)).observation.keyboardShown).toBe(true);
  });

  it('observes from the dump alone when asked: no screencap, the same elements, the screen turned as the dump says', async () => {
    await rig.adb.adb(['-s', rig.serial, 'shell', 'wm', 'user-rotation', 'lock', '1']);
    const full = (await observer.observe(rig.serial)).observation;
    let screencaps = 0;
    const o2 = override({ name: 'screencap', run: async () => (screencaps++, 1) });
    try {
      const r = await observer.observe(rig.serial, { screenshot: false });
      const o = r.observation;
      expect(screencaps).toBe(0);
      expect(r).toMatchObject({ screenshot: null, marked: null });
      expect(o).toMatchObject({ screenshot: null, marked: null, elementsFrom: 'xml', problems: [] });
      expect(full.screen).toEqual({ width: 2400, height: 1080, rotation: 1 });
      expect(o.screen).toEqual(full.screen);
      expect(o.elements).toEqual(full.elements);
      expect(o.xml?.sha256).toBe(full.xml?.sha256);
    } finally {
      o2.dispose();
      await rig.adb.adb(['-s', rig.serial, 'shell', 'wm', 'user-rotation', 'free']);
    }
  });

  it('takes the screenshot from a registered provider (the mirror seam) when it knows no quicker way', async () => {
    // A fresh observer knows nothing of this phone: it tries the mirror's frame first.
    const fresh = new Observer({ devices, artifacts });
    const frame = await rig.phone.screencap();
    const registration = fresh.setScreenshotProvider(rig.serial, async () => ({ png: frame, frameTime: 123_456 }));
    try {
      const o = (await fresh.observe(rig.serial)).observation;
      expect(o).toMatchObject({ source: 'mirror', frameTime: 123_456 });
      expect(o.screenshot?.sha256).toBe(sha(frame));
    } finally {
      registration.dispose();
    }
    expect((await fresh.observe(rig.serial)).observation.source).toBe('screencap');
    await fresh.dispose();
  });

  it('keeps screencap on a phone whose screencap is quick: the mirror is not asked (decoding could not beat it)', async () => {
    // Durations measured on a loaded machine say nothing about the phone: the estimates this
    // observer keeps see a 20 ms screencap, whatever the machine's load made it.
    class QuickScreencap extends ScreenshotSources {
      override record(serial: string, source: ScreenshotSource, ms: number): void {
        super.record(serial, source, source === 'screencap' ? 20 : ms);
      }
    }
    const fresh = new Observer({ devices, artifacts, screenshotSources: new QuickScreencap() });
    const first = (await fresh.observe(rig.serial)).observation;
    expect(first.source).toBe('screencap');
    let calls = 0;
    fresh.setScreenshotProvider(rig.serial, async () => {
      calls++;
      return { png: await rig.phone.screencap(), frameTime: 1 };
    });
    const sources: string[] = [];
    for (let i = 0; i < 3; i++) sources.push((await fresh.observe(rig.serial)).observation.source);
    expect(sources).toEqual(['screencap', 'screencap', 'screencap']);
    expect(calls).toBe(0);
    await fresh.dispose();
  });
});

describe('broken dumps and screens', () => {
  it('"could not get idle state" falls back to OCR of the screenshot', async () => {
    await rig.adb.adb(['-s', rig.serial, 'shell', 'am', 'start', '-n', 'com.android.settings/.Settings']);
    const o2 = override({
      name: 'uiautomator',
      run: async (ctx) => (await ctx.out('ERROR: could not get idle state.\n'), 1),
    });
    try {
      const o = (await observer.observe(rig.serial)).observation;
      expect(o.xml).toBeNull();
      expect(o.problems).toEqual([
        { code: 'DUMP_FAILED', message: expect.stringContaining('could not get idle state') },
      ]);
      expect(o.elementsFrom).toBe('ocr');
      expect(o.elements.map((e) => e.text).join(' ')).toMatch(/Network/);
      expect(o.screenshot).not.toBeNull();
      expect(o.timings.ocr).toBeGreaterThan(0);
    } finally {
      o2.dispose();
    }
  });

  it('"null root node" without OCR leaves no elements but the screenshot and the reason', async () => {
    const o2 = override({
      name: 'uiautomator',
      run: async (ctx) => (await ctx.err('ERROR: null root node returned by UiTestAutomationBridge.\n'), 0),
    });
    try {
      const o = (await observer.observe(rig.serial, { ocr: false })).observation;
      expect(o).toMatchObject({ xml: null, elements: [], elementsFrom: 'none' });
      expect(o.problems[0]).toMatchObject({ code: 'DUMP_FAILED', message: expect.stringContaining('null root node') });
      expect(o.marked).not.toBeNull();
    } finally {
      o2.dispose();
    }
  });

  it('a cut-off dump is DUMP_INVALID, never a stale one', async () => {
    const full = await rig.phone.dumpUi({ compressed: false });
    const o2 = override({
      name: 'uiautomator',
      run: async (ctx) => {
        ctx.fs.writeFile('/sdcard/window_dump.xml', Buffer.from(full.slice(0, Math.floor(full.length / 2))));
        await ctx.out('UI hierchary dumped to: /sdcard/window_dump.xml\n');
        return 0;
      },
    });
    try {
      const o = (await observer.observe(rig.serial, { ocr: false })).observation;
      expect(o.problems[0]).toMatchObject({ code: 'DUMP_INVALID' });
      expect(o.elementsFrom).toBe('none');
      expect(o.xml).not.toBeNull();
    } finally {
      o2.dispose();
    }
    // A dump that writes nothing must not bring back the file of the previous observation.
    const o3 = override({ name: 'uiautomator', run: async () => 0 });
    try {
      const o = (await observer.observe(rig.serial, { ocr: false })).observation;
      expect(o.xml).toBeNull();
      expect(o.problems[0]).toMatchObject({ code: 'DUMP_FAILED' });
    } finally {
      o3.dispose();
    }
  });

  it('a black (secure) screenshot is reported and not read with OCR', async () => {
    const black = await sharp({ create: { width: 1080, height: 2400, channels: 3, background: '#000000' } })
      .png()
      .toBuffer();
    const o2 = override({ name: 'screencap', run: async (ctx) => (await ctx.stdout.write(black), 0) });
    try {
      const o = (await observer.observe(rig.serial)).observation;
      expect(o.problems).toEqual([{ code: 'SCREENSHOT_FAILED', message: expect.stringContaining('secure') }]);
      expect(o.elementsFrom).toBe('xml');
      expect(o.elements.length).toBeGreaterThan(0);
    } finally {
      o2.dispose();
    }
  });

  it('a device that is gone is an error, not an observation', async () => {
    const s = new DeviceService({
      adb: { host: '127.0.0.1', port: rig.adb.port, binary: 'adb' },
      autoStartServer: false,
    });
    const obs = new Observer({ devices: s, artifacts: null });
    try {
      const error = await obs.observe('127.0.0.1:1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MobaError);
      expect((error as MobaError).code).toBe('DEVICE_NOT_FOUND');
    } finally {
      await obs.dispose();
      await s.close();
    }
  });
});
