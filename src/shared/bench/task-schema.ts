/**
 * The benchmark task format: one JSON file per task. Tasks are data — no code, no `eval`:
 * parameters are drawn from a seeded generator or from the phone's initial state, milestones
 * are predicates in a small declarative language over the apps' `sim-state` JSON, the screen
 * the agent saw and the agent's answer, and the reference solution is a list of element-level
 * steps (by text / resource id / description) that survive a change of seed.
 *
 * `resources/benchmark/task.schema.json` is generated from these schemas (`moba bench
 * schema`) so editors can check task files; `docs/benchmark.md` documents every field and
 * operator with examples; `moba bench validate FILE…` adds the checks a schema cannot express.
 */
import { z } from 'zod';
import { CATEGORIES, LOCALES } from '../choices.ts';
import { BENCH_APP_ALIASES } from './apps.ts';
import { DISTURBANCE_KINDS } from '@moba/base';

export const TASK_FORMAT_VERSION = 1;

export { CATEGORIES, LOCALES };
export const Category = z
  .enum(CATEGORIES)
  .describe(
    'MobBench category: easy, medium, hard, indirect (a vague request: the agent picks the app and the way) or cross-app',
  );
export type Category = z.infer<typeof Category>;

export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;

export const AppRef = z.enum(BENCH_APP_ALIASES).describe(`An app by its alias: ${BENCH_APP_ALIASES.join(', ')}`);
export type AppRef = z.infer<typeof AppRef>;
export const StateSource = z
  .enum([...BENCH_APP_ALIASES, 'device'])
  .describe("An app's sim-state by alias, or `device` (foreground app, Wi-Fi, locale… of the phone)");

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export const JsonValue: z.ZodType<JsonValue> = z
  .lazy(() =>
    z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(JsonValue), z.record(z.string(), JsonValue)]),
  )
  .meta({ id: 'JsonValue' });

export const Localized = z
  .object({ en: z.string().min(1), zh: z.string().min(1) })
  .strict()
  .describe('The same text in English and Chinese');
export type Localized = z.infer<typeof Localized>;

const Text = z.union([z.string().min(1), Localized]);

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

// ------------------------------------------------------------------------------------------
// Steps: the reference solution and UI setup, element-level as a person describes them.

export const Target = z
  .object({
    text: z
      .string()
      .optional()
      .describe(
        "the element's text equals this (ignoring case and spacing), or one of its lines or merged labels does",
      ),
    textContains: z.string().optional().describe("the element's text contains this"),
    id: z.string().optional().describe('resource id: `name` or `pkg:id/name`'),
    desc: z.string().optional().describe('content description equals this'),
    descContains: z.string().optional().describe('content description contains this'),
    class: z.string().optional().describe('class name, e.g. `EditText` or `android.widget.Switch`'),
    nth: z.number().int().min(0).optional().describe('the nth match in reading order (0 = first)'),
  })
  .strict()
  .refine(
    (t) =>
      ['text', 'textContains', 'id', 'desc', 'descContains', 'class'].some(
        (k) => (t as Record<string, unknown>)[k] !== undefined,
      ),
    { message: 'a target needs text, textContains, id, desc, descContains or class' },
  )
  .meta({
    id: 'Target',
    description: 'An element on the screen, found among the indexed elements of the current observation',
  });
export type Target = z.infer<typeof Target>;

const Direction = z.enum(['up', 'down', 'left', 'right']);
const Distance = z.enum(['short', 'medium', 'long']);
const stepCommon = {
  milestone: z
    .string()
    .optional()
    .describe('the milestone this step is needed for (CI removes it and expects that milestone to be lost)'),
  optional: z
    .boolean()
    .optional()
    .describe(
      'skip the step (it is not counted) when its target is not on screen, e.g. a pop-up that only some seeds show',
    ),
  note: z.string().optional().describe('a remark for people reading the file; ignored'),
  repeat: z
    .object({
      times: z.number().int().min(1).max(50).optional().describe('do the step this many times'),
      until: Target.optional().describe('repeat until this element is on screen (checked before each repetition)'),
      max: z.number().int().min(1).max(50).optional().describe('most repetitions for `until` (default 20)'),
    })
    .strict()
    .refine((r) => (r.times === undefined) !== (r.until === undefined), {
      message: 'repeat needs times or until (one of them)',
    })
    .optional()
    .describe('do the step several times (each is a step): a fixed number, or until an element shows'),
};

