import type OpenAI from 'openai';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { MobaError } from '../../shared/errors.ts';
import type { RecordedReply, TokenUsage } from '../../shared/schemas/llm.ts';
import type { ClassifiedFailure } from './http-errors.ts';
import { StreamedReply, readMessage } from './reply.ts';
import { cancelled } from './retry.ts';

export interface ChatAttemptOutput {
  reply: RecordedReply;
  usage: TokenUsage | null;
}

export interface AttemptContext {
  client: OpenAI;
  timeoutMs: number;
  baseUrl: string;
  /** The caller's signal: aborting it cancels the attempt at once. */
  signal: AbortSignal | undefined;
}

/** Thrown out of an attempt that ran past its endpoint's timeout (retryable). */
export class AttemptTimeout extends Error {
  constructor(baseUrl: string, timeoutMs: number) {
    super(`The model endpoint ${baseUrl} did not answer within ${timeoutMs} ms.`);
  }
  toFailure(): ClassifiedFailure {
    return { error: new MobaError('TIMEOUT', this.message), retryable: true };
  }
}

type UsageLike = { prompt_tokens?: number; completion_tokens?: number; total_tokens?: number } | null | undefined;

function toUsage(usage: UsageLike): TokenUsage | null {
  if (!usage) return null;
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens = usage.completion_tokens ?? 0;
  return { promptTokens, completionTokens, totalTokens: usage.total_tokens ?? promptTokens + completionTokens };
}

/**
 * Runs one HTTP attempt under its own timeout and the caller's signal. The timeout covers the
 * whole attempt (headers and body, also a stream), not just the wait for the headers. The
 * returned promise settles as soon as either fires, even if the transport is slow to notice.
 */
async function underDeadline<T>(ctx: AttemptContext, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (ctx.signal?.aborted) throw cancelled();
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  ctx.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ctx.timeoutMs);
  const aborted = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  const running = work(controller.signal);
  // The loser of the race must not surface as an unhandled rejection.
  running.catch(() => undefined);
  aborted.catch(() => undefined);
  try {
    return await Promise.race([running, aborted]);
  } catch (error) {
    if (ctx.signal?.aborted) throw cancelled();
    if (timedOut) throw new AttemptTimeout(ctx.baseUrl, ctx.timeoutMs);
    throw error;
  } finally {
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onAbort);
  }
}

/** One non-streaming chat completion. */
export function chatAttempt(
  ctx: AttemptContext,
  body: ChatCompletionCreateParamsNonStreaming,
): Promise<ChatAttemptOutput> {
  return underDeadline(ctx, async (signal) => {
    // The SDK's own timeout stays as a backstop; ours is the one that normally fires.
    const completion = await ctx.client.chat.completions.create(body, {
      signal,
      timeout: ctx.timeoutMs + 5_000,
      maxRetries: 0,
    });
    const choice = completion.choices?.[0];
    if (!choice)
      throw new MobaError('MODEL_HTTP_ERROR', `The model endpoint ${ctx.baseUrl} answered without any choice.`, {
        details: { status: 200 },
      });
    return { reply: readMessage(choice.message, choice.finish_reason ?? null), usage: toUsage(completion.usage) };
  });
}

/** One streamed chat completion; `onDelta` sees each content fragment as it arrives (reasoning deltas are collected apart). */
export function streamAttempt(
  ctx: AttemptContext,
  body: ChatCompletionCreateParamsNonStreaming,
  onDelta: (delta: string) => void,
): Promise<ChatAttemptOutput> {
  return underDeadline(ctx, async (signal) => {
    const stream = await ctx.client.chat.completions.create(
      { ...body, stream: true, stream_options: { include_usage: true } },
      { signal, timeout: ctx.timeoutMs + 5_000, maxRetries: 0 },
    );
    const collected = new StreamedReply();
    let usage: TokenUsage | null = null;
    for await (const chunk of stream) {
      if (chunk.usage) usage = toUsage(chunk.usage);
      const text = collected.add(chunk.choices?.[0]);
      if (text) onDelta(text);
    }
    return { reply: collected.reply(), usage };
  });
}

export interface EmbedAttemptOutput {
  embeddings: number[][];
  usage: TokenUsage | null;
}

export function embedAttempt(ctx: AttemptContext, model: string, texts: string[]): Promise<EmbedAttemptOutput> {
  return underDeadline(ctx, async (signal) => {
    // 'float' explicitly: several OpenAI-compatible servers cannot encode base64.
    const response = await ctx.client.embeddings.create(
      { model, input: texts, encoding_format: 'float' },
      { signal, timeout: ctx.timeoutMs + 5_000, maxRetries: 0 },
    );
    const rows = [...response.data].sort((a, b) => a.index - b.index);
    if (rows.length !== texts.length) {
      throw new MobaError(
        'MODEL_HTTP_ERROR',
        `The embedding endpoint ${ctx.baseUrl} returned ${rows.length} vectors for ${texts.length} texts.`,
        { details: { status: 200 } },
      );
    }
    return {
      embeddings: rows.map((r) => Array.from(r.embedding as ArrayLike<number>)),
      usage: toUsage(response.usage as UsageLike),
    };
  });
}
