/**
 * mulberry32: a tiny seeded generator — the same seed gives the same sequence on every machine
 * and in every process, which simulated data, synthetic dumps, fuzz runs and memory sketches
 * all rely on. Also served to the simulated phone's page (it imports nothing).
 */

/** One step on an explicit 32-bit state: the next state and a uint32 output. */
export function mulberry32Step(state: number): { state: number; value: number } {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { state: next, value: (t ^ (t >>> 14)) >>> 0 };
}

/** A generator of uint32 values. */
export function mulberry32Uint(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    const r = mulberry32Step(state);
    state = r.state;
    return r.value;
  };
}

/** A generator of numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  const next = mulberry32Uint(seed);
  return () => next() / 4294967296;
}
