/**
 * Corpus statistics and the FTS5 vocabulary (document frequency of every term, overall and in
 * keys) for BM25, read once per process and kept exact under this process's own
 * writes (each write adjusts the numbers), so a run that records a memory between every
 * retrieval never re-reads the index. Reading one term's frequency from FTS5 costs time in
 * proportion to its posting list (≈ 6 ms for a term in half of 100,000 memories); reading the
 * whole vocabulary costs ≈ 0.5 s once. Another connection's writes are caught by the owner
 * (SQLite's `data_version`), which calls `invalidate()`.
 */
import type { MemoryItem } from '../../shared/schemas/memory.ts';
import type { CorpusStats, MemoryStore, TermCounts } from './memory-store.ts';
import { bodyOf, classOf, keyOf, tagsOf } from './memory-text.ts';
import { tokenize } from './text.ts';

const NONE: TermCounts = { doc: 0, key: 0 };

export class LexicalCache {
  private readonly store: MemoryStore;
  private stats: { n: number; keySum: number; bodySum: number; byClass: CorpusStats['byClass'] } | null = null;
  private vocab: Map<string, TermCounts> | null = null;

  constructor(store: MemoryStore) {
    this.store = store;
  }

  corpus(): CorpusStats {
    if (!this.stats) {
      const s = this.store.stats();
      this.stats = { n: s.n, keySum: s.avgKeyLen * s.n, bodySum: s.avgBodyLen * s.n, byClass: s.byClass };
    }
    const { n, keySum, bodySum, byClass } = this.stats;
    return { n, avgKeyLen: n ? keySum / n : 0, avgBodyLen: n ? bodySum / n : 0, byClass };
  }

  /** How many memories contain `term`: anywhere (`doc`), in the key, in the body. */
  counts(term: string): TermCounts {
    this.vocab ??= this.store.vocabulary();
    return this.vocab.get(term) ?? NONE;
  }

  /** After this process replaced `before` (if any) by `after`. */
  onWrite(before: MemoryItem | undefined, after: MemoryItem): void {
    if (before) this.account(before, -1);
    this.account(after, 1);
  }

  onDelete(item: MemoryItem): void {
    this.account(item, -1);
  }

  invalidate(): void {
    this.stats = null;
    this.vocab = null;
  }

  private account(item: MemoryItem, sign: 1 | -1): void {
    const key = tokenize(keyOf(item));
    const body = tokenize(bodyOf(item));
    if (this.stats) {
      this.stats.n += sign;
      this.stats.keySum += sign * key.length;
      this.stats.bodySum += sign * body.length;
      const cls = classOf(item);
      this.stats.byClass.set(cls, (this.stats.byClass.get(cls) ?? 0) + sign);
    }
    if (!this.vocab) return;
    const inKey = new Set(key);
    // FTS5 counts a document once per term across all columns, tags included.
    for (const t of new Set([...inKey, ...body, ...tagsOf(item).split(' ')])) {
      const c = this.vocab.get(t) ?? { doc: 0, key: 0 };
      c.doc += sign;
      if (inKey.has(t)) c.key += sign;
      if (c.doc <= 0) this.vocab.delete(t);
      else this.vocab.set(t, c);
    }
  }
}
