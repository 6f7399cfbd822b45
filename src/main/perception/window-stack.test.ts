import { describe, expect, it } from 'vitest';
import { rectArea } from './geometry.ts';
import type { Rect } from './geometry.ts';
import { mulberry32 } from '@moba/base';
import { largestUncovered, occludersByWindow, stackWindows, windowLayer } from './window-stack.ts';

const APP = { bounds: [0, 0, 1080, 2400] as Rect, packageName: 'com.example.app' };

describe('stackWindows', () => {
  it('puts system UI over the keyboard over everything else, whatever the dump order', () => {
    const status = { bounds: [0, 0, 1080, 76] as Rect, packageName: 'com.android.systemui' };
    const ime = { bounds: [0, 1558, 1080, 2220] as Rect, packageName: 'com.google.android.inputmethod.latin' };
    // Fixture 06's order: status bar, app, navigation bar (a launcher window), keyboard.
    const nav = { bounds: [0, 2305, 1080, 2340] as Rect, packageName: 'com.miui.home' };
    expect(stackWindows([status, APP, nav, ime])).toEqual([3, 0, 1, 2]);
    expect(stackWindows([ime, status, APP])).toEqual([1, 2, 0]);
    expect(windowLayer({ packageName: 'com.android.inputmethod.latin' })).toBe(1);
    expect(windowLayer({ packageName: 'com.android.adbkeyboard' })).toBe(1);
    expect(windowLayer({ packageName: 'com.sohu.inputmethod.sogou' })).toBe(1);
    expect(windowLayer({ packageName: 'com.android.systemui' })).toBe(2);
    expect(windowLayer({ packageName: 'com.android.settings' })).toBe(0);
  });

  it('puts a smaller window over a larger one, and the later of two equal ones on top', () => {
    const dialog = { bounds: [110, 562, 971, 1087] as Rect, packageName: 'com.example.app' };
    expect(stackWindows([APP, dialog])).toEqual([0, 1]);
    expect(stackWindows([dialog, APP])).toEqual([1, 0]);
    const scrim = { bounds: [0, 0, 1080, 2400] as Rect, packageName: 'com.example.app' };
    expect(stackWindows([APP, scrim])).toEqual([0, 1]);
  });

  it('lists for each window the overlapping windows above it', () => {
    const dialog = { bounds: [110, 562, 971, 1087] as Rect, packageName: 'com.example.app' };
    const ime = { bounds: [0, 1586, 1080, 2274] as Rect, packageName: 'com.android.inputmethod.latin' };
    expect(occludersByWindow([APP, dialog, ime])).toEqual([[dialog.bounds, ime.bounds], [], []]);
    expect(occludersByWindow([APP])).toEqual([[]]);
  });
});

describe('largestUncovered', () => {
  const R: Rect = [0, 0, 100, 200];

  it('returns the rectangle itself when nothing covers it, and an empty one when all is covered', () => {
    expect(largestUncovered(R, [])).toEqual(R);
    expect(largestUncovered(R, [[200, 0, 300, 100]])).toEqual(R);
    expect(rectArea(largestUncovered(R, [[-10, -10, 500, 500]]))).toBe(0);
    expect(
      rectArea(
        largestUncovered(R, [
          [0, 0, 100, 120],
          [0, 100, 100, 200],
        ]),
      ),
    ).toBe(0);
  });

  it('cuts off a strip (a keyboard over the bottom) and picks the larger side around a band', () => {
    expect(largestUncovered(R, [[0, 150, 1080, 2400]])).toEqual([0, 0, 100, 150]);
    expect(largestUncovered(R, [[-5, 40, 105, 60]])).toEqual([0, 60, 100, 200]);
    // A covered corner leaves a full-width band and a full-height column; the larger wins.
    expect(largestUncovered(R, [[60, -5, 105, 50]])).toEqual([0, 50, 100, 200]);
    expect(largestUncovered(R, [[60, -5, 105, 150]])).toEqual([0, 0, 60, 200]);
  });

  it('is exact: matches a brute-force search on random small grids', () => {
    const rand = mulberry32(7);
    const int = (n: number) => Math.floor(rand() * n);
    for (let trial = 0; trial < 300; trial++) {
      const r: Rect = [int(4), int(4), 8 + int(5), 8 + int(5)];
      const occluders: Rect[] = Array.from({ length: 1 + int(3) }, () => {
        const x = int(14);
        const y = int(14);
        return [x, y, x + 1 + int(8), y + 1 + int(8)] as Rect;
      });
      const got = largestUncovered(r, occluders);
      expect(rectArea(got)).toBe(bruteForce(r, occluders));
      if (rectArea(got) > 0) {
        expect(got[0] >= r[0] && got[1] >= r[1] && got[2] <= r[2] && got[3] <= r[3]).toBe(true);
        for (const o of occluders)
          expect(
            Math.min(got[2], o[2]) <= Math.max(got[0], o[0]) || Math.min(got[3], o[3]) <= Math.max(got[1], o[1]),
          ).toBe(true);
      }
    }
  });
});

/** The largest uncovered rectangle's area by trying every sub-rectangle of unit cells. */
function bruteForce(r: Rect, occluders: readonly Rect[]): number {
  const covered = (x: number, y: number) => occluders.some((o) => x >= o[0] && x < o[2] && y >= o[1] && y < o[3]);
  let best = 0;
  for (let x1 = r[0]; x1 < r[2]; x1++)
    for (let y1 = r[1]; y1 < r[3]; y1++)
      for (let x2 = x1 + 1; x2 <= r[2]; x2++)
        for (let y2 = y1 + 1; y2 <= r[3]; y2++) {
          const area = (x2 - x1) * (y2 - y1);
          if (area <= best) continue;
          let free = true;
          for (let x = x1; x < x2 && free; x++) for (let y = y1; y < y2 && free; y++) if (covered(x, y)) free = false;
          if (free) best = area;
        }
  return best;
}
