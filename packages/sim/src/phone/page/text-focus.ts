/**
 * Text focus: which field has input focus, where its cursor is, and editing it. The field's
 * value lives in the app's state; the element carries `value`/`onChange` in its props.
 */
import type { PhoneHost } from './phone-host.ts';
import { moveCursor } from './text-edit.ts';
import type { FieldSpec } from './text-edit.ts';
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

export function moveFocusedCursor(rt: PhoneHost, to: Parameters<typeof moveCursor>[2]): boolean {
  return editFocused(rt, (spec, c) => ({ value: spec.value, cursor: moveCursor(spec, c, to) }));
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
