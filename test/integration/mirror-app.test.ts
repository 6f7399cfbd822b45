/**
 * The mirror through the app's contract on the real web host: startMirror answers a channel
 * whose binary WebSocket frames carry the stream, mirrorInput acts on the phone, and while the
 * mirror runs the device layer's observations take their screenshot from the stream
 * (source 'mirror', frameTime) — after stopMirror from `screencap` again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMirrorFrame } from '../../src/shared/mirror-frames.ts';
import { decodeBinaryFrame } from '../../src/shared/wire.ts';
import { waitUntil } from '@moba/testkit/rigs';
import { startTestHost, WsTestClient } from '../support/host.ts';
import type { TestHost } from '../support/host.ts';
import { startMirrorPhone } from '../support/mirror-phone.ts';
import type { MirrorPhone } from '../support/mirror-phone.ts';

let phone: MirrorPhone;
let host: TestHost;
let client: WsTestClient;

beforeAll(async () => {
  phone = await startMirrorPhone({ width: 720, height: 1600, density: 320 });
  host = await startTestHost({ env: { ...phone.hostEnv, SCRCPY_SERVER_PATH: phone.standInServerPath } });
  client = await WsTestClient.connect(host.host);
});

afterAll(async () => {
  client?.close();
  await host?.dispose();
  await phone?.close();
});

describe('mirror contract', () => {
  it('streams on the answered channel, takes input, and feeds the agent’s observations while it runs', async () => {
    await phone.phone.keyevent(3);
    const start = await client.call('startMirror', { serial: phone.serial, options: { maxSize: 800 } });
    expect(start.ok).toBe(true);
    const info = start.result as { channel: number; mode: string; width: number; height: number; deviceWidth: number };
    expect(info).toMatchObject({ mode: 'scrcpy', width: 360, height: 800, deviceWidth: 720 });
    await waitUntil(() => client.binary.length > 5, 'binary frames');
    const frames = client.binary.map((b) => decodeBinaryFrame(b)!);
    expect(new Set(frames.map((f) => f.channel))).toEqual(new Set([info.channel]));
    expect(decodeMirrorFrame(frames[0]!.data)?.kind).toBe('configuration');
    expect(decodeMirrorFrame(frames[1]!.data)).toMatchObject({ kind: 'data', keyframe: true });

    const state = await client.call('getMirrorState', {});
    expect((state.result as { mirrors: Array<{ serial: string; mode: string }> }).mirrors).toEqual([
      expect.objectContaining({ serial: phone.serial, mode: 'scrcpy' }),
    ]);
    expect(
      client.events.some((e) => e.event === 'didChangeMirror' && (e.payload as { state: string }).state === 'running'),
    ).toBe(true);

    const observed = await client.call('observeDevice', { serial: phone.serial, ocr: false }, 60_000);
    expect(observed.error).toBeUndefined();
    const observation = observed.result as {
      source: string;
      frameTime?: number;
      capturedAt: number;
      elements: Array<{ text: string; center: [number, number] }>;
    };
    expect(observation.source).toBe('mirror');
    expect(observation.frameTime).toBeGreaterThan(observation.capturedAt - 5_000);
    const clock = observation.elements.find((e) => e.text === 'Clock');
    expect(clock).toBeDefined();

    const tap = await client.call('mirrorInput', {
      serial: phone.serial,
      input: { type: 'tap', x: clock!.center[0], y: clock!.center[1] },
    });
    expect(tap.result).toMatchObject({ via: 'scrcpy' });
    await waitUntil(
      async () => (await phone.phone.focus()).packageName === 'com.android.deskclock',
      'Clock opened through mirrorInput',
      10_000,
    );
    const bad = await client.call('mirrorInput', { serial: phone.serial, input: { type: 'tap', x: 'left' } });
    expect(bad.error?.code).toBe('INVALID_INPUT');
    await client.call('mirrorInput', { serial: phone.serial, input: { type: 'home' } });

    expect((await client.call('stopMirror', { serial: phone.serial })).result).toEqual({ stopped: true });
    await waitUntil(() => phone.scrcpy.sessions === 0, 'the phone-side session to end', 10_000);
    const after = await client.call('observeDevice', { serial: phone.serial, ocr: false }, 60_000);
    expect((after.result as { source: string }).source).toBe('screencap');
    expect((await client.call('mirrorInput', { serial: phone.serial, input: { type: 'back' } })).error?.code).toBe(
      'NOT_FOUND',
    );
  });
});
