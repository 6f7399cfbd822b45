/**
 * The in-memory coarse index over embedding sketches (see sketch.ts); exact reranking is left
 * to the caller (exact vectors stay in SQLite).
 *
 * Why this shape: exact cosine over 100,000 × 1536 floats is ~150 M multiply-adds — 300 ms and
 * more in JavaScript on this class of machine, and 600 MB of RAM if the floats were kept in
 * memory. The index keeps 128 bytes per memory instead (12.8 MB at 100k), stored per class
 * (kind + outcome/category/stage) so a search only touches the classes it asks for, and
 * searches in two passes:
 *   1. Hamming distance on the first 256 bits of every row of the wanted classes (8 XOR +
 *      popcount words per row), bucketed per selector in a histogram, so the best `prefilter`
 *      rows of *each* selector survive without sorting;
 *   2. Hamming distance on all 1024 bits for the survivors only; the best `keep` per selector
 *      are returned for the caller to rerank with exact cosine.
 * The trade-off: a true top-10 item can be lost when its 256-bit distance is unluckily far from
 * its cosine; `perf:memory` measures recall@10 against brute force (≈ 0.97–1.0 for queries with
 * real matches) and speed against it (10–35×). `prefilter` is the knob that buys recall with time.
 */
import { SKETCH_WORDS } from './sketch.ts';

const PREFIX_WORDS = 8;
const PREFIX_BITS = PREFIX_WORDS * 32;
const FULL_BITS = SKETCH_WORDS * 32;
const CLASSES = 32;

/** 16-bit popcounts: two table reads per word beat bit tricks in V8. */
const POP16 = (() => {
  const t = new Uint8Array(65_536);
  for (let i = 1; i < 65_536; i++) t[i] = t[i >> 1]! + (i & 1);
  return t;
})();

export interface IndexedRow {
  seq: number;
  /** Class code (kind plus outcome/category/stage), < 32. */
  cls: number;
  /** Source code, < 8. */
  source: number;
  /** Package of the memory, or null. */
  app: string | null;
  sketch: Int32Array;
}

/** Which rows a selector accepts. A class belongs to the first selector that names it. */
export interface IndexSelector {
  /** Bit i set = class code i accepted. */
  classMask: number;
  /** Bit i set = source code i accepted; 0 = any. */
  sourceMask?: number;
  /** Accepted packages; undefined = any. */
  apps?: readonly string[];
}

export interface IndexSearchOptions {
  /** Rows per selector kept after the 256-bit pass. */
  prefilter: number;
  /** Rows per selector returned after the 1024-bit pass. */
  keep: number;
}

/** The rows of one class, in insertion order; removed rows are tombstoned (`seq` −1). */
class Bucket {
  size = 0;
  live = 0;
  sketches = new Int32Array(0);
  seqs = new Int32Array(0);
  src = new Uint8Array(0);
  app = new Int32Array(0);
  /** Scratch: distances of the current search. */
  dist = new Uint16Array(0);

  push(seq: number, sketch: Int32Array, source: number, app: number): number {
    if (this.size === this.seqs.length) this.grow();
    const slot = this.size++;
    this.sketches.set(sketch, slot * SKETCH_WORDS);
    this.seqs[slot] = seq;
    this.src[slot] = source;
    this.app[slot] = app;
    this.live++;
    return slot;
  }

  private grow(): void {
    const cap = Math.max(256, this.seqs.length * 2);
    const sketches = new Int32Array(cap * SKETCH_WORDS);
    sketches.set(this.sketches);
    this.sketches = sketches;
    const seqs = new Int32Array(cap);
    seqs.set(this.seqs);
    this.seqs = seqs;
    const src = new Uint8Array(cap);
    src.set(this.src);
    this.src = src;
    const app = new Int32Array(cap);
    app.set(this.app);
    this.app = app;
    this.dist = new Uint16Array(cap);
  }
}

export class VectorIndex {
  readonly model: string;
  readonly dims: number;
  private readonly buckets: Bucket[] = Array.from({ length: CLASSES }, () => new Bucket());
  /** seq → class · 2²⁶ + slot. */
  private readonly where = new Map<number, number>();
  private readonly appCodes = new Map<string, number>();

  constructor(model: string, dims: number) {
    this.model = model;
    this.dims = dims;
  }

