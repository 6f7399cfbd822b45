import { describe, expect, it } from 'vitest';
import { TERM_WINDOW, idf, lexicalCandidates, scoreTokens } from './bm25.ts';
import { tokenize } from './text.ts';

describe('BM25', () => {
  const ctx = (terms: Array<[string, number]>) => ({
    terms: terms.map(([term, df]) => ({ term, df, keyDf: df })),
    n: 1000,
    avgKeyLen: 6,
    avgBodyLen: 20,
  });

  it('weights rare terms above common ones and the key above the body', () => {
    const c = ctx([
      ['gym', 5],
      ['set', 600],
    ]);
    const rare = scoreTokens(tokenize('label the alarm gym'), [], c);
    const common = scoreTokens(tokenize('set the alarm time'), [], c);
    expect(rare.score).toBeGreaterThan(common.score * 3);
    expect(rare.matched).toEqual(['gym']);
    const inBody = scoreTokens(tokenize('label the alarm'), tokenize('gym'), c);
    expect(rare.score).toBeGreaterThan(inBody.score);
    expect(scoreTokens(tokenize('nothing relevant'), [], c)).toEqual({ score: 0, matched: [] });
    expect(idf(1000, 1)).toBeGreaterThan(idf(1000, 500));
  });

  it('finds candidates term at a time, rarest first, accumulating IDF, within the postings budget', () => {
    const lists: Record<string, number[]> = {
      gym: [50, 40, 7],
      alarm: [60, 50, 40, 30, 20, 10],
      set: Array.from({ length: 9000 }, (_, i) => 9000 - i),
    };
    const asked: Array<[string, number]> = [];
    const postings = (term: string, limit: number) => {
      asked.push([term, limit]);
      return (lists[term] ?? []).slice(0, limit);
    };
    const out = lexicalCandidates(
      [
        { term: 'set', df: 9000, keyDf: 9000 },
        { term: 'alarm', df: 6, keyDf: 6 },
        { term: 'gym', df: 3, keyDf: 3 },
        { term: 'zzz', df: 0, keyDf: 0 },
      ],
      10_000,
      postings,
      4,
    );
    // 50 and 40 hold gym and alarm; then gym alone (rarer) beats alarm alone; ties go to the newest;
    // "set" is read only up to its window, and its IDF is too low to matter.
    expect(out).toEqual([50, 40, 7, 60]);
    expect(asked.map((a) => a[0])).toEqual(['gym', 'alarm', 'set']);
    expect(asked[2]![1]).toBeLessThanOrEqual(TERM_WINDOW);
  });
});
