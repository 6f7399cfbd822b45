import type { ServerResponse } from 'node:http';
import type { ChatView } from './answer.ts';
import { usageOf } from './answer.ts';
import { forcedFunction, reasoningParts, reasoningPlace } from './providers.ts';
import type { ScriptAnswer, ScriptProvider } from './script.ts';

/** The OpenAI wire format the scripted server answers in. */

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function errorBody(message: string, type = 'scripted_error', code: string | null = null) {
  return { error: { message, type, code, param: null } };
}

/** What one answer consists of, shaped for the provider: content, a reasoning field, function calls. */
interface ReplyParts {
  content: string | null;
  refusal: string | null;
  reasoning: Record<string, string>;
  toolCalls: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }> | null;
  finish: string;
}

function replyParts(
  body: Record<string, unknown>,
  answer: ScriptAnswer,
  text: string,
  seq: number,
  provider: ScriptProvider | undefined,
): ReplyParts {
  const refusal = answer.refusal ?? null;
  const { field, prefix } = reasoningParts(reasoningPlace(provider, answer), answer.reasoning);
  const forced = forcedFunction(body);
  const calls =
    answer.toolCalls?.map((c) => ({
      name: c.name,
      arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
    })) ?? (forced && answer.reply !== undefined ? [{ name: forced, arguments: text }] : null);
  const toolCalls =
    calls?.map((c, i) => ({
      id: `call_scripted_${seq}_${i}`,
      type: 'function' as const,
      function: { name: c.name, arguments: c.arguments },
    })) ?? null;
  const hasText = answer.reply !== undefined && !(forced && !answer.toolCalls);
  const content = hasText ? `${prefix}${text}` : prefix || (refusal !== null || toolCalls ? null : '');
  return {
    content,
    refusal,
    reasoning: field,
    toolCalls,
    finish: answer.finishReason ?? (toolCalls ? 'tool_calls' : 'stop'),
  };
}

export function completionBody(
  body: Record<string, unknown>,
  view: ChatView,
  answer: ScriptAnswer,
  text: string,
  seq: number,
  provider?: ScriptProvider,
) {
  const r = replyParts(body, answer, text, seq, provider);
  return {
    id: `chatcmpl-scripted-${seq}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof body.model === 'string' ? body.model : 'scripted',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: r.content,
          refusal: r.refusal,
          ...r.reasoning,
          ...(r.toolCalls ? { tool_calls: r.toolCalls } : {}),
        },
        finish_reason: r.finish,
        logprobs: null,
      },
    ],
    usage: usageOf(answer, view, r.content ?? r.refusal ?? r.toolCalls?.[0]?.function.arguments ?? ''),
  };
}

export interface StreamOptions {
  res: ServerResponse;
  body: Record<string, unknown>;
  view: ChatView;
  answer: ScriptAnswer;
  text: string;
  seq: number;
  provider?: ScriptProvider | undefined;
  wait: (ms: number, res: ServerResponse) => Promise<boolean>;
}

/** A text in pieces of a few words, as a server streams it. */
function pieces(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 3) out.push(words.slice(i, i + 3).join(''));
  return out;
}

/**
 * Server-sent events in the chat.completion.chunk format, words a few at a time: reasoning
 * first (in the provider's field), then content or refusal, then function calls.
 */
export async function streamChat(o: StreamOptions): Promise<void> {
  const { res, answer } = o;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const model = typeof o.body.model === 'string' ? o.body.model : 'scripted';
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id: `chatcmpl-scripted-${o.seq}`, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }], ...extra })}\n\n`;
  const r = replyParts(o.body, answer, o.text, o.seq, o.provider);
  const deltas: Record<string, unknown>[] = [];
  for (const [key, value] of Object.entries(r.reasoning)) for (const p of pieces(value)) deltas.push({ [key]: p });
  if (r.refusal !== null && answer.reply === undefined) for (const p of pieces(r.refusal)) deltas.push({ refusal: p });
  else for (const p of pieces(r.content ?? '')) deltas.push({ content: p });
  r.toolCalls?.forEach((c, index) => {
    deltas.push({
      tool_calls: [{ index, id: c.id, type: 'function', function: { name: c.function.name, arguments: '' } }],
    });
    for (const p of pieces(c.function.arguments)) deltas.push({ tool_calls: [{ index, function: { arguments: p } }] });
  });
  res.write(chunk({ role: 'assistant', content: '' }, null));
  for (const delta of deltas) {
    if (answer.chunkDelayMs && !(await o.wait(answer.chunkDelayMs, res))) return;
    if (res.destroyed) return;
    res.write(chunk(delta, null));
  }
  res.write(chunk({}, r.finish));
  const streamOptions = o.body.stream_options as { include_usage?: boolean } | undefined;
  if (streamOptions?.include_usage) {
    const usage = usageOf(answer, o.view, r.content ?? r.refusal ?? '');
    res.write(
      `data: ${JSON.stringify({ id: `chatcmpl-scripted-${o.seq}`, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
    );
  }
  res.end('data: [DONE]\n\n');
}