  get count(): number {
    return this.where.size;
  }

  has(seq: number): boolean {
    return this.where.has(seq);
  }

  add(row: IndexedRow): void {
    if (row.sketch.length !== SKETCH_WORDS) throw new Error(`sketch must have ${SKETCH_WORDS} words`);
    if (row.cls < 0 || row.cls >= CLASSES) throw new Error(`class code ${row.cls} out of range`);
    this.remove(row.seq);
    const slot = this.buckets[row.cls]!.push(
      row.seq,
      row.sketch,
      row.source,
      row.app === null ? -1 : this.codeOf(row.app),
    );
    this.where.set(row.seq, row.cls * 2 ** 26 + slot);
  }

  /** Tombstones the row; a bucket is compacted when more than half of it is dead. */
  remove(seq: number): void {
    const at = this.where.get(seq);
    if (at === undefined) return;
    const cls = Math.floor(at / 2 ** 26);
    const bucket = this.buckets[cls]!;
    bucket.seqs[at % 2 ** 26] = -1;
    bucket.live--;
    this.where.delete(seq);
    if (bucket.size > 256 && bucket.live < bucket.size / 2) this.compact(cls);
  }

  /**
   * Candidate seqs per selector, nearest first (by 1024-bit Hamming distance).
   * @param query the query's sketch
   */
  search(query: Int32Array, selectors: readonly IndexSelector[], options: IndexSearchOptions): number[][] {
    const nSel = selectors.length;
    const out: number[][] = selectors.map(() => []);
    if (this.where.size === 0 || nSel === 0) return out;
    // Each class goes to the first selector that names it.
    const owner = new Int8Array(CLASSES).fill(-1);
    for (let s = nSel - 1; s >= 0; s--)
      for (let c = 0; c < CLASSES; c++) if (selectors[s]!.classMask & (1 << c)) owner[c] = s;
    const appAllowed = selectors.map((sel) =>
      sel.apps ? new Set(sel.apps.map((a) => this.appCodes.get(a) ?? -2)) : null,
    );
    const hist = new Int32Array(nSel * (PREFIX_BITS + 1));
    const q0 = query[0]!,
      q1 = query[1]!,
      q2 = query[2]!,
      q3 = query[3]!,
      q4 = query[4]!,
      q5 = query[5]!,
      q6 = query[6]!,
      q7 = query[7]!;
    const T = POP16;
    for (let c = 0; c < CLASSES; c++) {
      const s = owner[c]!;
      const b = this.buckets[c]!;
      if (s < 0 || b.live === 0) continue;
      const sourceMask = selectors[s]!.sourceMask ?? 0;
      const allowed = appAllowed[s];
      const { sketches: sk, seqs, dist } = b;
      const base = s * (PREFIX_BITS + 1);
      for (let i = 0, n = b.size; i < n; i++) {
        if (seqs[i]! < 0 || (sourceMask && !(sourceMask & (1 << b.src[i]!))) || (allowed && !allowed.has(b.app[i]!))) {
          dist[i] = 0xffff;
          continue;
        }
        const o = i * SKETCH_WORDS;
        const x0 = sk[o]! ^ q0,
          x1 = sk[o + 1]! ^ q1,
          x2 = sk[o + 2]! ^ q2,
          x3 = sk[o + 3]! ^ q3;
        const x4 = sk[o + 4]! ^ q4,
          x5 = sk[o + 5]! ^ q5,
          x6 = sk[o + 6]! ^ q6,
          x7 = sk[o + 7]! ^ q7;
        const d =
          T[x0 & 0xffff]! +
          T[x0 >>> 16]! +
          T[x1 & 0xffff]! +
          T[x1 >>> 16]! +
          T[x2 & 0xffff]! +
          T[x2 >>> 16]! +
          T[x3 & 0xffff]! +
          T[x3 >>> 16]! +
          T[x4 & 0xffff]! +
          T[x4 >>> 16]! +
          T[x5 & 0xffff]! +
          T[x5 >>> 16]! +
          T[x6 & 0xffff]! +
          T[x6 >>> 16]! +
          T[x7 & 0xffff]! +
          T[x7 >>> 16]!;
        dist[i] = d;
        hist[base + d]!++;
      }
    }
    // Per selector: the smallest distance cut-off that keeps `prefilter` rows; rows tied at the
    // cut-off are taken newest first up to the quota (duplicates are common in agent memory).
    const cutoff = cutoffs(hist, nSel, PREFIX_BITS, options.prefilter);
    const atCutoff = new Int32Array(nSel);
    for (let s = 0; s < nSel; s++) {
      let below = 0;
      for (let d = 0; d < cutoff[s]!; d++) below += hist[s * (PREFIX_BITS + 1) + d]!;
      atCutoff[s] = options.prefilter - below;
    }
    // Second pass, survivors only: the full 1024-bit distance, again bucketed per selector.
    const hist2 = new Int32Array(nSel * (FULL_BITS + 1));
    const survivors: Array<[number, number, number]> = [];
    for (let c = CLASSES - 1; c >= 0; c--) {
      const s = owner[c]!;
      const b = this.buckets[c]!;
      if (s < 0 || b.live === 0) continue;
      const { sketches: sk, dist } = b;
      for (let i = b.size - 1; i >= 0; i--) {
        const d1 = dist[i]!;
        if (d1 > cutoff[s]!) continue;
        if (d1 === cutoff[s] && atCutoff[s]!-- <= 0) continue;
        let d = d1;
        for (let w = PREFIX_WORDS, o = i * SKETCH_WORDS; w < SKETCH_WORDS; w++) {
          const x = sk[o + w]! ^ query[w]!;
          d += T[x & 0xffff]! + T[x >>> 16]!;
        }
        hist2[s * (FULL_BITS + 1) + d]!++;
        survivors.push([s, d, b.seqs[i]!]);
      }
    }
    const cutoff2 = cutoffs(hist2, nSel, FULL_BITS, options.keep);
    for (const [s, d, seq] of survivors) if (d <= cutoff2[s]!) out[s]!.push(seq * 2048 + d);
    // Sort by distance, then newest first: pack (seq, d) and decode after sorting.
    return out.map((list) =>
      list
        .map((x) => [Math.floor(x / 2048), x % 2048] as const)
        .sort((a, b) => a[1] - b[1] || b[0] - a[0])
        .slice(0, options.keep)
        .map((e) => e[0]),
    );
  }

