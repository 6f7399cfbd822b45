/**
 * The scripted server's chat and embedding answers: the script's step for the request (starting
 * the script over when it has run out), a connection test answered whatever the script says,
 * what the script's provider refuses, injected errors in the provider's shape, templates, streaming.
 */
import type { ServerResponse } from 'node:http';
import { describeUnmatched, replyText, viewOf } from './answer.ts';
import type { ChatView } from './answer.ts';
import { scriptedEmbedding, toBase64Floats } from './embeddings.ts';
import { HttpProblem } from './http.ts';
import type { Waits } from './http.ts';
import type { ScriptState } from './script-state.ts';
import { TemplateError } from './templates.ts';
import { providerErrorBody, refusedRequest } from './providers.ts';
import { completionBody, sendJson, streamChat } from './wire.ts';

/** The request log's entry for one request (see `ScriptedRequest`). */
export interface LogEntry {
  seq: number;
  answeredBy: string;
  status: number;
}

/**
 * A connection test — a request without a system message that asks to reply with a single word
 * (Settings → Test connection sends "Reply with the single word OK.") — gets that word when no
 * step of the script answers it.
 */
export function connectionTestWord(view: ChatView): string | null {
  if (view.system.trim() !== '') return null;
  return (
    /^\s*reply with (?:the single word|just the word|one word:?)\s+["“]?([\w-]+)["”]?\.?\s*$/i.exec(
      view.lastUser,
    )?.[1] ?? null
  );
}

function unmatched(view: ChatView, state: ScriptState, origin: string): string {
  const { used, counted } = state.progress();
  return `${describeUnmatched(view)} The script is ${used} of ${counted} steps in (it starts over by itself only once every step is used up); to start it over now: curl -X POST ${origin}/__scripted/reset — or restart the server.`;
}

export async function answerChat(
  body: Record<string, unknown>,
  res: ServerResponse,
  entry: LogEntry,
  ctx: { state: ScriptState; waits: Waits; origin: string },
): Promise<void> {
  const provider = ctx.state.script.provider;
  const refused = refusedRequest(provider, body);
  if (refused) {
    entry.answeredBy = 'refused';
    entry.status = refused.status;
    sendJson(res, refused.status, providerErrorBody(provider, refused.status, refused.message));
    return;
  }
  const view = viewOf(body);
  let selected = ctx.state.selectChat(view, false);
  const word = selected ? null : connectionTestWord(view);
  if (word !== null) {
    entry.answeredBy = 'connection test';
    sendJson(res, 200, completionBody(body, view, { reply: word }, word, entry.seq, provider));
    return;
  }
  selected ??= ctx.state.selectChat(view, true);
  if (!selected) {
    entry.answeredBy = 'unmatched';
    throw new HttpProblem(500, unmatched(view, ctx.state, ctx.origin));
  }
  entry.answeredBy = selected.restarted ? `${selected.label} (script started over)` : selected.label;
  const answer = selected.answer;
  if (answer.delayMs && !(await ctx.waits.wait(answer.delayMs, res))) return;
  if (answer.error) {
    if ('disconnect' in answer.error) {
      res.socket?.destroy();
      return;
    }
    const headers: Record<string, string> =
      answer.error.retryAfter !== undefined ? { 'retry-after': String(answer.error.retryAfter) } : {};
    const e = answer.error;
    entry.status = e.status;
    sendJson(
      res,
      e.status,
      e.body !== undefined ? e.body : providerErrorBody(provider, e.status, e.message, e.type, e.code ?? null),
      headers,
    );
    return;
  }
  let text: string;
  try {
    text = replyText(answer, view);
  } catch (error) {
    if (error instanceof TemplateError) throw new HttpProblem(500, `Script step ${selected.label}: ${error.message}`);
    throw error;
  }
  if (body.stream === true)
    await streamChat({ res, body, view, answer, text, seq: entry.seq, provider, wait: ctx.waits.wait });
  else sendJson(res, 200, completionBody(body, view, answer, text, entry.seq, provider));
}

export function answerEmbeddings(body: Record<string, unknown>, res: ServerResponse, defaultDims: number): void {
  const input = body.input;
  const texts =
    typeof input === 'string'
      ? [input]
      : Array.isArray(input) && input.every((t) => typeof t === 'string')
        ? (input as string[])
        : undefined;
  if (!texts) throw new HttpProblem(400, '`input` must be a string or an array of strings');
  const dims =
    typeof body.dimensions === 'number' && Number.isInteger(body.dimensions) && body.dimensions > 0
      ? body.dimensions
      : defaultDims;
  const base64 = body.encoding_format === 'base64';
  const tokens = texts.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
  sendJson(res, 200, {
    object: 'list',
    model: typeof body.model === 'string' ? body.model : 'scripted',
    data: texts.map((t, index) => {
      const v = scriptedEmbedding(t, dims);
      return { object: 'embedding', index, embedding: base64 ? toBase64Floats(v) : v };
    }),
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
}
