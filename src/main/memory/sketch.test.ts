import { describe, expect, it } from 'vitest';
import { dot, normalized, sketchOf, SKETCH_WORDS } from './sketch.ts';
import { VectorIndex } from './vector-index.ts';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
}

function hamming(a: Int32Array, b: Int32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) {
    let x = a[i]! ^ b[i]!;
    while (x) {
      x &= x - 1;
      d++;
    }
  }
  return d;
}

/** A unit vector at roughly the given cosine to `base`. */
function near(base: Float32Array, cos: number, r: () => number): Float32Array {
  const noise = normalized(Array.from(base, () => r()));
  const sin = Math.sqrt(1 - cos * cos);
  return normalized(Array.from(base, (x, i) => cos * x + sin * noise[i]!));
}

describe('sketches', () => {
  it('are deterministic and their Hamming distance tracks the angle', () => {
    const r = rng(7);
    for (const dims of [256, 1536]) {
      const q = normalized(Array.from({ length: dims }, r));
      expect(sketchOf(q)).toEqual(sketchOf(Float32Array.from(q)));
      expect(sketchOf(q).length).toBe(SKETCH_WORDS);
      const dists = [0.95, 0.8, 0.5, 0.0].map((c) => hamming(sketchOf(q), sketchOf(near(q, c, r))));
      // 1024 bits: expected distance = 1024·acos(cos)/π (0.95 → 103, 0.8 → 209, 0.5 → 341, 0 → 512).
      expect(dists[0]!).toBeLessThan(dists[1]!);
      expect(dists[1]!).toBeLessThan(dists[2]!);
      expect(dists[2]!).toBeLessThan(dists[3]!);
      expect(Math.abs(dists[3]! - 512)).toBeLessThan(80);
    }
  });

  it('handle sparse vectors (bag-of-words embeddings) as well as dense ones', () => {
    const a = new Float32Array(1536);
    const b = new Float32Array(1536);
    for (const i of [3, 99, 500, 1200]) a[i] = 1;
    for (const i of [3, 99, 500, 1201]) b[i] = 1;
    const c = new Float32Array(1536);
    for (const i of [7, 300, 800, 1400]) c[i] = 1;
    expect(hamming(sketchOf(a), sketchOf(b))).toBeLessThan(hamming(sketchOf(a), sketchOf(c)) - 100);
  });
});

describe('VectorIndex', () => {
  it('returns the nearest rows per selector, honouring class, app and source filters', () => {
    const r = rng(11);
    const dims = 64;
    const q = normalized(Array.from({ length: dims }, r));
    const index = new VectorIndex('m', dims);
    const vectors = new Map<number, Float32Array>();
    for (let seq = 1; seq <= 3000; seq++) {
      const v = seq % 100 === 0 ? near(q, 0.97, r) : normalized(Array.from({ length: dims }, r));
      vectors.set(seq, v);
      index.add({
        seq,
        cls: seq % 2,
        source: seq % 3 === 0 ? 1 : 0,
        app: seq % 4 === 0 ? 'com.a' : 'com.b',
        sketch: sketchOf(v),
      });
    }
    const [even, odd] = index.search(sketchOf(q), [{ classMask: 1 }, { classMask: 2 }], { prefilter: 300, keep: 10 });
    // Every 100th row is near the query (and even, class 0): the first ten must all be such rows.
    const nearRows = new Set(Array.from({ length: 30 }, (_, i) => (i + 1) * 100));
    expect(even!.filter((s) => nearRows.has(s))).toHaveLength(10);
    expect(even!.slice(0, 10).every((s) => nearRows.has(s))).toBe(true);
    expect(odd!.every((s) => s % 2 === 1)).toBe(true);
    expect(dot(q, vectors.get(even![0]!)!)).toBeGreaterThan(0.9);
    const [appA] = index.search(sketchOf(q), [{ classMask: 1, apps: ['com.a'] }], { prefilter: 300, keep: 5 });
    expect(appA!.length).toBe(5);
    expect(appA!.every((s) => s % 4 === 0)).toBe(true);
    const [sourced] = index.search(sketchOf(q), [{ classMask: 1 | 2, sourceMask: 1 << 1 }], {
      prefilter: 300,
      keep: 5,
    });
    expect(sourced!.every((s) => s % 3 === 0)).toBe(true);
  });

  it('estimates cosines from the sketches within a few hundredths', () => {
    const r = rng(5);
    const q = normalized(Array.from({ length: 256 }, r));
    const index = new VectorIndex('m', 256);
    const truth = new Map<number, number>();
    [0.9, 0.7, 0.4, 0.1].forEach((cos, i) => {
      const v = near(q, cos, r);
      truth.set(i + 1, dot(q, v));
      index.add({ seq: i + 1, cls: 0, source: 0, app: null, sketch: sketchOf(v) });
    });
    const est = index.estimateCosines(sketchOf(q), [1, 2, 3, 4, 99]);
    expect([...est.keys()]).toEqual([1, 2, 3, 4]);
    for (const [seq, c] of est) expect(Math.abs(c - truth.get(seq)!)).toBeLessThan(0.12);
  });

  it('forgets removed rows and compacts without losing the live ones', () => {
    const r = rng(3);
    const index = new VectorIndex('m', 32);
    const q = normalized(Array.from({ length: 32 }, r));
    for (let seq = 1; seq <= 4000; seq++)
      index.add({
        seq,
        cls: 0,
        source: 0,
        app: null,
        sketch: sketchOf(seq === 3999 ? q : normalized(Array.from({ length: 32 }, r))),
      });
    for (let seq = 1; seq <= 3000; seq++) index.remove(seq);
    expect(index.count).toBe(1000);
    const [hits] = index.search(sketchOf(q), [{ classMask: 1 }], { prefilter: 100, keep: 3 });
    expect(hits![0]).toBe(3999);
    expect(hits!.every((s) => s > 3000)).toBe(true);
    index.remove(3999);
    expect(index.search(sketchOf(q), [{ classMask: 1 }], { prefilter: 100, keep: 3 })[0]).not.toContain(3999);
  });
});
