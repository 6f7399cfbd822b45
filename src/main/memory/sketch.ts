/**
 * Binary sketches of embedding vectors for the coarse search: 1024 sign bits of a randomised
 * Hadamard transform (x → H·D₂·H·D₁·x, D = random ±1 diagonals). The fraction of differing bits
 * between two sketches estimates the angle between the vectors (random-hyperplane hashing), so
 * Hamming distance ranks by cosine without touching the floats. The transform costs
 * O(d log d) per vector (≈ 2·2048·11 additions for 1536-d), far cheaper than a dense random
 * projection (1024·1536 multiplications), and two rounds mix sparse vectors as well as dense
 * ones. Everything is seeded by the dimension, so sketches stored in SQLite stay valid across
 * processes and versions of this file must not change the seed or the layout.
 */

import { mulberry32Uint } from '@moba/base';

export const SKETCH_BITS = 1024;
export const SKETCH_WORDS = SKETCH_BITS / 32;

/** Sketches must be identical in every process: a seeded generator of uint32 values. */
const prng = mulberry32Uint;

interface Plan {
  size: number;
  /** Per transform: two rows of ±1 signs of length `size`. */
  signs: Float64Array[][];
}

const plans = new Map<number, Plan>();

function planFor(dims: number): Plan {
  let plan = plans.get(dims);
  if (plan) return plan;
  let size = 1;
  while (size < dims) size *= 2;
  const transforms = Math.ceil(SKETCH_BITS / size);
  const next = prng(0x5eed0000 + dims);
  const signs: Float64Array[][] = [];
  for (let t = 0; t < transforms; t++) {
    const rounds: Float64Array[] = [];
    for (let r = 0; r < 2; r++) {
      const s = new Float64Array(size);
      for (let i = 0; i < size; i++) s[i] = next() & 1 ? 1 : -1;
      rounds.push(s);
    }
    signs.push(rounds);
  }
  plan = { size, signs };
  plans.set(dims, plan);
  return plan;
}

/** In-place fast Walsh–Hadamard transform (unnormalised; signs are all we keep). */
function fwht(a: Float64Array): void {
  const n = a.length;
  for (let h = 1; h < n; h *= 2) {
    for (let i = 0; i < n; i += h * 2) {
      for (let j = i; j < i + h; j++) {
        const x = a[j]!;
        const y = a[j + h]!;
        a[j] = x + y;
        a[j + h] = x - y;
      }
    }
  }
}

/** The 1024-bit sketch of a vector, as 32 signed 32-bit words. */
export function sketchOf(vector: ArrayLike<number>): Int32Array {
  const plan = planFor(vector.length);
  const out = new Int32Array(SKETCH_WORDS);
  const buf = new Float64Array(plan.size);
  let bit = 0;
  for (const [s1, s2] of plan.signs as Array<[Float64Array, Float64Array]>) {
    buf.fill(0);
    for (let i = 0; i < vector.length; i++) buf[i] = vector[i]! * s1[i]!;
    fwht(buf);
    for (let i = 0; i < plan.size; i++) buf[i]! *= s2[i]!;
    fwht(buf);
    for (let i = 0; i < plan.size && bit < SKETCH_BITS; i++, bit++) {
      if (buf[i]! > 0) out[bit >>> 5]! |= 1 << (bit & 31);
    }
  }
  return out;
}

/** A unit-length Float32 copy (the zero vector stays zero). */
export function normalized(vector: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const inv = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = vector[i]! * inv;
  return out;
}

export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += a[i]! * b[i]!;
    s1 += a[i + 1]! * b[i + 1]!;
    s2 += a[i + 2]! * b[i + 2]!;
    s3 += a[i + 3]! * b[i + 3]!;
  }
  for (; i < n; i++) s0 += a[i]! * b[i]!;
  return s0 + s1 + s2 + s3;
}

export function toBlob(a: Float32Array | Int32Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

export function float32FromBlob(b: Uint8Array): Float32Array {
  // Copy: SQLite's buffer may not be 4-byte aligned.
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Float32Array(copy.buffer);
}

export function int32FromBlob(b: Uint8Array): Int32Array {
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return new Int32Array(copy.buffer);
}
