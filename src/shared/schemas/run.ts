/**
 * A run is an append-only sequence of typed events. Its state (task tree, cursor, steps,
 * counters) is a pure fold of them (`src/shared/run/reducer.ts`): the live view, the replay
 * view, crash recovery and exports all use that same fold. Human interventions are events with
 * provenance (`by`), so corrected trajectories can be exported as training data.
 */
import { z } from 'zod';
import { RUN_STATUSES } from '../choices.ts';
import { ActionCallSchema } from '../actions.ts';
import type { ActionCall } from '../actions.ts';
import { ERROR_CODES } from '../errors.ts';
import { EndCause, endCauseOf } from './end-cause.ts';
import { FailureCategory } from '../annotations/failure-categories.ts';
import { ModelCallRecord } from './llm.ts';
import { Observation, UiElement } from './perception.ts';
import { ApprovalRule, AutonomyMode, ModelRole } from './settings.ts';
import { ActionSpaceMode, PlanningMode, STRATEGY_EVENT_BODIES, StrategyName } from './strategy.ts';
import { VoiceInputBody } from './voice.ts';

const Action = ActionCallSchema as z.ZodType<ActionCall>;

export const Actor = z.enum(['agent', 'person', 'system']);
export type Actor = z.infer<typeof Actor>;

export const NodeStatus = z.enum(['pending', 'running', 'done', 'failed', 'skipped']);
export type NodeStatus = z.infer<typeof NodeStatus>;

export { RUN_STATUSES };
/** running: the loop works; waiting: a person must decide; paused: nothing happens until resumed. */
export const RunStatus = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatus>;
export const TERMINAL_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'stopped'];

export const CanComplete = z.enum(['true', 'possibly', 'false']);
export type CanComplete = z.infer<typeof CanComplete>;

export const EndpointOverride = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }).optional(),
  model: z.string().min(1).max(200).optional(),
});
export type EndpointOverride = z.infer<typeof EndpointOverride>;

export const RunOptions = z.object({
  /** Which agent drives the run (`src/shared/strategies.ts`). */
  strategy: StrategyName,
  mode: AutonomyMode,
  /** Without the Plan module: a single-level agent that reports its own completion (paper ablation). */
  usePlan: z.boolean(),
  /** Without memory: nothing retrieved, nothing written (paper ablation). */
  useMemory: z.boolean(),
  /** Prompts see only person-approved memories (their own, expert seeds, run memories they approved). Absent: all but quarantined ones. */
  approvedMemoriesOnly: z.boolean().optional(),
  maxSteps: z.number().int().min(1).max(500),
  planBudget: z.number().int().min(1).max(200),
  settleTimeoutMs: z.number().int().min(0).max(30_000),
  approvalRules: z.array(ApprovalRule),
  /** Per-role endpoint overrides for this run (`--base-url/--model`); keys still come from settings. */
  models: z.partialRecord(ModelRole, EndpointOverride),
  /** Serve model replies from this recorded run instead of calling a model. */
  replayOf: z.string().optional(),
  /** ReachAgent's action space: only the candidate actions of the UI dump (MobA, AppAgent). Default full. */
  actionSpace: ActionSpaceMode.optional(),
  /** MobA's Plan module: free sub-goals, or page-reaching / page-operation sub-goals. Default subgoals. */
  planning: PlanningMode.optional(),
  /** Mobile-Agent-E: learn Tips and Shortcuts after each task and use them in the next (default on). */
  evolution: z.boolean().optional(),
  /**
   * Mobile-Agent-E: after one failed action the Operator retries without calling the Manager
   * (the Manager is then called again after two failures in a row). Default off: the Manager
   * runs on every iteration, as in the released code.
   */
  retryWithoutManager: z.boolean().optional(),
  /**
   * The tasks still to come when tasks run in a sequence (a benchmark with carried memory), in
   * order; Mobile-Agent-E's experience reflectors see them, as in its evolution setting.
   */
  futureTasks: z.array(z.string().min(1).max(2_000)).max(500).optional(),
  /** The Mobile-Agent family: a knowledge hint for this task, shown where their released prompts show one. */
  knowledge: z.string().trim().min(1).max(2_000).optional(),
  /**
   * AppAgent's exploration phase: the agent explores this app (a package name) for the task, and
   * after each action a reflection call writes the element's documentation into memory.
   */
  explore: z
    .object({ app: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/, 'an Android package name') })
    .strict()
    .optional(),
});
export type RunOptions = z.infer<typeof RunOptions>;

const MemoryRef = z.object({ id: z.string(), kind: z.string(), score: z.number() });
export type MemoryRef = z.infer<typeof MemoryRef>;

