import { KEYCODE } from '@moba/base/keycodes';

/** The Android key codes the simulated phone reacts to, by name (android.view.KeyEvent numbering). */
export const KEY = KEYCODE;

/** Key codes that type a character (no meta state: letters are lower case, like `input keyevent`). */
export function charForKey(code: number): string | undefined {
  if (code >= 7 && code <= 16) return String(code - 7);
  if (code >= 29 && code <= 54) return String.fromCharCode(97 + code - 29);
  if (code >= 144 && code <= 153) return String(code - 144);
  return KEY_CHARS[code];
}

const KEY_CHARS: Record<number, string> = {
  17: '*',
  18: '#',
  55: ',',
  56: '.',
  62: ' ',
  68: '`',
  69: '-',
  70: '=',
  71: '[',
  72: ']',
  73: '\\',
  74: ';',
  75: "'",
  76: '/',
  77: '@',
  81: '+',
  154: '/',
  155: '*',
  156: '-',
  157: '+',
  158: '.',
  159: ',',
  161: '=',
  162: '(',
  163: ')',
};
