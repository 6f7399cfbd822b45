import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { buildElementTree, deepestAt, pathTo } from './element-tree.ts';
import { placeLabels } from './label-layout.ts';
import { actionsFor } from './copy-action.ts';

function el(index: number, bounds: [number, number, number, number], over: Partial<UiElement> = {}): UiElement {
  return {
    index,
    bounds,
    center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2],
    text: '',
    contentDesc: '',
    resourceId: '',
    className: 'android.widget.TextView',
    packageName: 'com.example',
    trueAttributes: ['clickable', 'enabled'],
    ...over,
  };
}

describe('the element tree', () => {
  const list = el(1, [0, 200, 1080, 2000], { trueAttributes: ['scrollable'] });
  const row = el(2, [0, 200, 1080, 400]);
  const label = el(-1, [40, 240, 600, 300], { text: 'Wi-Fi' });
  const toggle = el(3, [900, 250, 1040, 350]);
  const bar = el(4, [0, 0, 1080, 150]);
  const roots = buildElementTree([row, bar, toggle, list, label]);

  it('nests each element under the smallest one that contains it, in screen order', () => {
    expect(roots.map((n) => n.element.index)).toEqual([4, 1]);
    const listNode = roots[1]!;
    expect(listNode.children.map((n) => n.element.index)).toEqual([2]);
    expect(listNode.children[0]!.children.map((n) => n.element.index)).toEqual([-1, 3]);
  });

  it('finds the path to an element and the deepest element under a point', () => {
    expect(pathTo(roots, 2)).toEqual([3, 0, 2]); // keys: list (3) → row (0) → toggle (2)
    expect(deepestAt(roots, 950, 300)?.element.index).toBe(3);
    expect(deepestAt(roots, 100, 260)?.element.text).toBe('Wi-Fi');
    expect(deepestAt(roots, 500, 1500)?.element.index).toBe(1);
    expect(deepestAt(roots, 500, 2300)).toBeUndefined();
  });
});

describe('element numbers on the screen', () => {
  it('never draws two numbers over each other, and drops one only when no spot is free', () => {
    // A grid of small icons, each barely larger than its number: numbers spill to other corners.
    const grid: UiElement[] = [];
    for (let r = 0; r < 6; r++)
      for (let c = 0; c < 6; c++) grid.push(el(r * 6 + c + 1, [c * 60, r * 60, c * 60 + 58, r * 60 + 58]));
    const boxes = placeLabels(grid, 12, 24, { width: 1080, height: 2400 });
    const placed = [...boxes.values()].filter((b) => b !== null);
    for (let i = 0; i < placed.length; i++)
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i]!;
        const b = placed[j]!;
        const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlap, `labels ${i} and ${j} overlap`).toBe(false);
      }
    expect(placed.length).toBeGreaterThanOrEqual(30);
    // Every placed number touches its own element.
    for (const e of grid) {
      const b = boxes.get(e.index);
      if (!b) continue;
      expect(b.x + b.width > e.bounds[0] && b.x < e.bounds[2]).toBe(true);
    }
  });

  it('keeps the top-left corner when there is room', () => {
    const boxes = placeLabels([el(7, [100, 100, 500, 300])], 10, 20, { width: 1080, height: 2400 });
    expect(boxes.get(7)).toEqual({ x: 100, y: 100, width: 18, height: 20 });
  });
});

describe('copy as action', () => {
  it('offers the calls that fit the element, and a tap on its centre in pixels', () => {
    expect(actionsFor(el(5, [0, 0, 100, 100]))).toEqual(['Click(5)', 'Click_by_Coordinate(50, 50, px)']);
    expect(
      actionsFor(
        el(9, [0, 200, 1080, 2000], { className: 'android.widget.EditText', trueAttributes: ['long-clickable'] }),
      ),
    ).toEqual(['Click(9)', 'Box_Input(9, "…")', 'Long_Press(9)', 'Click_by_Coordinate(540, 1100, px)']);
    expect(actionsFor(el(3, [0, 0, 10, 10], { trueAttributes: ['scrollable'] }))).toContain('Scroll(3, down, medium)');
    expect(actionsFor(el(-1, [0, 0, 10, 20]))).toEqual(['Click_by_Coordinate(5, 10, px)']);
  });
});
