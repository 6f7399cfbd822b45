/**
 * Parsed items and their BM25 tokens by seq, so consecutive retrievals in a run (which see many
 * of the same candidates) do not parse JSON and tokenize the same texts again. Bounded; the
 * service drops an entry on every write to that memory and everything on foreign writes.
 */
import type { MemoryItem } from '../../shared/schemas/memory.ts';
import type { MemoryStore, StoredMemory } from './memory-store.ts';
import { bodyOf, keyOf } from './memory-text.ts';
import { tokenize } from './text.ts';

const MAX_ENTRIES = 20_000;

export interface Tokens {
  key: string[];
  body: string[];
}

interface Entry {
  item?: MemoryItem;
  tokens?: Tokens;
}

export class ItemCache {
  private readonly store: MemoryStore;
  private readonly entries = new Map<number, Entry>();

  constructor(store: MemoryStore) {
    this.store = store;
  }

  /** The stored memories for these seqs (missing ones are left out). */
  load(seqs: readonly number[]): StoredMemory[] {
    const out: StoredMemory[] = [];
    const missing: number[] = [];
    for (const seq of seqs) {
      const item = this.entries.get(seq)?.item;
      if (item) out.push({ seq, item });
      else missing.push(seq);
    }
    for (const m of this.store.bySeqs(missing)) {
      this.entry(m.seq).item = m.item;
      out.push(m);
    }
    return out;
  }

  tokens(seq: number, item: MemoryItem): Tokens {
    const e = this.entry(seq);
    e.tokens ??= { key: tokenize(keyOf(item)), body: tokenize(bodyOf(item)) };
    return e.tokens;
  }

  drop(seq: number): void {
    this.entries.delete(seq);
  }

  clear(): void {
    this.entries.clear();
  }

  private entry(seq: number): Entry {
    let e = this.entries.get(seq);
    if (!e) {
      if (this.entries.size >= MAX_ENTRIES) {
        // Oldest first: Map iteration follows insertion order.
        let n = MAX_ENTRIES / 4;
        for (const k of this.entries.keys()) {
          this.entries.delete(k);
          if (--n <= 0) break;
        }
      }
      e = {};
      this.entries.set(seq, e);
    }
    return e;
  }
}
