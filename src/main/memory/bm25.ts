/**
 * Lexical retrieval: FTS5 is the inverted index, BM25 is computed here.
 *
 * Why not rank with FTS5's `bm25()`: it re-counts every query term's whole posting list on each
 * query (≈ 6 ms for a term in half of 100,000 memories) and then costs a few microseconds per
 * matching row (a `docsize` lookup each), so a query with a common word ("open", "tap") takes
 * 30–100 ms at 100k. Reading posting lists without ranking is ~20× cheaper per row. So:
 *   1. candidates, term at a time: for each query term, rarest first (by key-column frequency),
 *      the newest ≤ 2,500 memories whose key contains it (a position-less FTS5 index of keys),
 *      ≤ 8,000 postings in all; each
 *      memory accumulates the IDF of the terms it contains; the best by that sum (newest on
 *      ties) become candidates. A query made only of very common words thus looks at the
 *      newest memories containing them — bounded and recency-biased, where such words carry
 *      almost no IDF anyway.
 *   2. every candidate — from FTS5, the vector index or a relation — is scored with the same
 *      BM25F (key weighted 3, body 1, k1 = 1.2, b = 0.75, IDF from FTS5's vocabulary), so the
 *      fused lexical signal is comparable across sources.
 * The editor's search (`list({ search, order: 'relevance' })`) does use FTS5's `bm25()`.
 */
import { ftsLiteral } from './text.ts';

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;
export const KEY_WEIGHT = 3;
export const BODY_WEIGHT = 1;
/** Newest postings read per term. */
export const TERM_WINDOW = 2_500;
/** Postings read per query, all terms together. */
export const POSTINGS_BUDGET = 8_000;
/** Terms looked up per query (the rarest ones). */
export const MAX_MATCH_TERMS = 8;

export interface TermStats {
  term: string;
  /** Memories containing the term anywhere. */
  df: number;
  /** Memories containing it in the key column. */
  keyDf: number;
}

export interface LexicalContext {
  terms: TermStats[];
  n: number;
  avgKeyLen: number;
  avgBodyLen: number;
}

export function idf(n: number, df: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** `key : "term"`, optionally AND-ed with a tag filter. */
export function keyMatch(term: string, andFilter = ''): string {
  return andFilter ? `(key : ${ftsLiteral(term)}) AND ${andFilter}` : `key : ${ftsLiteral(term)}`;
}

/**
 * Term-at-a-time candidates (see the file comment).
 * @param postings the newest `limit` seqs whose key contains `term`
 * @returns up to `limit` seqs, best first
 */
export function lexicalCandidates(
  terms: readonly TermStats[],
  n: number,
  postings: (term: string, limit: number) => number[],
  limit: number,
): number[] {
  const present = terms
    .filter((t) => t.keyDf > 0)
    .sort((a, b) => a.keyDf - b.keyDf)
    .slice(0, MAX_MATCH_TERMS);
  const acc = new Map<number, number>();
  let budget = POSTINGS_BUDGET;
  for (const t of present) {
    if (budget <= 0) break;
    const rows = postings(t.term, Math.min(TERM_WINDOW, budget));
    budget -= rows.length;
    const w = idf(n, t.df);
    for (const seq of rows) acc.set(seq, (acc.get(seq) ?? 0) + w);
  }
  return topK(acc, limit);
}

/** The `k` highest entries (ties: higher key first), via a small min-heap. */
function topK(scores: Map<number, number>, k: number): number[] {
  const hs: number[] = [];
  const hv: number[] = [];
  const less = (i: number, j: number) => hv[i]! < hv[j]! || (hv[i] === hv[j] && hs[i]! < hs[j]!);
  const swap = (i: number, j: number) => {
    [hs[i], hs[j]] = [hs[j]!, hs[i]!];
    [hv[i], hv[j]] = [hv[j]!, hv[i]!];
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < hs.length && less(l, m)) m = l;
      if (r < hs.length && less(r, m)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (const [seq, v] of scores) {
    if (hs.length < k) {
      hs.push(seq);
      hv.push(v);
      for (let i = hs.length - 1; i > 0; ) {
        const p = (i - 1) >> 1;
        if (!less(i, p)) break;
        swap(i, p);
        i = p;
      }
    } else if (v > hv[0]! || (v === hv[0] && seq > hs[0]!)) {
      hs[0] = seq;
      hv[0] = v;
      down(0);
    }
  }
  return hs
    .map((s, i) => [s, hv[i]!] as const)
    .sort((a, b) => b[1] - a[1] || b[0] - a[0])
    .map((e) => e[0]);
}

export interface LexicalScore {
  score: number;
  matched: string[];
}

function counts(tokens: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of tokens) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

/** BM25 of one memory (its key and body tokens) against the query terms. */
export function scoreTokens(
  keyTokens: readonly string[],
  bodyTokens: readonly string[],
  ctx: LexicalContext,
): LexicalScore {
  if (ctx.terms.length === 0) return { score: 0, matched: [] };
  const kc = counts(keyTokens);
  const bc = counts(bodyTokens);
  const kNorm = 1 - BM25_B + BM25_B * (keyTokens.length / Math.max(ctx.avgKeyLen, 1));
  const bNorm = 1 - BM25_B + BM25_B * (bodyTokens.length / Math.max(ctx.avgBodyLen, 1));
  let score = 0;
  const matched: string[] = [];
  for (const { term, df } of ctx.terms) {
    const tk = kc.get(term) ?? 0;
    const tb = bc.get(term) ?? 0;
    if (tk === 0 && tb === 0) continue;
    const tf = (KEY_WEIGHT * tk) / kNorm + (BODY_WEIGHT * tb) / bNorm;
    score += idf(Math.max(ctx.n, df), df) * ((tf * (BM25_K1 + 1)) / (tf + BM25_K1));
    matched.push(term);
  }
  return { score, matched };
}
