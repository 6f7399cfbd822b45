/**
 * Key events with a meta state (KeyEvent.META_*), as a hardware keyboard, scrcpy or
 * uiautomator2 sends them: Shift types the shifted character of Android's US key character
 * map (`Gift`, `!`), Caps Lock capitalises letters; in a text field Ctrl+A selects everything,
 * Ctrl+C / Ctrl+X / Ctrl+V copy, cut and paste through the phone's clipboard, Ctrl+Left/Right
 * move by words and Ctrl+DEL deletes the word before the cursor; Alt+Left/Right go to the
 * line's ends and Alt+DEL deletes to its start; Shift+arrows extend the selection.
 */
import { copyText, pasteIntoFocused } from './clipboard.ts';
import { KEY, charForKey } from './keycodes.ts';
import type { PhoneHost } from './phone-host.ts';
import { deleteSelection, editFocused, moveFocusedCursor, selectAllFocused, selectedText } from './text-focus.ts';

/** KeyEvent.META_* bits (either side of a modifier counts). */
export const META = {
  SHIFT: 0x1 | 0x40 | 0x80,
  ALT: 0x2 | 0x10 | 0x20,
  CTRL: 0x1000 | 0x2000 | 0x4000,
  META: 0x10000 | 0x20000 | 0x40000,
  CAPS_LOCK: 0x100000,
} as const;

/** The modifier keys themselves (pressing one alone types nothing). */
export const MODIFIER_KEYS: Readonly<Record<number, number>> = {
  57: 0x2 | 0x10, // ALT_LEFT
  58: 0x2 | 0x20, // ALT_RIGHT
  59: 0x1 | 0x40, // SHIFT_LEFT
  60: 0x1 | 0x80, // SHIFT_RIGHT
  113: 0x1000 | 0x2000, // CTRL_LEFT
  114: 0x1000 | 0x4000, // CTRL_RIGHT
  117: 0x10000 | 0x20000, // META_LEFT
  118: 0x10000 | 0x40000, // META_RIGHT
};

/** Generic.kcm's `shift:` characters for the non-letter keys. */
const SHIFTED: Readonly<Record<string, string>> = {
  '1': '!',
  '2': '@',
  '3': '#',
  '4': '$',
  '5': '%',
  '6': '^',
  '7': '&',
  '8': '*',
  '9': '(',
  '0': ')',
  '-': '_',
  '=': '+',
  '[': '{',
  ']': '}',
  '\\': '|',
  ';': ':',
  "'": '"',
  ',': '<',
  '.': '>',
  '/': '?',
  '`': '~',
};

/** The character a key types with this meta state (undefined: it types nothing). */
export function characterFor(code: number, meta: number): string | undefined {
  const base = charForKey(code);
  if (base === undefined) return undefined;
  const shift = (meta & META.SHIFT) !== 0;
  if (/^[a-z]$/.test(base)) return shift !== ((meta & META.CAPS_LOCK) !== 0) ? base.toUpperCase() : base;
  // The number pad's keys do not shift.
  if (shift && !(code >= 144 && code <= 163)) return SHIFTED[base] ?? base;
  return base;
}

/** The start of the word before `at` (Ctrl+Left, Ctrl+DEL). */
function wordStart(value: string, at: number): number {
  let i = at;
  while (i > 0 && /\s/.test(value[i - 1] as string)) i--;
  while (i > 0 && !/\s/.test(value[i - 1] as string)) i--;
  return i;
}

/** Text-field shortcuts with Ctrl or Alt held; true when the key was one. */
function shortcut(rt: PhoneHost, code: number, meta: number): boolean {
  const ctrl = (meta & META.CTRL) !== 0;
  const alt = (meta & META.ALT) !== 0;
  if (ctrl) {
    switch (code) {
      case 29: // A
        selectAllFocused(rt);
        return true;
      case 31: // C
      case 52: {
        // X
        const text = selectedText(rt);
        if (text) copyText(rt, text);
        if (code === 52) deleteSelection(rt);
        return true;
      }
      case 50: // V
        deleteSelection(rt);
        pasteIntoFocused(rt);
        return true;
      case KEY.DEL:
        if (!deleteSelection(rt))
          editFocused(rt, (spec, c) => ({
            value: spec.value.slice(0, wordStart(spec.value, c)) + spec.value.slice(c),
            cursor: wordStart(spec.value, c),
          }));
        return true;
      case KEY.DPAD_LEFT:
      case KEY.DPAD_RIGHT:
        moveFocusedCursor(rt, code === KEY.DPAD_LEFT ? 'word-left' : 'word-right', (meta & META.SHIFT) !== 0);
        return true;
    }
    // Other Ctrl combinations are shortcuts the apps do not have: they type nothing.
    return charForKey(code) !== undefined;
  }
  if (alt) {
    switch (code) {
      case KEY.DEL:
        if (!deleteSelection(rt))
          editFocused(rt, (spec, c) => {
            const start = spec.multiline ? spec.value.lastIndexOf('\n', c - 1) + 1 : 0;
            return { value: spec.value.slice(0, start) + spec.value.slice(c), cursor: start };
          });
        return true;
      case KEY.DPAD_LEFT:
      case KEY.DPAD_RIGHT:
        moveFocusedCursor(rt, code === KEY.DPAD_LEFT ? 'line-start' : 'line-end', (meta & META.SHIFT) !== 0);
        return true;
    }
  }
  return false;
}

/**
 * Handles a key whose meta state changes what it does; false leaves it to the plain key
 * handling (a key without modifiers, or one the modifiers do not change).
 */
export function pressKeyWithMeta(rt: PhoneHost, code: number, meta: number): boolean {
  if (MODIFIER_KEYS[code] !== undefined) return true;
  if (meta === 0) return false;
  if (rt.state.focus && shortcut(rt, code, meta)) return true;
  if ((meta & META.SHIFT) !== 0) {
    switch (code) {
      case KEY.DPAD_LEFT:
      case KEY.DPAD_RIGHT:
      case KEY.DPAD_UP:
      case KEY.DPAD_DOWN:
      case KEY.MOVE_HOME:
      case KEY.MOVE_END: {
        const to = { 21: 'left', 22: 'right', 19: 'start', 20: 'end', 122: 'line-start', 123: 'line-end' } as const;
        moveFocusedCursor(rt, to[code as keyof typeof to], true);
        return true;
      }
    }
  }
  const ch = characterFor(code, meta);
  if (ch === undefined || (meta & (META.CTRL | META.META)) !== 0) return false;
  rt.typeText(ch);
  return true;
}
