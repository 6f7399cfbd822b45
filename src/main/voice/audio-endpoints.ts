/**
 * The two OpenAI-compatible audio calls: `/v1/audio/transcriptions` (the transcriber role) and
 * `/v1/audio/speech` (the speaker role), through the `openai` package like every other model
 * call — OpenAI, whisper.cpp's server, speaches, vLLM. Each call has its endpoint's timeout and
 * the caller's AbortSignal; what comes back is checked, so a server that answers garbage gives
 * a clear error instead of an empty task.
 */
import OpenAI, { toFile } from 'openai';
import { z } from 'zod';
import { MobaError } from '../../shared/errors.ts';
import type { ModelEndpoint } from '../../shared/schemas/settings.ts';
import { AUDIO_MIME, sniffAudio } from '../../shared/voice/audio-format.ts';
import { cappedFetch } from '../capped-fetch.ts';
import { classifyFailure } from '../llm/http-errors.ts';
import { backoffDelay, DEFAULT_RETRY_POLICY, sleep } from '../llm/retry.ts';
import type { ResolvedEndpoint } from '../llm/endpoints.ts';

export interface TranscribeCall {
  audio: Uint8Array;
  /** The file name sent in the form (servers pick a decoder by its extension). */
  fileName: string;
  mime: string;
  /** ISO 639-1, or undefined to let the server detect it. */
  language?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface TranscribeResult {
  text: string;
  /** The language the server reported (verbose replies), else the one asked for. */
  language: string | null;
  latencyMs: number;
}

export interface SpeakCall {
  text: string;
  voice: string;
  format: 'mp3' | 'wav' | 'opus' | 'flac' | 'aac';
  speed: number;
  signal?: AbortSignal | undefined;
}

export interface SpeakResult {
  audio: Buffer;
  mime: string;
  latencyMs: number;
}

const TranscriptReply = z.object({ text: z.string(), language: z.string().optional() }).passthrough();

function client(resolved: ResolvedEndpoint): OpenAI {
  return new OpenAI({
    apiKey: resolved.apiKey ?? 'no-key',
    baseURL: resolved.endpoint.baseUrl,
    // Settings are the only source: nothing from the environment may leak into a request.
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    maxRetries: 0,
    timeout: resolved.endpoint.timeoutMs,
    logLevel: 'off',
    // Speech and transcripts are read up to MOBA_MAX_RESPONSE_MB, whoever runs the endpoint.
    fetch: cappedFetch(),
  });
}

/** One call with the endpoint's retries on network errors, 408/409/429/5xx, and its timeout per attempt. */
async function withRetries<T>(
  endpoint: ModelEndpoint,
  what: string,
  signal: AbortSignal | undefined,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  for (let n = 1; ; n++) {
    if (signal?.aborted) throw new MobaError('CANCELLED', `The ${what} call was cancelled.`);
    const timeout = AbortSignal.timeout(endpoint.timeoutMs);
    try {
      return await attempt(signal ? AbortSignal.any([signal, timeout]) : timeout);
    } catch (error) {
      if (signal?.aborted) throw new MobaError('CANCELLED', `The ${what} call was cancelled.`);
      const failure = timeout.aborted
        ? {
            error: new MobaError(
              'TIMEOUT',
              `The ${what} endpoint ${endpoint.baseUrl} did not answer within ${endpoint.timeoutMs} ms.`,
            ),
            retryable: true,
            retryAfterMs: undefined,
          }
        : classifyFailure(error, { baseUrl: endpoint.baseUrl, model: endpoint.model, timeoutMs: endpoint.timeoutMs });
      if (!failure.retryable || n > endpoint.maxRetries) {
        const e = failure.error;
        // Say which of the voice endpoints failed: "model endpoint" alone would send people to Models.
        throw new MobaError(
          e.code,
          e.message.replace(/^The model endpoint|^Could not reach the model endpoint|^The model call to/, (m) =>
            m.replace('model', what),
          ),
          { cause: e.cause ?? e, details: e.details },
        );
      }
      await sleep(failure.retryAfterMs ?? backoffDelay(n, DEFAULT_RETRY_POLICY, Math.random), signal);
    }
  }
}

/**
 * Speech to text through `/v1/audio/transcriptions` (JSON reply).
 * @throws MobaError MODEL_HTTP_ERROR (down, HTTP error), TIMEOUT, CANCELLED, MODEL_REPLY_INVALID
 *   (the reply is not a transcript).
 */
export async function transcribe(resolved: ResolvedEndpoint, call: TranscribeCall): Promise<TranscribeResult> {
  const { endpoint } = resolved;
  const t0 = performance.now();
  const api = client(resolved);
  const reply = await withRetries(endpoint, 'transcription', call.signal, async (signal) => {
    const file = await toFile(call.audio, call.fileName, { type: call.mime });
    return (await api.audio.transcriptions.create(
      {
        file,
        model: endpoint.model,
        response_format: 'json',
        ...(call.language ? { language: call.language } : {}),
        ...(endpoint.temperature !== undefined ? { temperature: endpoint.temperature } : {}),
      },
      { signal, maxRetries: 0 },
    )) as unknown;
  });
  const parsed = TranscriptReply.safeParse(reply);
  if (!parsed.success) {
    const shown = typeof reply === 'string' ? reply : JSON.stringify(reply);
    throw new MobaError(
      'MODEL_REPLY_INVALID',
      `The transcription endpoint ${endpoint.baseUrl} did not answer with a transcript (expected JSON with a "text" field, got ${JSON.stringify((shown ?? '').slice(0, 120))}).`,
    );
  }
  return {
    text: parsed.data.text.trim(),
    language: parsed.data.language ?? call.language ?? null,
    latencyMs: performance.now() - t0,
  };
}

/**
 * Text to speech through `/v1/audio/speech`.
 * @throws MobaError MODEL_HTTP_ERROR, TIMEOUT, CANCELLED, MODEL_REPLY_INVALID (not audio).
 */
export async function synthesize(resolved: ResolvedEndpoint, call: SpeakCall): Promise<SpeakResult> {
  const { endpoint } = resolved;
  const t0 = performance.now();
  const api = client(resolved);
  const audio = await withRetries(endpoint, 'speech', call.signal, async (signal) => {
    const response = await api.audio.speech.create(
      { model: endpoint.model, voice: call.voice, input: call.text, response_format: call.format, speed: call.speed },
      { signal, maxRetries: 0 },
    );
    return Buffer.from(await response.arrayBuffer());
  });
  const container = sniffAudio(audio);
  if (!container) {
    throw new MobaError(
      'MODEL_REPLY_INVALID',
      `The speech endpoint ${endpoint.baseUrl} did not answer with audio (${audio.length} bytes starting ${JSON.stringify(audio.subarray(0, 40).toString('latin1'))}).`,
    );
  }
  return { audio, mime: AUDIO_MIME[container], latencyMs: performance.now() - t0 };
}
