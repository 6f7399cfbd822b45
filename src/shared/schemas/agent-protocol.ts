/**
 * The agent protocol, version 1: how a program of the user's (any language) drives a run of the
 * `external` strategy over HTTP + JSON. Every request and reply is here as a zod schema;
 * docs/agent-protocol.md describes each field with an example. The studio serves it on
 * `MOBA_AGENT_URL` (…/agent/v1) with the bearer token `MOBA_AGENT_TOKEN`, both given to the program
 * in its environment.
 */
import { z } from 'zod';
import { UiElement } from './perception.ts';

export const AGENT_PROTOCOL_VERSION = 1;
/** The path every request of this version starts with. */
export const AGENT_PROTOCOL_PATH = '/agent/v1';

/** What an observation may include; `elements` and `app` when the request names nothing. */
export const OBSERVATION_PARTS = ['elements', 'app', 'screenshot', 'xml', 'time'] as const;
export const ObservationPart = z.enum(OBSERVATION_PARTS);
export type ObservationPart = z.infer<typeof ObservationPart>;

const Text = (max: number) => z.string().max(max);

/** A model call the program made, shown in the run's inspector like a strategy's. */
export const ReportedModelCall = z
  .object({
    purpose: Text(80).default('external'),
    model: Text(200).default('unknown'),
    baseUrl: Text(500).default(''),
    /** The prompt as chat messages (text only). */
    messages: z
      .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: Text(200_000) }).strict())
      .min(1)
      .max(50),
    reply: Text(200_000),
    promptTokens: z.number().int().min(0).optional(),
    completionTokens: z.number().int().min(0).optional(),
    costUsd: z.number().min(0).optional(),
    latencyMs: z.number().min(0).optional(),
  })
  .strict();
export type ReportedModelCall = z.infer<typeof ReportedModelCall>;

/** What the program says about the step it takes (all optional). */
const StepReport = {
  /** Why it chose the action. */
  thought: Text(20_000).optional(),
  /** Its plan as it stands (shown in the run's strategy panel). */
  plan: Text(20_000).optional(),
  /** Its notes so far (shown in the run's strategy panel). */
  notes: Text(20_000).optional(),
  /** What the step should achieve, in a few words. */
  summary: Text(2_000).optional(),
  modelCalls: z.array(ReportedModelCall).max(20).optional(),
};

/**
 * What happened in the run beyond the program's own requests, told to the program: a person's
 * decision at a gate, a take-over and hand-back, a plan edit, a pause or stop. Numbered from 1
 * in the order they happened; every reply carries the ones since the last reply (`events`), and
 * the `events` request returns them from any point, waiting for the next when asked to.
 */
const Seq = z.number().int().min(1);
export const AgentEvent = z.discriminatedUnion('type', [
  /** The action (stepId) or the run waits for a person: approval, copilot, an escalation, a take-over. */
  z.object({
    seq: Seq,
    type: z.literal('waiting'),
    stepId: z.string().nullable(),
    kind: z.enum(['approve', 'copilot', 'escalation', 'take_over']),
    prompt: z.string(),
  }),
  /** A person decided on a waiting action: approve, edit, override, reject, answer. */
  z.object({
    seq: Seq,
    type: z.literal('decided'),
    stepId: z.string().nullable(),
    decision: z.string(),
    /** The action as the person changed it (edit, override), else null. */
    action: z.string().nullable(),
    feedback: z.string().nullable(),
  }),
  /** A person took control of the phone; what they do comes back in `personActions`. */
  z.object({ seq: Seq, type: z.literal('taken_over'), stepId: z.string().nullable() }),
  /** The person handed control back to the program. */
  z.object({ seq: Seq, type: z.literal('handed_back') }),
  /** A person edited the run's plan (its tree of goals); `plan` is the whole tree after the edit. */
  z.object({
    seq: Seq,
    type: z.literal('plan_edited'),
    edit: z.enum(['add', 'remove', 'rename', 'reorder', 'mark', 'cursor']),
    nodeId: z.string(),
    goal: z.string().nullable(),
    status: z.string().nullable(),
    plan: z.string(),
  }),
  /** The run is paused (by a person, a take-over while the program works, or the system): the program is ended. */
  z.object({ seq: Seq, type: z.literal('paused'), by: z.enum(['person', 'system']), reason: z.string() }),
  /** The run is stopped (by a person, a time limit): the program is ended. */
  z.object({ seq: Seq, type: z.literal('stopped'), by: z.enum(['person', 'system']), reason: z.string() }),
]);
export type AgentEvent = z.infer<typeof AgentEvent>;
/** An event before it is numbered. */
export type AgentEventBody = AgentEvent extends infer E ? (E extends AgentEvent ? Omit<E, 'seq'> : never) : never;

export const AttachRequest = z
  .object({
    /** The program's name and version, for the run's log. */
    client: Text(200).optional(),
    /** The protocol version the program speaks (1). */
    protocol: z.literal(AGENT_PROTOCOL_VERSION).optional(),
  })
  .strict();
export type AttachRequest = z.infer<typeof AttachRequest>;