  /** Cosines estimated from full-sketch Hamming distances, cos(π·d/1024), for the rows present. */
  estimateCosines(query: Int32Array, seqs: readonly number[]): Map<number, number> {
    const out = new Map<number, number>();
    for (const seq of seqs) {
      const at = this.where.get(seq);
      if (at === undefined) continue;
      const sk = this.buckets[Math.floor(at / 2 ** 26)]!.sketches;
      let d = 0;
      for (let w = 0, o = (at % 2 ** 26) * SKETCH_WORDS; w < SKETCH_WORDS; w++) {
        const x = sk[o + w]! ^ query[w]!;
        d += POP16[x & 0xffff]! + POP16[x >>> 16]!;
      }
      out.set(seq, Math.cos((Math.PI * d) / FULL_BITS));
    }
    return out;
  }

  private codeOf(app: string): number {
    let code = this.appCodes.get(app);
    if (code === undefined) {
      code = this.appCodes.size;
      this.appCodes.set(app, code);
    }
    return code;
  }

  private compact(cls: number): void {
    const b = this.buckets[cls]!;
    let w = 0;
    for (let r = 0; r < b.size; r++) {
      const seq = b.seqs[r]!;
      if (seq < 0) continue;
      if (w !== r) {
        b.sketches.copyWithin(w * SKETCH_WORDS, r * SKETCH_WORDS, (r + 1) * SKETCH_WORDS);
        b.seqs[w] = seq;
        b.src[w] = b.src[r]!;
        b.app[w] = b.app[r]!;
        this.where.set(seq, cls * 2 ** 26 + w);
      }
      w++;
    }
    b.size = w;
    b.live = w;
  }
}

/** Per selector, the smallest distance whose cumulative count reaches `want` (or the largest). */
function cutoffs(hist: Int32Array, nSel: number, maxD: number, want: number): Int32Array {
  const out = new Int32Array(nSel).fill(-1);
  for (let s = 0; s < nSel; s++) {
    let acc = 0;
    const base = s * (maxD + 1);
    for (let d = 0; d <= maxD; d++) {
      acc += hist[base + d]!;
      out[s] = d;
      if (acc >= want) break;
    }
  }
  return out;
}
