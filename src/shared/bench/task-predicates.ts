/**
 * The task format's checks (docs/benchmark.md § Conditions, § Predicates): conditions on one
 * value and predicates over the phone's state, the screen and the agent's answer.
 */
import { z } from 'zod';
import { AppRef, JsonValue, StateSource } from './task-values.ts';

// ------------------------------------------------------------------------------------------
// Conditions: what a value must be. A scalar or an array is compared for equality; an object
// holds `$operators` (all must hold) and/or field names (each field must match its condition).

/** A condition on one value; see docs/benchmark.md § Conditions. */
export type Condition = string | number | boolean | null | JsonValue[] | ConditionObject;
export interface ConditionObject {
  $eq?: JsonValue;
  $ne?: JsonValue;
  $in?: JsonValue[];
  $nin?: JsonValue[];
  $gt?: number | string;
  $gte?: number | string;
  $lt?: number | string;
  $lte?: number | string;
  $ieq?: string;
  $icontains?: string | string[];
  $regex?: string | { pattern: string; flags?: string | undefined };
  $fuzzy?: string | { text: string; min?: number | undefined };
  $digits?: string | number;
  $time?: string;
  $date?: string;
  $number?: number | string | { eq: number | string; tol?: number | undefined };
  $exists?: boolean;
  $len?: Condition;
  $setEq?: JsonValue[];
  $includes?: JsonValue[];
  $where?: Condition;
  $some?: Condition;
  $every?: Condition;
  $none?: Condition;
  $count?: Condition;
  $new?: boolean;
  $unchanged?: boolean;
  $not?: Condition;
  $and?: Condition[];
  $or?: Condition[];
  [field: string]: unknown;
}

export const CONDITION_OPERATORS = [
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$ieq',
  '$icontains',
  '$regex',
  '$fuzzy',
  '$digits',
  '$time',
  '$date',
  '$number',
  '$exists',
  '$len',
  '$setEq',
  '$includes',
  '$where',
  '$some',
  '$every',
  '$none',
  '$count',
  '$new',
  '$unchanged',
  '$not',
  '$and',
  '$or',
] as const;

const NumOrText = z.union([z.number(), z.string()]);
const RegexSpec = z.union([
  z.string(),
  z
    .object({
      pattern: z.string(),
      flags: z
        .string()
        .regex(/^[imsu]*$/, 'flags may only be i, m, s and u')
        .optional(),
    })
    .strict(),
]);

export const Condition: z.ZodType<Condition> = z
  .lazy(() =>
    z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(JsonValue),
      z
        .object({
          $eq: JsonValue.optional().describe('equal (deep for objects and arrays)'),
          $ne: JsonValue.optional().describe('not equal'),
          $in: z.array(JsonValue).optional().describe('equal to one of these'),
          $nin: z.array(JsonValue).optional().describe('equal to none of these'),
          $gt: NumOrText.optional(),
          $gte: NumOrText.optional(),
          $lt: NumOrText.optional(),
          $lte: NumOrText.optional(),
          $ieq: z
            .string()
            .optional()
            .describe('text equal ignoring case, width, spacing and surrounding quotes/final punctuation'),
          $icontains: z
            .union([z.string(), z.array(z.string())])
            .optional()
            .describe('text contains this (or every one of these), ignoring case, width and spacing'),
          $regex: RegexSpec.optional().describe('text matches this regular expression'),
          $fuzzy: z
            .union([z.string(), z.object({ text: z.string(), min: z.number().min(0).max(1).optional() }).strict()])
            .optional()
            .describe('text similar to this (normalised edit similarity ≥ min, default 0.8)'),
          $digits: NumOrText.optional().describe(
            'the digits of the value equal the digits of this (phone numbers, codes)',
          ),
          $time: z.string().optional().describe('text names this time of day (HH:MM): 18:30 = 6:30 PM = 下午6:30'),
          $date: z.string().optional().describe('text names this date (YYYY-MM-DD): 2025-06-03 = June 3 = 6月3日'),
          $number: z
            .union([NumOrText, z.object({ eq: NumOrText, tol: z.number().min(0).optional() }).strict()])
            .optional()
            .describe('text contains this number (± tol)'),
          $exists: z.boolean().optional().describe('the value is present (not undefined or null)'),
          $len: Condition.optional().describe('condition on the length of a text or array'),
          $setEq: z.array(JsonValue).optional().describe('array with exactly these elements, in any order'),
          $includes: z.array(JsonValue).optional().describe('array containing every one of these'),
          $where: Condition.optional().describe(
            'array: keep only elements matching this before $some/$every/$none/$count',
          ),
          $some: Condition.optional().describe('array: at least one element matches'),
          $every: Condition.optional().describe('array: every element matches (true for an empty array)'),
          $none: Condition.optional().describe('array: no element matches'),
          $count: Condition.optional().describe('array: condition on the number of (filtered) elements'),
          $new: z
            .boolean()
            .optional()
            .describe('the element was not there when the episode started (by its id, else by value)'),
          $unchanged: z.boolean().optional().describe('the value equals what it was when the episode started'),
          $not: Condition.optional(),
          $and: z.array(Condition).optional(),
          $or: z.array(Condition).optional(),
        })
        .catchall(Condition.describe('a field (or dotted path) of the value, and the condition it must meet'))
        .superRefine((value, ctx) => {
          for (const key of Object.keys(value)) {
            if (key.startsWith('$') && !(CONDITION_OPERATORS as readonly string[]).includes(key)) {
              ctx.addIssue({
                code: 'custom',
                path: [key],
                message: `unknown operator ${key}; the operators are ${CONDITION_OPERATORS.join(' ')}`,
              });
            }
          }
        }),
    ]),
  )
  .meta({
    id: 'Condition',
    description: 'A condition on a value: a literal (equality) or an object of $operators and field conditions',
  }) as z.ZodType<Condition>;

