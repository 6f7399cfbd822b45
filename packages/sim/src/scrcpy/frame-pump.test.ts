import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SimulatedDevice } from '../device.ts';
import { FramePump } from './frame-pump.ts';

/** A phone as the pump sees it: versioned captures, change events, and optionally a frame stream. */
function fakePhone(options: { streams: boolean; captureMs?: number }) {
  let version = 1;
  const changeListeners = new Set<() => void>();
  let streamTo: ((jpeg: Uint8Array) => void) | undefined;
  const calls = { captures: 0 };
  const device = {
    onDidChangeScreen(listener: () => void) {
      changeListeners.add(listener);
      return { dispose: () => void changeListeners.delete(listener) };
    },
    async captureFrame() {
      calls.captures++;
      const v = version;
      await new Promise((resolve) => setTimeout(resolve, options.captureMs ?? 5));
      return { data: Uint8Array.of(1, v), format: 'jpeg' as const, version: v };
    },
    ...(options.streams
      ? {
          streamFrames(_o: unknown, onFrame: (jpeg: Uint8Array) => void) {
            streamTo = onFrame;
            return { dispose: () => (streamTo = undefined) };
          },
        }
      : {}),
  } as unknown as SimulatedDevice;
  return {
    device,
    calls,
    change() {
      version++;
      for (const l of changeListeners) l();
    },
    stream(byte: number) {
      streamTo?.(Uint8Array.of(2, byte));
    },
    get streaming() {
      return streamTo !== undefined;
    },
  };
}

function startPump(device: SimulatedDevice) {
  const sent: Array<{ at: number; bytes: number[]; repeat: boolean }> = [];
  const pump = new FramePump({
    device,
    maxSize: 800,
    fps: 30,
    onFrame: (jpeg, repeat) => sent.push({ at: performance.now(), bytes: [...jpeg], repeat }),
    onError: (e) => {
      throw e;
    },
  });
  pump.start();
  return { pump, sent };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('FramePump', () => {
  it('repeats a still screen every 100 ms like scrcpy-server on Android, not at the full frame rate', async () => {
    const phone = fakePhone({ streams: false });
    const { pump, sent } = startPump(phone.device);
    await vi.advanceTimersByTimeAsync(50);
    expect(sent.map((s) => s.repeat)).toEqual([false]);
    const first = sent.length;
    await vi.advanceTimersByTimeAsync(1_000);
    const repeats = sent.slice(first);
    expect(repeats.every((s) => s.repeat)).toBe(true);
    expect(repeats.length).toBeGreaterThanOrEqual(9);
    expect(repeats.length).toBeLessThanOrEqual(11);
    for (let i = 1; i < repeats.length; i++) expect(repeats[i]!.at - repeats[i - 1]!.at).toBeGreaterThanOrEqual(90);
    // A change is captured and sent at once, not at the next repeat.
    const before = sent.length;
    phone.change();
    await vi.advanceTimersByTimeAsync(25);
    expect(sent.slice(before).map((s) => [s.bytes, s.repeat])).toEqual([[[1, 2], false]]);
    pump.stop();
  });

  it('sends streamed pictures as they come, reads the phone only if the stream stalls after a change, and drops a capture older than a streamed picture', async () => {
    const phone = fakePhone({ streams: true, captureMs: 40 });
    const { pump, sent } = startPump(phone.device);
    expect(phone.streaming).toBe(true);
    // The first picture is read directly; a picture streamed while that read is under way wins.
    await vi.advanceTimersByTimeAsync(10);
    phone.stream(7);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.filter((s) => !s.repeat).map((s) => s.bytes)).toEqual([[2, 7]]);
    expect(phone.calls.captures).toBe(1);

    // A change followed by its picture: no extra read.
    phone.change();
    await vi.advanceTimersByTimeAsync(20);
    phone.stream(8);
    await vi.advanceTimersByTimeAsync(400);
    expect(phone.calls.captures).toBe(1);
    expect(sent.filter((s) => !s.repeat).map((s) => s.bytes)).toEqual([
      [2, 7],
      [2, 8],
    ]);

    // A change the stream never shows: read after 250 ms.
    phone.change();
    await vi.advanceTimersByTimeAsync(200);
    expect(phone.calls.captures).toBe(1);
    await vi.advanceTimersByTimeAsync(150);
    expect(phone.calls.captures).toBe(2);
    expect(sent.filter((s) => !s.repeat).at(-1)?.bytes).toEqual([1, 3]);

    pump.stop();
    expect(phone.streaming).toBe(false);
  });
});
