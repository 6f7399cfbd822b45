/**
 * Small statistics for benchmark reports: percentiles and a seeded two-level (cluster)
 * bootstrap — tasks are resampled, then each task's episodes (seeds × repetitions) — so
 * intervals reflect both which tasks were drawn and how runs vary. Written here because it
 * must be seeded and deterministic; no statistics package is needed for it. `clusterBootstrap`
 * is the definition; the report uses `clusterBootstrapRatios`, the same numbers worked out
 * faster (resample.ts).
 */
import { mulberry32 } from '@moba/base';
import type { Estimate } from '../../../shared/bench/report.ts';
import { columnSums, kthSmallest, ratioTable, resampleRatios, smallestFrom, uniformAt } from './resample.ts';
import type { RatioStat } from './resample.ts';

export type { RatioStat } from './resample.ts';

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

/** The 95 % percentile interval of bootstrap samples (reorders them). */
function interval(samples: Float64Array): { low: number | null; high: number | null } {
  if (samples.length === 0) return { low: null, high: null };
  return { low: percentileBySelection(samples, 2.5), high: percentileBySelection(samples, 97.5) };
}

/** `percentileOfSorted` of the numbers sorted, picking the two it reads instead of sorting. */
function percentileBySelection(values: Float64Array, p: number): number {
  const at = (p / 100) * (values.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  const low = kthSmallest(values, lo);
  // Selection leaves every number after index lo at least as large: the next is their least.
  return low + ((hi === lo ? low : smallestFrom(values, hi)) - low) * (at - lo);
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

/**
 * `clusterBootstrap` for several ratio statistics at once, with the same result for each as
 * `clusterBootstrap(groups, items => Σnum/Σden, options)`: the same seed draws the same
 * resamples, and the sums are added in the same order. Each item's numbers are read once and
 * every resample only adds them up (resample.ts), so a report's many scopes and statistics
 * cost milliseconds, not seconds, even in a fresh process.
 */
export function clusterBootstrapRatios<T, K extends string>(
  groups: readonly (readonly T[])[],
  stats: Readonly<Record<K, RatioStat<T>>>,
  options: BootstrapOptions,
): Record<K, Estimate> {
  const nonEmpty = groups.filter((g) => g.length > 0);
  const keys = Object.keys(stats) as K[];
  const table = ratioTable(
    nonEmpty,
    keys.map((k) => stats[k]),
  );
  const sums = columnSums(table);
  const values = keys.map((_, s) => {
    const den = sums[table.den[s]!]!;
    return den ? sums[table.num[s]!]! / den : null;
  });
  const samples =
    nonEmpty.length > 0 && values.some((v) => v !== null)
      ? resampleRatios(table, options.seed, options.iterations)
      : [];
  return Object.fromEntries(
    keys.map((k, s) => {
      const value = values[s]!;
      return [k, value === null ? { value, low: null, high: null } : { value, ...interval(samples[s]!) }];
    }),
  ) as Record<K, Estimate>;
}

/** Mean of paired per-task differences, with a bootstrap over tasks. */
export function pairedBootstrap(diffs: readonly number[], options: BootstrapOptions): Estimate {
  return pairedBootstraps([diffs], options)[0]!;
}

/**
 * `pairedBootstrap` of several lists of differences over the same tasks (equally long), each
 * with the same result as on its own: one resample of tasks serves them all, so the draws are
 * made once.
 */
export function pairedBootstraps(lists: readonly (readonly number[])[], options: BootstrapOptions): Estimate[] {
  const n = lists[0]?.length ?? 0;
  if (n === 0) return lists.map(() => ({ value: null, low: null, high: null }));
  if (lists.some((l) => l.length !== n)) throw new Error('paired differences over different tasks');
  const samples = lists.map(() => new Float64Array(options.iterations));
  const sums = new Float64Array(lists.length);
  for (let i = 0, r = 0; i < options.iterations; i++) {
    sums.fill(0);
    for (let k = 0; k < n; k++) {
      const j = Math.floor(uniformAt(options.seed, r++) * n);
      for (let s = 0; s < lists.length; s++) sums[s]! += lists[s]![j]!;
    }
    for (let s = 0; s < lists.length; s++) samples[s]![i] = sums[s]! / n;
  }
  return lists.map((diffs, s) => ({ value: diffs.reduce((a, b) => a + b, 0) / n, ...interval(samples[s]!) }));
}