export const AttachReply = z.object({
  /** The events since the last reply (see AgentEvent). */
  events: z.array(AgentEvent),
  protocol: z.literal(AGENT_PROTOCOL_VERSION),
  runId: z.string(),
  task: z.string(),
  mode: z.enum(['auto', 'step', 'guarded', 'copilot']),
  /** Executed actions allowed before the run ends with `step_limit`. */
  maxSteps: z.number().int(),
  /** The action language: each action's signature and what it does. */
  actions: z.array(z.object({ name: z.string(), signature: z.string(), description: z.string() })),
});
export type AttachReply = z.infer<typeof AttachReply>;

export const ObserveRequest = z.object({ include: z.array(ObservationPart).max(10).optional() }).strict();
export type ObserveRequest = z.infer<typeof ObserveRequest>;

export const ObserveReply = z.object({
  /** The events since the last reply (see AgentEvent). */
  events: z.array(AgentEvent),
  /** The id the studio recorded the observation under; the next action is proposed on it. */
  observationId: z.string(),
  screen: z.object({ width: z.number().int(), height: z.number().int() }),
  keyboardShown: z.boolean(),
  /** `app`: the foreground app (null when unknown). */
  currentApp: z.object({ packageName: z.string(), activity: z.string() }).nullable().optional(),
  /** `elements`: MobA's indexed elements (the indices actions name). */
  elements: z.array(UiElement).optional(),
  /** `screenshot`: the screen as base64 PNG (null when none was taken). */
  screenshot: z.object({ mime: z.string(), base64: z.string() }).nullable().optional(),
  /** `xml`: the uiautomator dump (null when the dump failed). */
  xml: z.string().nullable().optional(),
  /** `time`: the phone's date and time, e.g. "2025-06-02 (Monday) 09:00, UTC+08:00" (null when unknown). */
  deviceTime: z.string().nullable().optional(),
});
export type ObserveReply = z.infer<typeof ObserveReply>;

export const ActRequest = z
  .object({
    /** `"Click(3)"` as written in the action language, or `{ "name": "Click", "params": { "index": 3 } }`. */
    action: z.union([Text(4_000), z.object({ name: Text(40), params: z.record(z.string(), z.unknown()) }).strict()]),
    ...StepReport,
  })
  .strict();
export type ActRequest = z.infer<typeof ActRequest>;

/**
 * What became of a proposed action after the gates. `executed`: done (maybe as the person edited
 * it); `rejected`: the person refused it (their feedback says why); `person_acted`: the person
 * took over or did it themselves (what they did is in `personActions`).
 */
export const ActReply = z.object({
  /** The events since the last reply (see AgentEvent). */
  events: z.array(AgentEvent),
  stepId: z.string(),
  status: z.enum(['executed', 'rejected', 'person_acted']),
  proposed: z.string(),
  /** The action that ran (the person's edit or override when `changedByPerson`), or null. */
  executed: z.string().nullable(),
  changedByPerson: z.boolean(),
  /** Whether the executed action worked on the device, and its error. */
  ok: z.boolean(),
  error: z.string().nullable(),
  /** What the person said with their decision, or null. */
  feedback: z.string().nullable(),
  personActions: z.array(z.string()),
});
export type ActReply = z.infer<typeof ActReply>;

export const FinishRequest = z
  .object({
    /** True: the task is done (cause `finished`); false: the program gives up (cause `gave_up`). Default true. */
    success: z.boolean().optional(),
    /** The answer the task asked for, if any. */
    answer: Text(4_000).optional(),
    reason: Text(2_000).optional(),
    ...StepReport,
  })
  .strict();
export type FinishRequest = z.infer<typeof FinishRequest>;

export const FinishReply = z.object({ outcome: z.enum(['succeeded', 'failed']), events: z.array(AgentEvent) });
export type FinishReply = z.infer<typeof FinishReply>;

export const EventsRequest = z
  .object({
    /** Events after this number (0: from the first). Default: those no reply has carried yet. */
    after: z.number().int().min(0).optional(),
    /** When there are none yet, wait up to this long for the next (at most 30 s). Default 0. */
    waitMs: z.number().int().min(0).max(30_000).optional(),
  })
  .strict();
export type EventsRequest = z.infer<typeof EventsRequest>;

export const EventsReply = z.object({
  events: z.array(AgentEvent),
  /** Whether the session has ended (no more events will come). */
  ended: z.boolean(),
});
export type EventsReply = z.infer<typeof EventsReply>;

export const AGENT_PROTOCOL_ERRORS = [
  'unauthorized',
  'not_found',
  'malformed',
  'unknown_action',
  'not_attached',
  'already_attached',
  'observe_first',
  'busy',
  'ended',
  'too_large',
] as const;
export type AgentProtocolErrorCode = (typeof AGENT_PROTOCOL_ERRORS)[number];

/** Every error reply: `{ "error": { "code": "malformed", "message": "…" } }`. */
export const AgentProtocolError = z.object({
  error: z.object({ code: z.enum(AGENT_PROTOCOL_ERRORS), message: z.string() }),
  /** The events no reply has carried yet (e.g. `paused` when the run was paused during the request). */
  events: z.array(AgentEvent).optional(),
});
