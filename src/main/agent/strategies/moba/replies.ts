/**
 * The shapes of the model's replies, tolerant of the usual variations (booleans for enums,
 * "None" for null, different capitalisation) and strict about what matters: the action must
 * parse against the action definitions and target an element that is on the screen.
 */
import { z } from 'zod';
import { parseAction, targetIndex } from '../../../../shared/actions.ts';
import type { ActionCall } from '../../../../shared/actions.ts';
import type { CanComplete } from '../../../../shared/schemas/run.ts';

const text = z.preprocess(
  (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v)),
  z.string(),
);

const canComplete = z.preprocess(
  (v) => {
    if (typeof v === 'boolean') return v ? 'true' : 'false';
    if (typeof v === 'number') return v >= 1 ? 'true' : v > 0 ? 'possibly' : 'false';
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (['true', 'yes', '1'].includes(s)) return 'true';
      if (['possibly', 'maybe', 'possible', '0.5', 'partially'].includes(s)) return 'possibly';
      if (['false', 'no', '0'].includes(s)) return 'false';
    }
    return v;
  },
  z.enum(['true', 'possibly', 'false']),
);

const nullableText = z.preprocess((v) => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' && /^(none|null|n\/a|)$/i.test(v.trim())) return null;
  return typeof v === 'string' ? v : JSON.stringify(v);
}, z.string().nullable());

export interface ActReply {
  observation: string;
  thought: string;
  canComplete: CanComplete;
  action: ActionCall | null;
  message: string | null;
}

/**
 * The Local Agent's reply, validated against the elements on screen. An index that is not on
 * the screen (e.g. 999) is a validation error the model sees in its repair round.
 */
export function actReplySchema(
  elementIndices: ReadonlySet<number>,
  options: { requireAction?: boolean; allowed?: (action: ActionCall) => string | null } = {},
): z.ZodType<ActReply> {
  return z
    .object({
      observation: text,
      thought: text,
      can_complete: canComplete.optional(),
      canComplete: canComplete.optional(),
      action: nullableText.optional(),
      message: nullableText.optional(),
    })
    .transform((r, ctx): ActReply => {
      let cc = r.can_complete ?? r.canComplete ?? (r.action ? 'true' : 'false');
      let action: ActionCall | null = null;
      // MobA treats Open_App as at least "possibly" doable: opening the app is the first step anyway.
      if (r.action && cc === 'false') {
        const parsed = parseAction(r.action);
        if (parsed.ok && parsed.action.name === 'Open_App') cc = 'possibly';
      }
      if (r.action && cc !== 'false') {
        const parsed = parseAction(r.action);
        if (!parsed.ok) ctx.addIssue({ code: 'custom', path: ['action'], message: parsed.error });
        else {
          const index = targetIndex(parsed.action);
          const refused = options.allowed?.(parsed.action) ?? null;
          if (index !== undefined && !elementIndices.has(index)) {
            const max = Math.max(0, ...elementIndices);
            ctx.addIssue({
              code: 'custom',
              path: ['action'],
              message: `element ${index} is not on the screen; valid indices are 1–${max}`,
            });
          } else if (refused) ctx.addIssue({ code: 'custom', path: ['action'], message: refused });
          else action = parsed.action;
        }
      } else if (cc !== 'false' && options.requireAction) {
        ctx.addIssue({
          code: 'custom',
          path: ['action'],
          message: 'an action is required when can_complete is "true" or "possibly"',
        });
      }
      return { observation: r.observation, thought: r.thought, canComplete: cc, action, message: r.message ?? null };
    }) as unknown as z.ZodType<ActReply>;
}

export interface PlanReply {
  observation: string;
  thought: string;
  subgoals: string[];
}

