/**
 * ADB Keyboard's broadcast protocol: what each `am broadcast -a ADB_…` asks the focused field
 * to do. The receiver only runs while ADB Keyboard is the current input method.
 */

export type AdbKeyboardCommand = { kind: 'text'; text: string } | { kind: 'key'; code: number } | { kind: 'clear' };

/** @returns the command, or undefined for actions ADB Keyboard does not handle. */
export function adbKeyboardCommand(
  action: string,
  extras: Record<string, string | number | boolean>,
): AdbKeyboardCommand | undefined {
  const msg = extras.msg === undefined ? '' : String(extras.msg);
  switch (action) {
    case 'ADB_INPUT_TEXT':
      return { kind: 'text', text: msg };
    case 'ADB_INPUT_B64':
      // The message is base64 of UTF-8, which is how scripts get CJK past the shell.
      return { kind: 'text', text: Buffer.from(msg, 'base64').toString('utf8') };
    case 'ADB_INPUT_CHARS': {
      const codes = String(extras.chars ?? '')
        .split(/[,\s]+/)
        .filter(Boolean)
        .map(Number)
        .filter((n) => Number.isInteger(n) && n >= 0 && n <= 0x10ffff);
      return { kind: 'text', text: String.fromCodePoint(...codes) };
    }
    case 'ADB_INPUT_CODE':
      return { kind: 'key', code: Number(extras.code ?? 0) };
    case 'ADB_EDITOR_CODE':
      // The editor action (done/go/search…) is what ENTER triggers on a single-line field.
      return { kind: 'key', code: 66 };
    case 'ADB_CLEAR_TEXT':
      return { kind: 'clear' };
    default:
      return undefined;
  }
}