export const SolutionStep = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('Click'), target: Target, ...stepCommon }).strict(),
    z.object({ action: z.literal('Long_Press'), target: Target, ...stepCommon }).strict(),
    z.object({ action: z.literal('Double_Click'), target: Target, ...stepCommon }).strict(),
    z.object({ action: z.literal('Box_Input'), target: Target, text: z.string(), ...stepCommon }).strict(),
    z.object({ action: z.literal('Type'), text: z.string().min(1), ...stepCommon }).strict(),
    z
      .object({
        action: z.literal('Scroll'),
        target: Target.optional().describe('the scrollable element (default: the largest scrollable one)'),
        direction: Direction,
        distance: Distance.optional().describe('short, medium (default) or long'),
        until: Target.optional().describe('repeat until this element is on screen (each scroll is a step)'),
        max: z.number().int().min(1).max(20).optional().describe('most scrolls for `until` (default 8)'),
        ...stepCommon,
      })
      .strict(),
    z
      .object({ action: z.literal('Swipe'), direction: Direction, distance: Distance.optional(), ...stepCommon })
      .strict(),
    z.object({ action: z.literal('Back'), ...stepCommon }).strict(),
    z.object({ action: z.literal('Home'), ...stepCommon }).strict(),
    z.object({ action: z.literal('Enter'), ...stepCommon }).strict(),
    z.object({ action: z.literal('Wait'), seconds: z.number().min(0.1).max(10).optional(), ...stepCommon }).strict(),
    z
      .object({
        action: z.literal('Open_App'),
        app: z.string().min(1).describe('the app name as a person says it, e.g. "Clock"'),
        ...stepCommon,
      })
      .strict(),
    z
      .object({
        action: z.literal('Ask_User'),
        question: z.string().min(1).describe('the question for the user (the simulated user answers from `user`)'),
        ...stepCommon,
      })
      .strict(),
    z
      .object({
        action: z.literal('Finish'),
        message: z.string().optional().describe('the answer, for tasks that ask a question'),
        ...stepCommon,
      })
      .strict(),
  ])
  .meta({ id: 'Step', description: 'One element-level step of a person: the action and the element it acts on' });
export type SolutionStep = z.infer<typeof SolutionStep>;

// ------------------------------------------------------------------------------------------
// Parameters: drawn per instance from the instance seed, in the order they are written.

export const ParamSpec = z.union([
  z
    .object({
      int: z.tuple([z.number().int(), z.number().int()]).describe('a whole number from min to max, inclusive'),
    })
    .strict(),
  z
    .object({
      oneOf: z.array(JsonValue).min(1).describe('one of these values ({en, zh} objects are texts in both languages)'),
    })
    .strict(),
  z
    .object({
      pick: z
        .object({
          app: StateSource,
          path: StatePath,
          where: Condition.optional(),
          field: StatePath.optional().describe('take this field of the picked element'),
        })
        .strict()
        .describe("a random element of an array in the phone's initial state (matching `where`)"),
    })
    .strict(),
  z
    .object({
      value: z
        .object({ app: StateSource, path: StatePath })
        .strict()
        .describe("a value from the phone's initial state"),
    })
    .strict(),
  z
    .object({
      date: z
        .object({
          days: z.union([z.number().int(), z.string()]).describe('days after the device date (a number or "{param}")'),
        })
        .strict()
        .describe('a date YYYY-MM-DD relative to the device clock'),
    })
    .strict(),
  z
    .object({
      clock: z
        .string()
        .min(1)
        .describe(
          'a date YYYY-MM-DD named from the device\'s today: "today", "tomorrow", "day after tomorrow", "in 3 days", "next friday", "this friday", "friday next week", "next week", "this weekend", or "{param}"',
        ),
    })
    .strict(),
  z
    .object({
      time: z
        .object({ hour: z.union([z.number().int(), z.string()]), minute: z.union([z.number().int(), z.string()]) })
        .strict()
        .describe('a time of day HH:MM'),
    })
    .strict(),
  z
    .object({
      format: z
        .enum(['time', 'date', 'weekday'])
        .describe('shown as on the phone: time 6:30 PM / 下午6:30, date June 3 / 6月3日, weekday Tuesday / 星期二'),
      of: z.string().describe('the parameter (HH:MM or YYYY-MM-DD) to format'),
    })
    .strict(),
  z.object({ text: Text.describe('a text built from other parameters, e.g. "{from} to {to}"') }).strict(),
  z
    .object({
      sum: z
        .array(z.union([z.number(), z.string()]))
        .min(1)
        .describe('numbers and "{param}"s added up'),
    })
    .strict(),
  z
    .object({
      extract: z
        .object({
          from: z.string().describe('a text, usually "{param}"'),
          regex: z.string().describe('its first group (or the whole match) is the value'),
        })
        .strict()
        .describe('a piece of a text, e.g. the pickup code in a message'),
    })
    .strict(),
  z
    .object({ if: Predicate.describe("a check of the phone's initial state"), then: JsonValue, else: JsonValue })
    .strict(),
]);
export type ParamSpec = z.infer<typeof ParamSpec>;

