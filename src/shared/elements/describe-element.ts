/**
 * How an element is named in text people and models read: `[3] TextView "Clock"`. The run's
 * prompts and approval questions, and the device layer's action details
 * (`tap (540, 1210) on [3] "Clock"`) all name elements through describeElement; memories
 * (action memories, route steps from runs and demonstrations) through describeElementForMemory.
 */
import type { UiElement } from '../schemas/perception.ts';

// Marks that render as nothing: an attribute holding only these carries no label.
const INVISIBLE_RE = /[\s\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/gu;

/** True when the string shows something (not just spaces, bidi or zero-width marks). */
export function hasVisibleText(s: string): boolean {
  return s.length > 0 && s.replace(INVISIBLE_RE, '').length > 0;
}

/** What a person reads on the element: its text, else its content-desc, else ''. */
export function elementLabel(e: Pick<UiElement, 'text' | 'contentDesc'>): string {
  if (hasVisibleText(e.text)) return e.text;
  if (hasVisibleText(e.contentDesc)) return e.contentDesc;
  return '';
}

/** `android.widget.TextView` → `TextView`; inner classes keep their outer name (`SearchView$X`). */
export function shortClassName(className: string): string {
  const i = className.lastIndexOf('.');
  return i >= 0 ? className.slice(i + 1) : className;
}

/** At most `max` characters (code points, so no emoji is cut in half), `…` when cut. */
export function clipText(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
}

export interface DescribeElementOptions {
  /**
   * Name the class of a labelled element too: `[3] TextView "Clock"` (the default, as in the
   * prompt's element list) or `[3] "Clock"` (after an action that already says what it did).
   * An element without a label is always `[3] ImageButton`.
   */
  withClass?: boolean;
  /** Longer labels are cut to this many characters and end in `…`; default 160, as in the prompt's element list. */
  maxLabel?: number;
}

/** `[index] Class "label"`: the label JSON-quoted (quotes and line breaks escaped). */
export function describeElement(e: UiElement, options: DescribeElementOptions = {}): string {
  const label = elementLabel(e);
  const cls = shortClassName(e.className) || 'element';
  if (!label) return `[${e.index}] ${cls}`;
  const quoted = JSON.stringify(clipText(label, options.maxLabel ?? 160));
  return options.withClass === false ? `[${e.index}] ${quoted}` : `[${e.index}] ${cls} ${quoted}`;
}

/**
 * `ImageButton "Add alarm" (id fab)`: an element as a memory keeps it. No index (it changes from
 * screen to screen); the class, the label and the resource id, so a later run can find it again.
 */
export function describeElementForMemory(e: UiElement): string {
  const label = elementLabel(e).trim();
  const id = e.resourceId.split('/').pop() ?? '';
  const words = [
    shortClassName(e.className),
    label ? JSON.stringify(clipText(label, 200)) : '',
    id ? `(id ${id})` : '',
  ];
  return words.filter(Boolean).join(' ') || `element ${e.index}`;
}
