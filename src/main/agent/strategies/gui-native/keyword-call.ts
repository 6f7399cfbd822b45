/**
 * The Python-like calls GUI-native models write: `click(start_box='(540,1200)')`,
 * `do(action="Tap", element=[500, 620])`, `finish(message="Done")` — a name, then keyword (or
 * positional) arguments: quoted strings (with backslash escapes), numbers, lists of numbers, bare
 * words.
 */
import { opensQuote, readQuoted } from '../../../../shared/quoted.ts';

export type KeywordValue = string | number | number[];

export interface KeywordCall {
  name: string;
  kwargs: Record<string, KeywordValue>;
  positional: KeywordValue[];
}

export type KeywordCallParse = { ok: true; call: KeywordCall } | { ok: false; error: string };

function readList(src: string, start: number): { value: number[]; next: number } | undefined {
  const end = src.indexOf(']', start);
  if (end < 0) return undefined;
  const items = src
    .slice(start + 1, end)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (!items.every((s) => /^-?\d+(\.\d+)?$/.test(s))) return undefined;
  return { value: items.map(Number), next: end + 1 };
}

/** Parses `name(arg, key=value, …)`; a missing `()` reads as no arguments. */
export function parseKeywordCall(input: string): KeywordCallParse {
  const text = input.trim().replace(/^[`\s]+|[`\s.;]+$/g, '');
  const m = /^([A-Za-z_][A-Za-z0-9_.]*)\s*(?:\(([\s\S]*)\))?$/.exec(text);
  const shown = JSON.stringify(input.trim().slice(0, 160));
  if (!m) return { ok: false, error: `${shown} is not a call like name(key='value')` };
  const src = m[2] ?? '';
  const call: KeywordCall = { name: m[1]!, kwargs: {}, positional: [] };
  let i = 0;
  const skip = () => {
    while (i < src.length && /\s/.test(src[i]!)) i++;
  };
  for (skip(); i < src.length; skip()) {
    const key = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*/.exec(src.slice(i));
    if (key) i += key[0].length;
    let value: KeywordValue;
    if (opensQuote(src[i])) {
      const quoted = readQuoted(src, i);
      if (!quoted) return { ok: false, error: `an unterminated string in ${shown}` };
      value = quoted.text;
      i = quoted.next;
    } else if (src[i] === '[') {
      const list = readList(src, i);
      if (!list) return { ok: false, error: `a list that is not [numbers] in ${shown}` };
      value = list.value;
      i = list.next;
    } else {
      const start = i;
      while (i < src.length && src[i] !== ',') i++;
      const word = src.slice(start, i).trim();
      if (word === '') return { ok: false, error: `an empty argument in ${shown}` };
      value = /^-?\d+(\.\d+)?$/.test(word) ? Number(word) : word;
    }
    if (key) call.kwargs[key[1]!] = value;
    else call.positional.push(value);
    skip();
    if (i >= src.length) break;
    if (src[i] !== ',') return { ok: false, error: `unexpected ${JSON.stringify(src[i])} in ${shown}` };
    i++;
  }
  return { ok: true, call };
}

/** A point written as `(x,y)`, `[x, y]`, `x y`, `<point>x y</point>` or a box `(x1,y1,x2,y2)` (its centre). */
export function readPoint(value: unknown): [number, number] | null {
  if (value === undefined || value === null) return null;
  const nums = Array.isArray(value)
    ? value.map(Number)
    : typeof value === 'number'
      ? [value]
      : (String(value).match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  if (nums.some((n) => !Number.isFinite(n))) return null;
  if (nums.length === 2) return [nums[0]!, nums[1]!];
  if (nums.length === 4) return [(nums[0]! + nums[2]!) / 2, (nums[1]! + nums[3]!) / 2];
  return null;
}
