import { describe, expect, it } from 'vitest';
import {
  MULBERRY32_INCREMENT,
  mulberry32,
  mulberry32At,
  mulberry32Output,
  mulberry32Step,
  mulberry32Uint,
} from './random.ts';

describe('mulberry32', () => {
  it('gives the same sequence as ever (simulated data and reports depend on it)', () => {
    const next = mulberry32Uint(42);
    expect([next(), next(), next()]).toEqual([2581720956, 1925393290, 3661312704]);
    const random = mulberry32(20250602);
    expect([random(), random()]).toEqual([0.06905540218576789, 0.05225005000829697]);
    expect(mulberry32Step(0xffffffff)).toEqual({ state: 1831565812, value: 3850105811 });
  });

  it('steps inline the same as the generator', () => {
    const next = mulberry32Uint(7);
    let state = 7;
    for (let i = 0; i < 100; i++) {
      state = (state + MULBERRY32_INCREMENT) >>> 0;
      expect(mulberry32Output(state)).toBe(next());
    }
  });

  it('gives any number of the sequence directly, for any seed (negative and over 32 bits included)', () => {
    for (const seed of [0, 7, 20250602, 0xffffffff, -5, 2 ** 40 + 3]) {
      const next = mulberry32Uint(seed);
      const sequence = Array.from({ length: 5000 }, () => next());
      for (const index of [0, 1, 2, 999, 4321, 4999]) expect(mulberry32At(seed, index)).toBe(sequence[index]);
    }
  });
});
