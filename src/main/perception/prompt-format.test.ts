import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { dumpFixtureNames, readDumpFixture } from '../../../test/support/fixtures.ts';
import { formatElementsForPrompt } from './prompt-format.ts';
import { processViewHierarchy } from './view-hierarchy.ts';

function el(over: Partial<UiElement>): UiElement {
  return {
    index: 1,
    bounds: [0, 0, 100, 100],
    center: [50, 50],
    text: '',
    contentDesc: '',
    resourceId: '',
    className: 'android.widget.Button',
    packageName: 'com.x',
    trueAttributes: ['clickable'],
    ...over,
  };
}

describe('formatElementsForPrompt', () => {
  it.each(dumpFixtureNames())('%s: one line per element; [index] and the quoted label for interactive ones', (name) => {
    const { elements } = processViewHierarchy(readDumpFixture(name));
    const lines = formatElementsForPrompt(elements).split('\n').filter(Boolean);
    expect(lines).toHaveLength(elements.length);
    elements.forEach((e, i) => {
      const line = lines[i] as string;
      const label = e.text.trim() ? e.text : e.contentDesc.trim() ? e.contentDesc : '';
      if (e.index > 0) expect(line.startsWith(`[${e.index}] `)).toBe(true);
      else expect(line).not.toMatch(/^\[\d+\]/);
      const quoted = /"((?:[^"\\]|\\.)*)"/.exec(line);
      expect(quoted).not.toBeNull();
      const shown = JSON.parse(`"${quoted?.[1] ?? ''}"`) as string;
      expect(label.startsWith(shown.replace(/…$/, ''))).toBe(true);
    });
  });

  it('escapes quotes, backslashes and newlines so every element stays on one line', () => {
    const out = formatElementsForPrompt([
      el({ text: 'say "hi"\nback\\slash' }),
      el({ index: -1, text: 'caption', trueAttributes: [] }),
    ]);
    expect(out).toBe('[1] Button "say \\"hi\\"\\nback\\\\slash"\n- Button "caption"');
  });

  it('shows short class and id, the desc when it differs, informative flags and optional positions', () => {
    const e = el({
      index: 7,
      className: 'android.widget.EditText',
      resourceId: 'com.tencent.wework:id/search_input',
      text: '',
      contentDesc: 'Search',
      trueAttributes: ['clickable', 'long-clickable', 'focusable', 'focused', 'password'],
      bounds: [10, 20, 110, 80],
      center: [60, 50],
    });
    expect(formatElementsForPrompt([e])).toBe(
      '[7] EditText "Search" #search_input focused password editable long-clickable',
    );
    expect(formatElementsForPrompt([e], { coordinates: 'center' })).toMatch(/ @60,50$/);
    expect(formatElementsForPrompt([e], { coordinates: 'bounds' })).toMatch(/ @10,20,110,80$/);
    const sw = el({
      index: 2,
      className: 'android.widget.Switch',
      text: 'Wi-Fi',
      contentDesc: 'Wireless',
      trueAttributes: ['clickable', 'checkable'],
    });
    expect(formatElementsForPrompt([sw])).toBe('[2] Switch "Wi-Fi" desc="Wireless" unchecked');
    const list = el({
      index: 3,
      className: 'androidx.recyclerview.widget.RecyclerView',
      trueAttributes: ['scrollable'],
    });
    expect(formatElementsForPrompt([list])).toBe('[3] RecyclerView "" scrollable not-clickable');
  });

  it('can leave text-only elements out and cuts long labels', () => {
    const out = formatElementsForPrompt([el({ text: 'x'.repeat(300) }), el({ index: -1, text: 'caption' })], {
      includeTextOnly: false,
      maxTextLength: 10,
    });
    expect(out).toBe(`[1] Button "${'x'.repeat(10)}…"`);
  });

  it('renders the Gmail dialog (07) as expected', () => {
    expect(formatElementsForPrompt(processViewHierarchy(readDumpFixture('07')).elements)).toMatchInlineSnapshot(`
      "- TextView "Bbftph snn ck cvewg dpd sdvgq djguimd." #message
      [1] Button "AW" #button1"
    `);
  });
});
