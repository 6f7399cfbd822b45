/**
 * Quoting for the device's shell and the text rules of `input text`. Commands reach the
 * device as one string run by `sh -c`, so every argument that comes from a model or a person
 * is single-quoted here.
 */

/** POSIX single quoting: `it's` → `'it'\''s'`. Safe for every byte but NUL. */
export function shQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Printable ASCII, which `input text` can type with the key map of any keyboard. */
export function isInputTextSafe(text: string): boolean {
  return /^[\x20-\x7e\n\t]*$/.test(text);
}

export type TextPiece = { kind: 'text'; text: string } | { kind: 'key'; key: 'ENTER' | 'TAB' };

/** Longer `input text` arguments are split: some Android versions drop characters past a few hundred. */
export const INPUT_TEXT_CHUNK = 120;

/**
 * Splits printable ASCII into what `input text` can do: text runs (at most
 * {@link INPUT_TEXT_CHUNK} characters, never splitting `%` from a following `s`, which `input`
 * would read as a space) and Enter/Tab key presses for newlines and tabs.
 */
export function inputTextPieces(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let run = '';
  const flush = () => {
    if (run) pieces.push({ kind: 'text', text: run });
    run = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n' || ch === '\t') {
      flush();
      pieces.push({ kind: 'key', key: ch === '\n' ? 'ENTER' : 'TAB' });
      continue;
    }
    // `%s` typed literally must not be one argument: end the run after the `%`.
    if (ch === 's' && run.endsWith('%')) flush();
    run += ch;
    if (run.length >= INPUT_TEXT_CHUNK && !run.endsWith('%')) flush();
  }
  flush();
  return pieces;
}

/** The argument of `input text` for one run: spaces become `%s`, then the whole is single-quoted. */
export function inputTextArgument(run: string): string {
  return shQuote(run.replace(/ /g, '%s'));
}

export function toBase64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
