/**
 * Answers from endpoints someone else may run (a model, speech or transcription server a web
 * client pointed a role at) are read up to a cap: a server that answers a gigabyte is cut off
 * once the cap is passed, so the host's memory stays bounded. The one place model, speech and
 * transcription responses are limited: every OpenAI client is built with `cappedFetch`.
 *
 * The cap is `MOBA_MAX_RESPONSE_MB` (default 32 MB): far more than a chat reply, an embedding
 * batch or a spoken answer needs.
 */
import { MobaError } from '../shared/errors.ts';

export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** The cap from `MOBA_MAX_RESPONSE_MB`, else the default. */
export function maxResponseBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.MOBA_MAX_RESPONSE_MB);
  return Number.isFinite(mb) && mb > 0 ? Math.round(mb * 1024 * 1024) : DEFAULT_MAX_RESPONSE_BYTES;
}

function originOf(input: string | URL | Request): string {
  try {
    return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).origin;
  } catch {
    return 'the endpoint';
  }
}

const mb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function tooLarge(origin: string, maxBytes: number, declared?: number): MobaError {
  return new MobaError(
    'MODEL_REPLY_INVALID',
    `${origin} answered ${declared !== undefined ? mb(declared) : `more than ${mb(maxBytes)}`}; at most ${mb(maxBytes)} of a reply is read (MOBA_MAX_RESPONSE_MB)`,
    { details: { responseTooLarge: true, maxBytes } },
  );
}

/** The cap's error, wherever a client library wrapped it (`cause` chains). */
export function responseTooLarge(error: unknown): MobaError | undefined {
  for (let e = error, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++)
    if (e instanceof MobaError && (e.details as { responseTooLarge?: boolean } | undefined)?.responseTooLarge) return e;
  return undefined;
}

/**
 * `fetch` whose response bodies stop with MODEL_REPLY_INVALID past `maxBytes` (a declared
 * Content-Length above it fails before the body is read; a body without one is counted as it
 * streams, and the connection is dropped when the count passes the cap).
 */
export function cappedFetch(maxBytes: number = maxResponseBytes(), base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    const origin = originOf(input);
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw tooLarge(origin, maxBytes, declared);
    }
    if (!res.body) return res;
    let seen = 0;
    const body = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(tooLarge(origin, maxBytes));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
