/**
 * Text focus: which field has input focus, where its cursor is, and editing it. The field's
 * value lives in the app's state; the element carries `value`/`onChange` in its props.
 */
import type { PhoneHost } from './phone-host.ts';
import { moveCursor } from './text-edit.ts';
import type { CursorMove, FieldSpec } from './text-edit.ts';
import { metaOf } from './vdom.ts';
import type { Props } from './vdom.ts';

const FIELD_WINDOWS = '[data-window="app"], [data-window="dialog"]';

export function focusField(rt: PhoneHost, pkg: string, field: string): void {
  const spec = fieldSpec(rt, field);
  // A field focused before its first render (a dialog opening with the keyboard up) puts the
  // cursor at the end; edits clamp it to the value's length.
  rt.state.focus = { pkg, field, cursor: spec ? spec.value.length : Number.MAX_SAFE_INTEGER };
  rt.state.imeShown = rt.activeIme() !== null;
}

export function focusedElement(rt: PhoneHost): Element | undefined {
  const focus = rt.state.focus;
  if (!focus) return undefined;
  for (const win of rt.root.querySelectorAll(FIELD_WINDOWS)) {
    const el = win.querySelector(`[data-field="${CSS.escape(focus.field)}"]`);
    if (el) return el;
  }
  return undefined;
}

function fieldSpec(rt: PhoneHost, field: string): (FieldSpec & { props: Props }) | undefined {
  for (const win of rt.root.querySelectorAll(FIELD_WINDOWS)) {
    const el = win.querySelector(`[data-field="${CSS.escape(field)}"]`);
    const props = el ? metaOf(el) : undefined;
    if (props)
      return {
        value: props.value ?? '',
        multiline: props.multiline ?? false,
        maxLength: props.maxLength,
        inputType: props.inputType,
        props,
      };
  }
  return undefined;
}

/** Applies an edit to the focused field; false when no field has focus. */
export function editFocused(
  rt: PhoneHost,
  edit: (spec: FieldSpec, cursor: number) => { value: string; cursor: number },
): boolean {
  const focus = rt.state.focus;
  if (!focus) return false;
  const spec = fieldSpec(rt, focus.field);
  if (!spec) return false;
  const result = edit(spec, Math.min(focus.cursor, spec.value.length));
  focus.cursor = result.cursor;
  if (result.value !== spec.value) spec.props.onChange?.(result.value);
  return true;
}

/** Moves the cursor; with `extend` the selection grows from where it started (Shift+arrows). */
export function moveFocusedCursor(rt: PhoneHost, to: CursorMove, extend = false): boolean {
  const focus = rt.state.focus;
  if (focus && extend && focus.anchor === undefined) focus.anchor = focus.cursor;
  const moved = editFocused(rt, (spec, c) => ({ value: spec.value, cursor: moveCursor(spec, c, to) }));
  if (focus && !extend) delete focus.anchor;
  return moved;
}

/** The selected range of the focused field, or undefined when nothing is selected. */
function selection(rt: PhoneHost): { start: number; end: number; spec: FieldSpec & { props: Props } } | undefined {
  const focus = rt.state.focus;
  if (!focus || focus.anchor === undefined || focus.anchor === focus.cursor) return undefined;
  const spec = fieldSpec(rt, focus.field);
  if (!spec) return undefined;
  const a = Math.min(focus.anchor, spec.value.length);
  const b = Math.min(focus.cursor, spec.value.length);
  return { start: Math.min(a, b), end: Math.max(a, b), spec };
}

/** Ctrl+A: the whole value is selected, the cursor at its end. */
export function selectAllFocused(rt: PhoneHost): void {
  const focus = rt.state.focus;
  const spec = focus ? fieldSpec(rt, focus.field) : undefined;
  if (!focus || !spec) return;
  focus.anchor = 0;
  focus.cursor = spec.value.length;
}

export function selectedText(rt: PhoneHost): string {
  const range = selection(rt);
  return range ? range.spec.value.slice(range.start, range.end) : '';
}

/** Deletes the selected text (typing, DEL, cut and paste replace a selection); false when none. */
export function deleteSelection(rt: PhoneHost): boolean {
  const focus = rt.state.focus;
  const range = selection(rt);
  if (focus) delete focus.anchor;
  if (!focus || !range) return false;
  const value = range.spec.value.slice(0, range.start) + range.spec.value.slice(range.end);
  focus.cursor = range.start;
  range.spec.props.onChange?.(value);
  return true;
}

/** The selection of `field` as [start, end) while it has one (for drawing it). */
export function fieldSelection(rt: PhoneHost, pkg: string, field: string): [number, number] | undefined {
  const focus = rt.state.focus;
  if (!focus || focus.pkg !== pkg || focus.field !== field || focus.anchor === undefined) return undefined;
  if (focus.anchor === focus.cursor) return undefined;
  return [Math.min(focus.anchor, focus.cursor), Math.max(focus.anchor, focus.cursor)];
}

/** The IME action of the focused field (ENTER / the keyboard's action key). */
export function submitFocused(rt: PhoneHost): boolean {
  const focus = rt.state.focus;
  if (!focus) return false;
  const spec = fieldSpec(rt, focus.field);
  if (!spec) return false;
  if (spec.multiline) return rt.typeText('\n');
  spec.props.onSubmit?.();
  return true;
}

export function focusNextField(rt: PhoneHost): void {
  const fields = [
    ...rt.root.querySelectorAll('[data-window="app"] [data-field], [data-window="dialog"] [data-field]'),
  ].filter((el) => el.getAttribute('data-enabled') !== 'false');
  if (fields.length === 0) return;
  const current = focusedElement(rt);
  const index = current ? fields.indexOf(current) : -1;
  const field = fields[(index + 1) % fields.length]?.getAttribute('data-field');
  if (field) focusField(rt, rt.foregroundTask().pkg, field);
}
