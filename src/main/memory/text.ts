/**
 * Tokens for full-text search. The FTS5 table stores text already normalised here (lower case,
 * no diacritics, CJK characters split, light plural folding), so the index's terms are exactly
 * the tokens this file produces: the retrieval code can ask FTS5 for a term's document
 * frequency and score candidates with the same BM25 in JavaScript.
 */

const WORD = /[\p{L}\p{N}]+/gu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const MARKS = /\p{M}+/gu;

/** Function words that carry no meaning in a goal; dropped from queries (still indexed). */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a an the and or but if then than so of to in on at by for from with into onto over under about as is are was were be been being ' +
    'it its this that these those there here i me my we our you your he she they them their his her him do does did done doing ' +
    'can could would should will shall may might must please just also very too not no yes what which who whom whose when where ' +
    'how why all any some each every both such only own same other more most up out off s t'
  ).split(' '),
);

/** Singular forms for English plurals (alarms → alarm, entries → entry); other tokens unchanged. */
export function fold(token: string): string {
  if (token.length <= 3 || /^\p{N}/u.test(token)) return token;
  if (token.endsWith('ies') && token.length > 4) return `${token.slice(0, -3)}y`;
  if (token.endsWith('sses')) return token.slice(0, -2);
  if (token.endsWith('s') && !token.endsWith('ss') && !token.endsWith('us') && !token.endsWith('is'))
    return token.slice(0, -1);
  return token;
}

/** The tokens of a text, in order, with repeats. */
export function tokenize(text: string): string[] {
  const words = text.normalize('NFKD').replace(MARKS, '').toLowerCase().match(WORD);
  if (!words) return [];
  const out: string[] = [];
  for (const w of words) {
    if (CJK.test(w)) {
      // Han/kana/Hangul runs have no spaces: each character is a token; Latin/digits inside stay whole.
      let latin = '';
      for (const ch of w) {
        if (CJK.test(ch)) {
          if (latin) out.push(fold(latin));
          latin = '';
          out.push(ch);
        } else latin += ch;
      }
      if (latin) out.push(fold(latin));
    } else out.push(fold(w));
  }
  return out;
}

/** What goes into an FTS5 column: the tokens joined by spaces. */
export function indexText(text: string): string {
  return tokenize(text).join(' ');
}

/**
 * The distinct meaningful terms of a query, in order of appearance, at most `max`. Stopwords and
 * single Latin letters are dropped unless nothing else is left.
 */
export function queryTerms(text: string, max = 16): string[] {
  const all = [...new Set(tokenize(text))];
  const meaningful = all.filter((t) => !STOPWORDS.has(t) && (t.length > 1 || /[\p{N}]/u.test(t) || CJK.test(t)));
  return (meaningful.length ? meaningful : all).slice(0, max);
}

/** A term as an FTS5 string literal (terms are letters and digits only, but quote anyway). */
export function ftsLiteral(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/** Tag tokens live in their own FTS5 column: `tags : (kaction)`; letters/digits only. */
export function tagToken(prefix: string, value: string): string {
  return `${prefix}${value.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

/** Cuts a text to `max` characters at a word boundary when it can, with an ellipsis. */
export function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}
