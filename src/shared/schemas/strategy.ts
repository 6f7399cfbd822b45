/**
 * Agent strategies as data: which agent drives a run (MobA, AppAgent, Mobile-Agent v1, v2 or
 * E), the strategy options (ReachAgent's action space, MobA's page planning, Mobile-Agent-E's
 * self-evolution), the shortcut format of Mobile-Agent-E, and the events the strategies add to
 * a run's log. `StrategyName` is the one list of strategy names: run options, the contract,
 * `moba run --strategy`, the composer and the benchmark's configuration matrix read it.
 */
import { z } from 'zod';
import { STRATEGY_NAMES } from '../choices.ts';
import { ActionCallSchema } from '../actions.ts';
import type { ActionCall } from '../actions.ts';

const Action = ActionCallSchema as z.ZodType<ActionCall>;

export { STRATEGY_NAMES };
/** The registered strategies (see `src/shared/strategies.ts` for what each is). */
export const StrategyName = z.enum(STRATEGY_NAMES);
export type StrategyName = z.infer<typeof StrategyName>;

/**
 * `full`: the strategy's own action space. `candidates`: ReachAgent's action alignment — only
 * the actions the UI dump offers (clickable → click, editable → input, scrollable → scroll in
 * its directions), plus the system actions that need no element.
 */
export const ActionSpaceMode = z.enum(['full', 'candidates']);
export type ActionSpaceMode = z.infer<typeof ActionSpaceMode>;

/**
 * MobA's Plan module: `subgoals` (the paper's free sub-goals) or `pages` (ReachAgent's unit of
 * decomposition: reach a page, then operate on it).
 */
export const PlanningMode = z.enum(['subgoals', 'pages']);
export type PlanningMode = z.infer<typeof PlanningMode>;

/** Mobile-Agent v2 and E: how an action turned out. A as expected; B wrong page; C no change. */
export const ActionOutcomeGrade = z.enum(['A', 'B', 'C']);
export type ActionOutcomeGrade = z.infer<typeof ActionOutcomeGrade>;

/** An argument value of a shortcut step: a shortcut argument's name, or a literal. */
const StepArgument = z.union([z.string().max(500), z.number()]);

/**
 * A Mobile-Agent-E shortcut: a named, parameterised sequence of atomic actions with a
 * precondition (a sentence about the screen that must hold before it is used). Each step names
 * an atomic action (`Tap`, `Swipe`, `Type`, `Enter`, `Back`, `Home`, `Wait`, `Open_App`,
 * `Switch_App`) and maps its arguments to the shortcut's arguments by name, or gives literals.
 *
 * ```json
 * { "name": "Tap_Type_and_Enter", "arguments": ["x", "y", "text"],
 *   "description": "Tap an input box, type a text and press Enter.",
 *   "precondition": "An empty input box is on the screen.",
 *   "steps": [{ "action": "Tap", "arguments": { "x": "x", "y": "y" } },
 *             { "action": "Type", "arguments": { "text": "text" } },
 *             { "action": "Enter", "arguments": {} }] }
 * ```
 */
export const Shortcut = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(80)
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'letters, digits and _ (e.g. Tap_Type_and_Enter)'),
    arguments: z.array(z.string().trim().min(1).max(60)).max(12),
    description: z.string().trim().min(1).max(1_000),
    precondition: z.string().trim().min(1).max(1_000),
    steps: z
      .array(
        z
          .object({
            action: z.string().trim().min(1).max(40),
            arguments: z.record(z.string().max(60), StepArgument).default({}),
          })
          .strict(),
      )
      .min(1)
      .max(20),
  })
  .strict();
export type Shortcut = z.infer<typeof Shortcut>;

const callIds = z.array(z.string());

/**
 * The events strategies add to a run's log (folded by `src/shared/run/strategy-state.ts`).
 * MobA's own events (act_decided, plan_made, reflected…) stay in `run.ts`.
 */
