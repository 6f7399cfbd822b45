/**
 * Reading a reply the way real OpenAI-compatible servers send it: content as a string or as
 * parts, reasoning in `reasoning_content` (DeepSeek, vLLM before 0.11, LM Studio) or `reasoning`
 * (vLLM, Ollama, OpenRouter) or as leading `<think>`/`<thought>` blocks in the content (Qwen3 and
 * R1 without a reasoning parser, Gemini's thought summaries), and function calls. Reasoning is
 * split off here and never becomes part of the text parsers read.
 */
import type { RecordedReply, ToolCall } from '../../shared/schemas/llm.ts';

const TAGS = ['think', 'thinking', 'thought', 'reasoning'] as const;
const OPEN = new RegExp(`^\\s*<(${TAGS.join('|')})>`, 'i');

export interface SplitText {
  text: string;
  reasoning: string | null;
}

/**
 * Splits reasoning blocks off the start of a reply: `<think>…</think>` (also `thinking`,
 * `thought`, `reasoning`), repeated; a block that never closes (a reply cut off while thinking)
 * is all reasoning; a lone `</think>` whose opening tag was in the prompt ends the reasoning.
 * Tags inside the answer are left alone.
 */
export function splitReasoning(content: string): SplitText {
  const parts: string[] = [];
  let rest = content;
  for (let m = OPEN.exec(rest); m; m = OPEN.exec(rest)) {
    const tag = m[1]!;
    const closeAt = rest.toLowerCase().indexOf(`</${tag.toLowerCase()}>`, m[0].length);
    if (closeAt < 0) {
      parts.push(rest.slice(m[0].length).trim());
      rest = '';
      break;
    }
    parts.push(rest.slice(m[0].length, closeAt).trim());
    rest = rest.slice(closeAt + tag.length + 3);
  }
  if (parts.length === 0) {
    const lone = /<\/think>/i.exec(rest);
    if (lone && !/<think>/i.test(rest.slice(0, lone.index))) {
      parts.push(rest.slice(0, lone.index).trim());
      rest = rest.slice(lone.index + lone[0].length);
    }
  }
  const reasoning = parts.filter((p) => p !== '').join('\n\n');
  return { text: parts.length ? rest.trim() : rest, reasoning: reasoning === '' ? null : reasoning };
}

type WireContent = string | null | undefined | Array<{ type?: string; text?: string }>;

/** Content as text, also when a server sends it as a list of parts. */
export function contentText(content: WireContent): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (p && typeof p.text === 'string' && p.type !== 'thinking' ? p.text : '')).join('');
}

/** The reasoning field a server used, if any. */
function reasoningField(m: Record<string, unknown>): string | null {
  for (const key of ['reasoning_content', 'reasoning']) {
    const v = m[key];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
  }
  return null;
}

interface WireToolCall {
  id?: string;
  function?: { name?: string; arguments?: string | object };
}

function toolCallsOf(m: Record<string, unknown>): ToolCall[] {
  const calls = (Array.isArray(m.tool_calls) ? m.tool_calls : []) as WireToolCall[];
  const legacy = m.function_call as WireToolCall['function'] | undefined;
  const all = legacy ? [...calls, { function: legacy }] : calls;
  return all.flatMap((c) =>
    c?.function?.name
      ? [
          {
            ...(c.id ? { id: c.id } : {}),
            name: c.function.name,
            arguments:
              typeof c.function.arguments === 'string'
                ? c.function.arguments
                : JSON.stringify(c.function.arguments ?? {}),
          },
        ]
      : [],
  );
}

function joinReasoning(...parts: Array<string | null>): string | null {
  const present = parts.filter((p): p is string => !!p);
  return present.length ? present.join('\n\n') : null;
}

/** A completion's message as recorded: the answer text, its reasoning apart, function calls. */
export function readMessage(message: unknown, finishReason: string | null): RecordedReply {
  const m = (message && typeof message === 'object' ? message : {}) as Record<string, unknown>;
  const split = splitReasoning(contentText(m.content as WireContent));
  const toolCalls = toolCallsOf(m);
  const reply: RecordedReply = {
    text: split.text,
    refusal: typeof m.refusal === 'string' ? m.refusal : null,
    finishReason,
  };
  const reasoning = joinReasoning(reasoningField(m), split.reasoning);
  if (reasoning) reply.reasoning = reasoning;
  if (toolCalls.length) reply.toolCalls = toolCalls;
  return reply;
}

/** Collects a streamed reply chunk by chunk (`delta.content`, reasoning deltas, tool-call deltas by index). */
export class StreamedReply {
  private content = '';
  private reasoning = '';
  private refusal: string | null = null;
  private finishReason: string | null = null;
  private readonly calls = new Map<number, { id?: string; name: string; arguments: string }>();
  /** How much of the answer text was handed out for display. */
  private shown = 0;

  /** Adds one chunk's choice; returns the new answer text, if any, for live display (reasoning blocks held back). */
  add(choice: { delta?: unknown; finish_reason?: string | null } | undefined): string {
    if (!choice) return '';
    const d = (choice.delta ?? {}) as Record<string, unknown>;
    if (choice.finish_reason) this.finishReason = choice.finish_reason;
    for (const key of ['reasoning_content', 'reasoning']) if (typeof d[key] === 'string') this.reasoning += d[key];
    if (typeof d.refusal === 'string') this.refusal = (this.refusal ?? '') + d.refusal;
    for (const c of (Array.isArray(d.tool_calls) ? d.tool_calls : []) as Array<WireToolCall & { index?: number }>) {
      const at = this.calls.get(c.index ?? 0) ?? { name: '', arguments: '' };
      if (c.id) at.id = c.id;
      if (c.function?.name) at.name += c.function.name;
      if (typeof c.function?.arguments === 'string') at.arguments += c.function.arguments;
      this.calls.set(c.index ?? 0, at);
    }
    this.content += contentText(d.content as WireContent);
    return this.newAnswerText();
  }

  private newAnswerText(): string {
    const start = this.content.trimStart().toLowerCase();
    // Perhaps the start of a reasoning block: wait for more.
    if (TAGS.some((t) => `<${t}>`.startsWith(start) || (start.startsWith(`<${t}`) && !start.includes('>')))) return '';
    const { text } = splitReasoning(this.content);
    if (text.length <= this.shown) return '';
    const out = text.slice(this.shown);
    this.shown = text.length;
    return out;
  }

  reply(): RecordedReply {
    const split = splitReasoning(this.content);
    const reply: RecordedReply = { text: split.text, refusal: this.refusal, finishReason: this.finishReason };
    const reasoning = joinReasoning(this.reasoning.trim() || null, split.reasoning);
    if (reasoning) reply.reasoning = reasoning;
    const calls = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([, c]) => (c.name ? [{ ...(c.id ? { id: c.id } : {}), name: c.name, arguments: c.arguments }] : []));
    if (calls.length) reply.toolCalls = calls;
    return reply;
  }
}
