/**
 * The task format's basic values (docs/benchmark.md): languages, apps by alias, JSON values and
 * texts in both languages. Every other part of the format builds on them.
 */
import { z } from 'zod';
import { LOCALES } from '../choices.ts';
import { BENCH_APP_ALIASES } from './apps.ts';

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

/** A text: one string, or the same text in English and Chinese. */
export const Text = z.union([z.string().min(1), Localized]);
