/**
 * Reply templates that answer from the request. `{{element:TEXT}}` becomes the index of the
 * element whose line in the prompt's element list contains TEXT; `{{element:TEXT|FALLBACK}}`
 * gives FALLBACK when none does.
 *
 * The element-list format (the perception layer's prompt text): an interactive element's line
 * starts with `[<index>] ` and holds its visible text in double quotes, e.g.
 * `[7] Button "Save" id=save_btn`. Text-only lines never start with `[<digits>]`.
 */

export class TemplateError extends Error {
  override name = 'TemplateError';
}

const TEMPLATE = /\{\{\s*element:([^}|]*?)\s*(?:\|\s*([^}]*?)\s*)?\}\}/g;
const ONLY_TEMPLATE = /^\{\{\s*element:[^}]*\}\}$/;
const ELEMENT_LINE = /^\s*\[(\d+)\]\s/;
const QUOTED = /"((?:[^"\\]|\\.)*)"/g;

interface ElementLine {
  index: number;
  line: string;
  quoted: string[];
}

function unescapeQuoted(s: string): string {
  return s.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
}

export function parseElementLines(text: string): ElementLine[] {
  const out: ElementLine[] = [];
  for (const line of text.split(/\r?\n/)) {
    const m = ELEMENT_LINE.exec(line);
    if (!m) continue;
    const quoted = [...line.matchAll(QUOTED)].map((q) => unescapeQuoted(q[1] ?? ''));
    out.push({ index: Number(m[1]), line, quoted });
  }
  return out;
}

/**
 * The index of the element matching `text` (case-insensitive): an exact quoted text first, then a
 * quoted text containing it, then any line containing it. Messages are searched newest first,
 * and the first message with a candidate decides.
 */
export function findElementIndex(messagesNewestFirst: readonly string[], text: string): number | undefined {
  const needle = text.trim().toLowerCase();
  if (needle === '') return undefined;
  for (const message of messagesNewestFirst) {
    const candidates = parseElementLines(message).filter((e) => e.line.toLowerCase().includes(needle));
    if (candidates.length === 0) continue;
    const exact = candidates.find((e) => e.quoted.some((q) => q.trim().toLowerCase() === needle));
    const inQuotes = candidates.find((e) => e.quoted.some((q) => q.toLowerCase().includes(needle)));
    return (exact ?? inQuotes ?? candidates[0])?.index;
  }
  return undefined;
}

function resolveOne(messages: readonly string[], text: string, fallback: string | undefined): string {
  const index = findElementIndex(messages, text);
  if (index !== undefined) return String(index);
  if (fallback !== undefined) return fallback;
  throw new TemplateError(`{{element:${text}}} found no element line containing "${text}" in the request (add a fallback: {{element:${text}|-1}}).`);
}

/** Replaces every template in a string. @throws TemplateError when one has no match and no fallback. */
export function applyTemplates(value: string, messagesNewestFirst: readonly string[]): string {
  return value.replace(TEMPLATE, (_m, text: string, fallback: string | undefined) => resolveOne(messagesNewestFirst, text, fallback));
}

/**
 * Applies templates inside a JSON reply. A string that is exactly one template and resolves to
 * a number becomes that number, so `{"index": "{{element:OK}}"}` answers `{"index": 7}`.
 */
export function applyTemplatesDeep(value: unknown, messagesNewestFirst: readonly string[]): unknown {
  if (typeof value === 'string') {
    const replaced = applyTemplates(value, messagesNewestFirst);
    if (ONLY_TEMPLATE.test(value.trim()) && /^-?\d+$/.test(replaced)) return Number(replaced);
    return replaced;
  }
  if (Array.isArray(value)) return value.map((v) => applyTemplatesDeep(v, messagesNewestFirst));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, applyTemplatesDeep(v, messagesNewestFirst)]));
  }
  return value;
}
