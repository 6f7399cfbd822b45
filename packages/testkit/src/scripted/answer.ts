import type { Script, ScriptAnswer, ScriptStep } from './script.ts';
import { testPattern } from './script.ts';
import { applyTemplates, applyTemplatesDeep } from './templates.ts';

/** The parts of a chat request the script looks at. */
export interface ChatView {
  model: string;
  /** All system messages' text, joined. */
  system: string;
  /** The last user message's text. */
  lastUser: string;
  /** Every message's text, newest first (for templates). */
  newestFirst: string[];
  /** Rough prompt size for the default usage figures. */
  promptChars: number;
  images: number;
}

type WireContent = string | null | undefined | Array<{ type?: string; text?: string }>;

function textOf(content: WireContent): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((p) => (p && p.type === 'text' && typeof p.text === 'string' ? p.text : '')).join('\n');
}

export function viewOf(body: { model?: unknown; messages?: unknown }): ChatView {
  const messages = Array.isArray(body.messages)
    ? (body.messages as Array<{ role?: string; content?: WireContent }>)
    : [];
  const texts = messages.map((m) => textOf(m.content));
  const images = messages.reduce(
    (n, m) => n + (Array.isArray(m.content) ? m.content.filter((p) => p?.type === 'image_url').length : 0),
    0,
  );
  let lastUser = '';
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === 'user') {
      lastUser = texts[i] ?? '';
      break;
    }
  }
  return {
    model: typeof body.model === 'string' ? body.model : '',
    system: messages
      .map((m, i) => (m.role === 'system' || m.role === 'developer' ? texts[i] : undefined))
      .filter((t) => t !== undefined)
      .join('\n'),
    lastUser,
    newestFirst: [lastUser, ...texts.slice().reverse()],
    promptChars: texts.reduce((n, t) => n + t.length, 0),
    images,
  };
}

export function stepMatches(step: ScriptStep, view: ChatView): boolean {
  const m = step.match;
  if (!m) return true;
  if (m.system !== undefined && !testPattern(m.system, view.system)) return false;
  if (m.user !== undefined && !testPattern(m.user, view.lastUser)) return false;
  if (m.any !== undefined && !view.newestFirst.some((t) => testPattern(m.any!, t))) return false;
  if (m.model !== undefined && !testPattern(m.model, view.model)) return false;
  return true;
}

/** Uses left per step; `Infinity` for 'always'. */
export function initialUses(script: Script): number[] {
  return script.steps.map((s) => (s.times === 'always' ? Infinity : s.times));
}

export interface Selected {
  answer: ScriptAnswer;
  /** Step number (0-based) or 'fallback'. */
  source: number | 'fallback';
  label: string;
}

/** Picks and consumes the answer for a request; undefined when nothing fits. */
export function selectAnswer(script: Script, uses: number[], view: ChatView): Selected | undefined {
  for (let i = 0; i < script.steps.length; i++) {
    const step = script.steps[i]!;
    if ((uses[i] ?? 0) <= 0 || !stepMatches(step, view)) continue;
    uses[i] = (uses[i] ?? 0) - 1;
    return { answer: step, source: i, label: step.name ? `#${i + 1} ${step.name}` : `#${i + 1}` };
  }
  if (script.fallback) return { answer: script.fallback, source: 'fallback', label: 'fallback' };
  return undefined;
}

/** The reply text with templates applied. @throws TemplateError */
export function replyText(answer: ScriptAnswer, view: ChatView): string {
  const reply = answer.reply;
  if (reply === undefined) return '';
  if (typeof reply === 'string') return applyTemplates(reply, view.newestFirst);
  return JSON.stringify(applyTemplatesDeep(reply, view.newestFirst));
}

export function usageOf(
  answer: ScriptAnswer,
  view: ChatView,
  completionText: string,
): { prompt_tokens: number; completion_tokens: number; total_tokens: number } {
  // About four characters per token, and a flat cost per image, unless the script says.
  const prompt = answer.usage?.promptTokens ?? Math.ceil(view.promptChars / 4) + view.images * 85;
  const completion = answer.usage?.completionTokens ?? Math.ceil(completionText.length / 4);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

export function describeUnmatched(view: ChatView): string {
  const clip = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);
  return `No script step matches this request (model ${JSON.stringify(view.model)}, system ${clip(view.system)}, last user message ${clip(view.lastUser)}), and the script has no fallback.`;
}
