/**
 * Markdown from a structured description: a document is a list of blocks (headings, paragraphs,
 * lists, tables, code), and every piece of text that came from a user — a task, a model or app
 * name, a search — is escaped where it lands, so it reads as the same text and never as markup:
 * a `|` cannot split a table cell, a `*` cannot start emphasis, a line break cannot end a row.
 * Text the product writes itself is `Md` (written with the `md` tag); a plain string is always
 * escaped.
 */

/** Markdown the product wrote; interpolated strings inside it were escaped. */
export class Md {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** What a tagged template or a cell accepts: markdown, text to escape, or a number. */
export type Inline = Md | string | number;

/** A line break and the blanks around it become one space: inline text stays on its line. */
const oneLine = (s: string) => s.replace(/\s*[\r\n]+\s*/g, ' ');

/**
 * User text as inline markdown that shows exactly that text: every character that could start
 * markup is escaped (`_` only at a word's edge: inside a word it cannot, as in `Box_Input`).
 */
export function escapeText(s: string): string {
  return oneLine(s)
    .replace(/[\\`*[\]<>|#~&!]/g, '\\$&')
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_');
}

export function inline(v: Inline): string {
  return v instanceof Md ? v.text : typeof v === 'number' ? String(v) : escapeText(v);
}

/** Markdown with escaped values: md`seed ${code(seed)} for ${task}`. */
export function md(parts: TemplateStringsArray, ...values: Inline[]): Md {
  return new Md(parts.reduce((out, part, i) => out + part + (i < values.length ? inline(values[i]!) : ''), ''));
}

/** A code span holding any text: its fence is longer than any run of backticks inside. */
export function code(s: string): Md {
  const text = oneLine(s);
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return new Md(`${fence}${pad}${text}${pad}${fence}`);
}

/** Inline pieces joined by a separator (itself markdown). */
export function join(items: readonly Inline[], separator: string): Md {
  return new Md(items.map(inline).join(separator));
}

export interface Column {
  title: string;
  align?: 'left' | 'right';
}

export type Block =
  | { heading: 1 | 2; text: Inline }
  /** Lines of one paragraph (kept as written, one per line). */
  | { paragraph: Md[] | Md }
  | { list: Inline[] }
  | { table: { columns: Column[]; rows: Inline[][] } }
  | { code: string; lang: string };

/** A table cell: one line, and no `|` that is not escaped (GFM splits cells on it, even in code spans). */
function cell(v: Inline): string {
  return oneLine(inline(v)).replace(/(?<!\\)((?:\\\\)*)\|/g, '$1\\|');
}

function renderTable(t: { columns: Column[]; rows: Inline[][] }): string {
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    row(t.columns.map((c) => cell(c.title))),
    row(t.columns.map((c) => (c.align === 'right' ? '---:' : '---'))),
    ...t.rows.map((r) => row(t.columns.map((_, i) => cell(r[i] ?? '')))),
  ].join('\n');
}

function renderBlock(b: Block): string {
  if ('heading' in b) return `${'#'.repeat(b.heading)} ${inline(b.text)}`;
  if ('paragraph' in b) return (Array.isArray(b.paragraph) ? b.paragraph : [b.paragraph]).map((l) => l.text).join('\n');
  if ('list' in b) return b.list.map((item) => `- ${inline(item)}`).join('\n');
  if ('table' in b) return renderTable(b.table);
  const longest = Math.max(2, ...[...b.code.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${b.lang}\n${b.code.replace(/\n$/, '')}\n${fence}`;
}

/** The document: blocks separated by a blank line, ending with a line break. */
export function renderMarkdown(blocks: readonly Block[]): string {
  return `${blocks.map(renderBlock).join('\n\n')}\n`;
}