// ------------------------------------------------------------------------------------------
// Device set-up.

export const SettingPut = z
  .object({ namespace: z.enum(['system', 'secure', 'global']), key: z.string().min(1), value: z.string() })
  .strict();

export const CLOCK_POLICY_RE = /^(frozen|real|stepped:\d+(\.\d+)?s)$/;
const LocalTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'a local device time like 2025-06-02T09:00');

export const DeviceSpec = z
  .object({
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .optional()
      .describe("the phone's seed; default: the instance seed"),
    clock: z
      .union([LocalTime, z.literal('seeded')])
      .optional()
      .describe(
        'device time at the start (default 2025-06-02T09:00, Asia/Shanghai), or "seeded": a day and time drawn from the phone seed (the apps are seeded for that day)',
      ),
    clockPolicy: z
      .string()
      .regex(CLOCK_POLICY_RE, 'frozen, real or stepped:<seconds>s')
      .optional()
      .describe('frozen (default), real, or stepped:5s (each input advances the clock)'),
    locale: Locale.optional().describe("pin the phone's language (default: the configuration's locale)"),
    settings: z.array(SettingPut).optional().describe('`settings put` before the task starts'),
  })
  .strict();

export const JsonPatchOp = z
  .union([
    z
      .object({ op: z.enum(['add', 'replace', 'test']), path: z.string(), value: JsonValue })
      .strict()
      .describe('add (to a list: at an index, or "-" to append), replace, or test a value'),
    z
      .object({ op: z.literal('remove'), path: z.string() })
      .strict()
      .describe('remove the value at the path'),
    z
      .object({ op: z.enum(['move', 'copy']), from: z.string(), path: z.string() })
      .strict()
      .describe('move or copy the value at `from` to `path`'),
  ])
  .meta({
    id: 'JsonPatchOp',
    description: 'One RFC 6902 operation; paths are JSON Pointers (RFC 6901) like /notes/0/title or /notes/-',
  });
export type JsonPatchOp = z.infer<typeof JsonPatchOp>;

export const SetupStep = z.union([
  z
    .object({
      patch: AppRef,
      merge: z.record(z.string(), JsonValue).describe("a JSON merge patch (RFC 7386) of the app's stored data"),
    })
    .strict(),
  z
    .object({
      patch: AppRef,
      ops: z
        .array(JsonPatchOp)
        .min(1)
        .describe("JSON Patch operations (RFC 6902) on the app's stored data, applied in order"),
    })
    .strict(),
  z.object({ setting: SettingPut }).strict(),
  z
    .object({
      intent: z
        .object({
          action: z.string().optional(),
          component: z.string().optional(),
          data: z.string().optional(),
          extras: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
        })
        .strict()
        .describe('`am start` with these fields'),
    })
    .strict(),
  z
    .object({
      ui: z.array(SolutionStep).min(1).describe('element-level steps performed before the agent starts (not counted)'),
    })
    .strict(),
  z.object({ clock: LocalTime }).strict(),
]);
export type SetupStep = z.infer<typeof SetupStep>;

/** The simulator's disturbance kinds (one list, in `@moba/base`). */
export { DISTURBANCE_KINDS };

export const Disturbance = z
  .object({
    kind: z.enum(DISTURBANCE_KINDS),
    app: AppRef.optional().describe('the app it shows over (by alias); see the kind for whether it is needed'),
    id: z.string().optional(),
    after: z
      .union([z.number().int().min(0), z.tuple([z.number().int().min(0), z.number().int().min(0)])])
      .optional()
      .describe('after this many actions of the agent, or [min, max] drawn from the phone seed'),
    at: z
      .union([z.number().int().min(0), z.string()])
      .optional()
      .describe('at this device time (HH:MM today, …)'),
  })
  .catchall(JsonValue.describe("the kind's own fields (texts may hold {param} placeholders)"))
  .meta({
    id: 'Disturbance',
    description:
      "An interruption the phone applies deterministically from the seed: the simulator's disturbance spec (packages/sim/README.md § Disturbances) with the app by its alias",
  });
