/**
 * The inspector's element tree: the elements the agent sees (numbered and text-only), nested by
 * their bounds — each under the smallest element that contains it, as views nest on the screen.
 * Keys are positions in the observation's element list (text-only elements share index -1).
 */
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { area } from '../../../shared/elements/element-at.ts';

export interface ElementNode {
  /** Position in the element list. */
  key: number;
  element: UiElement;
  children: ElementNode[];
}

function inside(inner: UiElement, outer: UiElement): boolean {
  const [a1, b1, a2, b2] = inner.bounds;
  const [x1, y1, x2, y2] = outer.bounds;
  return a1 >= x1 && b1 >= y1 && a2 <= x2 && b2 <= y2;
}

/** Roots and their children, each level in screen order (top to bottom, then left to right). */
export function buildElementTree(elements: readonly UiElement[]): ElementNode[] {
  const nodes = elements.map((element, key) => ({ key, element, children: [] as ElementNode[] }));
  // Larger first, so a parent is placed before anything inside it; equal boxes keep list order.
  const bySize = [...nodes].sort((a, b) => area(b.element) - area(a.element) || a.key - b.key);
  const roots: ElementNode[] = [];
  const placed: ElementNode[] = [];
  for (const n of bySize) {
    let parent: ElementNode | undefined;
    for (const p of placed) {
      if (inside(n.element, p.element) && (!parent || area(p.element) <= area(parent.element))) parent = p;
    }
    (parent ? parent.children : roots).push(n);
    placed.push(n);
  }
  const order = (list: ElementNode[]) => {
    list.sort((a, b) => a.element.bounds[1] - b.element.bounds[1] || a.element.bounds[0] - b.element.bounds[0]);
    for (const n of list) order(n.children);
  };
  order(roots);
  return roots;
}

/** The keys from a root down to `key` (to open the tree there). */
export function pathTo(roots: readonly ElementNode[], key: number): number[] {
  for (const n of roots) {
    if (n.key === key) return [key];
    const below = pathTo(n.children, key);
    if (below.length) return [n.key, ...below];
  }
  return [];
}

/** The deepest element under a point (any element, text-only too): what the inspector selects on a click. */
export function deepestAt(roots: readonly ElementNode[], x: number, y: number): ElementNode | undefined {
  for (const n of roots) {
    const [x1, y1, x2, y2] = n.element.bounds;
    if (x < x1 || x >= x2 || y < y1 || y >= y2) continue;
    return deepestAt(n.children, x, y) ?? n;
  }
  return undefined;
}
