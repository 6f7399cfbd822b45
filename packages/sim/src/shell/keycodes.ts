/** The `input keyevent` reading of Android's key codes (the table itself is @moba/base's). */
import { ANDROID_KEY_NAMES as NAMES } from '@moba/base';

/** KEYCODE_* name (without the prefix) → number. */
export const KEYCODES: ReadonlyMap<string, number> = new Map(NAMES.map((name, code) => [name, code]));

export const MAX_KEYCODE = NAMES.length - 1;

/** `KEYCODE_BACK` for 4; `KEYCODE_<n>` style fallback for numbers past the table. */
export function keyCodeName(code: number): string {
  return `KEYCODE_${NAMES[code] ?? code}`;
}

/**
 * Parses what `input keyevent` accepts: a number, `KEYCODE_HOME` or just `HOME` (any case).
 * Undefined when it is none of these.
 */
export function parseKeyCode(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  const name = text.toUpperCase().replace(/^KEYCODE_/, '');
  return KEYCODES.get(name);
}
