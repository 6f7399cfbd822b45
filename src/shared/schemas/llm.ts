import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';
import { ArtifactRef } from './common.ts';
import { ModelRole, StructuredMode } from './settings.ts';

/** Token counts as the endpoint reported them. */
export const TokenUsage = z.object({
  promptTokens: z.number().int().min(0),
  completionTokens: z.number().int().min(0),
  totalTokens: z.number().int().min(0),
});
export type TokenUsage = z.infer<typeof TokenUsage>;

/** A message part as recorded: images are artifact refs, never inline bytes. */
export const RecordedContentPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('image'), image: ArtifactRef, detail: z.enum(['low', 'high', 'auto']).optional() }),
]);
export type RecordedContentPart = z.infer<typeof RecordedContentPart>;

export const ChatMessageRole = z.enum(['system', 'user', 'assistant']);
export type ChatMessageRole = z.infer<typeof ChatMessageRole>;

export const RecordedMessage = z.object({
  role: ChatMessageRole,
  content: z.union([z.string(), z.array(RecordedContentPart)]),
});
export type RecordedMessage = z.infer<typeof RecordedMessage>;

export const ResponseFormat = z.enum(['text', 'json']);
export type ResponseFormat = z.infer<typeof ResponseFormat>;

export const SerializedErrorSchema = z.object({
  name: z.string(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  details: z.unknown().optional(),
});

/** What was asked, with the effective parameters (endpoint defaults applied). */
export const RecordedRequest = z.object({
  messages: z.array(RecordedMessage),
  temperature: z.number().optional(),
  maxTokens: z.number().int().optional(),
  responseFormat: ResponseFormat.optional(),
  stream: z.boolean().optional(),
  /** Embedding calls only. */
  texts: z.array(z.string()).optional(),
  /** How a JSON reply was asked for (see `StructuredMode`), when one was. */
  structured: StructuredMode.optional(),
  /** The names of the functions offered (`tools`). */
  tools: z.array(z.string()).optional(),
  /** What the gateway did on its own: a plainer way of asking after a refusal, images scaled down. */
  notes: z.array(z.string()).optional(),
});
export type RecordedRequest = z.infer<typeof RecordedRequest>;

/** A function call in a reply: its name and its arguments as the model wrote them (JSON text). */
export const ToolCall = z.object({ id: z.string().optional(), name: z.string(), arguments: z.string() });
export type ToolCall = z.infer<typeof ToolCall>;

/**
 * The answer, apart from any reasoning: `text` is what parsers read; a thinking model's
 * reasoning (`reasoning_content`, `reasoning`, or leading `<think>`/`<thought>` blocks) is kept in
 * `reasoning` for the inspector and never parsed.
 */
export const RecordedReply = z.object({
  text: z.string(),
  refusal: z.string().nullable(),
  finishReason: z.string().nullable(),
  reasoning: z.string().nullable().optional(),
  toolCalls: z.array(ToolCall).optional(),
});
export type RecordedReply = z.infer<typeof RecordedReply>;

/**
 * One model call (after retries), as stored in the run's event log and shown in the model-call
 * inspector. It never holds keys or headers. `requestHash` covers what the model was asked
 * (messages with image hashes, temperature, max tokens, response format — not the endpoint or
 * model name), so a replay against another endpoint still recognises the same request.
 */
export const ModelCallRecord = z.object({
  id: z.string().min(1),
  kind: z.enum(['chat', 'embed']),
  role: ModelRole,
  /** Why the call was made, e.g. "plan", "act", "reflect", "repair". */
  purpose: z.string(),
  baseUrl: z.string(),
  model: z.string(),
  request: RecordedRequest,
  requestHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** Null when the call failed or was an embedding call. */
  reply: RecordedReply.nullable(),
  /** Embedding calls only: the vectors returned. */
  embeddings: z.array(z.array(z.number())).optional(),
  usage: TokenUsage.nullable(),
  /** Wall time of the whole call, retries and back-off included. */
  latencyMs: z.number().min(0),
  /** USD, from the endpoint's per-MTok prices; null when they or the usage are unknown. */
  costUsd: z.number().min(0).nullable(),
  /** HTTP attempts made (1 = no retry). 0 for a replayed call. */
  attempts: z.number().int().min(0),
  error: SerializedErrorSchema.nullable(),
  startedAt: z.number(),
  /** Set on calls served by a replay: the id of the recorded call and whether its hash matched. */
  replay: z.object({ of: z.string(), hashMatched: z.boolean() }).optional(),
});
export type ModelCallRecord = z.infer<typeof ModelCallRecord>;
