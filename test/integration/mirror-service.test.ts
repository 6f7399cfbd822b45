/**
 * MirrorService against the simulated phone through the REAL adb server: viewers get
 * configuration + keyframe first (also when joining mid-stream), input in device pixels,
 * captureFrame decodes the stream into a PNG that matches `screencap`, the screenshot
 * fallback when the server file is missing or the phone refuses, and nothing left running.
 */
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { scrcpyStandInPath } from '@moba/sim/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MirrorStateEvent } from '../../src/shared/contract/mirror.ts';
import { decodeMirrorFrame } from '../../src/shared/mirror-frames.ts';
import type { MirrorFrame } from '../../src/shared/mirror-frames.ts';
import type { MirrorSettings } from '../../src/shared/schemas/settings.ts';
import { DeviceService } from '../../src/main/device/device-service.ts';
import { MirrorService } from '../../src/main/mirror/mirror-service.ts';
import type { MirrorViewerConnection } from '../../src/main/mirror/mirror-service.ts';
import { installScrcpyServer } from '@moba/sim';
import { waitUntil } from '@moba/testkit/rigs';
import { startMirrorPhone } from '../support/mirror-phone.ts';
import type { MirrorPhone } from '../support/mirror-phone.ts';
import { tempDir } from '@moba/testkit/rigs';

let phone: MirrorPhone;
const resources = tempDir('moba-mirror-resources-');
let settings: MirrorSettings;
let service: MirrorService;
let devices: DeviceService;
const events: MirrorStateEvent[] = [];
const logs: string[] = [];

class Viewer implements MirrorViewerConnection {
  readonly id: string;
  readonly frames: Array<{ channel: number; frame: MirrorFrame }> = [];
  private readonly closeListeners = new Set<() => void>();

  constructor(id: string) {
    this.id = id;
  }

  sendBinary(channel: number, data: Uint8Array): boolean {
    const frame = decodeMirrorFrame(data);
    if (!frame) throw new Error('undecodable mirror frame');
    this.frames.push({ channel, frame });
    return true;
  }

  onDidClose = (listener: () => void) => {
    this.closeListeners.add(listener);
    return { dispose: () => void this.closeListeners.delete(listener) };
  };

  close(): void {
    for (const l of [...this.closeListeners]) l();
  }
}

function ffmpegChildren(): number {
  try {
    return execFileSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((l) => l.trim() === 'ffmpeg').length;
  } catch {
    return 0;
  }
}

/** Mean absolute difference per channel between two images, compared at the second one's size. */
async function difference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const { width, height } = await sharp(b).metadata();
  const ra = await sharp(a).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const rb = await sharp(b).removeAlpha().raw().toBuffer();
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs((ra[i] as number) - (rb[i] as number));
  return sum / ra.length;
}

function clockCentre(xml: string): { x: number; y: number } {
  const b = /text="Clock"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml);
  if (!b) throw new Error('no Clock icon');
  const [x1, y1, x2, y2] = b.slice(1).map(Number) as [number, number, number, number];
  return { x: (x1 + x2) / 2, y: (y1 + y2) / 2 };
}

beforeAll(async () => {
  phone = await startMirrorPhone({ width: 720, height: 1600, density: 320 });
  settings = { maxSize: 1280, maxFps: 30, bitRate: 4_000_000, scrcpyServerPath: phone.standInServerPath };
  devices = new DeviceService({
    adb: { host: '127.0.0.1', port: phone.adb.port, binary: 'adb' },
    autoStartServer: false,
  });
  service = new MirrorService({
    device: (s) => devices.device(s),
    mirrorSettings: () => settings,
    resourcesDir: resources.path,
    env: {},
    installedServerCandidates: [],
    screenshotIntervalMs: 150,
    log: (m) => logs.push(m),
  });
  service.onDidChangeState((e) => events.push(e));
});

afterAll(async () => {
  service?.dispose();
  await devices?.close();
  await phone?.close();
  resources.dispose();
});

