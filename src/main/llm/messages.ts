import { createHash } from 'node:crypto';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ArtifactRef } from '../../shared/schemas/common.ts';
import type { RecordedMessage, ResponseFormat } from '../../shared/schemas/llm.ts';
import type { ArtifactSink, ChatMessage } from './types.ts';

function sha256(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Messages in the OpenAI chat format; images become base64 data URLs. */
export function toOpenAiMessages(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    if (typeof m.content === 'string') return { role: m.role, content: m.content };
    if (m.role === 'user') {
      return {
        role: 'user',
        content: m.content.map((part) =>
          part.type === 'text'
            ? { type: 'text' as const, text: part.text }
            : {
                type: 'image_url' as const,
                image_url: {
                  url: `data:${part.mime};base64,${Buffer.from(part.data).toString('base64')}`,
                  ...(part.detail ? { detail: part.detail } : {}),
                },
              },
        ),
      };
    }
    // Only user messages may carry images in the chat format; other roles get their text.
    const text = m.content.map((p) => (p.type === 'text' ? p.text : '')).join('');
    return { role: m.role, content: text };
  });
}

/**
 * Messages as recorded: image bytes go to the artifact store and are replaced by their refs.
 * Without a store the ref is still computed (same hash), but the bytes are not kept.
 */
export function toRecordedMessages(
  messages: readonly ChatMessage[],
  artifacts: ArtifactSink | undefined,
): RecordedMessage[] {
  return messages.map((m) => {
    if (typeof m.content === 'string') return { role: m.role, content: m.content };
    return {
      role: m.role,
      content: m.content.map((part) => {
        if (part.type === 'text') return { type: 'text' as const, text: part.text };
        const image: ArtifactRef = artifacts
          ? artifacts.put(part.data, { mime: part.mime })
          : { sha256: sha256(part.data), mime: part.mime, bytes: part.data.byteLength };
        return { type: 'image' as const, image, ...(part.detail ? { detail: part.detail } : {}) };
      }),
    };
  });
}

/** JSON with sorted keys, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const obj = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(obj)
          .sort()
          .map((k) => [k, obj[k]]),
      );
    }
    return v;
  });
}

export interface HashableRequest {
  messages: readonly ChatMessage[];
  temperature?: number | undefined;
  maxTokens?: number | undefined;
  responseFormat?: ResponseFormat | undefined;
}

/**
 * A stable hash of what the caller asked: message text, image content hashes, and the
 * per-call parameters. Endpoint, model and endpoint defaults are left out on purpose, so a run
 * replayed with another configuration still matches its recording.
 */
export function requestHash(request: HashableRequest): string {
  const messages = request.messages.map((m) => ({
    role: m.role,
    content:
      typeof m.content === 'string'
        ? m.content
        : m.content.map((p) =>
            p.type === 'text'
              ? { type: 'text', text: p.text }
              : { type: 'image', sha256: sha256(p.data), mime: p.mime, detail: p.detail ?? null },
          ),
  }));
  return sha256(
    canonicalJson({
      messages,
      temperature: request.temperature ?? null,
      maxTokens: request.maxTokens ?? null,
      responseFormat: request.responseFormat ?? 'text',
    }),
  );
}

/** Embedding requests hash their texts. */
export function embedRequestHash(texts: readonly string[]): string {
  return sha256(canonicalJson({ embed: texts }));
}
