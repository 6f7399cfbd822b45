/**
 * `{param}` placeholders in task files. A string that is exactly one placeholder becomes the
 * parameter's value with its type (a number stays a number); placeholders inside longer text
 * become text. `{contact.name}` reads a field of a parameter whose value is an object. A
 * parameter whose value is `{ "en": …, "zh": … }` reads as the episode's language.
 */
import type { Locale } from '../../shared/bench/task-values.ts';
import { MobaError } from '../../shared/errors.ts';
import { getPath, parsePath } from './predicates/paths.ts';

const PLACEHOLDER = /\{([A-Za-z_]\w*)((?:\.[A-Za-z_$][\w$-]*|\[-?\d+\])*)\}/g;
const WHOLE = /^\{([A-Za-z_]\w*)((?:\.[A-Za-z_$][\w$-]*|\[-?\d+\])*)\}$/;

export type ParamValues = Record<string, unknown>;

/** The longest text placeholders may make (a goal, a message, a note: far less). */
export const MAX_FILLED_TEXT = 64 * 1024;

/** Parameter names a string refers to. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** The length of a text without its placeholders. */
export function literalLength(text: string): number {
  return text.replace(PLACEHOLDER, '').length;
}

/** Every parameter name referred to anywhere in a JSON value (strings only, keys included). */
export function referencedParams(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') for (const n of placeholdersIn(value)) out.add(n);
  else if (Array.isArray(value)) for (const v of value) referencedParams(v, out);
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      referencedParams(k, out);
      referencedParams(v, out);
    }
  return out;
}

function isLocalized(v: unknown): v is { en: string; zh: string } {
  return (
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    typeof (v as { en?: unknown }).en === 'string' &&
    typeof (v as { zh?: unknown }).zh === 'string' &&
    Object.keys(v).length === 2
  );
}

function lookup(params: ParamValues, name: string, rest: string, locale: Locale): unknown {
  if (!Object.hasOwn(params, name)) throw new Error(`unknown parameter {${name}}`);
  let v = params[name];
  // The path first ({city.en} picks the English of a bilingual value), then the language.
  if (rest) {
    const segments = parsePath(rest.startsWith('.') ? rest.slice(1) : rest);
    v = segments ? getPath(v, segments) : undefined;
  }
  return isLocalized(v) ? v[locale] : v;
}

function asText(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * Replaces placeholders in every string of `value` (object keys stay as written).
 * @throws Error naming an unknown parameter (validated task files have none); MobaError
 *   INVALID_INPUT when a filled text would exceed MAX_FILLED_TEXT.
 */
export function fill<T>(value: T, params: ParamValues, locale: Locale): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = WHOLE.exec(v);
      if (whole) return lookup(params, whole[1]!, whole[2]!, locale);
      let length = v.length;
      return v.replace(PLACEHOLDER, (whole: string, name: string, rest: string) => {
        const text = asText(lookup(params, name, rest, locale));
        length += text.length - whole.length;
        // Parameters built from parameters can double at every step: stop long before memory does.
        if (length > MAX_FILLED_TEXT)
          throw new MobaError(
            'INVALID_INPUT',
            `Filling {${name}${rest}} makes a text longer than ${MAX_FILLED_TEXT.toLocaleString('en')} characters`,
          );
        return text;
      });
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** A text in both languages with its placeholders filled per language. */
export function fillBoth(text: string | { en: string; zh: string }, params: ParamValues): { en: string; zh: string } {
  const t = typeof text === 'string' ? { en: text, zh: text } : text;
  return { en: asText(fill(t.en, params, 'en')), zh: asText(fill(t.zh, params, 'zh')) };
}
