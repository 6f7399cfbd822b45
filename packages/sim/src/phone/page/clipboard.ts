/**
 * The phone's clipboard: apps copy text into it (Messages' "Copy text"); a long press on a text
 * field opens the floating text toolbar with "Paste" (and "Select all" when the field has
 * text), and KEYCODE_PASTE pastes into the focused field, as on Android.
 */
import type { PhoneHost } from './phone-host.ts';
import { insertText } from './text-edit.ts';
import { editFocused } from './text-focus.ts';
import { h } from './vdom.ts';
import type { VNode } from './vdom.ts';

export function copyText(rt: PhoneHost, text: string): void {
  rt.state.clipboard = text;
}

export function pasteIntoFocused(rt: PhoneHost): boolean {
  const text = rt.state.clipboard ?? '';
  rt.state.textMenu = null;
  if (!text) return false;
  return editFocused(rt, (spec, cursor) => insertText(spec, cursor, text));
}

/** A long press on a field: focus it and open the floating toolbar above it. */
export function openTextMenu(rt: PhoneHost, pkg: string, field: string): void {
  rt.focusField(pkg, field);
  rt.state.textMenu = { pkg, field };
}

export function closeTextMenu(rt: PhoneHost): void {
  rt.state.textMenu = null;
}

/**
 * The floating text toolbar (a popup window of the app, like Android's FloatingToolbar). It is
 * anchored to the focused field with CSS anchor positioning, so it follows the field when the
 * keyboard pushes it up.
 */
export function textMenuWindow(rt: PhoneHost): VNode | null {
  const menu = rt.state.textMenu;
  if (!menu || rt.state.focus?.field !== menu.field) return null;
  const zh = rt.locale() === 'zh';
  const item = (key: string, text: string, onTap: () => void): VNode =>
    h(
      'Button',
      {
        key,
        id: 'android:id/floating_toolbar_menu_item_text',
        class: 'text-menu-item',
        clickable: true,
        onTap,
      },
      text,
    );
  const items: VNode[] = [];
  if (rt.state.clipboard) items.push(item('paste', zh ? '粘贴' : 'Paste', () => pasteIntoFocused(rt)));
  items.push(
    item('select-all', zh ? '全选' : 'Select all', () => {
      editFocused(rt, (spec) => ({ value: spec.value, cursor: spec.value.length }));
      closeTextMenu(rt);
    }),
  );
  return h(
    'FrameLayout',
    {
      key: 'text-menu',
      'data-window': 'dialog',
      'data-pkg': menu.pkg,
      class: 'text-menu',
    },
    h('LinearLayout', { orientation: 'horizontal', class: 'text-menu-row' }, items),
  );
}
