/**
 * Embedding vectors of memory keys, per embedding model, in SQLite (unit-length Float32 plus
 * the 1024-bit sketch), and the in-memory `VectorIndex` built from the sketches.
 */
import type { Statement } from 'better-sqlite3';
import { MobaError } from '../../shared/errors.ts';
import { MEMORY_SOURCES } from '../../shared/schemas/memory.ts';
import type { MemorySource } from '../../shared/schemas/memory.ts';
import type { ModelRole } from '../../shared/schemas/settings.ts';
import type { Db } from '../store/database.ts';
import { CLASS_CODE } from './memory-text.ts';
import type { MemoryClass } from './memory-text.ts';
import { float32FromBlob, int32FromBlob, normalized, sketchOf, toBlob } from './sketch.ts';
import { VectorIndex } from './vector-index.ts';

/**
 * What memory needs to embed texts. `model` names the vector space: vectors of different
 * models are never compared, and changing the model re-embeds lazily.
 */
export interface Embedder {
  /**
   * One vector per text, in order.
   * @throws whatever the model layer throws (MODEL_HTTP_ERROR, TIMEOUT…); CANCELLED when `signal` aborts.
   */
  embed(texts: string[], signal?: AbortSignal): Promise<number[][]>;
  readonly model: string;
}

/** The embedder role from settings through the model gateway; null when no embedder is configured. */
export function settingsEmbedder(
  settings: { endpointFor(role: ModelRole): { model: string } | null },
  gateway: { embed(request: { texts: string[]; signal?: AbortSignal; purpose?: string }): Promise<number[][]> },
): () => Embedder | null {
  return () => {
    const endpoint = settings.endpointFor('embedder');
    if (!endpoint) return null;
    return {
      model: endpoint.model,
      embed: (texts, signal) => gateway.embed({ texts, ...(signal ? { signal } : {}), purpose: 'memory' }),
    };
  };
}

export const SOURCE_CODE: Readonly<Record<MemorySource, number>> = Object.fromEntries(
  MEMORY_SOURCES.map((s, i) => [s, i]),
) as Record<MemorySource, number>;

export interface PendingText {
  seq: number;
  text: string;
}

interface IndexRowSql {
  seq: number;
  sketch: Buffer;
  class: string;
  source: string;
  app: string | null;
}

export class EmbeddingStore {
  private readonly db: Db;
  private readonly s: {
    pending: Statement<[number, string, number], { seq: number; key_text: string }>;
    embedded: Statement<[string], { n: number }>;
    save: Statement;
    dims: Statement<[string], { dims: number }>;
    indexRows: Statement<[string], IndexRowSql>;
    indexRow: Statement<[string, number], IndexRowSql>;
    vectors: Statement<[string, string], { seq: number; vector: Buffer }>;
  };

  constructor(db: Db) {
    this.db = db;
    this.s = {
      pending:
        db.prepare(`SELECT m.seq, m.key_text FROM memories m WHERE m.seq < ? AND NOT EXISTS (SELECT 1 FROM memory_vectors v WHERE v.seq = m.seq AND v.model = ?)
        ORDER BY m.seq DESC LIMIT ?`),
      embedded: db.prepare('SELECT count(*) AS n FROM memory_vectors WHERE model = ?'),
      // Only if the memory still exists with the key that was embedded (it may change while the call runs).
      save: db.prepare(`INSERT OR REPLACE INTO memory_vectors (seq, model, dims, sketch, vector)
        SELECT @seq, @model, @dims, @sketch, @vector WHERE EXISTS (SELECT 1 FROM memories WHERE seq = @seq AND key_text = @text)`),
      dims: db.prepare('SELECT dims FROM memory_vectors WHERE model = ? LIMIT 1'),
      indexRows: db.prepare(
        `SELECT v.seq, v.sketch, m.class, m.source, m.app FROM memory_vectors v JOIN memories m ON m.seq = v.seq WHERE v.model = ?`,
      ),
      indexRow: db.prepare(
        `SELECT v.seq, v.sketch, m.class, m.source, m.app FROM memory_vectors v JOIN memories m ON m.seq = v.seq WHERE v.model = ? AND v.seq = ?`,
      ),
      vectors: db.prepare(
        'SELECT seq, vector FROM memory_vectors WHERE model = ? AND seq IN (SELECT value FROM json_each(?))',
      ),
    };
  }

  /** Memories without a vector for `model`, newest first, below seq `before` (a scan cursor). */
  pending(model: string, limit: number, before = Number.MAX_SAFE_INTEGER): PendingText[] {
    return this.s.pending.all(before, model, limit).map((r) => ({ seq: r.seq, text: r.key_text }));
  }

  embeddedCount(model: string): number {
    return this.s.embedded.get(model)!.n;
  }

  storedDims(model: string): number | undefined {
    return this.s.dims.get(model)?.dims;
  }

  /**
   * Stores vectors for texts that are still current; returns the seqs stored.
   * @throws MobaError MODEL_REPLY_INVALID when a vector's size differs from the model's stored vectors.
   */
  save(
    model: string,
    items: ReadonlyArray<{ seq: number; text: string; vector: ArrayLike<number> }>,
  ): Array<{ seq: number; sketch: Int32Array }> {
    const expected = this.storedDims(model);
    const saved: Array<{ seq: number; sketch: Int32Array }> = [];
    this.db.transaction(() => {
      for (const it of items) {
        const dims = it.vector.length;
        if (dims === 0 || (expected !== undefined && dims !== expected)) {
          throw new MobaError(
            'MODEL_REPLY_INVALID',
            `The embedder "${model}" returned a ${dims}-dimensional vector; its stored vectors have ${expected ?? 'more than 0'} dimensions. Use a new model name when the dimension changes.`,
          );
        }
        const unit = normalized(it.vector);
        const sketch = sketchOf(unit);
        const r = this.s.save.run({
          seq: it.seq,
          model,
          dims,
          sketch: toBlob(sketch),
          vector: toBlob(unit),
          text: it.text,
        });
        if (r.changes > 0) saved.push({ seq: it.seq, sketch });
      }
    })();
    return saved;
  }

  /** Exact unit vectors of the given memories (those that have one). */
  vectors(model: string, seqs: readonly number[]): Map<number, Float32Array> {
    const out = new Map<number, Float32Array>();
    if (seqs.length === 0) return out;
    for (const r of this.s.vectors.all(model, JSON.stringify(seqs))) out.set(r.seq, float32FromBlob(r.vector));
    return out;
  }

  /** Builds the index of every vector of `model` (sketches only; ~128 bytes per memory). */
  loadIndex(model: string, dims: number): VectorIndex {
    const index = new VectorIndex(model, dims);
    for (const r of this.s.indexRows.iterate(model)) index.add(toIndexed(r));
    return index;
  }

  /** Re-reads one memory's index entry (after an edit changed its class, app or source). */
  refresh(index: VectorIndex, seq: number): void {
    index.remove(seq);
    const r = this.s.indexRow.get(index.model, seq);
    if (r) index.add(toIndexed(r));
  }
}

function toIndexed(r: IndexRowSql) {
  return {
    seq: r.seq,
    cls: CLASS_CODE[r.class as MemoryClass] ?? 0,
    source: SOURCE_CODE[r.source as MemorySource] ?? 0,
    app: r.app,
    sketch: int32FromBlob(r.sketch),
  };
}
