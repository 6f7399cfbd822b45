/**
 * The task format's parameters (docs/benchmark.md § Parameters): drawn per instance from the
 * instance seed or the phone's state, in the order they are written.
 */
import { z } from 'zod';
import { Condition, Predicate, StatePath } from './task-predicates.ts';
import { JsonValue, StateSource, Text } from './task-values.ts';

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
