import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { DISTANCE_SHARE, coordinatePoint, elementByIndex, fingerDirectionForScroll, fingerPath } from './geometry.ts';
import type { ActionContext } from './types.ts';

const screen = { width: 1080, height: 2400 };
const el = (index: number, bounds: [number, number, number, number]): UiElement => ({
  index,
  bounds,
  center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2],
  text: `e${index}`,
  contentDesc: '',
  resourceId: '',
  className: 'android.widget.TextView',
  packageName: 'p',
  trueAttributes: ['clickable'],
});

describe('coordinates', () => {
  it('maps the 0–1000 grid onto the screen', () => {
    expect(coordinatePoint(500, 500, 'grid', screen)).toEqual([540, 1200]);
    expect(coordinatePoint(0, 0, 'grid', screen)).toEqual([0, 0]);
    expect(coordinatePoint(1000, 1000, 'grid', screen)).toEqual([1079, 2399]);
    expect(() => coordinatePoint(1001, 5, 'grid', screen)).toThrow(/0–1000 grid/);
  });
  it('takes pixels as they are, within the screen', () => {
    expect(coordinatePoint(100.4, 2000.6, 'px', screen)).toEqual([100, 2001]);
    expect(() => coordinatePoint(1080, 10, 'px', screen)).toThrow(/outside the 1080x2400 screen/);
  });
});

describe('elements', () => {
  it('finds by index and names the valid range otherwise', () => {
    const ctx = {
      elements: [el(1, [0, 0, 100, 100]), el(2, [0, 100, 100, 200]), { ...el(-1, [0, 0, 1, 1]) }],
      screen,
    } as unknown as ActionContext;
    expect(elementByIndex(ctx, 2).text).toBe('e2');
    expect(() => elementByIndex(ctx, 7)).toThrow(/numbered 1–2/);
    expect(() => elementByIndex(ctx, -1)).toThrow(/no element -1/);
  });
});

describe('gestures', () => {
  it('scrolling down moves the finger up, inside the element', () => {
    const bounds = [0, 400, 1080, 2000] as const;
    const [from, to] = fingerPath([540, 1200], fingerDirectionForScroll('down'), DISTANCE_SHARE.long, bounds);
    expect(from).toEqual([540, 1200]);
    expect(to[0]).toBe(540);
    expect(to[1]).toBeLessThan(1200);
    expect(to[1]).toBeGreaterThanOrEqual(400 + 80);
  });
  it('scrolling right moves the finger left; up moves it down', () => {
    expect(fingerDirectionForScroll('right')).toBe('left');
    expect(fingerDirectionForScroll('up')).toBe('down');
    const [, to] = fingerPath([540, 1200], 'down', DISTANCE_SHARE.short, [0, 0, 1080, 2400]);
    expect(to).toEqual([540, 1200 + Math.round(0.2 * 2400)]);
  });
  it('longer distances travel further and stay inside a 5% margin', () => {
    const rect = [100, 100, 600, 1100] as const;
    const d = (dist: 'short' | 'medium' | 'long') => {
      const [a, b] = fingerPath([350, 600], 'up', DISTANCE_SHARE[dist], rect);
      return a[1] - b[1];
    };
    expect(d('short')).toBeLessThan(d('medium'));
    expect(d('medium')).toBeLessThan(d('long'));
    const [, far] = fingerPath([350, 600], 'up', 5, rect);
    expect(far[1]).toBe(150);
  });
});
