import { randomUUID } from 'node:crypto';
import OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { MobaError, serializeError } from '../../shared/errors.ts';
import type { ModelCallRecord, RecordedRequest } from '../../shared/schemas/llm.ts';
import type { ModelEndpoint, ModelRole } from '../../shared/schemas/settings.ts';
import { Emitter } from '@moba/base';
import { cappedFetch } from '../capped-fetch.ts';
import { costOf, resolveEndpoint } from './endpoints.ts';
import type { ModelOverrides, ModelSettingsSource, ResolvedEndpoint } from './endpoints.ts';
import { classifyFailure } from './http-errors.ts';
import type { ClassifiedFailure } from './http-errors.ts';
import { embedRequestHash, requestHash, toOpenAiMessages, toRecordedMessages } from './messages.ts';
import { AttemptTimeout, chatAttempt, embedAttempt, streamAttempt } from './openai-attempt.ts';
import type { AttemptContext } from './openai-attempt.ts';
import { DEFAULT_RETRY_POLICY, backoffDelay, cancelled, sleep } from './retry.ts';
import type { RetryPolicy } from './retry.ts';
import type { ArtifactSink, ChatRequest, EmbedRequest, LlmGateway, ModelCallResult, ModelRetry } from './types.ts';

export interface ModelGatewayOptions {
  /** Endpoints and keys per role; read on every call. `SettingsService` satisfies it. */
  settings: ModelSettingsSource;
  /** Per-run base URL / model overrides. */
  overrides?: ModelOverrides;
  /**
   * Keys the caller supplied for this gateway's requests, per role (a run's or a test's own; held
   * in memory only). They take the place of the saved keys, which go only to their own origins.
   */
  apiKeys?: Partial<Record<ModelRole, string>>;
  /** Where images in recorded requests go (the run's artifact store). */
  artifacts?: ArtifactSink;
  retry?: Partial<RetryPolicy>;
  /** For tests: the jitter source. */
  random?: () => number;
}

/** A placeholder bearer token for local servers that need none (the SDK insists on one). */
const NO_KEY = 'no-key';

/**
 * The live model client: any OpenAI-compatible endpoint per role, with per-endpoint timeouts,
 * retries (exponential back-off with jitter, honouring Retry-After) on 408/409/429/5xx and
 * network errors, cancellation, cost, and a `ModelCallRecord` for every call.
 */
export class ModelGateway implements LlmGateway {
  private readonly settings: ModelSettingsSource;
  private overrides: ModelOverrides;
  private readonly artifacts: ArtifactSink | undefined;
  private readonly policy: RetryPolicy;
  private readonly random: () => number;
  private readonly clients = new Map<string, OpenAI>();
  private readonly onDidRecordEmitter = new Emitter<ModelCallRecord>();
  readonly onDidRecord = this.onDidRecordEmitter.event;

  constructor(options: ModelGatewayOptions) {
    const given = options.apiKeys ?? {};
    const saved = options.settings;
    this.settings = Object.keys(given).length
      ? {
          endpointFor: (r) => saved.endpointFor(r),
          apiKeyFor: (r, url) => given[r] ?? saved.apiKeyFor(r, url),
          keyOriginFor: (r) => saved.keyOriginFor?.(r) ?? null,
        }
      : saved;
    this.overrides = options.overrides ?? {};
    this.artifacts = options.artifacts;
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.random = options.random ?? Math.random;
  }

  /** Replaces the per-run overrides (a person changed the run's endpoints); the next call uses them. */
  setOverrides(overrides: ModelOverrides): void {
    this.overrides = overrides;
  }

  /** The endpoint a role would use now (overrides applied). @throws MobaError MODEL_NOT_CONFIGURED */
  endpointFor(role: ModelRole): ModelEndpoint {
    return resolveEndpoint(this.settings, role, this.overrides).endpoint;
  }

