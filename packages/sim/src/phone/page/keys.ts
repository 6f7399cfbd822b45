/** Key events as the phone handles them (android.view.KeyEvent codes). */
import { closeTextMenu, pasteIntoFocused } from './clipboard.ts';
import { disturbanceBack } from './disturbance-views.ts';
import { activeDisturbance } from './disturbances.ts';
import { KEY, charForKey } from './keycodes.ts';
import { pressKeyWithMeta } from './meta-keys.ts';
import type { PhoneHost } from './phone-host.ts';
import { deleteBackward, deleteForward } from './text-edit.ts';
import { deleteSelection, editFocused, focusNextField, moveFocusedCursor, submitFocused } from './text-focus.ts';

/** A key press; `meta` is KeyEvent's meta state (Shift, Ctrl, Alt…), 0 for none. */
export function pressKey(rt: PhoneHost, code: number, meta = 0): void {
  rt.state.headsUp = null;
  if (rt.state.textMenu && code !== KEY.PASTE) {
    closeTextMenu(rt);
    if (code === KEY.BACK || code === KEY.ESCAPE) return;
  }
  if (pressKeyWithMeta(rt, code, meta)) return;
  switch (code) {
    case KEY.PASTE:
      pasteIntoFocused(rt);
      return;
    case KEY.BACK:
    case KEY.ESCAPE:
      pressBack(rt);
      return;
    case KEY.HOME:
      rt.goHome();
      return;
    case KEY.APP_SWITCH:
      rt.state.shade = false;
      rt.openRecents();
      return;
    case KEY.ENTER:
    case KEY.NUMPAD_ENTER:
      submitFocused(rt);
      return;
    case KEY.DEL:
      if (!deleteSelection(rt)) editFocused(rt, deleteBackward);
      return;
    case KEY.FORWARD_DEL:
      if (!deleteSelection(rt)) editFocused(rt, deleteForward);
      return;
    case KEY.MOVE_HOME:
      moveFocusedCursor(rt, 'line-start');
      return;
    case KEY.MOVE_END:
      moveFocusedCursor(rt, 'line-end');
      return;
    case KEY.DPAD_LEFT:
      moveFocusedCursor(rt, 'left');
      return;
    case KEY.DPAD_RIGHT:
      moveFocusedCursor(rt, 'right');
      return;
    case KEY.DPAD_UP:
      moveFocusedCursor(rt, 'start');
      return;
    case KEY.DPAD_DOWN:
      moveFocusedCursor(rt, 'end');
      return;
    case KEY.TAB:
      if (rt.state.focus) focusNextField(rt);
      return;
    default: {
      const ch = charForKey(code);
      if (ch !== undefined) rt.typeText(ch);
    }
  }
}

/**
 * BACK: keyboard first, then the notification shade, recents, a disturbance on screen, dialogs,
 * the app's own handler, the back stack.
 */
export function pressBack(rt: PhoneHost): void {
  if (rt.state.imeShown && rt.state.focus) {
    rt.state.imeShown = false;
    return;
  }
  if (rt.state.shade) {
    rt.state.shade = false;
    return;
  }
  if (rt.state.recents) {
    rt.closeRecents();
    return;
  }
  const disturbance = activeDisturbance(rt);
  if (disturbance && disturbanceBack(rt, disturbance)) return;
  const task = rt.foregroundTask();
  if (task.dialog) {
    if (task.dialog.data.cancelable !== false) {
      task.dialog = null;
      rt.blurIfIn(task.pkg);
    }
    return;
  }
  const app = rt.app(task.pkg);
  if (app?.onBack?.(rt.context(task))) return;
  rt.popScreen(task);
}
