import { marked } from 'marked';
import type { Token, Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { emptyStats } from './dataset-stats.ts';
import { renderDatasheet } from './datasheet.ts';
import { code, md, renderMarkdown } from './markdown.ts';

/** Text a person could type into a task, a model or an app name that means something in markdown. */
const HOSTILE_TASK =
  'Set | alarm *now* at _6:30_\n# not a heading\n- `code` <b>bold</b> [link](http://x) &amp; ~~gone~~ \\| back\\slash !';
const HOSTILE_MODEL = 'org/model|v2 **big**';
const HOSTILE_APP = 'com.example.*star*_app_ <script>';
const SEARCH = 'alarm\n\n| a | b |';
const SEED = 'se`ed';

/**
 * The text a run of inline tokens shows; markup other than escapes, code and a bare URL (GFM
 * links it, showing the same text) fails the test.
 */
function plain(tokens: Token[]): string {
  return tokens
    .map((t) => {
      if (t.type === 'escape' || t.type === 'codespan') return (t as Tokens.Escape).text;
      if (t.type === 'link' && t.raw === (t as Tokens.Link).text) return t.raw;
      if (t.type === 'text') return t.tokens ? plain(t.tokens) : (t as Tokens.Text).text;
      throw new Error(`markup in user text: ${t.type} ${JSON.stringify(t.raw)}`);
    })
    .join('');
}

function hostileDatasheet(): string {
  const stats = emptyStats();
  stats.runs = 2;
  stats.tasks = { train: [HOSTILE_TASK], validation: [], test: ['plain task'] };
  stats.steps = { train: 3, validation: 0, test: 1 };
  stats.models = { [HOSTILE_MODEL]: 2 };
  stats.apps = { [HOSTILE_APP]: 4 };
  stats.actions = { Box_Input: 4 };
  return renderDatasheet({
    stats,
    selection: { search: SEARCH, strategy: 'moba' },
    split: { train: 0.5, validation: 0.25, test: 0.25, seed: SEED },
    app: { name: 'MobA Studio', version: '1.0.0' },
    exportedAt: Date.UTC(2026, 10, 28),
  });
}

const tables = (tokens: Token[]) => tokens.filter((t): t is Tokens.Table => t.type === 'table');
const cells = (t: Tokens.Table) => t.rows.map((r) => r.map((c) => plain(c.tokens)));

describe('the datasheet as markdown', () => {
  const tokens = marked.lexer(hostileDatasheet());

  it('keeps task, model and app names with |, *, _, <, ` and line breaks as text in well-formed table rows', () => {
    const byTitle = new Map(tables(tokens).map((t) => [plain(t.header[0]!.tokens), t]));
    const oneLine = (s: string) => s.replace(/\s*\n+\s*/g, ' ');
    expect(cells(byTitle.get('task')!)).toEqual([
      [oneLine(HOSTILE_TASK), 'train'],
      ['plain task', 'test'],
    ]);
    expect(cells(byTitle.get('Model (act calls)')!)).toEqual([[HOSTILE_MODEL, '2']]);
    expect(cells(byTitle.get('App (package, per step)')!)).toEqual([[HOSTILE_APP, '4']]);
    expect(cells(byTitle.get('Action')!)).toEqual([['Box_Input', '4']]);
    // Every row of every table has exactly the header's cells.
    for (const t of tables(tokens)) for (const row of t.rows) expect(row).toHaveLength(t.header.length);
  });

  it('lets no user text start a heading, a list or a table, and quotes the search and the seed as written', () => {
    const headings = tokens.filter((t): t is Tokens.Heading => t.type === 'heading').map((t) => t.text);
    expect(headings).toEqual([
      'MobA Studio dataset',
      'Contents',
      'Tasks',
      'Sources',
      'Fields of a step record',
      "Actions in AndroidWorld's JSON schema",
      'Failure categories',
      'Loading',
      'Collection and licence',
    ]);
    const intro = tokens.find((t): t is Tokens.Paragraph => t.type === 'paragraph')!;
    expect(plain(intro.tokens)).toContain('Runs: task or id containing "alarm | a | b |"; strategy moba — 2 runs.');
    const splits = tokens.find(
      (t): t is Tokens.Paragraph => t.type === 'paragraph' && t.raw.startsWith('**Splits are by task'),
    )!;
    expect(splits.tokens.find((t) => t.type === 'codespan')).toMatchObject({ text: SEED });
  });
});

describe('markdown blocks', () => {
  it('fences a code span longer than the backticks inside it and pads one that starts with a backtick', () => {
    expect(code('a`b').text).toBe('``a`b``');
    expect(code('`x').text).toBe('`` `x ``');
    expect(marked.parseInline(code('a ``` b').text)).toBe('<code>a ``` b</code>');
  });

  it('escapes interpolated strings but not interpolated markdown, and separates blocks by one blank line', () => {
    const doc = renderMarkdown([
      { heading: 2, text: '#1 *best*' },
      { paragraph: md`Seed ${code('s')} for ${'a_b *c*'}.` },
      { list: ['x', md`**y**`] },
    ]);
    expect(doc).toBe('## \\#1 \\*best\\*\n\nSeed `s` for a_b \\*c\\*.\n\n- x\n- **y**\n');
  });
});
