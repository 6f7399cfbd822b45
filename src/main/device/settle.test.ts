import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AndroidDevice } from './android-device.ts';
import type { DeviceInput } from './input/device-input.ts';
import { executeAction } from './execute-action.ts';
import { uiDumpProbe, waitForQuietStream, waitForSettle } from './settle.ts';

/** A screen that changes `changes` times, then stays the same. */
function screen(changes: number) {
  let reads = 0;
  return async () => String(Math.min(reads++, changes));
}

describe('waitForSettle', () => {
  it('ends at the first two equal readings', async () => {
    const r = await waitForSettle({ probe: screen(3), timeoutMs: 5_000, firstDelayMs: 0 });
    expect(r).toMatchObject({ settled: true, readings: 5 });
  });
  it('gives up at the timeout on a screen that keeps changing', async () => {
    let n = 0;
    const r = await waitForSettle({ probe: async () => String(n++), timeoutMs: 150, firstDelayMs: 0, intervalMs: 10 });
    expect(r.settled).toBe(false);
    expect(r.ms).toBeGreaterThanOrEqual(150);
    expect(r.ms).toBeLessThan(5_000); // not the next reading forever
  });
  it('skips waiting when the timeout is 0', async () => {
    expect(await waitForSettle({ probe: screen(1), timeoutMs: 0 })).toEqual({ settled: true, ms: 0, readings: 0 });
  });
  it('stops when cancelled', async () => {
    const controller = new AbortController();
    let n = 0;
    const run = waitForSettle({
      probe: async () => String(n++),
      timeoutMs: 10_000,
      firstDelayMs: 0,
      intervalMs: 20,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await expect(run).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});

describe('uiDumpProbe', () => {
  it('reads the UI dump, not the screen: equal dumps are one reading, a changed one or a failed dump another', async () => {
    const dumps = [
      { xml: Buffer.from('<hierarchy rotation="0"><node text="A"/></hierarchy>'), message: '' },
      { xml: Buffer.from('<hierarchy rotation="0"><node text="A"/></hierarchy>'), message: '' },
      { xml: Buffer.from('<hierarchy rotation="0"><node text="B"/></hierarchy>'), message: '' },
      { xml: null, message: 'ERROR: could not get idle state.' },
    ];
    let screencaps = 0;
    const device = {
      dumpUi: async () => dumps.shift()!,
      screencap: async () => (screencaps++, new Uint8Array()),
    } as unknown as AndroidDevice;
    const probe = uiDumpProbe(device);
    const readings = [await probe(), await probe(), await probe(), await probe()];
    expect(readings[0]).toBe(readings[1]);
    expect(new Set(readings).size).toBe(3);
    expect(screencaps).toBe(0);
  });
});

/** A stream whose frames keep coming `busyMs` after the start, then only its ~100 ms repeats. */
function stream(busyMs: number) {
  const t0 = performance.now();
  return () => {
    const now = performance.now() - t0;
    return now < busyMs ? 5 : (now - busyMs) % 100;
  };
}

// The stream and the wait read one faked clock, so the figures are exact on a loaded machine.
describe('waitForQuietStream', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  async function settle(options: Parameters<typeof waitForQuietStream>[0]) {
    const result = waitForQuietStream(options);
    await vi.advanceTimersByTimeAsync(options.timeoutMs + 1_000);
    return result;
  }

  it('settles on the first quiet gap after the frames stop, taking no screenshot', async () => {
    let shots = 0;
    const r = await settle({
      sinceLastFrame: stream(200),
      fallback: async () => String(shots++),
      timeoutMs: 5_000,
      firstDelayMs: 0,
    });
    // Frames every 5 ms until 200 ms, then the first repeat gap reaches 80 ms at 280 ms.
    expect(r).toEqual({ settled: true, ms: 200 + 80, readings: 0 });
    expect(shots).toBe(0);
  });
  it('gives up at the timeout while frames keep coming', async () => {
    const r = await settle({
      sinceLastFrame: () => 5,
      fallback: screen(0),
      timeoutMs: 150,
      firstDelayMs: 0,
    });
    expect(r).toEqual({ settled: false, ms: 150, readings: 0 });
  });
  it('goes on with screenshots when the stream stops', async () => {
    const r = await settle({
      sinceLastFrame: () => null,
      fallback: screen(2),
      timeoutMs: 5_000,
      firstDelayMs: 0,
    });
    expect(r).toMatchObject({ settled: true, readings: 4 });
  });
});

describe('executeAction settling', () => {
  const input = { keys: async () => undefined } as unknown as DeviceInput;
  function device() {
    const calls = { screencap: 0 };
    let n = 0;
    const d = {
      serial: 'phone',
      screencap: async () => {
        calls.screencap++;
        return new Uint8Array([Math.min(n++, 1)]);
      },
    } as unknown as AndroidDevice;
    return { d, calls };
  }
  const base = { elements: [], screen: { width: 1080, height: 2400 }, settleTimeoutMs: 5_000 };

  it('takes no screenshot while a mirror streams the device', async () => {
    const { d, calls } = device();
    const r = await executeAction({ name: 'Back', params: {} }, { ...base, device: d, input, streamQuiet: stream(50) });
    expect(r).toMatchObject({ ok: true, settled: true });
    expect(calls.screencap).toBe(0);
  });
  it('settles by screenshots without a mirror (and when it has stopped)', async () => {
    for (const streamQuiet of [undefined, () => null]) {
      const { d, calls } = device();
      const r = await executeAction(
        { name: 'Back', params: {} },
        { ...base, device: d, input, ...(streamQuiet ? { streamQuiet } : {}) },
      );
      expect(r).toMatchObject({ ok: true, settled: true });
      expect(calls.screencap).toBe(3);
    }
  });
});
