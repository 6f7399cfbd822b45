/**
 * Small statistics for benchmark reports: percentiles and a seeded two-level (cluster)
 * bootstrap — tasks are resampled, then each task's episodes (seeds × repetitions) — so
 * intervals reflect both which tasks were drawn and how runs vary. Written here because it
 * is twenty lines and must be seeded and deterministic; no statistics package is needed for it.
 */
import { mulberry32 } from '@moba/base';
import type { Estimate } from '../../../shared/bench/report.ts';

/** Linear-interpolated percentile (p in 0..100) of unsorted numbers; null for none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  return percentileOfSorted(
    [...values].sort((a, b) => a - b),
    p,
  );
}

/** `percentile` of numbers already sorted ascending. */
function percentileOfSorted(s: ArrayLike<number>, p: number): number {
  const at = (p / 100) * (s.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo]! + (s[hi]! - s[lo]!) * (at - lo);
}

/** The 95 % percentile interval of bootstrap samples (sorted once). */
function interval(samples: readonly number[]): { low: number | null; high: number | null } {
  if (samples.length === 0) return { low: null, high: null };
  const sorted = Float64Array.from(samples).sort();
  return { low: percentileOfSorted(sorted, 2.5), high: percentileOfSorted(sorted, 97.5) };
}

export interface BootstrapOptions {
  seed: number;
  iterations: number;
}

/**
 * The statistic on the data, with a 95 % percentile interval from a cluster bootstrap over
 * `groups` (each group: one task's episodes).
 */
export function clusterBootstrap<T>(
  groups: readonly (readonly T[])[],
  stat: (items: readonly T[]) => number | null,
  options: BootstrapOptions,
): Estimate {
  const nonEmpty = groups.filter((g) => g.length > 0);
  const value = stat(nonEmpty.flat());
  if (value === null || nonEmpty.length === 0) return { value, low: null, high: null };
  const random = mulberry32(options.seed);
  const pick = (n: number) => Math.floor(random() * n);
  const samples: number[] = [];
  for (let i = 0; i < options.iterations; i++) {
    const items: T[] = [];
    for (let g = 0; g < nonEmpty.length; g++) {
      const group = nonEmpty[pick(nonEmpty.length)]!;
      for (let k = 0; k < group.length; k++) items.push(group[pick(group.length)]!);
    }
    const v = stat(items);
    if (v !== null) samples.push(v);
  }
  return { value, low: percentile(samples, 2.5), high: percentile(samples, 97.5) };
}

/** A statistic of the form Σ num(item) / Σ den(item), null when Σ den is 0. */
export interface RatioStat<T> {
  num(item: T): number;
  den(item: T): number;
}

/**
 * `clusterBootstrap` for several ratio statistics at once, with the same result for each as
 * `clusterBootstrap(groups, items => Σnum/Σden, options)`: the same seed draws the same
 * resamples, and the sums are added in the same order. Each item's numerators and denominators
 * are read once into typed arrays and every resample only adds them up, so a report's many
 * scopes and statistics cost milliseconds, not seconds.
 */
export function clusterBootstrapRatios<T, K extends string>(
  groups: readonly (readonly T[])[],
  stats: Readonly<Record<K, RatioStat<T>>>,
  options: BootstrapOptions,
): Record<K, Estimate> {
  const nonEmpty = groups.filter((g) => g.length > 0);
  const keys = Object.keys(stats) as K[];
  const width = 2 * keys.length;
  const starts = new Int32Array(nonEmpty.length + 1);
  nonEmpty.forEach((g, i) => (starts[i + 1] = starts[i]! + g.length));
  const n = starts[nonEmpty.length]!;
  // Item i's numerator and denominator of statistic s at [i * width + 2s] and [i * width + 2s + 1].
  const cells = new Float64Array(n * width);
  nonEmpty.flat().forEach((item, i) =>
    keys.forEach((k, s) => {
      cells[i * width + 2 * s] = stats[k].num(item);
      cells[i * width + 2 * s + 1] = stats[k].den(item);
    }),
  );
  const sums = new Float64Array(width);
  const addUp = (count: number, at: (j: number) => number) => {
    sums.fill(0);
    for (let j = 0; j < count; j++) {
      const base = at(j) * width;
      for (let c = 0; c < width; c++) sums[c]! += cells[base + c]!;
    }
  };
  const ratio = (s: number) => (sums[2 * s + 1] ? sums[2 * s]! / sums[2 * s + 1]! : null);
  addUp(n, (j) => j);
  const values = keys.map((_, s) => ratio(s));
  const samples = keys.map(() => [] as number[]);
  if (nonEmpty.length > 0 && values.some((v) => v !== null)) {
    const random = mulberry32(options.seed);
    // A resample draws a group per group, so it holds at most groups × the largest group's items.
    const drawn = new Int32Array(nonEmpty.length * Math.max(...nonEmpty.map((g) => g.length)));
    for (let i = 0; i < options.iterations; i++) {
      let m = 0;
      for (let g = 0; g < nonEmpty.length; g++) {
        const group = Math.floor(random() * nonEmpty.length);
        const start = starts[group]!;
        const size = starts[group + 1]! - start;
        for (let k = 0; k < size; k++) drawn[m++] = start + Math.floor(random() * size);
      }
      addUp(m, (j) => drawn[j]!);
      for (let s = 0; s < keys.length; s++) {
        const v = ratio(s);
        if (v !== null) samples[s]!.push(v);
      }
    }
  }
  return Object.fromEntries(
    keys.map((k, s) => {
      const value = values[s]!;
      return [k, value === null ? { value, low: null, high: null } : { value, ...interval(samples[s]!) }];
    }),
  ) as Record<K, Estimate>;
}

/** Mean of paired per-task differences, with a bootstrap over tasks. */
export function pairedBootstrap(diffs: readonly number[], options: BootstrapOptions): Estimate {
  if (diffs.length === 0) return { value: null, low: null, high: null };
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const random = mulberry32(options.seed);
  const samples: number[] = [];
  for (let i = 0; i < options.iterations; i++) {
    let sum = 0;
    for (let k = 0; k < diffs.length; k++) sum += diffs[Math.floor(random() * diffs.length)]!;
    samples.push(sum / diffs.length);
  }
  return { value: mean(diffs), low: percentile(samples, 2.5), high: percentile(samples, 97.5) };
}