  /**
   * One chat completion (streamed when `onDelta` is given).
   * @returns the reply with usage, latency, cost, attempts and its record.
   * @throws MobaError MODEL_NOT_CONFIGURED, MODEL_HTTP_ERROR (details.status), TIMEOUT, CANCELLED.
   *   Aborting `signal` rejects at once, also while waiting to retry.
   */
  async chat(request: ChatRequest): Promise<ModelCallResult> {
    const startedAt = Date.now();
    const t0 = performance.now();
    const recorded: RecordedRequest = { messages: toRecordedMessages(request.messages, this.artifacts) };
    const hash = requestHash(request);
    const base = { kind: 'chat' as const, role: request.role, purpose: request.purpose, requestHash: hash, startedAt };
    let resolved: ResolvedEndpoint | undefined;
    let attempts = 0;
    try {
      resolved = resolveEndpoint(this.settings, request.role, this.overrides);
      const { endpoint } = resolved;
      const temperature = request.temperature ?? endpoint.temperature;
      const maxTokens = request.maxTokens ?? endpoint.maxTokens;
      if (temperature !== undefined) recorded.temperature = temperature;
      if (maxTokens !== undefined) recorded.maxTokens = maxTokens;
      if (request.responseFormat) recorded.responseFormat = request.responseFormat;
      if (request.onDelta) recorded.stream = true;
      const body = {
        ...endpoint.extraBody,
        model: endpoint.model,
        messages: toOpenAiMessages(request.messages),
        ...(temperature !== undefined ? { temperature } : {}),
        ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}),
        ...(request.responseFormat === 'json' ? { response_format: { type: 'json_object' as const } } : {}),
      } as ChatCompletionCreateParamsNonStreaming;
      const ctx = this.attemptContext(resolved, request.signal);
      const onDelta = request.onDelta;
      let streamed = false;
      const out = await this.withRetries(
        endpoint,
        request.signal,
        (n) => {
          attempts = n;
          if (!onDelta) return chatAttempt(ctx, body);
          return streamAttempt(ctx, body, (d) => {
            streamed = true;
            onDelta(d);
          });
        },
        () => !streamed,
        request.onRetry,
      );
      const latencyMs = performance.now() - t0;
      const costUsd = costOf(endpoint, out.usage);
      const record: ModelCallRecord = {
        id: randomUUID(),
        ...base,
        baseUrl: endpoint.baseUrl,
        model: endpoint.model,
        request: recorded,
        reply: out.reply,
        usage: out.usage,
        latencyMs,
        costUsd,
        attempts,
        error: null,
      };
      this.onDidRecordEmitter.fire(record);
      return {
        ...out.reply,
        usage: out.usage,
        latencyMs,
        costUsd,
        attempts,
        baseUrl: endpoint.baseUrl,
        model: endpoint.model,
        record,
      };
    } catch (error) {
      this.onDidRecordEmitter.fire({
        id: randomUUID(),
        ...base,
        baseUrl: resolved?.endpoint.baseUrl ?? '',
        model: resolved?.endpoint.model ?? '',
        request: recorded,
        reply: null,
        usage: null,
        latencyMs: performance.now() - t0,
        costUsd: null,
        attempts,
        error: serializeError(error),
      });
      throw error;
    }
  }

  /**
   * Embeddings for the embedder role, one vector per text in order ([] for no texts, without a
   * call). @throws like `chat`; MODEL_NOT_CONFIGURED when no embedder is set up.
   */
  async embed(request: EmbedRequest): Promise<number[][]> {
    if (request.texts.length === 0) return [];
    const startedAt = Date.now();
    const t0 = performance.now();
    const base = {
      kind: 'embed' as const,
      role: 'embedder' as const,
      purpose: request.purpose ?? 'embed',
      requestHash: embedRequestHash(request.texts),
      startedAt,
      request: { messages: [], texts: [...request.texts] },
    };
    let resolved: ResolvedEndpoint | undefined;
    let attempts = 0;
    try {
      resolved = resolveEndpoint(this.settings, 'embedder', this.overrides);
      const { endpoint } = resolved;
      const ctx = this.attemptContext(resolved, request.signal);
      const out = await this.withRetries(endpoint, request.signal, (n) => {
        attempts = n;
        return embedAttempt(ctx, endpoint.model, request.texts);
      });
      this.onDidRecordEmitter.fire({
        id: randomUUID(),
        ...base,
        baseUrl: endpoint.baseUrl,
        model: endpoint.model,
        reply: null,
        embeddings: out.embeddings,
        usage: out.usage,
        latencyMs: performance.now() - t0,
        costUsd: costOf(endpoint, out.usage),
        attempts,
        error: null,
      });
      return out.embeddings;
    } catch (error) {
      this.onDidRecordEmitter.fire({
        id: randomUUID(),
        ...base,
        baseUrl: resolved?.endpoint.baseUrl ?? '',
        model: resolved?.endpoint.model ?? '',
        reply: null,
        usage: null,
        latencyMs: performance.now() - t0,
        costUsd: null,
        attempts,
        error: serializeError(error),
      });
      throw error;
    }
  }

  dispose(): void {
    this.clients.clear();
    this.onDidRecordEmitter.dispose();
  }

  private attemptContext(resolved: ResolvedEndpoint, signal: AbortSignal | undefined): AttemptContext {
    const { endpoint, apiKey } = resolved;
    const cacheKey = `${endpoint.baseUrl}\u0000${apiKey ?? ''}`;
    let client = this.clients.get(cacheKey);
    if (!client) {
      client = new OpenAI({
        apiKey: apiKey ?? NO_KEY,
        baseURL: endpoint.baseUrl,
        // Nothing from the environment may leak into a request: settings are the only source.
        organization: null,
        project: null,
        adminAPIKey: null,
        webhookSecret: null,
        maxRetries: 0,
        timeout: endpoint.timeoutMs + 5_000,
        logLevel: 'off',
        // A reply is read up to MOBA_MAX_RESPONSE_MB, whoever runs the endpoint.
        fetch: cappedFetch(),
      });
      this.clients.set(cacheKey, client);
    }
    return { client, timeoutMs: endpoint.timeoutMs, baseUrl: endpoint.baseUrl, signal };
  }

  /**
   * Runs `attempt` up to `maxRetries + 1` times. `canRetry` lets a stream that already showed
   * text fail instead of showing it twice.
   */
  private async withRetries<T>(
    endpoint: ModelEndpoint,
    signal: AbortSignal | undefined,
    attempt: (n: number) => Promise<T>,
    canRetry: () => boolean = () => true,
    onRetry?: (retry: ModelRetry) => void,
  ): Promise<T> {
    const maxAttempts = endpoint.maxRetries + 1;
    for (let n = 1; ; n++) {
      if (signal?.aborted) throw cancelled();
      let failure: ClassifiedFailure;
      try {
        return await attempt(n);
      } catch (error) {
        failure =
          error instanceof AttemptTimeout
            ? error.toFailure()
            : classifyFailure(error, {
                baseUrl: endpoint.baseUrl,
                model: endpoint.model,
                timeoutMs: endpoint.timeoutMs,
              });
      }
      if (failure.error.code === 'CANCELLED') throw failure.error;
      if (!failure.retryable || n >= maxAttempts || !canRetry()) throw withAttempts(failure.error, n);
      if (failure.retryAfterMs !== undefined && failure.retryAfterMs > this.policy.maxRetryAfterMs) {
        throw withAttempts(
          new MobaError(
            failure.error.code,
            `${failure.error.message} (the server asked to retry after ${Math.ceil(failure.retryAfterMs / 1000)} s, longer than the ${this.policy.maxRetryAfterMs / 1000} s this client waits)`,
            { cause: failure.error, details: failure.error.details },
          ),
          n,
        );
      }
      const delayMs = failure.retryAfterMs ?? backoffDelay(n, this.policy, this.random);
      onRetry?.({ attempt: n + 1, maxAttempts, delayMs, baseUrl: endpoint.baseUrl, error: failure.error });
      await sleep(delayMs, signal);
    }
  }
}

/** Adds the attempt count to an error's details, so the caller can tell a retried failure. */
function withAttempts(error: MobaError, attempts: number): MobaError {
  const details =
    error.details && typeof error.details === 'object' ? { ...(error.details as object), attempts } : { attempts };
  return new MobaError(error.code, error.message, { cause: error.cause ?? error, details });
}
