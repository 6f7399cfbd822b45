/**
 * mulberry32: a tiny seeded generator — the same seed gives the same sequence on every machine
 * and in every process, which simulated data, synthetic dumps, fuzz runs and memory sketches
 * all rely on. Also served to the simulated phone's page (it imports nothing).
 */

/** What mulberry32 adds to its 32-bit state at each step. */
export const MULBERRY32_INCREMENT = 0x6d2b79f5;

/** The uint32 output for a state just stepped to (for loops that step the state inline). */
export function mulberry32Output(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/**
 * The uint32 output at `index` (0-based) of `mulberry32Uint(seed)`, worked out directly: the
 * state only ever adds the increment, so after n steps it is seed + n × increment (mod 2³²).
 */
export function mulberry32At(seed: number, index: number): number {
  return mulberry32Output(((seed >>> 0) + Math.imul(index + 1, MULBERRY32_INCREMENT)) >>> 0);
}

/** One step on an explicit 32-bit state: the next state and a uint32 output. */
export function mulberry32Step(state: number): { state: number; value: number } {
  const next = (state + MULBERRY32_INCREMENT) >>> 0;
  return { state: next, value: mulberry32Output(next) };
}

/** A generator of uint32 values. */
export function mulberry32Uint(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + MULBERRY32_INCREMENT) >>> 0;
    return mulberry32Output(state);
  };
}

/** A generator of numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  const next = mulberry32Uint(seed);
  return () => next() / 4294967296;
}