describe('MirrorService with scrcpy', () => {
  it('streams to viewers (configuration, then a keyframe), replays the GOP to a late joiner, taps in device pixels, and decodes a frame that matches screencap', async () => {
    await phone.phone.keyevent(3);
    const first = new Viewer('window-1');
    const started = await service.start(phone.serial, first);
    // max_size 1280 on a 720×1600 screen.
    expect(started).toMatchObject({
      mode: 'scrcpy',
      codec: 'h264',
      width: 576,
      height: 1280,
      deviceWidth: 720,
      deviceHeight: 1600,
    });
    expect(started.reason).toBeUndefined();
    await waitUntil(() => first.frames.length > 10, 'frames for the first viewer');
    expect(first.frames[0]?.frame.kind).toBe('configuration');
    expect(first.frames[1]?.frame).toMatchObject({ kind: 'data', keyframe: true });
    expect(new Set(first.frames.map((f) => f.channel))).toEqual(new Set([started.channel]));
    expect(first.frames.every((f) => Math.abs(f.frame.frameTime - Date.now()) < 60_000)).toBe(true);

    await new Promise((r) => setTimeout(r, 700)); // mid-GOP
    const late = new Viewer('window-2');
    const joined = await service.start(phone.serial, late);
    expect(joined.channel).not.toBe(started.channel);
    expect(late.frames[0]?.frame.kind).toBe('configuration');
    expect(late.frames[1]?.frame).toMatchObject({ kind: 'data', keyframe: true });
    expect(service.list()).toHaveLength(1);

    const { x, y } = clockCentre(await phone.phone.dumpUi({ compressed: false }));
    expect(await service.input(phone.serial, { type: 'tap', x, y })).toMatchObject({ via: 'scrcpy' });
    await waitUntil(
      async () => (await phone.phone.focus()).packageName === 'com.android.deskclock',
      'Clock opened by a mirror tap',
      10_000,
    );

    await new Promise((r) => setTimeout(r, 800)); // let the new screen reach the stream
    const frame = await service.captureFrame(phone.serial);
    expect(frame).not.toBeNull();
    const size = await sharp(frame!.png).metadata();
    expect([size.format, size.width, size.height]).toEqual(['png', 720, 1600]);
    // A recent frame (the comparison below shows it is the new screen); generous for a loaded machine.
    expect(Date.now() - frame!.frameTime).toBeLessThan(10_000);
    expect(await difference(frame!.png, await phone.phone.screencap())).toBeLessThan(8);

    await service.input(phone.serial, { type: 'home' });
    await waitUntil(
      async () => (await phone.phone.focus()).packageName === 'com.android.launcher3',
      'HOME through the mirror',
      10_000,
    );

    // A tap sent while a swipe is still being replayed waits for it, as one finger would: the
    // swipe opens the app drawer, then the tap focuses its search field.
    const swiping = service.input(phone.serial, {
      type: 'swipe',
      x1: 360,
      y1: 1300,
      x2: 360,
      y2: 300,
      durationMs: 600,
    });
    const tapping = service.input(phone.serial, { type: 'tap', x: 360, y: 112 });
    await Promise.all([swiping, tapping]);
    await waitUntil(
      () => phone.phone.keyboardShown(),
      'the drawer search field focused by the tap after the swipe',
      10_000,
    );
    await service.input(phone.serial, { type: 'home' });

    expect(service.stop(phone.serial, first.id)).toBe(true);
    expect(service.isRunning(phone.serial)).toBe(true);
    late.close(); // the window went away: the last viewer is gone
    await waitUntil(
      () => !service.isRunning(phone.serial) && phone.scrcpy.sessions === 0 && ffmpegChildren() === 0,
      'the session and its encoder to stop',
      10_000,
    );
    expect(events.filter((e) => e.serial === phone.serial).map((e) => e.state)).toEqual(
      expect.arrayContaining(['starting', 'running', 'stopped']),
    );
    expect(await service.captureFrame(phone.serial)).toBeNull();
  });
});

