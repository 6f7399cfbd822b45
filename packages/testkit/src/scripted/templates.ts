/**
 * Reply templates that answer from the request:
 * - `{{element:TEXT}}` — the index of the element whose line in the prompt's element list
 *   contains TEXT; `{{element:TEXT|FALLBACK}}` gives FALLBACK when none does;
 * - `{{text:TEXT}}` — the visible text (the first quoted string) of that element's line, text-only
 *   lines included, so a reply can repeat what is on the screen (`{{text:TEXT|FALLBACK}}` too);
 * - `{{match:REGEX}}` — the first capture group (or the whole match) of REGEX in the messages,
 *   newest first, e.g. to repeat a remembered answer from the prompt's memory section;
 * - `{{point:TEXT}}` — `x, y` of the line of a vision-only perception list whose quoted text is
 *   TEXT (exact first, case-insensitive, then containing it); `{{point:TEXT#2}}` the second such
 *   line, counted from the top; `{{x:TEXT}}` / `{{y:TEXT}}` one coordinate. Perception lines look
 *   like `[540, 1875]; text: "+"` or `[936, 2142]; icon: "alarm clock"`.
 *
 * The element-list format (the perception layer's prompt text): an interactive element's line
 * starts with `[<index>] ` and holds its visible text in double quotes, e.g.
 * `[7] Button "Save" id=save_btn`. Text-only lines never start with `[<digits>]`.
 */

export class TemplateError extends Error {
  override name = 'TemplateError';
}

const TEMPLATE = /\{\{\s*(element|text|match|point|x|y):((?:(?!\}\})[\s\S])*?)\}\}/g;
const ONLY_TEMPLATE = /^\{\{\s*(?:element|x|y):(?:(?!\}\}).)*\}\}$/;
const POINT_LINE = /^\s*\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]\s*;\s*(?:text|icon)\s*:\s*"((?:[^"\\]|\\.)*)"/;
const ANY_LINE = /^\s*(?:\[(\d+)\]|-)\s/;
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

/** The visible text of the first element line (interactive or text-only) containing `text`. */
export function findElementText(messagesNewestFirst: readonly string[], text: string): string | undefined {
  const needle = text.trim().toLowerCase();
  if (needle === '') return undefined;
  for (const message of messagesNewestFirst) {
    for (const line of message.split(/\r?\n/)) {
      if (!ANY_LINE.test(line) || !line.toLowerCase().includes(needle)) continue;
      const first = [...line.matchAll(QUOTED)][0];
      if (first) return unescapeQuoted(first[1] ?? '');
    }
  }
  return undefined;
}

/**
 * `[x, y]` of the perception line whose quoted text is `text`: the `nth` exact match (1-based,
 * top to bottom) of the newest message that has one, else the first line containing it.
 */
export function findPoint(messagesNewestFirst: readonly string[], text: string, nth = 1): [number, number] | undefined {
  const needle = text.trim().toLowerCase();
  if (needle === '') return undefined;
  for (const message of messagesNewestFirst) {
    const lines = message.split(/\r?\n/).flatMap((line) => {
      const m = POINT_LINE.exec(line);
      return m
        ? [
            {
              x: Number(m[1]),
              y: Number(m[2]),
              text: unescapeQuoted(m[3] ?? '')
                .trim()
                .toLowerCase(),
            },
          ]
        : [];
    });
    if (!lines.length) continue;
    const exact = lines.filter((l) => l.text === needle);
    const hit = exact.length ? exact[nth - 1] : nth === 1 ? lines.find((l) => l.text.includes(needle)) : undefined;
    if (exact.length || hit) return hit ? [hit.x, hit.y] : undefined;
  }
  return undefined;
}

function splitFallback(arg: string): { text: string; fallback: string | undefined } {
  const bar = arg.indexOf('|');
  return bar < 0
    ? { text: arg.trim(), fallback: undefined }
    : { text: arg.slice(0, bar).trim(), fallback: arg.slice(bar + 1).trim() };
}

function resolveOne(messages: readonly string[], kind: string, arg: string): string {
  if (kind === 'match') {
    let re: RegExp;
    try {
      re = new RegExp(arg, 'u');
    } catch (error) {
      throw new TemplateError(`{{match:${arg}}} is not a valid regular expression: ${(error as Error).message}`);
    }
    for (const message of messages) {
      const m = re.exec(message);
      if (m) return m[1] ?? m[0];
    }
    throw new TemplateError(`{{match:${arg}}} matched nothing in the request.`);
  }
  const { text, fallback } = splitFallback(arg);
  if (kind === 'point' || kind === 'x' || kind === 'y') {
    const m = /^(.*?)#(\d+)$/.exec(text);
    const p = findPoint(messages, m ? m[1]! : text, m ? Number(m[2]) : 1);
    if (p) return kind === 'point' ? `${p[0]}, ${p[1]}` : String(kind === 'x' ? p[0] : p[1]);
    if (fallback !== undefined) return fallback;
    throw new TemplateError(
      `{{${kind}:${text}}} found no perception line ("[x, y]; text: ...") with "${text}" in the request (add a fallback: {{${kind}:${text}|…}}).`,
    );
  }
  const found = kind === 'text' ? findElementText(messages, text) : findElementIndex(messages, text);
  if (found !== undefined) return String(found);
  if (fallback !== undefined) return fallback;
  throw new TemplateError(
    `{{${kind}:${text}}} found no element line containing "${text}" in the request (add a fallback: {{${kind}:${text}|…}}).`,
  );
}

/** Replaces every template in a string. @throws TemplateError when one has no match and no fallback. */
export function applyTemplates(value: string, messagesNewestFirst: readonly string[]): string {
  return value.replace(TEMPLATE, (_m, kind: string, arg: string) => resolveOne(messagesNewestFirst, kind, arg));
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
