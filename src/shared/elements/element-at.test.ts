import { describe, expect, it } from 'vitest';
import { boxElement } from '../../../test/support/ui-elements.ts';
import { area, contains, elementAt, isScrollable } from './element-at.ts';

const el = boxElement;

const list = el(1, [0, 200, 1080, 2000], ['scrollable']);
const row = el(2, [0, 400, 1080, 600]);
const icon = el(3, [40, 420, 140, 520]);
const heading = el(-1, [0, 0, 1080, 150], []);

describe('elementAt: the element a point lands in', () => {
  it('includes the left and top edges and excludes the right and bottom ones, like Android', () => {
    expect(elementAt([row], 0, 400)).toBe(row);
    expect(elementAt([row], 1079, 599)).toBe(row);
    expect(elementAt([row], 1080, 500)).toBeUndefined();
    expect(elementAt([row], 500, 600)).toBeUndefined();
    expect(elementAt([row], -1, 500)).toBeUndefined();
  });

  it('of overlapping elements picks the smallest, whatever the order', () => {
    expect(elementAt([list, row, icon], 60, 450)).toBe(icon);
    expect(elementAt([icon, row, list], 60, 450)).toBe(icon);
    expect(elementAt([list, row, icon], 500, 450)).toBe(row);
    expect(elementAt([list, row, icon], 500, 1500)).toBe(list);
  });

  it('of equal boxes picks the first', () => {
    const twin = el(4, [...row.bounds] as [number, number, number, number]);
    expect(elementAt([row, twin], 500, 500)).toBe(row);
    expect(elementAt([twin, row], 500, 500)).toBe(twin);
  });

  it('finds nothing off every element, on a text-only element or in an empty list', () => {
    expect(elementAt([list, row, heading], 500, 100)).toBeUndefined();
    expect(elementAt([list, row], 500, 2100)).toBeUndefined();
    expect(elementAt([], 0, 0)).toBeUndefined();
  });

  it('narrows to scrollable containers with a filter: the list around a row, not the row', () => {
    expect(elementAt([list, row, icon], 60, 450, isScrollable)).toBe(list);
    const inner = el(5, [0, 300, 1080, 900], ['scrollable']);
    expect(elementAt([list, inner, row], 60, 450, isScrollable)).toBe(inner);
    expect(elementAt([row, icon], 60, 450, isScrollable)).toBeUndefined();
  });

  it('measures boxes without negative areas', () => {
    expect(area(row)).toBe(1080 * 200);
    expect(area(el(6, [10, 10, 5, 50]))).toBe(0);
    expect(contains(el(7, [10, 10, 10, 50]), 10, 20)).toBe(false);
  });
});
