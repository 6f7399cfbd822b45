/**
 * The simulated phone's scrcpy-server 3.3.3 impersonation against the REAL adb server and the
 * app's scrcpy client (the app's adb client + @yume-chan/scrcpy): stream header, configuration the decoder
 * accepts, keyframe first, frame rate, keyframe interval, control messages, max_size and bit
 * rate, version check, and no ffmpeg left behind.
 */
import { execFileSync } from 'node:child_process';
import { h264ParseConfiguration } from '@yume-chan/scrcpy';
import type { ScrcpyMediaStreamPacket } from '@yume-chan/scrcpy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AndroidDevice } from '../../src/main/device/android-device.ts';
import { DeviceService } from '../../src/main/device/device-service.ts';
import { ScrcpyClient } from '../../src/main/mirror/scrcpy-client.ts';
import { waitUntil } from '@moba/testkit/rigs';
import { startMirrorPhone } from '../support/mirror-phone.ts';
import type { MirrorPhone } from '../support/mirror-phone.ts';

let phone: MirrorPhone;
let devices: DeviceService;
let device: AndroidDevice;

/** ffmpeg processes this test process started (the phone's encoders run in-process). */
function ffmpegChildren(): number[] {
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there are no children
  }
  return out
    .split('\n')
    .filter((l) => /\bffmpeg\b/.test(l))
    .map((l) => Number(l.trim().split(/\s+/)[0]));
}

interface Recording {
  client: ScrcpyClient;
  packets: Array<{ packet: ScrcpyMediaStreamPacket; at: number }>;
  closed: Promise<Error | undefined>;
}

async function record(options: { maxSize?: number; maxFps?: number; bitRate?: number } = {}): Promise<Recording> {
  const packets: Recording['packets'] = [];
  let onClose!: (e: Error | undefined) => void;
  const closed = new Promise<Error | undefined>((r) => (onClose = r));
  const client = await ScrcpyClient.start({
    device,
    serverPath: phone.standInServerPath,
    maxSize: options.maxSize ?? 0,
    maxFps: options.maxFps ?? 30,
    bitRate: options.bitRate ?? 4_000_000,
    onPacket: (packet) => packets.push({ packet, at: performance.now() }),
    onClose,
  });
  return { client, packets, closed };
}

function centre(xml: string, attr: string, value: string): [number, number] {
  for (const node of xml.matchAll(/<node [^>]*>/g)) {
    if (new RegExp(`\\s${attr}="([^"]*)"`).exec(node[0])?.[1] !== value) continue;
    const b = /bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(node[0]);
    if (b) {
      const [x1, y1, x2, y2] = b.slice(1).map(Number) as [number, number, number, number];
      return [(x1 + x2) / 2, (y1 + y2) / 2];
    }
  }
  throw new Error(`no node with ${attr}="${value}"`);
}

beforeAll(async () => {
  phone = await startMirrorPhone({ width: 720, height: 1600, density: 320 });
  devices = new DeviceService({
    adb: { host: '127.0.0.1', port: phone.adb.port, binary: 'adb' },
    autoStartServer: false,
  });
  device = devices.device(phone.serial);
});

afterAll(async () => {
  await devices?.close();
  await phone?.close();
  expect(ffmpegChildren()).toEqual([]);
});

