/** The Android key codes the simulated phone reacts to (android.view.KeyEvent numbering). */
export const KEY = {
  HOME: 3,
  BACK: 4,
  DPAD_UP: 19,
  DPAD_DOWN: 20,
  DPAD_LEFT: 21,
  DPAD_RIGHT: 22,
  DPAD_CENTER: 23,
  POWER: 26,
  COMMA: 55,
  PERIOD: 56,
  TAB: 61,
  SPACE: 62,
  ENTER: 66,
  DEL: 67,
  MENU: 82,
  SEARCH: 84,
  ESCAPE: 111,
  FORWARD_DEL: 112,
  MOVE_HOME: 122,
  MOVE_END: 123,
  NUMPAD_ENTER: 160,
  APP_SWITCH: 187,
  PASTE: 279,
} as const;

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

/**
 * Characters `input text` can type: Android maps each through the virtual keyboard's key
 * character map, which has printable ASCII, tab and newline only.
 */
export function typableWithKeyEvents(text: string): boolean {
  return /^[\x20-\x7e\t\n]*$/.test(text);
}
