import { z } from 'zod';
import { ActionCallSchema } from '../actions.ts';
import { defineMethod } from './define.ts';
import { DecisionKind, EndpointOverride, NodeStatus, RunEventSchema, RunStatus, RunSummary } from '../schemas/run.ts';
import { AutonomyMode, ModelRole } from '../schemas/settings.ts';
import { ActionSpaceMode, PlanningMode, StrategyName } from '../schemas/strategy.ts';
import { VoiceRef } from '../schemas/voice.ts';

const RunId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.-]+$/);
const NodeId = z.string().min(1).max(40);

export const PlanEditSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('add'),
    parentId: NodeId,
    goal: z.string().trim().min(1).max(500),
    index: z.number().int().min(0).optional(),
  }),
  z.object({ op: z.literal('remove'), nodeId: NodeId }),
  z.object({ op: z.literal('rename'), nodeId: NodeId, goal: z.string().trim().min(1).max(500) }),
  z.object({ op: z.literal('reorder'), parentId: NodeId, order: z.array(NodeId).max(100) }),
  z.object({ op: z.literal('mark'), nodeId: NodeId, status: NodeStatus }),
  z.object({ op: z.literal('replan'), nodeId: NodeId }),
  z.object({ op: z.literal('cursor'), nodeId: NodeId }),
]);
export type PlanEdit = z.infer<typeof PlanEditSchema>;

export const StartRunInput = z
  .object({
    serial: z.string().min(1).max(200),
    task: z.string().trim().min(1).max(2_000),
    mode: AutonomyMode.optional(),
    usePlan: z.boolean().optional(),
    useMemory: z.boolean().optional(),
    /** Only person-approved memories reach this run's prompts (default: the agent setting). */
    approvedMemoriesOnly: z.boolean().optional(),
    maxSteps: z.number().int().min(1).max(500).optional(),
    planBudget: z.number().int().min(1).max(200).optional(),
    models: z.partialRecord(ModelRole, EndpointOverride).optional(),
    replayOf: RunId.optional(),
    /**
     * Keys for this run's requests, per role — for overrides on another origin, where the saved
     * keys are not sent. Held in memory for the run only: never stored, logged or exported.
     */
    apiKeys: z.partialRecord(ModelRole, z.string().min(1).max(4_096)).optional(),
    /** Which agent drives the run; default MobA. */
    strategy: StrategyName.optional(),
    actionSpace: ActionSpaceMode.optional(),
    planning: PlanningMode.optional(),
    evolution: z.boolean().optional(),
    /** Mobile-Agent-E: the Operator retries once without the Manager after a failed action (default: the Manager on every iteration). */
    retryWithoutManager: z.boolean().optional(),
    /** Mobile-Agent v1, v2 and E: a knowledge hint for this task (e.g. how an app's menus work). */
    knowledge: z.string().trim().max(2_000).optional(),
    /** AppAgent: explore this app (its package) for the task and document its elements in memory. */
    explore: z
      .object({ app: z.string().regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/, 'an Android package name') })
      .strict()
      .optional(),
    /** The task was spoken: the transcript it came from (the run gets a voice_input event). */
    voice: VoiceRef.optional(),
  })
  .strict();
export type StartRunInput = z.infer<typeof StartRunInput>;

const RunRef = z.object({ runId: RunId }).strict();
const SummaryOut = z.object({ summary: RunSummary });

export const runMethods = {
  startRun: defineMethod({
    summary: 'Start a run of a task on a device with one of the registered strategies (MobA by default).',
    input: StartRunInput,
    output: z.object({ runId: z.string() }),
  }),
  listRuns: defineMethod({
    summary: 'Past and current runs, newest first; search by task or id, filter by device and status.',
    input: z
      .object({
        search: z.string().max(200).optional(),
        serial: z.string().max(200).optional(),
        status: RunStatus.optional(),
        limit: z.number().int().min(1).max(500).optional(),
        offset: z.number().int().min(0).optional(),
      })
      .strict(),
    output: z.object({ runs: z.array(RunSummary), total: z.number().int() }),
  }),
  getRun: defineMethod({
    summary: "A run's summary and its events (from a sequence number on).",
    input: z.object({ runId: RunId, from: z.number().int().min(0).optional() }).strict(),
    output: z.object({ summary: RunSummary, events: z.array(RunEventSchema), skipped: z.number().int() }),
  }),
  pauseRun: defineMethod({ summary: 'Pause a run after its current operation.', input: RunRef, output: SummaryOut }),
  resumeRun: defineMethod({
    summary: 'Resume a paused run (also one paused by a restart).',
    input: RunRef,
    output: SummaryOut,
  }),
  stopRun: defineMethod({ summary: 'Stop a run for good.', input: RunRef, output: SummaryOut }),
  setRunModels: defineMethod({
    summary:
      "Change a run's model endpoints (per role: base URL and model; keys still come from settings) — e.g. after one could not be reached — then resume it. Recorded as models_changed.",
    input: z.object({ runId: RunId, models: z.partialRecord(ModelRole, EndpointOverride) }).strict(),
    output: SummaryOut,
  }),
  takeOverRun: defineMethod({
    summary: 'Take control of the phone from the agent until you hand back.',
    input: RunRef,
    output: SummaryOut,
  }),
  decideRun: defineMethod({
    summary:
      'Answer what the run waits for: approve, edit, override, reject (with feedback), take over, hand back, or answer an escalation.',
    input: z
      .object({
        runId: RunId,
        decision: DecisionKind,
        action: z.union([ActionCallSchema, z.string().max(2_000)]).optional(),
        feedback: z.string().max(4_000).optional(),
        /** The feedback was spoken: the transcript it came from (the run gets a voice_input event). */
        voice: VoiceRef.optional(),
      })
      .strict(),
    output: SummaryOut,
  }),
  editRunPlan: defineMethod({
    summary: "Edit a run's task tree: add, remove, rename, reorder, mark, re-plan, move the cursor.",
    input: z.object({ runId: RunId, edit: PlanEditSchema }).strict(),
    output: SummaryOut,
  }),
  deleteRun: defineMethod({
    summary: 'Delete an ended run and its events.',
    input: RunRef,
    output: z.object({ deleted: z.boolean() }),
  }),
};

export const runEvents = {
  didAppendRunEvent: z.object({ runId: z.string(), event: RunEventSchema, summary: RunSummary }),
};
