/**
 * Which way the observer takes a device's screenshot while a live mirror runs: `screencap` over
 * adb, or the mirror's newest frame decoded in main. Neither is always faster — on the simulated
 * phone `screencap` is several times quicker than decoding the stream, on a real phone its
 * `screencap` can take half a second — so the observer measures both on each device and takes
 * the faster, trying the slower one again now and then in case things changed. Decoding a
 * frame in main costs an ffmpeg run (a few hundred milliseconds), so a phone whose `screencap`
 * is quicker than `STREAM_WORTH_MS` never tries the stream. Knowing nothing yet, the first
 * observation with a mirror tries the stream, the next `screencap`.
 */
export type ScreenshotSource = 'screencap' | 'stream';

/**
 * The slower source is tried once more after this many observations times how many times
 * slower it was (at most ten): a source five times slower is tried every 150 observations.
 */
export const RETRY_EVERY = 30;
/** A `screencap` faster than this is kept: decoding the stream could not beat it. */
export const STREAM_WORTH_MS = 250;
/** Weight of a new duration in the running estimate. */
const ALPHA = 0.3;

interface Estimate {
  ms: number;
  n: number;
}

export class ScreenshotSources {
  private readonly estimates = new Map<string, Record<ScreenshotSource, Estimate>>();
  private readonly counts = new Map<string, number>();

  private of(serial: string): Record<ScreenshotSource, Estimate> {
    let e = this.estimates.get(serial);
    if (!e) this.estimates.set(serial, (e = { screencap: { ms: 0, n: 0 }, stream: { ms: 0, n: 0 } }));
    return e;
  }

  /** The source for the next screenshot of a device whose mirror can supply one. */
  choose(serial: string): ScreenshotSource {
    const e = this.of(serial);
    const count = (this.counts.get(serial) ?? 0) + 1;
    this.counts.set(serial, count);
    if (e.screencap.n > 0 && e.screencap.ms < STREAM_WORTH_MS) return 'screencap';
    if (e.stream.n === 0) return 'stream';
    if (e.screencap.n === 0) return 'screencap';
    const faster: ScreenshotSource = e.stream.ms <= e.screencap.ms ? 'stream' : 'screencap';
    const slower: ScreenshotSource = faster === 'stream' ? 'screencap' : 'stream';
    const ratio = Math.min(10, Math.max(1, e[slower].ms / Math.max(1, e[faster].ms)));
    if (count % Math.round(RETRY_EVERY * ratio) === 0) return slower;
    return faster;
  }

  /** How long a screenshot from `source` took (any screencap counts, with a mirror or not). */
  record(serial: string, source: ScreenshotSource, ms: number): void {
    const e = this.of(serial)[source];
    e.ms = e.n === 0 ? ms : e.ms + ALPHA * (ms - e.ms);
    e.n++;
  }

  /** The estimates, for diagnostics. */
  estimate(serial: string): Record<ScreenshotSource, number | null> {
    const e = this.of(serial);
    return { screencap: e.screencap.n ? e.screencap.ms : null, stream: e.stream.n ? e.stream.ms : null };
  }
}
