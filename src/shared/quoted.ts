/**
 * Quoted strings inside the action calls models write: single, double or curly quotes, with
 * backslash escapes (`\n`, `\t`, and any other character as itself). One reader serves MobA's
 * action language and the seed systems' call syntax.
 */

const CLOSING: Readonly<Record<string, string>> = { '"': '"', "'": "'", '“': '”', '‘': '’' };

/** Whether `ch` opens a quoted string. */
export function opensQuote(ch: string | undefined): boolean {
  return ch !== undefined && ch in CLOSING;
}

/**
 * Reads the quoted string that opens at `src[start]`: its text and the index after the closing
 * quote, or `undefined` when it is never closed.
 */
export function readQuoted(src: string, start: number): { text: string; next: number } | undefined {
  const close = CLOSING[src[start]!]!;
  let text = '';
  let i = start + 1;
  while (i < src.length && src[i] !== close) {
    if (src[i] === '\\' && i + 1 < src.length) {
      const e = src[i + 1]!;
      text += e === 'n' ? '\n' : e === 't' ? '\t' : e;
      i += 2;
    } else text += src[i++];
  }
  return src[i] === close ? { text, next: i + 1 } : undefined;
}
