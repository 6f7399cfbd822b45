import type { ArtifactRef } from '../../shared/schemas/common.ts';
import type { ModelCallRecord, ResponseFormat, TokenUsage, ToolCall } from '../../shared/schemas/llm.ts';
import type { ChatRole } from '../../shared/schemas/settings.ts';
import type { Event } from '@moba/base';

export type ImageMime = 'image/png' | 'image/jpeg';

export type ChatContentPart =
  | { type: 'text'; text: string }
  /**
   * Raw image bytes; sent as a data URL, recorded as an artifact ref. `fixedSize`: the caller
   * sized the image itself (a model's coordinates refer to it), so the endpoint's image size
   * limit does not scale it again.
   */
  | { type: 'image'; data: Uint8Array; mime: ImageMime; detail?: 'low' | 'high' | 'auto'; fixedSize?: boolean };

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string | ChatContentPart[];
}

/** Where recorded images go; `ArtifactStore` satisfies it. */
export interface ArtifactSink {
  put(data: Uint8Array, options: { mime: string }): ArtifactRef;
}

export interface ChatRequest {
  role: ChatRole;
  messages: ChatMessage[];
  /** A short label for the inspector: "plan", "act", "reflect", "select-app", "repair"… */
  purpose: string;
  /** Aborting rejects promptly with MobaError CANCELLED, also during back-off. */
  signal?: AbortSignal;
  /** Overrides the endpoint's temperature. */
  temperature?: number;
  /** Overrides the endpoint's maxTokens. */
  maxTokens?: number;
  /**
   * 'json' asks for a JSON reply the way the endpoint supports it (structured outputs with
   * `jsonSchema`, JSON mode, a forced function call, or the prompt alone).
   */
  responseFormat?: ResponseFormat;
  /** The JSON Schema of the reply, for structured outputs and the function-call channel. */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  /** When given, the reply is streamed and each text delta is passed here as it arrives. */
  onDelta?: (delta: string) => void;
}

export interface EmbedRequest {
  texts: string[];
  signal?: AbortSignal;
  purpose?: string;
}

export interface ModelCallResult {
  /** The answer: content without any reasoning (or the reply function's arguments). */
  text: string;
  /** A thinking model's reasoning, kept apart from the answer; null when none came back. */
  reasoning: string | null;
  /** Function calls in the reply. */
  toolCalls: ToolCall[];
  /** The model's refusal message (`message.refusal`), if it refused. */
  refusal: string | null;
  finishReason: string | null;
  usage: TokenUsage | null;
  /** Wall time of the whole call, retries and back-off included. */
  latencyMs: number;
  costUsd: number | null;
  attempts: number;
  baseUrl: string;
  model: string;
  record: ModelCallRecord;
}

/**
 * The model layer the agent talks to: a live `ModelGateway` or a `ReplayGateway`. Every call,
 * successful or not, fires `onDidRecord` with its `ModelCallRecord` before it settles.
 */
export interface LlmGateway {
  /**
   * @throws MobaError MODEL_NOT_CONFIGURED, MODEL_HTTP_ERROR, TIMEOUT, CANCELLED (and
   *   REPLAY_MISMATCH from a strict replay).
   */
  chat(request: ChatRequest): Promise<ModelCallResult>;
  /** One vector per text, in order. @throws like `chat`. */
  embed(request: EmbedRequest): Promise<number[][]>;
  readonly onDidRecord: Event<ModelCallRecord>;
  /** Fires before the gateway waits to retry (a 429's Retry-After, back-off after a 5xx), so the wait can be shown. */
  readonly onDidWait?: Event<ModelWait>;
}

/** A wait before a retry. */
export interface ModelWait {
  role: ChatRequest['role'] | 'embedder';
  purpose: string;
  /** The endpoint that failed, so the person can change it. */
  baseUrl: string;
  /** The attempt that failed (1 = the first) and how many are allowed. */
  attempt: number;
  maxAttempts: number;
  waitMs: number;
  /** The HTTP status that failed (null for a network error or a timeout). */
  status: number | null;
  /** True when the server said how long to wait (Retry-After). */
  serverAsked: boolean;
  message: string;
}
