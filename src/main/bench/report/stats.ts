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
  const s = [...values].sort((a, b) => a - b);
  const at = (p / 100) * (s.length - 1);
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return s[lo]! + (s[hi]! - s[lo]!) * (at - lo);
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
