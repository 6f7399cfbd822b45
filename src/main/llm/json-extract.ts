import { jsonrepair } from 'jsonrepair';

export type ExtractResult = { ok: true; value: object } | { ok: false; reason: string };

const FENCE = /```[\w-]*[^\S\n]*\n?([\s\S]*?)```/g;
const OPEN_FENCE = /```[\w-]*[^\S\n]*\n([\s\S]*)$/;

/**
 * The text from `start` (a `{` or `[`) to its matching bracket, minding strings in either quote
 * style; the rest of the text when the brackets never close (a truncated reply).
 */
function balancedSlice(text: string, start: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return text.slice(start);
}

function parseLenient(candidate: string): object | undefined {
  const attempts = [() => JSON.parse(candidate) as unknown, () => JSON.parse(jsonrepair(candidate)) as unknown];
  for (const attempt of attempts) {
    try {
      const value = attempt();
      // Only objects and arrays: a repaired bare word ("Sorry" → "Sorry") is not an answer.
      if (value !== null && typeof value === 'object') return value;
    } catch {
      // try the next, more lenient reading
    }
  }
  return undefined;
}

function fencedBodies(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(FENCE)) {
    if (m[1]) out.push(m[1].trim());
  }
  const open = OPEN_FENCE.exec(text.replace(FENCE, ''));
  if (open?.[1]) out.push(open[1].trim());
  // jsonrepair reads bare words as strings ("As an AI, I …" → an array of two): only text that
  // opens like JSON is a candidate.
  return out.filter((c) => c.startsWith('{') || c.startsWith('['));
}

/** Bracketed spans tried per reply; bounds the work on long prose full of brackets. */
const MAX_STARTS = 24;

/**
 * Finds the JSON object or array in a model reply: inside code fences or prose, with trailing
 * commas, single quotes, comments, Python True/False/None, or a truncated end — whatever
 * `jsonrepair` can mend. A fenced block wins; otherwise the longest bracketed span that parses
 * (so "[1] is the button: {…}" yields the object, not `[1]`). Pure; never throws.
 */
export function extractJson(text: string): ExtractResult {
  if (text.trim() === '') return { ok: false, reason: 'The reply was empty.' };
  for (const body of fencedBodies(text)) {
    const value = parseLenient(body);
    if (value !== undefined) return { ok: true, value };
  }
  const trimmed = text.trim();
  let best: { value: object; length: number } | undefined;
  let tried = 0;
  for (let i = trimmed.search(/[[{]/); i >= 0 && tried < MAX_STARTS; tried++) {
    const slice = balancedSlice(trimmed, i);
    const value = parseLenient(slice);
    if (value !== undefined && (!best || slice.length > best.length)) best = { value, length: slice.length };
    // After a span that parsed, skip past it: its inner brackets are part of it.
    const step = value !== undefined ? slice.length : 1;
    const next = trimmed.slice(i + step).search(/[[{]/);
    i = next < 0 ? -1 : i + step + next;
  }
  if (best) return { ok: true, value: best.value };
  return { ok: false, reason: 'The reply contains no JSON object.' };
}

interface IssueLike {
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return '(root)';
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`)).join('');
}

/** Zod issues as short lines a person or a model can act on: "- subgoals[0].goal: expected string…". */
export function describeIssues(issues: ReadonlyArray<IssueLike>): string {
  return issues.map((i) => `- ${formatPath(i.path)}: ${i.message}`).join('\n');
}

const REFUSAL_START =
  /^\s*(?:i['’]m sorry|i am sorry|sorry|i apologi[sz]e|unfortunately|i can(?:no|['’])t|i cannot|i am unable|i['’]m unable|i am not able|i['’]m not able|i won['’]t|i will not|as an ai)\b/i;

/** A reply that is an apology or a refusal sentence rather than an answer. */
export function looksLikeRefusal(text: string): boolean {
  return REFUSAL_START.test(text) && !extractJson(text).ok;
}
