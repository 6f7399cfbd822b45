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

export const FinishReply = z.object({ outcome: z.enum(['succeeded', 'failed']) });
export type FinishReply = z.infer<typeof FinishReply>;

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
});
