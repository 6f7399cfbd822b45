import type { MobaError } from '../../shared/errors.ts';
import type { ArtifactRef } from '../../shared/schemas/common.ts';
import type { ModelCallRecord, ResponseFormat, TokenUsage } from '../../shared/schemas/llm.ts';
import type { ChatRole } from '../../shared/schemas/settings.ts';
import type { Event } from '@moba/base';

export type ImageMime = 'image/png' | 'image/jpeg';

export type ChatContentPart =
  | { type: 'text'; text: string }
  /** Raw image bytes; sent as a data URL, recorded as an artifact ref. */
  | { type: 'image'; data: Uint8Array; mime: ImageMime; detail?: 'low' | 'high' | 'auto' };

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
  /** 'json' asks for `response_format: json_object`. */
  responseFormat?: ResponseFormat;
  /** When given, the reply is streamed and each text delta is passed here as it arrives. */
  onDelta?: (delta: string) => void;
  /** Told before each retry: which attempt comes next, of how many, after how long, after what error. */
  onRetry?: (retry: ModelRetry) => void;
}

export interface ModelRetry {
  attempt: number;
  maxAttempts: number;
  delayMs: number;
  baseUrl: string;
  error: MobaError;
}

export interface EmbedRequest {
  texts: string[];
  signal?: AbortSignal;
  purpose?: string;
}

export interface ModelCallResult {
  text: string;
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
}
