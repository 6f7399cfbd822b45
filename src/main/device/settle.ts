/**
 * Waiting until the screen stops changing after an action: poll a cheap signature of the
 * screen until two consecutive readings agree, bounded by a timeout — not a fixed sleep, so a
 * quick screen costs little and a slow one gets the time it needs.
 *
 * While a live mirror streams the device, the stream tells the same without any screenshot:
 * a changing screen sends frames at the stream's frame rate, a still one only repeats its last
 * frame every ~100 ms (scrcpy-server has the encoder repeat the previous frame after 100 ms), so
 * a gap of `STREAM_QUIET_MS` with no frame means the screen stopped changing. Screenshots taken
 * while the phone also encodes the stream are slow and slow the stream down in turn.
 */
import { createHash } from 'node:crypto';
import { serializeError } from '../../shared/errors.ts';
import type { AndroidDevice } from './android-device.ts';
import { delay } from '@moba/base';

/** One reading of the screen's state; equal strings mean "unchanged". */
export type SettleProbe = (signal?: AbortSignal) => Promise<string>;

export interface SettleResult {
  settled: boolean;
  ms: number;
  readings: number;
}

export interface SettleOptions {
  probe: SettleProbe;
  /** 0 skips waiting (reported as settled with no readings). */
  timeoutMs: number;
  /** Time for the action's first frame to be drawn before the first reading. Default 120 ms. */
  firstDelayMs?: number;
  /** Pause between readings. Default 0 (a screenshot already takes tens of milliseconds). */
  intervalMs?: number;
  signal?: AbortSignal | undefined;
}

/**
 * Polls until two consecutive readings are equal or the timeout passes (then `settled` is false).
 *
 * @throws MobaError CANCELLED when the signal aborts; a failing probe counts as a reading of its error
 */
export async function waitForSettle(options: SettleOptions): Promise<SettleResult> {
  const started = performance.now();
  if (options.timeoutMs <= 0) return { settled: true, ms: 0, readings: 0 };
  const deadline = started + options.timeoutMs;
  const read = async () => {
    try {
      return await options.probe(options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return `error:${serializeError(error).code}`;
    }
  };
  await delay(Math.min(options.firstDelayMs ?? 120, options.timeoutMs), options.signal);
  let previous = await read();
  let readings = 1;
  while (performance.now() < deadline) {
    if (options.intervalMs) await delay(options.intervalMs, options.signal);
    const current = await read();
    readings++;
    if (current === previous) return { settled: true, ms: performance.now() - started, readings };
    previous = current;
  }
  return { settled: false, ms: performance.now() - started, readings };
}

/**
 * Milliseconds since the device's mirror delivered its last frame; null when no mirror streams
 * the device now (then settling falls back to screenshots).
 */
export type StreamQuiet = () => number | null;

/** A gap with no frame this long means a still screen (under the ~100 ms repeat of a still one). */
export const STREAM_QUIET_MS = 80;

export interface StreamSettleOptions {
  sinceLastFrame: StreamQuiet;
  /** Used when the stream stops during the wait. */
  fallback: SettleProbe;
  timeoutMs: number;
  /** As for {@link waitForSettle}. Default 120 ms. */
  firstDelayMs?: number;
  /** Default {@link STREAM_QUIET_MS}. */
  quietMs?: number;
  signal?: AbortSignal | undefined;
}

/**
 * Waits until the mirror's stream has had no frame for `quietMs`, bounded by the timeout; no
 * screenshot is taken unless the stream stops, when the rest of the wait polls `fallback`.
 * `readings` counts the fallback's readings only.
 *
 * @throws MobaError CANCELLED when the signal aborts
 */
export async function waitForQuietStream(options: StreamSettleOptions): Promise<SettleResult> {
  const started = performance.now();
  if (options.timeoutMs <= 0) return { settled: true, ms: 0, readings: 0 };
  const quietMs = options.quietMs ?? STREAM_QUIET_MS;
  const deadline = started + options.timeoutMs;
  await delay(Math.min(options.firstDelayMs ?? 120, options.timeoutMs), options.signal);
  for (;;) {
    const since = options.sinceLastFrame();
    if (since === null) {
      const rest = await waitForSettle({
        probe: options.fallback,
        timeoutMs: Math.max(1, deadline - performance.now()),
        firstDelayMs: 0,
        signal: options.signal,
      });
      return { settled: rest.settled, ms: performance.now() - started, readings: rest.readings };
    }
    if (since >= quietMs) return { settled: true, ms: performance.now() - started, readings: 0 };
    const left = deadline - performance.now();
    if (left <= 0) return { settled: false, ms: performance.now() - started, readings: 0 };
    await delay(Math.min(left, quietMs - since), options.signal);
  }
}

/** The default probe: a hash of the screenshot. */
export function screenshotProbe(device: AndroidDevice): SettleProbe {
  return async (signal) =>
    createHash('sha1')
      .update(await device.screencap({ signal }))
      .digest('hex');
}

/**
 * A hash of the UI dump: the elements' text, state and bounds stop changing. For callers that
 * read only the elements (a benchmark's pseudo-agents), where it costs no screen capture.
 */
export function uiDumpProbe(device: AndroidDevice): SettleProbe {
  return async (signal) => {
    const dump = await device.dumpUi({ signal });
    return createHash('sha1')
      .update(dump.xml ?? `no dump: ${dump.message}`)
      .digest('hex');
  };
}
