import { randomUUID } from 'node:crypto';
import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { MobaError, serializeError } from '../../shared/errors.ts';
import { capabilitiesOf, plainerStructured } from '../../shared/providers.ts';
import type { ModelCallRecord, RecordedReply, RecordedRequest } from '../../shared/schemas/llm.ts';
import type { ModelEndpoint, ModelRole, StructuredMode } from '../../shared/schemas/settings.ts';
import { Emitter } from '@moba/base';
import { costOf, resolveEndpoint } from './endpoints.ts';
import type { ModelOverrides, ModelSettingsSource, ResolvedEndpoint } from './endpoints.ts';
import { classifyFailure } from './http-errors.ts';
import type { ClassifiedFailure } from './http-errors.ts';
import { createModelClient } from './http-client.ts';
import { applyImageLimits, hasImages } from './images.ts';
import { embedRequestHash, requestHash, toRecordedMessages } from './messages.ts';
import { AttemptTimeout, chatAttempt, embedAttempt, streamAttempt } from './openai-attempt.ts';
import type { AttemptContext, ChatAttemptOutput } from './openai-attempt.ts';
import { REPLY_FUNCTION, chatBody, initialFeatures, plainerAfterRefusal, refusedImages } from './request-body.ts';
import { DEFAULT_RETRY_POLICY, backoffDelay, cancelled, sleep } from './retry.ts';
import type { RetryPolicy } from './retry.ts';
import type { ArtifactSink, ChatRequest, EmbedRequest, LlmGateway, ModelCallResult, ModelWait } from './types.ts';

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
  /** Per endpoint and model: the plainer way of asking for JSON after the server refused one. */
  private readonly plainer = new Map<string, StructuredMode>();
  private readonly onDidRecordEmitter = new Emitter<ModelCallRecord>();
  readonly onDidRecord = this.onDidRecordEmitter.event;
  private readonly onDidWaitEmitter = new Emitter<ModelWait>();
  readonly onDidWait = this.onDidWaitEmitter.event;

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
   * One chat completion (streamed when `onDelta` is given), asked the way the endpoint supports
   * (its provider preset and settings; a refused feature is asked more plainly and remembered).
   * @returns the answer (reasoning apart) with usage, latency, cost, attempts and its record.
   * @throws MobaError MODEL_NOT_CONFIGURED, MODEL_NOT_CAPABLE (images to a text-only model),
   *   MODEL_HTTP_ERROR (details.status), TIMEOUT, CANCELLED. Aborting `signal` rejects at once,
   *   also while waiting to retry.
   */
  async chat(request: ChatRequest): Promise<ModelCallResult> {
    const startedAt = Date.now();
    const t0 = performance.now();
    const recorded: RecordedRequest = { messages: toRecordedMessages(request.messages, this.artifacts) };
    const hash = requestHash(request);
    const base = { kind: 'chat' as const, role: request.role, purpose: request.purpose, requestHash: hash, startedAt };
    let resolved: ResolvedEndpoint | undefined;
    const attempts = { n: 0 };
    try {
      resolved = resolveEndpoint(this.settings, request.role, this.overrides);
      const out = await this.chatOn(resolved, request, recorded, attempts);
      const { endpoint } = resolved;
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
        attempts: attempts.n,
        error: null,
      };
      this.onDidRecordEmitter.fire(record);
      return {
        text: out.reply.text,
        reasoning: out.reply.reasoning ?? null,
        toolCalls: out.reply.toolCalls ?? [],
        refusal: out.reply.refusal,
        finishReason: out.reply.finishReason,
        usage: out.usage,
        latencyMs,
        costUsd,
        attempts: attempts.n,
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
        attempts: attempts.n,
        error: serializeError(error),
      });
      throw error;
    }
  }

  /**
   * The HTTP side of `chat`: capabilities applied, features refused by the server dropped one
   * at a time, retries. Fills `recorded` with the effective parameters.
   */
  private async chatOn(
    resolved: ResolvedEndpoint,
    request: ChatRequest,
    recorded: RecordedRequest,
    attempts: { n: number },
  ): Promise<ChatAttemptOutput> {
    const { endpoint } = resolved;
    const caps = capabilitiesOf(endpoint);
    const images = hasImages(request.messages);
    if (images && !caps.vision) throw textOnly(endpoint, request.role);
    const limited = await applyImageLimits(request.messages, caps);
    const notes = [...limited.notes];
    const key = `${endpoint.baseUrl}\u0000${endpoint.model}`;
    let features = initialFeatures(request, caps, this.plainer.get(key));
    const temperature = request.temperature ?? endpoint.temperature;
    const maxTokens = request.maxTokens ?? endpoint.maxTokens;
    if (temperature !== undefined) recorded.temperature = temperature;
    if (maxTokens !== undefined) recorded.maxTokens = maxTokens;
    if (request.responseFormat) recorded.responseFormat = request.responseFormat;
    if (request.onDelta) recorded.stream = true;
    const ctx = this.attemptContext(resolved, request.signal);
    for (;;) {
      if (features.structured) recorded.structured = features.structured;
      else delete recorded.structured;
      if (features.structured === 'tool') recorded.tools = [REPLY_FUNCTION];
      else delete recorded.tools;
      if (notes.length) recorded.notes = notes;
      const body = chatBody(endpoint, request, limited.messages, features);
      try {
        const out = await this.sendChat(ctx, endpoint, request, body, attempts);
        return features.structured === 'tool' ? { ...out, reply: replyFromFunction(out.reply) } : out;
      } catch (error) {
        if (images) {
          const refused = refusedImages(error, endpoint);
          if (refused) throw refused;
        }
        const plainer = plainerAfterRefusal(error, features, plainerStructured);
        if (!plainer) throw error;
        notes.push(plainer.note);
        features = plainer.features;
        if (plainer.features.structured) this.plainer.set(key, plainer.features.structured);
      }
    }
  }

  /** One request with retries, streamed when the caller wants the text as it comes. */
  private sendChat(
    ctx: AttemptContext,
    endpoint: ModelEndpoint,
    request: ChatRequest,
    body: ChatCompletionCreateParamsNonStreaming,
    attempts: { n: number },
  ): Promise<ChatAttemptOutput> {
    const onDelta = request.onDelta;
    let streamed = false;
    return this.withRetries(
      endpoint,
      request.signal,
      { role: request.role, purpose: request.purpose },
      (n) => {
        attempts.n = n;
        if (!onDelta) return chatAttempt(ctx, body);
        return streamAttempt(ctx, body, (d) => {
          streamed = true;
          onDelta(d);
        });
      },
      () => !streamed,
    );
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
      const out = await this.withRetries(endpoint, request.signal, { role: 'embedder', purpose: base.purpose }, (n) => {
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
    this.onDidWaitEmitter.dispose();
  }

  private attemptContext(resolved: ResolvedEndpoint, signal: AbortSignal | undefined): AttemptContext {
    const { endpoint, apiKey } = resolved;
    const cacheKey = `${endpoint.baseUrl}\u0000${apiKey ?? ''}\u0000${endpoint.provider ?? ''}\u0000${JSON.stringify(endpoint.azure ?? null)}`;
    let client = this.clients.get(cacheKey);
    if (!client) {
      client = createModelClient(endpoint, apiKey);
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
    label: Pick<ModelWait, 'role' | 'purpose'>,
    attempt: (n: number) => Promise<T>,
    canRetry: () => boolean = () => true,
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
      const waitMs = failure.retryAfterMs ?? backoffDelay(n, this.policy, this.random);
      const details = failure.error.details as { status?: unknown } | undefined;
      this.onDidWaitEmitter.fire({
        ...label,
        baseUrl: endpoint.baseUrl,
        attempt: n,
        maxAttempts,
        waitMs,
        status: typeof details?.status === 'number' ? details.status : null,
        serverAsked: failure.retryAfterMs !== undefined,
        message: failure.error.message,
      });
      await sleep(waitMs, signal);
    }
  }
}

/** Adds the attempt count to an error's details, so the caller can tell a retried failure. */
function withAttempts(error: MobaError, attempts: number): MobaError {
  const details =
    error.details && typeof error.details === 'object' ? { ...(error.details as object), attempts } : { attempts };
  return new MobaError(error.code, error.message, { cause: error.cause ?? error, details });
}

/** Images for a role whose endpoint is set up as text-only. */
function textOnly(endpoint: ModelEndpoint, role: ModelRole): MobaError {
  return new MobaError(
    'MODEL_NOT_CAPABLE',
    `The ${role} role's model "${endpoint.model}" is set up as text-only (Settings → Models → Images), but this call sends it screenshots. Choose a vision model for the ${role} role, or a strategy that sends it none.`,
    { details: { role, model: endpoint.model } },
  );
}

/** A reply asked through the reply function: its arguments are the answer (content when the model wrote none). */
function replyFromFunction(reply: RecordedReply): RecordedReply {
  const call = reply.toolCalls?.find((c) => c.name === REPLY_FUNCTION) ?? reply.toolCalls?.[0];
  return call && call.arguments.trim() !== '' ? { ...reply, text: call.arguments } : reply;
}
