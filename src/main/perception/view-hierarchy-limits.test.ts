/**
 * Security: a dump cannot make perception quadratic or flood the model. Before the fix 100,000
 * nested nodes took 26 s and merged 889 KB of labels into one element.
 */
import { describe, expect, it } from 'vitest';
import { VH_LIMITS, processViewHierarchy } from './view-hierarchy.ts';

const node = (attrs: string) =>
  `<node index="0" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" enabled="true" ${attrs}>`;
const wrap = (body: string) =>
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${body}</hierarchy>`;

function nested(depth: number, clickableAt: number): string {
  let open = '';
  for (let i = 0; i < depth; i++)
    open += node(`text="label ${i}" clickable="${i === clickableAt ? 'true' : 'false'}" bounds="[0,0][1080,2400]"`);
  return wrap(open + '</node>'.repeat(depth));
}

describe('view hierarchy limits', () => {
  it('leaves out nodes nested deeper than maxDepth: 100,000 nested labels give a bounded element list', () => {
    const r = processViewHierarchy(nested(100_000, 99_999));
    expect(r.stats.rawNodes).toBe(100_000);
    expect(r.stats.droppedDeep).toBe(100_000 - VH_LIMITS.maxDepth - 1);
    expect(r.elements.length).toBeLessThanOrEqual(VH_LIMITS.maxDepth + 1);
    expect(Math.max(...r.elements.map((e) => e.text.length))).toBeLessThanOrEqual(VH_LIMITS.maxElementText);
  });

  it('keeps merging labels within the depth, and caps the merged text with an ellipsis', () => {
    const merged = processViewHierarchy(nested(200, 199));
    const button = merged.elements.find((e) => e.index === 1)!;
    expect(button.text.startsWith('label 0 | label 1 | ')).toBe(true);
    const rows = Array.from(
      { length: 5_000 },
      (_, i) =>
        node(`text="row ${i} ${'w'.repeat(20)}" clickable="false" bounds="[0,${i % 2000}][1080,${(i % 2000) + 50}]"`) +
        '</node>',
    ).join('');
    const wide = processViewHierarchy(
      wrap(node('text="" clickable="true" bounds="[0,0][1080,2400]"') + rows + '</node>'),
    );
    const host = wide.elements.find((e) => e.index === 1)!;
    expect(host.text.length).toBe(VH_LIMITS.maxElementText);
    expect(host.text.endsWith('…')).toBe(true);
  });

  it('cuts a single label or text at maxLabel', () => {
    const r = processViewHierarchy(
      wrap(node(`text="${'a'.repeat(50_000)}" clickable="true" bounds="[0,0][1080,400]"`) + '</node>'),
    );
    expect(r.elements[0]!.text.length).toBe(VH_LIMITS.maxLabel);
  });
});
