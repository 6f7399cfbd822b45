import { describe, expect, it } from 'vitest';
import { flingDistance, releaseVelocity } from './fling.ts';

const DENSITY = 420 / 160;

describe('fling', () => {
  it('takes the release velocity from the last segment of the gesture', () => {
    // An `input swipe 540 1900 540 700 300`: 1200 px up in 19 moves 16 ms apart (the lift
    // where the last move was), with Chromium's sub-millisecond jitter on the event times.
    const samples = Array.from({ length: 20 }, (_, i) => ({
      x: 540,
      y: 1900 - (1200 * i) / 19,
      t: 16 * i + (i % 3) * 0.04,
    }));
    samples.push({ x: 540, y: 700, t: 16 * 19 + 0.05 });
    const { vx, vy } = releaseVelocity(samples);
    expect(vx).toBe(0);
    expect(vy).toBeCloseTo(-1200 / 19 / 0.016, 6);
  });

  it('gives no velocity when the finger stopped more than 40 ms before lifting', () => {
    const samples = [
      { x: 0, y: 1000, t: 0 },
      { x: 0, y: 500, t: 50 },
      { x: 0, y: 500, t: 100 },
    ];
    expect(releaseVelocity(samples)).toEqual({ vx: 0, vy: 0 });
    expect(releaseVelocity([{ x: 0, y: 0, t: 0 }])).toEqual({ vx: 0, vy: 0 });
  });

  it("travels as far as Android's spline says: further for quicker swipes, nothing below 50 dp/s, capped at 8000 dp/s", () => {
    // SplineOverScroller's formula at 420 dpi, worked out by hand.
    expect(flingDistance(1000, DENSITY)).toBeCloseTo(95.4, 0);
    expect(flingDistance(-10_000, DENSITY)).toBeCloseTo(5199, -1);
    expect(flingDistance(100, DENSITY)).toBe(0);
    expect(flingDistance(1e9, DENSITY)).toBe(flingDistance(8000 * DENSITY, DENSITY));
    const quick = flingDistance(12_000, DENSITY); // a 100 ms swipe of 1200 px
    const slow = flingDistance(1_200, DENSITY); // the same swipe over 1 s
    expect(quick).toBeGreaterThan(20 * slow);
  });
});
