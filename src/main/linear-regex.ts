/**
 * Regular expressions from outside — a task file's `$regex` and `extract`, an approval rule's
 * pattern, anything a model's reply or a screen's text is matched against — run on RE2
 * (re2js, a pure-JavaScript port of Go's regexp): matching takes time linear in the text
 * whatever the pattern, so `^(a+)+$` on a long line of `a`s answers at once instead of
 * freezing the process as a backtracking engine (JavaScript's own `RegExp`) does.
 *
 * The syntax is RE2's (https://github.com/google/re2/wiki/Syntax): JavaScript's without
 * backreferences (`\1`) and lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`); JavaScript's `\uXXXX`,
 * `\u{…}`, `\cX` and `[^]` are accepted and translated. `\d`, `\w`, `\s` and `\b` are ASCII
 * (`\p{L}`, `\p{Z}` name Unicode classes). Flags: `i`, `m`, `s`; `u` is accepted and changes
 * nothing (RE2 always matches code points). A pattern RE2 cannot run is refused with the reason.
 */
import { RE2JS } from 're2js';
import { MobaError } from '../shared/errors.ts';

export interface LinearRegex {
  readonly pattern: string;
  /** Whether the pattern matches anywhere in `text`. */
  test(text: string): boolean;
  /** The first match and its groups (`[whole, group1, …]`, a group that took no part is undefined), or null. */
  exec(text: string): Array<string | undefined> | null;
}

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL, u: 0 };
/** Compiled patterns are kept (a milestone's pattern is tested at every step); the oldest go first. */
const CACHE_SIZE = 512;
const cache = new Map<string, LinearRegex | string>();

function compile(pattern: string, flags: string): LinearRegex | string {
  let bits = 0;
  for (const f of flags) {
    const bit = FLAG_BITS[f];
    if (bit === undefined) return `the flag "${f}" is not supported (i, m, s and u are)`;
    bits |= bit;
  }
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(pattern), bits);
  } catch (error) {
    const reason = (error as Error).message.replace(/^error parsing regexp: /, '');
    return `${reason}${/\(\?[=!]|\(\?<[=!]|\\[1-9]/.test(pattern) ? ' (lookaround and backreferences are not supported: matching must stay linear in the text)' : ''}`;
  }
  return {
    pattern,
    test: (text) => re.test(text),
    exec: (text) => {
      const m = re.exec(text);
      return m ? (m as Array<string | null | undefined>).map((g) => g ?? undefined) : null;
    },
  };
}

function compiled(pattern: string, flags: string): LinearRegex | string {
  const key = `${flags}/${pattern}`;
  let hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
  } else {
    hit = compile(pattern, flags);
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, hit);
  return hit;
}

/** Why RE2 cannot run the pattern, or null when it can. */
export function regexProblem(pattern: string, flags = ''): string | null {
  const r = compiled(pattern, flags);
  return typeof r === 'string' ? r : null;
}

/**
 * @param where what the pattern is, for the message (e.g. `milestones[2].check.answer.$regex`)
 * @throws MobaError INVALID_INPUT naming `where` and the reason when RE2 cannot run it
 */
export function linearRegex(pattern: string, flags = '', where = 'the pattern'): LinearRegex {
  const r = compiled(pattern, flags);
  if (typeof r === 'string') throw new MobaError('INVALID_INPUT', `${where} is not a valid regular expression: ${r}`);
  return r;
}
