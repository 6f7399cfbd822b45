/**
 * Building blocks for the apps' stored-data schemas (each app's `schema.ts`). These run on the
 * Node side only — `sim-state set` checks a patched app's data with them before the page sees
 * it — and never in the phone's page (which loads no npm packages).
 */
import { z } from 'zod';

/** An app's stored data: its zod schema and what follows from a valid patch. */
export interface AppStore {
  schema: z.ZodType;
  /**
   * Repairs what a patch may leave behind without being wrong: counters for new ids raised
   * above the ids in use (so a task can append an element without patching the counter).
   */
  normalize?(data: never): void;
}

export const int = (min: number, max = Number.MAX_SAFE_INTEGER) => z.number().int().min(min).max(max);
export const id = int(1);
/** Device time in epoch milliseconds. */
export const epochMs = int(0);

/** A local calendar date, `YYYY-MM-DD`, that exists. */
export const isoDate = z.string().refine((s) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}, 'expected a date YYYY-MM-DD');

/** A time of day, `HH:MM` on 24 hours. */
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time HH:MM (00:00–23:59)');

export const oneOfIds = (ids: readonly string[], what: string) =>
  z.string().refine((s) => ids.includes(s), { message: `expected a known ${what} id` });

/** A list whose elements' `key` values are all different (ids). */
export function uniqueList<T extends z.ZodType>(item: T, key = 'id') {
  return z.array(item).superRefine((list, ctx) => {
    const seen = new Map<unknown, number>();
    list.forEach((element, i) => {
      const value = (element as Record<string, unknown>)[key];
      const first = seen.get(value);
      if (first !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [i, key],
          message: `duplicate ${key} ${JSON.stringify(value)} (also at [${first}])`,
        });
      else seen.set(value, i);
    });
  });
}

/** Raises `data[counter]` above every `idOf` of `items` (ids are numbers). */
export function raiseCounter<T>(
  data: Record<string, unknown>,
  counter: string,
  items: readonly T[],
  idOf: (t: T) => number,
): void {
  const max = items.reduce((m, t) => Math.max(m, idOf(t)), 0);
  const current = typeof data[counter] === 'number' ? (data[counter] as number) : 1;
  data[counter] = Math.max(current, max + 1);
}

/** `alarms[2].label` from a zod issue path. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out;
}

/** One line per problem, each naming the field: `alarms[0].hour: expected a number from 0 to 23…`. */
export function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const where = issuePath(issue.path);
      return issue.keys.map((k) => `${where ? `${where}.` : ''}${k}: unknown field`).join('; ');
    }
    const where = issuePath(issue.path) || '(the data)';
    return `${where}: ${issue.message}`;
  });
}
