/**
 * The call syntax the seed systems' action languages share, e.g. `tap(3)`, `Tap(540, 1875)`,
 * `text("hello, world")`, `swipe(4, "up", "medium")`, `FINISH`: a name, then optional
 * parenthesised arguments — numbers, quoted strings (single, double or curly quotes, with
 * backslash escapes) or bare words. Each strategy maps the parsed call onto the shared action
 * space itself.
 */

import { opensQuote, readQuoted } from '../../../../shared/quoted.ts';

export interface ParsedCall {
  name: string;
  args: Array<string | number>;
}

export type CallParse = { ok: true; call: ParsedCall } | { ok: false; error: string };

/** Parses one call. Tolerates surrounding backticks, a trailing period and `key=value` arguments (the key is dropped). */
export function parseCall(input: string): CallParse {
  const text = input.trim().replace(/^[`\s]+|[`\s.;]+$/g, '');
  const m = /^([A-Za-z_][A-Za-z0-9_ ]*?)\s*(?:\(([\s\S]*)\))?$/.exec(text);
  if (!m) return { ok: false, error: `not an action call: ${JSON.stringify(input.slice(0, 120))}` };
  const args: Array<string | number> = [];
  const src = m[2] ?? '';
  let i = 0;
  const skip = () => {
    while (i < src.length && /\s/.test(src[i]!)) i++;
  };
  skip();
  while (i < src.length) {
    const key = /^[A-Za-z_][A-Za-z0-9_]*\s*[=:](?!=)\s*/.exec(src.slice(i));
    if (key && !/^["'“‘]/.test(src.slice(i))) i += key[0].length;
    if (opensQuote(src[i])) {
      const quoted = readQuoted(src, i);
      if (!quoted) return { ok: false, error: `unterminated string in ${JSON.stringify(input.slice(0, 120))}` };
      i = quoted.next;
      args.push(quoted.text);
    } else {
      const start = i;
      while (i < src.length && src[i] !== ',') i++;
      const word = src
        .slice(start, i)
        .trim()
        .replace(/^[([]|[)\]]$/g, '')
        .trim();
      if (word === '') return { ok: false, error: `empty argument in ${JSON.stringify(input.slice(0, 120))}` };
      args.push(/^-?\d+(\.\d+)?$/.test(word) ? Number(word) : word);
    }
    skip();
    if (i >= src.length) break;
    if (src[i] !== ',')
      return { ok: false, error: `unexpected ${JSON.stringify(src[i])} in ${JSON.stringify(input.slice(0, 120))}` };
    i++;
    skip();
  }
  return { ok: true, call: { name: m[1]!.trim(), args } };
}

/** The name in a canonical form for matching: lower case, spaces and dashes as `_`. */
export function callKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
