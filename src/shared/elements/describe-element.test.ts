import { describe, expect, it } from 'vitest';
import type { UiElement } from '../schemas/perception.ts';
import { clipText, describeElement, describeElementForMemory, elementLabel } from './describe-element.ts';

const el = (over: Partial<UiElement>): UiElement => ({
  index: 3,
  bounds: [0, 0, 10, 10],
  center: [5, 5],
  text: '',
  contentDesc: '',
  resourceId: '',
  className: 'android.widget.TextView',
  packageName: 'p',
  trueAttributes: [],
  ...over,
});

describe('describeElement', () => {
  it('names the index, the short class and the quoted label, as the prompt’s element list does', () => {
    expect(describeElement(el({ text: 'Clock' }))).toBe('[3] TextView "Clock"');
    expect(describeElement(el({ contentDesc: 'Add alarm', className: 'android.widget.ImageButton' }))).toBe(
      '[3] ImageButton "Add alarm"',
    );
  });

  it('after an action that says what it did, can leave the class out of a labelled element', () => {
    expect(describeElement(el({ text: 'Clock' }), { withClass: false })).toBe('[3] "Clock"');
    expect(describeElement(el({ className: 'android.widget.ImageButton' }), { withClass: false })).toBe(
      '[3] ImageButton',
    );
  });

  it('falls back to the class for an element without a visible label', () => {
    expect(describeElement(el({ text: ' \u200b ', className: 'android.widget.Switch' }))).toBe('[3] Switch');
    expect(describeElement(el({ className: '' }))).toBe('[3] element');
  });

  it('escapes quotes and line breaks and cuts long labels', () => {
    expect(describeElement(el({ text: 'Say "hi"\nnow' }))).toBe('[3] TextView "Say \\"hi\\"\\nnow"');
    expect(describeElement(el({ text: 'x'.repeat(50) }), { withClass: false, maxLabel: 40 })).toBe(
      `[3] "${'x'.repeat(40)}…"`,
    );
    expect(clipText('😀😀😀', 2)).toBe('😀😀…');
  });

  it('reads the text first, then the content description', () => {
    expect(elementLabel({ text: 'A', contentDesc: 'B' })).toBe('A');
    expect(elementLabel({ text: '\u200e', contentDesc: 'B' })).toBe('B');
  });
});

describe('describeElementForMemory', () => {
  it('keeps the class, the label and the resource id, never the index (it changes from screen to screen)', () => {
    const fab = el({
      contentDesc: 'Add alarm',
      resourceId: 'com.android.deskclock:id/fab',
      className: 'a.ImageButton',
    });
    expect(describeElementForMemory(fab)).toBe('ImageButton "Add alarm" (id fab)');
    expect(describeElementForMemory(el({ text: 'Work' }))).toBe('TextView "Work"');
    expect(describeElementForMemory(el({ resourceId: 'id/save', className: 'a.Button' }))).toBe('Button (id save)');
    expect(describeElementForMemory(el({ className: '' }))).toBe('element 3');
  });

  it('reads the label as people do (content-desc behind blank text) and keeps it on one line, cut at 200', () => {
    expect(describeElementForMemory(el({ text: ' ', contentDesc: 'Send' }))).toBe('TextView "Send"');
    expect(describeElementForMemory(el({ text: 'two\nlines' }))).toBe('TextView "two\\nlines"');
    expect(describeElementForMemory(el({ text: 'x'.repeat(300) }))).toBe(`TextView "${'x'.repeat(200)}…"`);
  });
});
