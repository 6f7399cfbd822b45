/** Mobile-Agent-v2's replies, validated against the screen they were made on. */
import { z } from 'zod';
import type { ActionOutcomeGrade } from '../../../../shared/schemas/strategy.ts';
import { parseCall } from '../common/call-syntax.ts';
import { grade, nullableText, text } from '../common/replies.ts';
import { mapCoordinateCall } from '../vision/coordinate-actions.ts';
import type { CoordinateScreen, VisionCommand } from '../vision/coordinate-actions.ts';

export const V2_ACTIONS = new Set(['open_app', 'tap', 'swipe', 'type', 'home', 'stop']);

export interface DecisionReply {
  thought: string;
  written: string;
  operation: string;
  command: VisionCommand;
}

export function decisionReplySchema(screen: CoordinateScreen): z.ZodType<DecisionReply> {
  return z
    .object({
      thought: text.optional(),
      action: z.string().trim().min(1, 'an action is required, e.g. Tap(540, 1875) or Stop()'),
      operation: text.optional(),
    })
    .transform((r, ctx): DecisionReply => {
      const parsed = parseCall(r.action);
      const mapped = parsed.ok ? mapCoordinateCall(parsed.call, screen, V2_ACTIONS) : parsed;
      if (!mapped.ok) {
        ctx.addIssue({ code: 'custom', path: ['action'], message: mapped.error });
        return z.NEVER;
      }
      return { thought: r.thought ?? '', written: r.action, operation: r.operation ?? '', command: mapped.command };
    }) as unknown as z.ZodType<DecisionReply>;
}

export const MemoryReplySchema = z.object({ important: nullableText.optional() }).transform((r) => r.important ?? null);

export const ReflectionReplySchema = z
  .object({ thought: text.optional(), answer: grade.optional(), outcome: grade.optional() })
  .superRefine((r, ctx) => {
    if (!r.answer && !r.outcome)
      ctx.addIssue({ code: 'custom', path: ['answer'], message: 'required: "A", "B" or "C"' });
  })
  .transform((r): { thought: string; outcome: ActionOutcomeGrade } => ({
    thought: r.thought ?? '',
    outcome: (r.answer ?? r.outcome)!,
  }));

export const PlanningReplySchema = z
  .object({ thought: text.optional(), completed: z.string().trim().min(1) })
  .transform((r) => r.completed);
