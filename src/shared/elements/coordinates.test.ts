import { describe, expect, it } from 'vitest';
import { coordinateProblem, fromPixels, toPixels } from './coordinates.ts';

const screen = { width: 1080, height: 2400 };

describe('coordinates', () => {
  it('says why a point is off the screen, in the unit it was given in', () => {
    expect(coordinateProblem(540, 1537, 'grid', screen)).toBe('(540, 1537) is outside the 0–1000 grid.');
    expect(coordinateProblem(540, 1537, 'px', screen)).toBeNull();
    expect(coordinateProblem(1080, 10, 'px', screen)).toBe('(1080, 10) px is outside the 1080x2400 screen.');
    expect(coordinateProblem(1000, 1000, 'grid', screen)).toBeNull();
    expect(coordinateProblem(-1, 5, 'px', screen)).toMatch(/start at 0/);
    expect(coordinateProblem(Number.NaN, 5, 'grid', screen)).toBe('x and y must be numbers');
  });

  it('converts between the grid and pixels of the screen both ways', () => {
    expect(toPixels(500, 250, 'grid', screen)).toEqual([540, 600]);
    expect(toPixels(540, 600, 'px', screen)).toEqual([540, 600]);
    expect(fromPixels(540, 600, 'grid', screen)).toEqual([500, 250]);
    expect(fromPixels(539.6, 600.2, 'px', screen)).toEqual([540, 600]);
  });
});
