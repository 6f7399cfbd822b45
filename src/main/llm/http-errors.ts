import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { MobaError } from '../../shared/errors.ts';
import { responseTooLarge } from '../capped-fetch.ts';
import { isRetryableStatus, parseRetryAfter } from './retry.ts';

export interface ClassifiedFailure {
  error: MobaError;
  retryable: boolean;
  /** The wait the server asked for, when it did. */
  retryAfterMs?: number;
}

/**
 * The server's own message from an error body, in the shapes providers document: OpenAI's
 * `{ error: { message } }` (Azure, Ollama, OpenRouter too), vLLM's `{ object: "error", message }`,
 * `{ error: "text" }`, and Gemini's list `[{ error: { message, status } }]`.
 */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body;
  if (Array.isArray(body)) return body.length ? serverMessage(body[0]) : undefined;
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { message?: unknown; error?: unknown; status?: unknown; metadata?: { raw?: unknown } };
  if (typeof b.message === 'string') {
    const raw = typeof b.metadata?.raw === 'string' ? ` (${b.metadata.raw.slice(0, 300)})` : '';
    const status = typeof b.status === 'string' && !b.message.includes(b.status) ? ` [${b.status}]` : '';
    return `${b.message}${status}${raw}`;
  }
  if (b.error !== undefined) return serverMessage(b.error);
  return undefined;
}

/**
 * Turns whatever one HTTP attempt threw into a MobaError plus whether to try again. Aborts are
 * classified by the caller (it knows whether the user or the timeout aborted).
 */
export function classifyFailure(
  error: unknown,
  context: { baseUrl: string; model: string; timeoutMs: number },
): ClassifiedFailure {
  const tooLarge = responseTooLarge(error);
  if (tooLarge) return { error: tooLarge, retryable: false };
  if (error instanceof MobaError) return { error, retryable: false };
  if (error instanceof APIConnectionTimeoutError) {
    return {
      error: new MobaError(
        'TIMEOUT',
        `The model endpoint ${context.baseUrl} did not answer within ${context.timeoutMs} ms.`,
      ),
      retryable: true,
    };
  }
  if (error instanceof APIUserAbortError)
    return { error: new MobaError('CANCELLED', 'The model call was cancelled.'), retryable: false };
  if (error instanceof APIConnectionError) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return {
      error: new MobaError('MODEL_HTTP_ERROR', `Could not reach the model endpoint ${context.baseUrl}${cause}`, {
        cause: error,
        details: { status: null, network: true },
      }),
      retryable: true,
    };
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const message = serverMessage(error.error) ?? error.message;
    const hint =
      status === 401
        ? ' (check the API key for this role)'
        : status === 404
          ? ` (check the base URL and the model name "${context.model}")`
          : '';
    const failure: ClassifiedFailure = {
      error: new MobaError(
        'MODEL_HTTP_ERROR',
        `The model endpoint ${context.baseUrl} answered HTTP ${status}: ${message}${hint}`,
        {
          cause: error,
          details: { status, serverMessage: message, type: error.type ?? null, code: error.code ?? null },
        },
      ),
      retryable: isRetryableStatus(status),
    };
    const retryAfterMs = parseRetryAfter(error.headers);
    if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
    return failure;
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    error: new MobaError('MODEL_HTTP_ERROR', `The model call to ${context.baseUrl} failed: ${message}`, {
      cause: error,
      details: { status: null },
    }),
    retryable: false,
  };
}
