/**
 * AppAgent's exploration reflection (paper §3.2, "Exploration Phase"): after an exploratory
 * action the model compares the screens before and after it and decides how it went — BACK (a
 * wrong page: go back), INEFFECTIVE (nothing changed), CONTINUE (the screen changed, the task
 * did not move on), SUCCESS (the task moved on) — and, unless the action did nothing, writes
 * what the element does for that kind of action. This module holds its prompt and its reply.
 */
import { z } from 'zod';
import type { ChatMessage, ImageMime } from '../../../llm/types.ts';
import type { ElementDocFields } from '../../ports.ts';
import { text } from '../common/replies.ts';

export const EXPLORE_DECISIONS = ['BACK', 'INEFFECTIVE', 'CONTINUE', 'SUCCESS'] as const;
export type ExploreDecision = (typeof EXPLORE_DECISIONS)[number];

/** The kinds of action an element is documented for, and the doc field each fills. */
export type DocumentedAction = 'tap' | 'long_press' | 'swipe' | 'text';
export const DOC_FIELD: Readonly<Record<DocumentedAction, keyof ElementDocFields>> = {
  tap: 'tap',
  long_press: 'longPress',
  swipe: 'swipe',
  text: 'typing',
};

export interface ExploreReflection {
  decision: ExploreDecision;
  thought: string;
  /** What the element does for this kind of action; null when it did nothing (INEFFECTIVE). */
  documentation: string | null;
}

const DECISION_WORDS: Record<string, ExploreDecision> = {
  BACK: 'BACK',
  INEFFECTIVE: 'INEFFECTIVE',
  CONTINUE: 'CONTINUE',
  SUCCESS: 'SUCCESS',
};

const decision = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'required: one of BACK, INEFFECTIVE, CONTINUE, SUCCESS' }).refine((s) => s in DECISION_WORDS, {
    error: (issue) => `"${String(issue.input)}" is not a decision; write one of BACK, INEFFECTIVE, CONTINUE, SUCCESS`,
  }),
);

/** The reflection reply: a decision and, except for INEFFECTIVE, the element's documentation. */
export const ExploreReflectionSchema: z.ZodType<ExploreReflection> = z
  .object({ decision, thought: text.optional(), documentation: text.optional() })
  .superRefine((r, ctx) => {
    if (r.decision !== 'INEFFECTIVE' && !r.documentation?.trim())
      ctx.addIssue({
        code: 'custom',
        path: ['documentation'],
        message: `required with ${r.decision}: what the element does when acted on this way`,
      });
  })
  .transform(
    (r): ExploreReflection => ({
      decision: DECISION_WORDS[r.decision]!,
      thought: r.thought ?? '',
      documentation: r.decision === 'INEFFECTIVE' ? null : (r.documentation ?? '').trim().slice(0, 2_000),
    }),
  ) as unknown as z.ZodType<ExploreReflection>;

/**
 * Parses a reflection reply already read as JSON.
 * @returns the reflection, or an error naming every problem (the raw reply stays in the run's log)
 */
export function parseExploreReflection(
  raw: unknown,
): { ok: true; value: ExploreReflection } | { ok: false; error: string } {
  const r = ExploreReflectionSchema.safeParse(raw);
  if (r.success) return { ok: true, value: r.data };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, error: 'The reflection reply must be one JSON object with decision, thought, documentation' };
  return {
    ok: false,
    error: `The reflection reply is not usable: ${r.error.issues.map((i) => `${i.path.join('.') || 'reply'}: ${i.message}`).join('; ')}`,
  };
}

export interface ReflectionPromptInput {
  task: string;
  /** The action as written, e.g. `tap(5)`. */
  action: string;
  kind: DocumentedAction;
  /** The element acted on, e.g. `ImageButton "Add alarm"`. */
  element: string;
  /** What this element's doc already says for this kind of action, to refine. */
  previous: string | null;
  before: { data: Uint8Array; mime: ImageMime } | null;
  after: { data: Uint8Array; mime: ImageMime } | null;
}

const VERB: Record<DocumentedAction, string> = {
  tap: 'tapping',
  long_press: 'long-pressing',
  swipe: 'swiping on',
  text: 'typing into',
};

const REFLECT_SYSTEM = `You are learning how an Android app works by exploring it. You are shown the screen before and after one action on one UI element, and you judge the action and document the element for later use.

Decide one of:
- BACK: the action led to a page that does not help with the task; the agent should go back.
- INEFFECTIVE: the screen did not change; the element does nothing for this action.
- CONTINUE: the screen changed, but the task did not move forward; exploring goes on from here.
- SUCCESS: the action moved the task forward.

Unless you decide INEFFECTIVE, write the element's documentation: one or two sentences on what acting on this element this way does in general (its function), not what it did in this task. Do not name the element's numeric tag: it changes from screen to screen.

Reply with ONE JSON object and nothing else:
{"decision": "SUCCESS", "thought": "why", "documentation": "Tapping this button opens …"}`;

/** The reflection call after one exploratory action (or one step of a demonstration). */
export function buildReflectionMessages(input: ReflectionPromptInput): ChatMessage[] {
  const lines = [
    `## Task being explored\n${input.task}`,
    `## The action\n${input.action}: ${VERB[input.kind]} the element ${input.element}`,
    input.previous
      ? `## What this element's documentation says so far about ${VERB[input.kind]} it\n${input.previous}\nRefine it with what you see now: keep what still holds, correct what does not.`
      : '',
  ].filter(Boolean);
  const images = (
    [
      ['The screen before the action:', input.before],
      ['The screen after the action:', input.after],
    ] as const
  ).flatMap(([label, img]) =>
    img
      ? [
          { type: 'text' as const, text: label },
          { type: 'image' as const, data: img.data, mime: img.mime },
        ]
      : [],
  );
  return [
    { role: 'system', content: REFLECT_SYSTEM },
    { role: 'user', content: [{ type: 'text', text: lines.join('\n\n') }, ...images] },
  ];
}
