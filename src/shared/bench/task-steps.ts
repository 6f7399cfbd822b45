/**
 * The task format's steps and set-up (docs/benchmark.md): element-level steps as a person
 * describes them (the reference solution and UI set-up), the device, the set-up steps and the
 * disturbances the phone applies during an episode.
 */
import { z } from 'zod';
import { Seed } from '../schemas/common.ts';
import { DISTURBANCE_KINDS } from '@moba/base';
import { AppRef, JsonValue, Locale } from './task-values.ts';

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
    seed: Seed.optional().describe("the phone's seed; default: the instance seed"),
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