describe('scrcpy session against the simulated phone', () => {
  it('streams H.264 per max_size: Baseline configuration first, a keyframe next, frames keep flowing on a still screen, keyframes at most 2 s apart', async () => {
    const r = await record({ maxSize: 800, maxFps: 30 });
    try {
      expect(r.client.info).toMatchObject({ width: 360, height: 800, deviceName: 'MobA Sim' });
      await waitUntil(() => r.packets.length > 5, 'the first frames');
      const t0 = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      const first = r.packets[0]?.packet;
      expect(first?.type).toBe('configuration');
      const config = h264ParseConfiguration(first!.data);
      // Baseline (66) with the constrained flag set by x264, 4:2:0 at the video size.
      expect(config.profileIndex).toBe(66);
      expect(config.croppedWidth).toBe(360);
      expect(config.croppedHeight).toBe(800);
      expect(config.levelIndex).toBeGreaterThanOrEqual(30);
      const second = r.packets[1]?.packet;
      expect(second).toMatchObject({ type: 'data', keyframe: true });
      // A still screen's last frame is repeated every 100 ms, like scrcpy-server on Android:
      // frames keep flowing (about 40 in 4 s), far fewer than max_fps would allow. (The frame
      // rate while the picture moves is measured by `npm run perf:mirror`: a loaded CI machine
      // encodes slower and a timed assertion would only be flaky.)
      const frames = r.packets.filter((p) => p.packet.type === 'data' && p.at >= t0 && p.at < t0 + 4_000);
      expect(frames.length).toBeGreaterThanOrEqual(8);
      expect(frames.length).toBeLessThanOrEqual(70);
      // Keyframes come by time, whatever the frame rate: at most 2 s apart in the stream's
      // PTS, so a decoder that joins late waits at most that long — once a picture exists to
      // carry one. A loaded machine can leave longer gaps between the pictures themselves, and
      // a keyframe cannot come before the next picture: the bound is 2 s plus the longest gap
      // between two frames of this same recording (about 0.1 s on a quiet machine).
      const framePts = r.packets.flatMap((p) =>
        p.packet.type === 'data' && p.packet.pts !== undefined
          ? [{ pts: Number(p.packet.pts), key: p.packet.keyframe === true }]
          : [],
      );
      const frameGap = Math.max(...framePts.slice(1).map((f, i) => f.pts - framePts[i]!.pts));
      const keyPts = framePts.filter((f) => f.key).map((f) => f.pts);
      expect(keyPts.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < keyPts.length; i++)
        expect(keyPts[i]! - keyPts[i - 1]!, `frames up to ${frameGap} µs apart`).toBeLessThanOrEqual(
          2_000_000 + frameGap,
        );
      // PTS only grows.
      const pts = r.packets.flatMap((p) =>
        p.packet.type === 'data' && p.packet.pts !== undefined ? [p.packet.pts] : [],
      );
      for (let i = 1; i < pts.length; i++) expect(pts[i]! > pts[i - 1]!).toBe(true);
    } finally {
      r.client.close();
    }
  });

  it('a touch through the control socket opens Clock; BACK/HOME keys and text reach the phone', async () => {
    await phone.phone.keyevent(3);
    const r = await record({ maxSize: 0 });
    try {
      expect(r.client.info).toMatchObject({ width: 720, height: 1600 });
      const [x, y] = centre(await phone.phone.dumpUi({ compressed: false }), 'text', 'Clock');
      await r.client.tap(x, y);
      await waitUntil(
        async () => (await phone.phone.focus()).packageName === 'com.android.deskclock',
        'Clock in front',
        10_000,
      );
      const state = (await device.shell('sim-state com.android.deskclock')).trim();
      expect(JSON.parse(state)).toHaveProperty('alarms');
      r.client.home();
      await waitUntil(
        async () => (await phone.phone.focus()).packageName === 'com.android.launcher3',
        'the launcher after HOME',
        10_000,
      );

      // The search bar focuses the drawer's field; injected text lands in it.
      const [sx, sy] = centre(
        await phone.phone.dumpUi({ compressed: false }),
        'resource-id',
        'com.android.launcher3:id/search_container_hotseat',
      );
      await r.client.tap(sx, sy);
      await waitUntil(async () => phone.phone.keyboardShown(), 'the keyboard', 10_000);
      r.client.text('clo');
      const typed = async () =>
        [...(await phone.phone.dumpUi({ compressed: false })).matchAll(/<node [^>]*>/g)].some(
          (n) =>
            n[0].includes('resource-id="com.android.launcher3:id/search_box_input"') && n[0].includes(' text="clo"'),
        );
      await waitUntil(typed, 'the typed text in the search field', 10_000);
      r.client.back();
      r.client.back();
      await waitUntil(async () => !(await phone.phone.keyboardShown()), 'the keyboard gone after BACK', 10_000);
    } finally {
      r.client.close();
      await phone.phone.keyevent(3);
    }
  });

  it('honours the bit rate: a low rate yields far fewer bytes than a high one', async () => {
    const measure = async (bitRate: number) => {
      const r = await record({ maxSize: 0, bitRate });
      try {
        await waitUntil(() => r.packets.length > 3, 'frames');
        // Keep the picture changing: open and leave Clock while measuring.
        const t0 = performance.now();
        const [x, y] = centre(await phone.phone.dumpUi({ compressed: false }), 'text', 'Clock');
        for (let i = 0; i < 3; i++) {
          await r.client.tap(x, y);
          await new Promise((resolve) => setTimeout(resolve, 600));
          r.client.home();
          await new Promise((resolve) => setTimeout(resolve, 600));
        }
        const seconds = (performance.now() - t0) / 1000;
        const bytes = r.packets.filter((p) => p.at >= t0).reduce((n, p) => n + p.packet.data.length, 0);
        return (bytes * 8) / seconds;
      } finally {
        r.client.close();
      }
    };
    const low = await measure(300_000);
    const high = await measure(8_000_000);
    // VBV with a one-second buffer: the average stays near the target, never far above it.
    expect(low).toBeLessThan(300_000 * 1.6);
    expect(high).toBeGreaterThan(low * 2);
  });

  it('honours max_fps', async () => {
    const r = await record({ maxSize: 400, maxFps: 10 });
    try {
      await waitUntil(() => r.packets.length > 3, 'frames');
      const t0 = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const fps = r.packets.filter((p) => p.packet.type === 'data' && p.at >= t0).length / 3;
      expect(fps).toBeGreaterThanOrEqual(7);
      expect(fps).toBeLessThanOrEqual(12);
    } finally {
      r.client.close();
    }
  });

  it('refuses another client version like the real server, and ends when the client leaves (no ffmpeg left)', async () => {
    const out = await device.shell(
      `CLASSPATH=/data/local/tmp/scrcpy-server.jar app_process / com.genymobile.scrcpy.Server 2.7 tunnel_forward=true; echo "exit=$?"`,
    );
    expect(out).toMatch(/\[server\] ERROR: [\s\S]*The server version \(3\.3\.3\) does not match the client \(2\.7\)/);
    expect(out).toMatch(/exit=1/);

    const r = await record({ maxSize: 640 });
    await waitUntil(
      () => phone.scrcpy.sessions === 1 && ffmpegChildren().length === 1,
      'a running session with its encoder',
    );
    r.client.close();
    expect(await r.closed).toBeUndefined();
    await waitUntil(
      () => phone.scrcpy.sessions === 0 && ffmpegChildren().length === 0,
      'the session and its ffmpeg to end',
      10_000,
    );
  });

  it('without the pushed jar app_process fails like Android (the client falls back)', async () => {
    const out = await device.shell(
      `CLASSPATH=/data/local/tmp/missing.jar app_process / com.genymobile.scrcpy.Server 3.3.3 tunnel_forward=true; echo "exit=$?"`,
    );
    expect(out).toMatch(/ClassNotFoundException: Didn't find class "com.genymobile.scrcpy.Server"/);
    expect(out).toMatch(/exit=1/);
  });
});
