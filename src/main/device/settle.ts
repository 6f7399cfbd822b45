/**
 * Waiting until the screen stops changing after an action: poll a cheap signature of the
 * screen until two consecutive readings agree, bounded by a timeout — not a fixed sleep, so a
 * quick screen costs little and a slow one gets the time it needs.
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
