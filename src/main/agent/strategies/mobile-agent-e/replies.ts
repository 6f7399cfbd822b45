/** Mobile-Agent-E's replies, checked against the screen and the shortcuts they were made with. */
import { z } from 'zod';
import { Shortcut } from '../../../../shared/schemas/strategy.ts';
import type { ActionOutcomeGrade } from '../../../../shared/schemas/strategy.ts';
import { callKey, parseCall } from '../common/call-syntax.ts';
import type { ParsedCall } from '../common/call-syntax.ts';
import { grade, nullableText, text } from '../common/replies.ts';
import { mapCoordinateCall } from '../vision/coordinate-actions.ts';
import type { CoordinateScreen, VisionCommand } from '../vision/coordinate-actions.ts';
import { ATOMIC_ACTIONS, atomicCall, expandShortcut } from './experience.ts';

export const E_ACTIONS = new Set(Object.keys(ATOMIC_ACTIONS));
/** An Operator action with one of these names ends the task abnormally (E's released code). */
const ABNORMAL = new Set(['finish', 'stop', 'exit', 'none', 'null', 'done']);

export interface ManagerReply {
  thought: string;
  plan: string;
  subgoal: string;
  finished: boolean;
}

export const ManagerReplySchema = z
  .object({ thought: text.optional(), plan: text, current_subgoal: text.optional(), subgoal: text.optional() })
  .superRefine((r, ctx) => {
    if (!(r.current_subgoal ?? r.subgoal)?.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['current_subgoal'],
        message: 'required: the next sub-goal, or "Finished"',
      });
  })
  .transform((r): ManagerReply => {
    const subgoal = (r.current_subgoal ?? r.subgoal ?? '').trim();
    return { thought: r.thought ?? '', plan: r.plan.trim(), subgoal, finished: /^finished\b/i.test(subgoal) };
  });

export type OperatorChoice =
  | { kind: 'atomic'; written: string; command: VisionCommand }
  | {
      kind: 'shortcut';
      written: string;
      shortcut: Shortcut;
      args: Record<string, string | number>;
      calls: ParsedCall[];
    }
  | { kind: 'abnormal'; written: string };

export interface OperatorReply {
  thought: string;
  description: string;
  choice: OperatorChoice;
}

const ActionValue = z.union([
  z.string().trim().min(1),
  z.object({ name: z.string().trim().min(1), arguments: z.record(z.string(), z.unknown()).nullish() }),
]);

function written(name: string, args: Record<string, unknown>): string {
  return `${name}(${Object.entries(args)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ')})`;
}

/** The Operator's reply: an atomic action that fits the screen, a known shortcut with its arguments, or an abnormal end. */
export function operatorReplySchema(
  screen: CoordinateScreen,
  shortcuts: readonly Shortcut[],
): z.ZodType<OperatorReply> {
  return z
    .object({ thought: text.optional(), action: ActionValue, description: text.optional() })
    .transform((r, ctx): OperatorReply => {
      let name: string;
      let args: Record<string, unknown>;
      let call: ParsedCall;
      if (typeof r.action === 'string') {
        const parsed = parseCall(r.action);
        if (!parsed.ok) {
          ctx.addIssue({ code: 'custom', path: ['action'], message: parsed.error });
          return z.NEVER;
        }
        call = parsed.call;
        name = call.name;
        const shortcut = shortcuts.find((s) => s.name.toLowerCase() === name.toLowerCase());
        args = shortcut
          ? Object.fromEntries(shortcut.arguments.map((a, i) => [a, call.args[i]]))
          : Object.fromEntries(call.args.map((v, i) => [String(i), v]));
      } else {
        name = r.action.name;
        args = r.action.arguments ?? {};
        call = atomicCall(name, args);
      }
      const base = { thought: r.thought ?? '', description: r.description ?? '' };
      if (ABNORMAL.has(callKey(name))) return { ...base, choice: { kind: 'abnormal', written: name } };
      const shortcut = shortcuts.find((s) => s.name.toLowerCase() === name.toLowerCase());
      if (shortcut) {
        const values: Record<string, string | number> = {};
        for (const a of shortcut.arguments) {
          const v = args[a];
          if (typeof v === 'string' || typeof v === 'number') values[a] = v;
        }
        const expanded = expandShortcut(shortcut, values);
        if (!expanded.ok) {
          ctx.addIssue({ code: 'custom', path: ['action'], message: expanded.error });
          return z.NEVER;
        }
        // Steps run without looking at the screen: the keyboard a Tap opens is taken as given.
        for (const c of expanded.calls) {
          const m = mapCoordinateCall(c, { ...screen, keyboardShown: true }, E_ACTIONS);
          if (!m.ok) {
            ctx.addIssue({ code: 'custom', path: ['action'], message: `${shortcut.name}: ${m.error}` });
            return z.NEVER;
          }
        }
        return {
          ...base,
          choice: {
            kind: 'shortcut',
            written: written(shortcut.name, values),
            shortcut,
            args: values,
            calls: expanded.calls,
          },
        };
      }
      const mapped = mapCoordinateCall(call, screen, E_ACTIONS);
      if (!mapped.ok) {
        ctx.addIssue({
          code: 'custom',
          path: ['action'],
          message: `${mapped.error}${shortcuts.length ? `; or a shortcut: ${shortcuts.map((s) => s.name).join(', ')}` : ''}`,
        });
        return z.NEVER;
      }
      return {
        ...base,
        choice: {
          kind: 'atomic',
          written: typeof r.action === 'string' ? r.action : written(name, args),
          command: mapped.command,
        },
      };
    }) as unknown as z.ZodType<OperatorReply>;
}

const bool = z.preprocess((v) => (typeof v === 'string' ? /^(true|yes|holds)$/i.test(v.trim()) : v), z.boolean());

export const PreconditionReplySchema = z
  .object({ holds: bool, reason: text.optional() })
  .transform((r) => ({ holds: r.holds, reason: r.reason ?? '' }));

export const ActionReflectorReplySchema = z
  .object({ outcome: grade, error_description: nullableText.optional(), progress_status: text.optional() })
  .transform((r): { outcome: ActionOutcomeGrade; error: string; progress: string } => ({
    outcome: r.outcome,
    error: r.error_description ?? '',
    progress: r.progress_status ?? '',
  }));

export const NotetakerReplySchema = z.object({ notes: nullableText.optional() }).transform((r) => r.notes ?? null);

export const TipsReplySchema = z
  .object({
    thought: text.optional(),
    tips: z.preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(/\n+/)
              .map((t) => t.replace(/^\s*(\d+[.)]|[-*•])\s*/, '').trim())
              .filter(Boolean)
          : v,
      z.array(z.string().trim().min(1).max(1_000)).min(1).max(100),
    ),
  })
  .transform((r) => r.tips);

export const ShortcutReplySchema = z
  .object({
    thought: text.optional(),
    shortcut: z.preprocess((v) => (v === 'None' || v === 'null' ? null : v), Shortcut.nullable()),
  })
  .transform((r) => r.shortcut);

export const RetrieverReplySchema = z
  .object({
    tips: z.array(z.union([z.number().int(), z.string()])).default([]),
    shortcuts: z.array(z.string()).default([]),
  })
  .transform((r) => r);