const SerializedError = z.object({ name: z.string(), code: z.enum(ERROR_CODES), message: z.string() });

export const WaitKind = z.enum(['approve', 'copilot', 'escalation', 'take_over']);
export type WaitKind = z.infer<typeof WaitKind>;

export const DecisionKind = z.enum(['approve', 'edit', 'override', 'reject', 'take_over', 'hand_back', 'answer']);
export type DecisionKind = z.infer<typeof DecisionKind>;

const body = {
  run_started: z.object({
    task: z.string(),
    serial: z.string(),
    options: RunOptions,
    appVersion: z.string(),
    device: z
      .object({ model: z.string(), androidVersion: z.string(), width: z.number(), height: z.number() })
      .nullable(),
    /**
     * The loop that drove the run when it is not the strategy's: a benchmark pseudo-agent
     * (`reference`, `noop`). Such a run is driven only by the process that started it; absent for
     * strategy runs.
     */
    driver: z.string().min(1).max(100).optional(),
  }),
  node_added: z.object({
    nodeId: z.string(),
    parentId: z.string().nullable(),
    goal: z.string(),
    /** Position among its siblings; omitted = appended. */
    index: z.number().int().min(0).optional(),
    by: Actor,
  }),
  node_updated: z.object({ nodeId: z.string(), goal: z.string(), by: Actor }),
  node_removed: z.object({ nodeId: z.string(), by: Actor }),
  nodes_reordered: z.object({ parentId: z.string(), order: z.array(z.string()), by: Actor }),
  node_status: z.object({ nodeId: z.string(), status: NodeStatus, reason: z.string().optional(), by: Actor }),
  cursor_moved: z.object({ nodeId: z.string().nullable(), by: Actor }),
  observation: z.object({
    observationId: z.string(),
    observation: Observation,
    /** A hash of what is on screen, for loop detection. */
    screenKey: z.string(),
  }),
  model_call: z.object({
    callId: z.string(),
    nodeId: z.string().nullable(),
    record: ModelCallRecord,
    /** The memories the prompt was given. */
    memories: z.array(MemoryRef),
  }),
  /** The model gateway waits before retrying a call: a 429 with Retry-After, back-off after a 5xx or a network error. */
  model_waiting: z.object({
    role: ModelRole,
    purpose: z.string(),
    /** The endpoint that failed (absent in logs written before it was recorded). */
    baseUrl: z.string().optional(),
    /** The attempt that failed (1 = the first) and how many are allowed. */
    attempt: z.number().int().min(1),
    maxAttempts: z.number().int().min(1),
    waitMs: z.number().min(0),
    /** The HTTP status that failed; null for a network error or a timeout. */
    status: z.number().int().nullable(),
    /** The server said how long to wait (Retry-After). */
    serverAsked: z.boolean(),
    message: z.string(),
  }),
  act_decided: z.object({
    nodeId: z.string(),
    callIds: z.array(z.string()),
    observation: z.string(),
    thought: z.string(),
    canComplete: CanComplete,
    action: Action.nullable(),
    message: z.string().nullable(),
  }),
  plan_reflection: z.object({ nodeId: z.string(), text: z.string() }),
  plan_made: z.object({
    nodeId: z.string(),
    callIds: z.array(z.string()),
    observation: z.string(),
    thought: z.string(),
    subgoals: z.array(z.string()),
    reason: z.enum(['cannot_complete', 'reflection_failed', 'escalation', 'requested']),
  }),
  app_selected: z.object({
    description: z.string(),
    packageName: z.string(),
    activity: z.string().nullable(),
    method: z.enum(['exact', 'model', 'memory']),
    callIds: z.array(z.string()),
  }),
  step_proposed: z.object({
    stepId: z.string(),
    nodeId: z.string(),
    action: Action,
    element: UiElement.nullable(),
    observationId: z.string(),
    /** Why it waits for a person (mode step, a matched guarded rule, copilot), or null. */
    gate: z.string().nullable(),
  }),
  human_wait: z.object({ waitId: z.string(), kind: WaitKind, stepId: z.string().nullable(), prompt: z.string() }),
  human_decision: z.object({
    waitId: z.string().nullable(),
    stepId: z.string().nullable(),
    decision: DecisionKind,
    action: Action.nullable(),
    feedback: z.string().nullable(),
    by: Actor,
  }),
  step_executed: z.object({
    stepId: z.string(),
    action: Action,
    /** Who chose the action: `person` for a person's step and for an edit or override that replaced the proposal. */
    by: Actor,
    /** The agent's proposal that the person's edit or override replaced (then `by` is `person`). */
    proposed: Action.optional(),
    ok: z.boolean(),
    error: SerializedError.nullable(),
    durationMs: z.number(),
    settleMs: z.number(),
    detail: z.string(),
  }),
  step_abandoned: z.object({ stepId: z.string(), reason: z.string() }),
  reflected: z.object({
    stepId: z.string(),
    nodeId: z.string(),
    callIds: z.array(z.string()),
    subgoalStatus: z.enum(['success', 'failure']),
    goalDone: z.boolean(),
    reflection: z.string(),
  }),
  message: z.object({ from: Actor, nodeId: z.string().nullable(), text: z.string() }),
  escalated: z.object({
    nodeId: z.string(),
    reason: z.enum(['repeated_action', 'repeated_split', 'plan_budget', 'model_failure']),
    detail: z.string(),
    response: z.enum(['replan_parent', 'ask_person', 'fail']),
  }),
  memory_written: z.object({ items: z.array(z.object({ id: z.string(), kind: z.string() })) }),
  run_paused: z.object({ by: Actor, reason: z.string() }),
  run_resumed: z.object({ by: Actor }),
  run_finished: z.object({
    outcome: z.enum(['succeeded', 'failed', 'stopped']),
    /** Why it ended, typed (`END_CAUSES` in schemas/end-cause.ts); the `reason` is the same in words, for people. */
    cause: EndCause,
    reason: z.string(),
    answer: z.string().nullable(),
  }),
  run_error: z.object({ error: SerializedError, fatal: z.boolean() }),
  /** A person changed the run's model endpoints (e.g. after one could not be reached); the next calls use them. */
  models_changed: z.object({ models: z.partialRecord(ModelRole, EndpointOverride), by: Actor }),
  /**
   * A person tagged a step with a failure category and a note (the replay view, `moba runs
   * annotate`). `author` names who (the OS user or a name given); the event's `at` says when.
   * Appended to ended runs too: annotations never change the run's status or state otherwise.
   */
  step_annotated: z.object({
    annotationId: z.string(),
    stepId: z.string(),
    category: FailureCategory,
    note: z.string().max(4_000),
    by: Actor,
    author: z.string().max(200).nullable(),
  }),
  /** An annotation withdrawn (kept in the log; the fold drops it). */
  annotation_removed: z.object({ annotationId: z.string(), by: Actor, author: z.string().max(200).nullable() }),
  ...STRATEGY_EVENT_BODIES,
  /** A person's words that came by voice: the audio, what was heard, what was sent (see schemas/voice.ts). */
  voice_input: VoiceInputBody,
} as const;