// ------------------------------------------------------------------------------------------
// Predicates: checks over the phone's state, the screen, and the agent's answer.

export interface StatePredicate {
  app: string;
  path?: string | undefined;
  where?: Condition | undefined;
  new?: boolean | undefined;
  some?: Condition | undefined;
  every?: Condition | undefined;
  none?: Condition | undefined;
  count?: Condition | undefined;
  is?: Condition | undefined;
  unchanged?: boolean | undefined;
  exists?: boolean | undefined;
}
export interface ScreenPredicate {
  screen: {
    app?: string | undefined;
    package?: string | undefined;
    activity?: string | undefined;
    text?: Condition | undefined;
    id?: string | undefined;
  };
}
export interface AnswerPredicate {
  answer: Condition;
}
export interface StateRef {
  app: string;
  path?: string | undefined;
  at?: 'now' | 'start' | undefined;
}
export interface ComparePredicate {
  compare: { left: StateRef; op: CompareOp; right: StateRef; by?: number | undefined };
}
export const COMPARE_OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const;
export type CompareOp = (typeof COMPARE_OPS)[number];
export type Predicate =
  | StatePredicate
  | ScreenPredicate
  | AnswerPredicate
  | ComparePredicate
  | { all: Predicate[] }
  | { any: Predicate[] }
  | { not: Predicate };

const PATH_RE = /^([A-Za-z_$][\w$-]*|\[-?\d+\])((\.[A-Za-z_$][\w$-]*)|(\[-?\d+\]))*$/;
export const StatePath = z
  .string()
  .regex(PATH_RE, 'a path like `alarms`, `forecast.tomorrow.high` or `orders[-1].items[0]`');

export const StatePredicate = z
  .object({
    app: StateSource,
    path: StatePath.optional().describe('where in the app state; omitted = the whole state'),
    where: Condition.optional().describe('array: keep only the elements that match'),
    new: z.boolean().optional().describe('array: keep only elements that were not there when the episode started'),
    some: Condition.optional().describe('array: at least one (kept) element matches'),
    every: Condition.optional().describe('array: every (kept) element matches'),
    none: Condition.optional().describe('array: no (kept) element matches'),
    count: Condition.optional().describe('array: condition on the number of (kept) elements'),
    is: Condition.optional().describe('the value at the path matches'),
    unchanged: z
      .boolean()
      .optional()
      .describe('the value (or the kept elements) equals what it was when the episode started'),
    exists: z.boolean().optional().describe('the path leads to a value (true) or to nothing (false)'),
  })
  .strict()
  .refine(
    (p) =>
      ['some', 'every', 'none', 'count', 'is', 'unchanged', 'exists'].some(
        (k) => (p as Record<string, unknown>)[k] !== undefined,
      ),
    {
      message: 'a state check needs at least one test: some, every, none, count, is, unchanged or exists',
    },
  );

export const ScreenPredicate = z
  .object({
    screen: z
      .object({
        app: AppRef.optional().describe('the app in the foreground'),
        package: z.string().optional().describe('the foreground package (for apps without an alias)'),
        activity: z
          .string()
          .optional()
          .describe('the foreground activity, e.g. `.TrainDetailActivity` (a suffix match)'),
        text: Condition.optional().describe("some element's text or content description matches"),
        id: z.string().optional().describe('some element has this resource id (`name` or `pkg:id/name`)'),
      })
      .strict()
      .refine((s) => Object.keys(s).length > 0, { message: 'a screen check needs app, package, activity, text or id' }),
  })
  .strict();

export const AnswerPredicate = z
  .object({ answer: Condition.describe("condition on the agent's answer (its Finish message)") })
  .strict();

const StateRef = z
  .object({
    app: StateSource,
    path: StatePath.optional().describe('where in the app state; omitted = the whole state'),
    at: z
      .enum(['now', 'start'])
      .optional()
      .describe('now (default): the state when checked; start: the state when the agent started'),
  })
  .strict();

export const ComparePredicate = z
  .object({
    compare: z
      .object({
        left: StateRef,
        op: z.enum(COMPARE_OPS).describe('eq, ne (deep equality), lt, lte, gt, gte (numbers or texts)'),
        right: StateRef,
        by: z
          .number()
          .optional()
          .describe('numbers: added to the right value before comparing (left = right + by, left > right + by…)'),
      })
      .strict()
      .describe('compares two state values, e.g. a balance now with the balance at the start'),
  })
  .strict();

export const Predicate: z.ZodType<Predicate> = z
  .lazy(() =>
    z.union([
      StatePredicate,
      ScreenPredicate,
      AnswerPredicate,
      ComparePredicate,
      z.object({ all: z.array(Predicate).min(1) }).strict(),
      z.object({ any: z.array(Predicate).min(1) }).strict(),
      z.object({ not: Predicate }).strict(),
    ]),
  )
  .meta({
    id: 'Predicate',
    description: 'A check over the app state, the screen or the answer, or all/any/not of checks',
  }) as z.ZodType<Predicate>;