export type Disturbance = z.infer<typeof Disturbance>;

export const UserFact = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes, starting with a letter'),
    about: z
      .array(z.string().min(1))
      .min(1)
      .describe('words a question about this fact contains (any one, ignoring case; English and Chinese)'),
    answer: Text.describe('what the simulated user says, with {param} placeholders'),
  })
  .strict();

export const UserSpec = z
  .object({
    facts: z.array(UserFact).min(1).describe('what the user knows and the task needs but the goal does not say'),
    known: z
      .array(z.object({ about: z.array(z.string().min(1)).min(1), answer: Text }).strict())
      .optional()
      .describe('what the goal already says: a question about it is answered, but counted as unnecessary'),
  })
  .strict()
  .describe('a simulated user the agent can ask (Ask_User); see docs/benchmark.md § Asking the user');
export type UserSpec = z.infer<typeof UserSpec>;

export const MilestoneId = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'lower-case letters, digits and dashes, starting with a letter');

export const Milestone = z
  .object({
    id: MilestoneId,
    title: Text.optional(),
    check: Predicate,
    when: z
      .enum(['reached', 'final'])
      .optional()
      .describe(
        'reached: counts once it held after any step (default for screen and answer checks); final: must hold at the end (default for state checks)',
      ),
    firstStep: z
      .string()
      .min(1)
      .optional()
      .describe(
        "why this milestone may be reached by the solution's first step (e.g. the task is to open an app); `moba bench validate --deep` warns about such milestones otherwise",
      ),
  })
  .strict();
export type Milestone = z.infer<typeof Milestone>;

export const Invariant = z.object({ id: MilestoneId, title: Text.optional(), check: Predicate }).strict();

const ParamName = z.string().regex(/^[A-Za-z_]\w*$/, 'a name of letters, digits and _');

export const TaskId = z
  .string()
  .regex(/^[a-z][a-z0-9]*([.-][a-z0-9]+)*$/, 'lower-case words joined by dots or dashes, e.g. clock.alarm-workdays');

export const BenchTask = z
  .object({
    $schema: z.string().optional(),
    id: TaskId,
    version: z.number().int().min(1).describe('raise it when the task changes meaning; results are kept per version'),
    category: Category,
    apps: z.array(AppRef).min(1).describe('the apps the task uses'),
    title: z.string().optional(),
    source: z
      .record(z.string(), z.string())
      .optional()
      .describe('where the task comes from, e.g. {"mobbench": "Hard/Clock"}'),
    tags: z.array(z.string()).optional(),
    goal: Localized.describe('what the agent is told, with {param} placeholders'),
    knowledge: Text.optional().describe(
      'a knowledge hint for the Mobile-Agent strategies (v1, v2, E), with {param} placeholders; the others ignore it',
    ),
    params: z.record(ParamName, ParamSpec).optional(),
    paramsAfterSetup: z
      .record(ParamName, ParamSpec)
      .optional()
      .describe("parameters drawn after the set-up, from the phone's state then (pick, value, if read it)"),
    device: DeviceSpec.optional(),
    setup: z.array(SetupStep).optional(),
    disturbances: z
      .array(Disturbance)
      .optional()
      .describe('interruptions the phone applies during the episode, deterministically from the seed'),
    user: UserSpec.optional(),
    preconditions: z
      .array(Predicate)
      .optional()
      .describe('must hold when the agent starts, else the instance moves on to the next seed'),
    milestones: z.array(Milestone).min(1).max(12),
    invariants: z.array(Invariant).optional().describe('must hold at the end for the task to count as complete'),
    solution: z.array(SolutionStep).min(1).describe('the human reference solution'),
    human: z
      .object({
        steps: z.number().int().min(0).describe('steps of the reference solution, as measured by `moba bench measure`'),
      })
      .strict()
      .optional(),
    budget: z
      .object({
        maxSteps: z
          .number()
          .int()
          .min(1)
          .max(500)
          .optional()
          .describe('executed actions allowed (default: twice the human steps, at least 5)'),
        timeoutS: z.number().int().min(10).max(7200).optional().describe('wall time allowed (default 600)'),
      })
      .strict()
      .optional(),
    notes: z.string().optional(),
  })
  .strict();
export type BenchTask = z.infer<typeof BenchTask>;
