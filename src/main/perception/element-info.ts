import type { UiElement } from '../../shared/schemas/perception.ts';

// Labels and class names read the same in prompts, action details and run logs: one copy, in src/shared.
export { elementLabel, hasVisibleText, shortClassName } from '../../shared/elements/describe-element.ts';

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
const VERTICAL_RE =
  /(^|\.)(ScrollView|NestedScrollView|ListView|ExpandableListView|GridView|WebView|ScrollingView|ReactScrollView)$/;

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