export const PlanReplySchema = z
  .object({
    observation: text,
    thought: text,
    subgoals: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(/\n+/)
              .map((s) => s.replace(/^\s*(\d+[.)]|[-*•])\s*/, '').trim())
              .filter(Boolean)
          : v,
      z
        .array(
          z.preprocess(
            (s) => (typeof s === 'object' && s !== null && 'goal' in s ? (s as { goal: unknown }).goal : s),
            z.string().trim().min(1).max(500),
          ),
        )
        .min(1)
        .max(12),
    ),
  })
  .transform((r): PlanReply => r) as unknown as z.ZodType<PlanReply>;

/** A sub-goal of ReachAgent's page planning: "Reach <page>" or "On <page>: <operation>". */
const PAGE_SUBGOAL = /^(reach\s+\S|on\s+[^:]+:\s*\S)/i;

/**
 * The Plan module's reply; with page planning every sub-goal must take the Reach / On-page form
 * (ReachAgent §3.3), else the reply goes back to the model naming the ones that do not.
 */
export function planReplySchema(planning: 'subgoals' | 'pages' = 'subgoals'): z.ZodType<PlanReply> {
  if (planning !== 'pages') return PlanReplySchema;
  return PlanReplySchema.superRefine((r, ctx) => {
    const wrong = r.subgoals.filter((s) => !PAGE_SUBGOAL.test(s));
    if (wrong.length)
      ctx.addIssue({
        code: 'custom',
        path: ['subgoals'],
        message: `page planning: every sub-goal is "Reach <page>" or "On <page>: <operation>"; these are not: ${wrong.map((s) => JSON.stringify(s)).join(', ')}`,
      });
  });
}

export interface ReflectReply {
  observation: string;
  thought: string;
  subgoalStatus: 'success' | 'failure';
  goalDone: boolean;
  reflection: string;
}

const status = z.preprocess(
  (v) => {
    if (typeof v === 'boolean') return v ? 'success' : 'failure';
    if (typeof v === 'string') {
      const s = v.trim().toLowerCase();
      if (['success', 'succeeded', 'successful', 'true', 'yes', 'done', 'completed'].includes(s)) return 'success';
      if (['failure', 'failed', 'fail', 'false', 'no', 'not_done'].includes(s)) return 'failure';
    }
    return v;
  },
  z.enum(['success', 'failure']),
);

const goal = z.preprocess((v) => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const s = v
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (['done', 'true', 'yes', 'completed', 'success', 'finished'].includes(s)) return true;
    if (['not_done', 'false', 'no', 'in_progress', 'failure', 'not_finished', 'ongoing'].includes(s)) return false;
  }
  return v;
}, z.boolean());

export const ReflectReplySchema = z
  .object({
    observation: text.optional(),
    thought: text.optional(),
    subgoal_status: status.optional(),
    subgoalStatus: status.optional(),
    goal_status: goal.optional(),
    goalStatus: goal.optional(),
    reflection: text.optional(),
  })
  .superRefine((r, ctx) => {
    if (!r.subgoal_status && !r.subgoalStatus)
      ctx.addIssue({ code: 'custom', path: ['subgoal_status'], message: 'required: "success" or "failure"' });
  })
  .transform(
    (r): ReflectReply => ({
      observation: r.observation ?? '',
      thought: r.thought ?? '',
      subgoalStatus: (r.subgoal_status ?? r.subgoalStatus)!,
      goalDone: r.goal_status ?? r.goalStatus ?? false,
      reflection: r.reflection ?? '',
    }),
  ) as unknown as z.ZodType<ReflectReply>;

export function selectAppReplySchema(packages: readonly string[]): z.ZodType<{ packageName: string; reason: string }> {
  return z
    .object({
      package: z.string().optional(),
      package_name: z.string().optional(),
      packageName: z.string().optional(),
      reason: text.optional(),
    })
    .transform((r, ctx) => {
      const p = (r.package ?? r.package_name ?? r.packageName ?? '').trim();
      if (!packages.includes(p))
        ctx.addIssue({
          code: 'custom',
          path: ['package'],
          message: `"${p}" is not installed; choose one of: ${packages.join(', ')}`,
        });
      return { packageName: p, reason: r.reason ?? '' };
    }) as unknown as z.ZodType<{ packageName: string; reason: string }>;
}