export const STRATEGY_EVENT_BODIES = {
  /** The acting role of a strategy chose an action (or none): AppAgent, decision agent, Operator. */
  strategy_decided: z.object({
    nodeId: z.string(),
    /** The strategy's name for the role, e.g. "decision", "operator". */
    role: z.string(),
    callIds,
    observation: z.string(),
    thought: z.string(),
    /** The action as the strategy's own language wrote it, e.g. `Tap(540, 1875)` or `tap(3)`. */
    written: z.string(),
    action: Action.nullable(),
    /** A short summary of what the step should achieve (the expectation reflection checks). */
    summary: z.string(),
  }),
  /** Mobile-Agent v2 / E reflection: how the step turned out; only A enters the history. */
  outcome_judged: z.object({
    stepId: z.string(),
    nodeId: z.string(),
    callIds,
    outcome: ActionOutcomeGrade,
    /** The step as the acting role described it (what it should achieve). */
    operation: z.string(),
    /** Why (the error description for B and C). */
    text: z.string(),
    /** What is done so far, when the reflector updates it (Mobile-Agent-E). */
    progress: z.string().nullable(),
  }),
  /** Mobile-Agent v2's planning agent: the task progress ("completed contents"). */
  progress_updated: z.object({ callIds, progress: z.string() }),
  /** Mobile-Agent v2's memory unit: focus content kept for later steps. */
  memory_unit_added: z.object({ callIds, content: z.string() }),
  /** Mobile-Agent-E's Manager: the plan and the current sub-goal (finished = the task is done). */
  plan_updated: z.object({
    callIds,
    thought: z.string(),
    plan: z.string(),
    subgoal: z.string(),
    finished: z.boolean(),
    /** Called because the last actions kept failing (escalation to the Manager). */
    escalated: z.boolean(),
  }),
  /** Mobile-Agent-E's Notetaker: the important notes so far. */
  notes_updated: z.object({ callIds, notes: z.string() }),
  /** Mobile-Agent-E: the long-term Tips and Shortcuts this task starts with. */
  experience_loaded: z.object({
    tips: z.array(z.string()),
    shortcuts: z.array(Shortcut),
    /** The memories they came from (empty: the built-in starting set). */
    memoryIds: z.array(z.string()),
    /** Chosen by the experience retriever (too many to give all). */
    retrieved: z.boolean(),
    callIds,
    /**
     * Where the stored ones came from (`provenanceOf`: `run …, model, unreviewed`, `a person`…),
     * printed beside them in the prompts: `tips` for the Tips list, `shortcuts` by Shortcut name.
     * Absent for the built-in set and in logs written before provenance was recorded.
     */
    provenance: z
      .object({ tips: z.string().optional(), shortcuts: z.record(z.string(), z.string()).optional() })
      .optional(),
  }),
  /** Mobile-Agent-E's experience reflectors after a task: updated Tips, a new Shortcut. */
  experience_evolved: z.object({
    callIds,
    tips: z.array(z.string()),
    shortcut: Shortcut.nullable(),
    /** Why no shortcut was kept (none proposed, a name already taken, invalid). */
    shortcutNote: z.string().nullable(),
    memoryIds: z.array(z.string()),
  }),
  /** Mobile-Agent-E: a shortcut the Operator chose, expanded into atomic actions, or refused. */
  shortcut_invoked: z.object({
    nodeId: z.string(),
    name: z.string(),
    arguments: z.record(z.string(), z.union([z.string(), z.number()])),
    /** The atomic actions it expands to (empty when refused). */
    actions: z.array(Action),
    refused: z.boolean(),
    /** Why it was refused (its precondition does not hold on the screen), or null. */
    reason: z.string().nullable(),
    callIds,
  }),
} as const;

export type StrategyEventType = keyof typeof STRATEGY_EVENT_BODIES;
/** One strategy event as appended (`seq`/`at` aside). */
export type StrategyEventBody = {
  [T in StrategyEventType]: { type: T } & z.infer<(typeof STRATEGY_EVENT_BODIES)[T]>;
}[StrategyEventType];
