/** Checking a model endpoint from Settings before a run depends on it. */
import { z } from 'zod';
import { defineMethod } from './define.ts';
import { ERROR_CODES } from '../errors.ts';
import { ModelEndpoint, ModelRole } from '../schemas/settings.ts';

export const TestModelResult = z.object({
  ok: z.boolean(),
  role: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  latencyMs: z.number(),
  /** The start of the model's reply (chat roles). */
  reply: z.string().nullable(),
  /** Vector length (the embedder). */
  dims: z.number().int().nullable(),
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }).nullable(),
});
export type TestModelResult = z.infer<typeof TestModelResult>;

export const modelMethods = {
  testModel: defineMethod({
    summary:
      'Send one tiny request to a role’s endpoint (the saved one, or an unsaved draft) and report latency, reply or the error.',
    input: z
      .object({
        role: z.union([z.literal('default'), ModelRole]),
        endpoint: ModelEndpoint.optional(),
        /** A key for this one request (never stored). Saved keys go only to the origin they were saved for. */
        apiKey: z.string().min(1).max(4_096).optional(),
      })
      .strict(),
    output: TestModelResult,
  }),
};