describe('MirrorService fallback', () => {
  it('without a server file: screenshots with the reason, input through adb, fresh frames for the agent', async () => {
    settings = { ...settings, scrcpyServerPath: '' };
    const viewer = new Viewer('window-3');
    const info = await service.start(phone.serial, viewer);
    expect(info).toMatchObject({ mode: 'screenshots', codec: 'png', width: 720, height: 1600 });
    expect(info.reason).toMatch(/^scrcpy server not found/);
    expect(viewer.frames[0]?.frame.kind).toBe('png');
    expect(await difference(viewer.frames[0]!.frame.data, await phone.phone.screencap())).toBeLessThan(1);

    const { x, y } = clockCentre(await phone.phone.dumpUi({ compressed: false }));
    expect(await service.input(phone.serial, { type: 'tap', x, y })).toMatchObject({ via: 'adb' });
    await waitUntil(
      async () => (await phone.phone.focus()).packageName === 'com.android.deskclock',
      'Clock opened through adb input',
      10_000,
    );
    await waitUntil(() => viewer.frames.length >= 2, 'a new picture after the tap', 10_000);
    const shot = await service.captureFrame(phone.serial);
    expect(await difference(shot!.png, await phone.phone.screencap())).toBeLessThan(1);
    await service.input(phone.serial, { type: 'back' });
    await waitUntil(
      async () => (await phone.phone.focus()).packageName === 'com.android.launcher3',
      'BACK through adb',
      10_000,
    );
    viewer.close();
    await waitUntil(() => !service.isRunning(phone.serial), 'the fallback mirror to stop');
  });

  it('without a server file, the simulated phone still streams H.264: it is given the stand-in file', async () => {
    const standIn = scrcpyStandInPath();
    const withStandIn = new MirrorService({
      device: (s) => devices.device(s),
      mirrorSettings: () => ({ ...settings, scrcpyServerPath: '' }),
      resourcesDir: resources.path,
      env: {},
      installedServerCandidates: [],
      simulatorStandIn: standIn,
    });
    try {
      const viewer = new Viewer('window-standin');
      const info = await withStandIn.start(phone.serial, viewer);
      expect(info).toMatchObject({ mode: 'scrcpy', codec: 'h264' });
      expect(info.reason).toBeUndefined();
      await waitUntil(() => viewer.frames.some((f) => f.frame.kind === 'data'), 'video frames through the stand-in');
      viewer.close();
      await waitUntil(
        () => !withStandIn.isRunning(phone.serial) && phone.scrcpy.sessions === 0,
        'the stand-in session to stop',
        10_000,
      );
    } finally {
      withStandIn.dispose();
    }
  });

  it('when the phone refuses the server: screenshots, with the server’s own error as the reason', async () => {
    await phone.scrcpy.close(); // app_process no longer knows the class: ClassNotFoundException
    try {
      settings = { ...settings, scrcpyServerPath: phone.standInServerPath };
      const viewer = new Viewer('window-4');
      const info = await service.start(phone.serial, viewer);
      expect(info.mode).toBe('screenshots');
      expect(info.reason).toMatch(/^scrcpy could not start: The scrcpy server exited: .*ClassNotFoundException/);
      viewer.close();
      await waitUntil(() => !service.isRunning(phone.serial), 'the fallback mirror to stop');
    } finally {
      phone.scrcpy = installScrcpyServer(phone.sim);
    }
  });

  it('reports an unknown device as such instead of falling back', async () => {
    await expect(service.start('127.0.0.1:1', new Viewer('window-5'))).rejects.toMatchObject({
      code: expect.stringMatching(/DEVICE_NOT_FOUND|DEVICE_OFFLINE/),
    });
    expect(service.isRunning('127.0.0.1:1')).toBe(false);
  });
});
