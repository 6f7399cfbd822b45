import type { ServerResponse } from 'node:http';
import type { ChatView } from './answer.ts';
import { usageOf } from './answer.ts';
import type { ScriptAnswer } from './script.ts';

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

export function completionBody(
  body: Record<string, unknown>,
  view: ChatView,
  answer: ScriptAnswer,
  text: string,
  seq: number,
) {
  const refusal = answer.refusal ?? null;
  const content = refusal !== null && answer.reply === undefined ? null : text;
  return {
    id: `chatcmpl-scripted-${seq}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: typeof body.model === 'string' ? body.model : 'scripted',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal },
        finish_reason: answer.finishReason ?? 'stop',
        logprobs: null,
      },
    ],
    usage: usageOf(answer, view, content ?? refusal ?? ''),
  };
}

export interface StreamOptions {
  res: ServerResponse;
  body: Record<string, unknown>;
  view: ChatView;
  answer: ScriptAnswer;
  text: string;
  seq: number;
  wait: (ms: number, res: ServerResponse) => Promise<boolean>;
}

/** Server-sent events in the chat.completion.chunk format, words a few at a time. */
export async function streamChat(o: StreamOptions): Promise<void> {
  const { res, answer } = o;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const model = typeof o.body.model === 'string' ? o.body.model : 'scripted';
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ id: `chatcmpl-scripted-${o.seq}`, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }], ...extra })}\n\n`;
  res.write(chunk({ role: 'assistant', content: '' }, null));
  const refusing = answer.refusal !== undefined && answer.reply === undefined;
  const pieces = (refusing ? answer.refusal! : o.text).match(/\S+\s*|\s+/g) ?? [];
  for (let i = 0; i < pieces.length; i += 3) {
    if (answer.chunkDelayMs && !(await o.wait(answer.chunkDelayMs, res))) return;
    if (res.destroyed) return;
    const piece = pieces.slice(i, i + 3).join('');
    res.write(chunk(refusing ? { refusal: piece } : { content: piece }, null));
  }
  res.write(chunk({}, answer.finishReason ?? 'stop'));
  const streamOptions = o.body.stream_options as { include_usage?: boolean } | undefined;
  if (streamOptions?.include_usage) {
    const usage = usageOf(answer, o.view, refusing ? answer.refusal! : o.text);
    res.write(
      `data: ${JSON.stringify({ id: `chatcmpl-scripted-${o.seq}`, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
    );
  }
  res.end('data: [DONE]\n\n');
}
