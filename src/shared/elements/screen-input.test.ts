import { describe, expect, it } from 'vitest';
import { boxElement } from '../../../test/support/ui-elements.ts';
import {
  DISTANCE_SHARE,
  clickAction,
  distanceForShare,
  dragAction,
  isDrag,
  oppositeDirection,
  pointerAction,
} from './screen-input.ts';

const el = boxElement;

const screen = { width: 1080, height: 2400 };
const list = el(1, [0, 200, 1080, 2000], ['scrollable']);
const row = el(2, [0, 400, 1080, 600]);
const save = el(3, [700, 2100, 1000, 2300]);
const tabs = el(4, [0, 2000, 1080, 2100], ['scrollable']);
const label = el(-1, [0, 0, 1080, 150], []);
const elements = [list, row, save, tabs, label];

describe('a click on the screen as an action', () => {
  it('is Click(i) on the smallest numbered element under it', () => {
    expect(clickAction(elements, 800, 2200, screen)).toEqual({ name: 'Click', params: { index: 3 } });
    expect(clickAction(elements, 500, 500, screen)).toEqual({ name: 'Click', params: { index: 2 } });
    expect(clickAction(elements, 500, 1500, screen)).toEqual({ name: 'Click', params: { index: 1 } });
  });

  it('is Click_by_Coordinate in whole pixels on the screen elsewhere, a text-only element included', () => {
    expect(clickAction(elements, 100.4, 2350.6, screen)).toEqual({
      name: 'Click_by_Coordinate',
      params: { x: 100, y: 2351, unit: 'px' },
    });
    expect(clickAction(elements, 500, 100, screen)).toEqual({
      name: 'Click_by_Coordinate',
      params: { x: 500, y: 100, unit: 'px' },
    });
    expect(clickAction(elements, 5000, -3, screen)).toEqual({
      name: 'Click_by_Coordinate',
      params: { x: 1079, y: 0, unit: 'px' },
    });
    expect(clickAction([], 1080, 2400, screen)).toEqual({
      name: 'Click_by_Coordinate',
      params: { x: 1079, y: 2399, unit: 'px' },
    });
  });
});

describe('a drag on the screen as an action', () => {
  it('inside a scrollable element scrolls it, named by where the content comes from', () => {
    expect(dragAction(elements, [540, 1800], [540, 1100], screen)).toEqual({
      name: 'Scroll',
      params: { index: 1, direction: 'down', distance: 'long' },
    });
    expect(dragAction(elements, [540, 500], [540, 1000], screen)).toEqual({
      name: 'Scroll',
      params: { index: 1, direction: 'up', distance: 'medium' },
    });
    // The tab strip is the smallest scrollable under the finger; its width measures the drag.
    expect(dragAction(elements, [900, 2050], [700, 2060], screen)).toEqual({
      name: 'Scroll',
      params: { index: 4, direction: 'right', distance: 'short' },
    });
  });

  it('elsewhere swipes in the finger’s direction, measured against the screen', () => {
    expect(dragAction(elements, [900, 2200], [200, 2200], screen)).toEqual({
      name: 'Swipe',
      params: { direction: 'left', distance: 'long' },
    });
    expect(dragAction(elements, [540, 100], [540, 600], screen)).toEqual({
      name: 'Swipe',
      params: { direction: 'down', distance: 'short' },
    });
    expect(dragAction([], [540, 2300], [540, 1500], screen)).toEqual({
      name: 'Swipe',
      params: { direction: 'up', distance: 'medium' },
    });
  });

  it('maps a share to the distance whose gesture is nearest (halfway between the executed shares)', () => {
    expect(distanceForShare(0.2599)).toBe('short');
    expect(distanceForShare(0.26)).toBe('medium');
    expect(distanceForShare(0.3699)).toBe('medium');
    expect(distanceForShare(0.37)).toBe('long');
    for (const d of ['short', 'medium', 'long'] as const) expect(distanceForShare(DISTANCE_SHARE[d])).toBe(d);
    expect(oppositeDirection('left')).toBe('right');
  });

  it('shorter than 4% of the screen’s smaller side is a click where the pointer went down', () => {
    const tablet = { width: 1000, height: 1600 };
    expect(isDrag([100, 100], [139.9, 100], tablet)).toBe(false);
    expect(isDrag([100, 100], [100, 140], tablet)).toBe(true);
    expect(isDrag([100, 100], [124, 132], tablet)).toBe(true);
    expect(pointerAction(elements, [540, 2200], [545, 2210], screen)).toEqual({
      name: 'Click_by_Coordinate',
      params: { x: 540, y: 2200, unit: 'px' },
    });
    expect(pointerAction(elements, [800, 2200], [810, 2190], screen)).toEqual({ name: 'Click', params: { index: 3 } });
    expect(pointerAction(elements, [540, 1800], [540, 1100], screen)).toEqual({
      name: 'Scroll',
      params: { index: 1, direction: 'down', distance: 'long' },
    });
  });
});
