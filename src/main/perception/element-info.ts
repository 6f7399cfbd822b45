import type { UiElement } from '../../shared/schemas/perception.ts';

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

/** `com.app:id/send_button` → `send_button`; ids without a package part are returned as they are. */
export function shortResourceId(resourceId: string): string {
  const i = resourceId.indexOf(':id/');
  return i >= 0 ? resourceId.slice(i + 4) : resourceId;
}

const EDITABLE_RE = /(EditText|AutoCompleteTextView|SearchAutoComplete|SearchBox|TextField|TextInput)$/;

/** Text fields: uiautomator has no "editable" attribute, so the class decides. */
export function isEditable(e: Pick<UiElement, 'className'>): boolean {
  return EDITABLE_RE.test(e.className);
}

export type ScrollAxis = 'vertical' | 'horizontal' | 'unknown';

const HORIZONTAL_RE = /(HorizontalScrollView|ViewPager2?|TabLayout|TabWidget|HorizontalListView|Gallery|Carousel)$/;
const VERTICAL_RE = /(^|\.)(ScrollView|NestedScrollView|ListView|ExpandableListView|GridView|WebView|ScrollingView|ReactScrollView)$/;

/**
 * The axis along which a scrollable element plausibly scrolls: from the class when it says
 * (ListView, HorizontalScrollView…), else from the shape (a strip twice as wide as tall is
 * horizontal, and vice versa), else unknown.
 */
export function scrollAxis(e: Pick<UiElement, 'className' | 'bounds'>): ScrollAxis {
  if (HORIZONTAL_RE.test(e.className)) return 'horizontal';
  if (VERTICAL_RE.test(e.className)) return 'vertical';
  const w = e.bounds[2] - e.bounds[0];
  const h = e.bounds[3] - e.bounds[1];
  if (w >= 2 * h) return 'horizontal';
  if (h >= 2 * w) return 'vertical';
  return 'unknown';
}
