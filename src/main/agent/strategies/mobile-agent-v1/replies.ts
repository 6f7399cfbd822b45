/** Mobile-Agent v1's replies: the operation, grounded on the screen; a choice among candidates; the last check. */
import { z } from 'zod';
import type { UiElement } from '../../../../shared/schemas/perception.ts';
import { text } from '../common/replies.ts';
import { groundOperation } from './operations.ts';
import type { V1Operation } from './operations.ts';

export interface V1Reply {
  observation: string;
  thought: string;
  written: string;
  op: V1Operation;
}

/** The step's reply. Grounding failures (no such text, too many) go back to the model in its repair round, as v1's error prompts do. */
export function v1ReplySchema(
  elements: readonly UiElement[],
  screen: { width: number; height: number },
): z.ZodType<V1Reply> {
  return z
    .object({
      observation: text.optional(),
      thought: text.optional(),
      action: z.string().trim().min(1, 'an operation is required, e.g. click text("OK")'),
    })
    .transform((r, ctx): V1Reply => {
      const g = groundOperation(r.action, elements, screen);
      if (!g.ok) {
        ctx.addIssue({ code: 'custom', path: ['action'], message: g.error });
        return z.NEVER;
      }
      return { observation: r.observation ?? '', thought: r.thought ?? '', written: r.action, op: g.op };
    }) as unknown as z.ZodType<V1Reply>;
}

export function chooseReplySchema(count: number): z.ZodType<number> {
  return z
    .object({ thought: text.optional(), choice: z.coerce.number().int().min(1).max(count) })
    .transform((r) => r.choice) as unknown as z.ZodType<number>;
}

export const FinalCheckReplySchema = z
  .object({
    complete: z.preprocess((v) => (typeof v === 'string' ? /^(true|yes)$/i.test(v.trim()) : v), z.boolean()),
    missing: text.optional(),
  })
  .transform((r) => ({ complete: r.complete, missing: r.missing ?? '' }));
