/**
 * The machinery behind `clusterBootstrapRatios` and `pairedBootstraps` (stats.ts), shaped so a
 * fresh process such as `moba bench report` gets through a report's thousands of resamples
 * before and while the optimizing compiler looks at the code: only the random numbers a
 * resample uses are worked out (each straight from its place in the sequence, so the ones a
 * one-run task skips cost nothing), the items' numbers in one typed array with repeated columns
 * kept once, the resampling loop on typed arrays and numbers only, and percentiles read by
 * selection instead of sorting. Every result is the same number the plain loops give.
 */
import { mulberry32At } from '@moba/base';

/** The number at `index` (0-based) of `mulberry32(seed)`, in [0, 1). */
export const uniformAt = (seed: number, index: number): number => mulberry32At(seed, index) / 4294967296;

/** A statistic of the form Σ num(item) / Σ den(item), null when Σ den is 0. */
export interface RatioStat<T> {
  num(item: T): number;
  den(item: T): number;
}

/**
 * Items (grouped) as rows of `cells`, `width` columns each; group g's rows are starts[g] up to
 * starts[g + 1]. Statistic s is column num[s] over column den[s]. Columns holding the same
 * numbers for every item (e.g. a denominator of 1 in several statistics) are kept once: their
 * sums would be the same additions in the same order.
 */
export interface RatioTable {
  cells: Float64Array;
  width: number;
  starts: Int32Array;
  num: Int32Array;
  den: Int32Array;
}

export function ratioTable<T>(groups: readonly (readonly T[])[], stats: readonly RatioStat<T>[]): RatioTable {
  const starts = new Int32Array(groups.length + 1);
  groups.forEach((g, i) => (starts[i + 1] = starts[i]! + g.length));
  const items = groups.flat();
  const columns: Float64Array[] = [];
  const columnOf = (read: (item: T) => number): number => {
    const values = Float64Array.from(items, (item) => read(item));
    const same = columns.findIndex((c) => c.every((v, i) => Object.is(v, values[i])));
    return same >= 0 ? same : columns.push(values) - 1;
  };
  const num = new Int32Array(stats.length);
  const den = new Int32Array(stats.length);
  stats.forEach((stat, s) => {
    num[s] = columnOf(stat.num);
    den[s] = columnOf(stat.den);
  });
  const width = columns.length;
  const cells = new Float64Array(items.length * width);
  columns.forEach((column, c) => column.forEach((v, i) => (cells[i * width + c] = v)));
  return { cells, width, starts, num, den };
}

/** The column sums over every row, in row order. */
export function columnSums(table: RatioTable): Float64Array {
  const sums = new Float64Array(table.width);
  for (let i = 0; i < table.cells.length; i += table.width)
    for (let c = 0; c < table.width; c++) sums[c]! += table.cells[i + c]!;
  return sums;
}

/**
 * Each statistic's value on every resample that has one, in draw order. A resample draws a
 * group per group (one number of `mulberry32(seed)` each), then that group's size of its items
 * (one number each), as `clusterBootstrap` does.
 */
export function resampleRatios(table: RatioTable, seed: number, iterations: number): Float64Array[] {
  const stats = table.num.length;
  const values = new Float64Array(stats * iterations);
  const counts = new Int32Array(stats);
  drawResamples(table, seed, iterations, values, counts);
  return Array.from({ length: stats }, (_, s) => values.subarray(s * iterations, s * iterations + counts[s]!));
}

/**
 * The resampling loop. Each drawn item's row is added as it is drawn — the same order as summing
 * the resample afterwards. Statistic s's value on a resample goes to
 * values[s × iterations + counts[s]++] when its denominator is not 0.
 */
function drawResamples(
  table: RatioTable,
  seed: number,
  iterations: number,
  values: Float64Array,
  counts: Int32Array,
): void {
  const { cells, width, starts, num, den } = table;
  const groups = starts.length - 1;
  const stats = num.length;
  const sums = new Float64Array(width);
  let r = 0;
  for (let i = 0; i < iterations; i++) {
    sums.fill(0);
    for (let g = 0; g < groups; g++) {
      const group = Math.floor(uniformAt(seed, r++) * groups);
      const start = starts[group]!;
      const size = starts[group + 1]! - start;
      if (size === 1) {
        // One item (one run per task): drawn whatever the number, which is skipped unread.
        r++;
        const base = start * width;
        for (let c = 0; c < width; c++) sums[c]! += cells[base + c]!;
        continue;
      }
      for (let k = 0; k < size; k++) {
        const base = (start + Math.floor(uniformAt(seed, r++) * size)) * width;
        for (let c = 0; c < width; c++) sums[c]! += cells[base + c]!;
      }
    }
    for (let s = 0; s < stats; s++) {
      const d = sums[den[s]!]!;
      if (d) values[s * iterations + counts[s]!++] = sums[num[s]!]! / d;
    }
  }
}

/**
 * The k-th smallest of `a` (0-based), reordering `a` in place (Wirth's selection): the number a
 * full sort would put at index k, in linear expected time.
 */
export function kthSmallest(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const pivot = a[k]!;
    let i = lo;
    let j = hi;
    do {
      while (a[i]! < pivot) i++;
      while (pivot < a[j]!) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i++] = a[j]!;
        a[j--] = t;
      }
    } while (i <= j);
    if (j < k) lo = i;
    if (k < i) hi = j;
  }
  return a[k]!;
}

/** The least of a[from], a[from + 1], … */
export function smallestFrom(a: Float64Array, from: number): number {
  let least = a[from]!;
  for (let i = from + 1; i < a.length; i++) if (a[i]! < least) least = a[i]!;
  return least;
}