export type RunEventType = keyof typeof body;
export const RUN_EVENT_TYPES = Object.keys(body) as RunEventType[];

export type RunEventBody = { [T in RunEventType]: { type: T } & z.infer<(typeof body)[T]> }[RunEventType];
export type RunEventOf<T extends RunEventType> = Extract<RunEvent, { type: T }>;

/** One stored event: its position in the run, its time, and its typed body. */
export type RunEvent = {
  [T in RunEventType]: { seq: number; at: number; type: T } & z.infer<(typeof body)[T]>;
}[RunEventType];

/**
 * An event as stored by an older version, brought to today's form before it is checked: a
 * `run_finished` without a `cause` gets the one `endCauseOf` derives from its outcome.
 */
function upgradeStoredEvent(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const e = value as { type?: unknown; cause?: unknown; outcome?: unknown };
  if (e.type !== 'run_finished' || e.cause !== undefined) return value;
  if (e.outcome !== 'succeeded' && e.outcome !== 'failed' && e.outcome !== 'stopped') return value;
  return { ...e, cause: endCauseOf({ outcome: e.outcome }) };
}

export const RunEventSchema = z.preprocess(
  upgradeStoredEvent,
  z.discriminatedUnion(
    'type',
    RUN_EVENT_TYPES.map((t) =>
      body[t].extend({ type: z.literal(t), seq: z.number().int().min(0), at: z.number() }),
    ) as unknown as [z.ZodObject, ...z.ZodObject[]],
  ),
) as unknown as z.ZodType<RunEvent>;

/** The row a run list shows, kept up to date as events are appended. */
export const RunSummary = z.object({
  id: z.string(),
  task: z.string(),
  serial: z.string(),
  mode: AutonomyMode,
  status: RunStatus,
  outcomeReason: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  events: z.number().int(),
  steps: z.number().int(),
  modelCalls: z.number().int(),
  tokens: z.number().int(),
  replayOf: z.string().nullable(),
});
export type RunSummary = z.infer<typeof RunSummary>;
