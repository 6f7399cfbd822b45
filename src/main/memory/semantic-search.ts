/**
 * The embedding side of memory: which memories still need a vector for the current embedder,
 * embedding them in batches (one pass at a time, however many callers ask), the in-memory
 * `VectorIndex` for that embedder, and the query context a retrieval ranks with.
 */
import { MobaError, errorMessage } from '../../shared/errors.ts';
import type { EmbeddingStore, Embedder } from './embeddings.ts';
import type { MemoryStore } from './memory-store.ts';
import { keyOf } from './memory-text.ts';
import type { SemanticContext } from './retriever.ts';
import { normalized, sketchOf } from './sketch.ts';
import type { VectorIndex } from './vector-index.ts';

/** Texts embedded per request to the embedder. */
const EMBED_BATCH = 64;

export interface SemanticSearchOptions {
  store: MemoryStore;
  embeddings: EmbeddingStore;
  /** The owner's check for other connections' commits; true when it invalidated everything. */
  checkForeignWrites: () => boolean;
  isDisposed: () => boolean;
}

export class SemanticSearch {
  private readonly o: SemanticSearchOptions;
  private index: VectorIndex | null = null;
  /** Seqs written by this process that need a vector; `pendingUnknown` = others may exist too. */
  private readonly pendingSeqs = new Set<number>();
  private pendingUnknown = true;
  private pendingModel: string | null = null;
  private embedding: Promise<unknown> | null = null;

  constructor(options: SemanticSearchOptions) {
    this.o = options;
  }

  /** After an upsert inside a transaction: a new or changed key needs a new vector. */
  onWrite(seq: number, keyChanged: boolean): void {
    if (keyChanged) {
      this.index?.remove(seq);
      this.pendingSeqs.add(seq);
    } else if (this.index) this.o.embeddings.refresh(this.index, seq);
  }

  onDelete(seq: number): void {
    this.index?.remove(seq);
    this.pendingSeqs.delete(seq);
  }

  /** Forget the index and what is pending (foreign writes, rolled-back or bulk writes). */
  invalidate(): void {
    this.index = null;
    this.pendingUnknown = true;
  }

  /** How many memories still lack a vector of `model`. */
  remaining(model: string, total: () => number): number {
    return this.pendingUnknown || this.pendingModel !== model
      ? Math.max(0, total() - this.o.embeddings.embeddedCount(model))
      : this.pendingSeqs.size;
  }

  /**
   * Embeds up to `budget` pending memories, then the query; null (with a warning) when the
   * embedder fails, so retrieval goes on with BM25.
   * @throws MobaError CANCELLED when `signal` aborts
   */
  async context(
    embedder: Embedder,
    query: string,
    budget: number,
    signal: AbortSignal | undefined,
    warnings: string[],
  ): Promise<SemanticContext | null> {
    try {
      await this.embed(embedder, budget, signal);
      if (this.pendingUnknown || this.pendingSeqs.size) {
        warnings.push(
          `Some memories are not embedded yet for ${embedder.model}; they are found by BM25 until \`moba memory embed\` or later retrievals embed them.`,
        );
      }
      const [raw] = await embedder.embed([query], signal);
      if (!raw || raw.length === 0)
        throw new MobaError('MODEL_REPLY_INVALID', 'The embedder returned no vector for the query.');
      const q = normalized(raw);
      const index = this.indexFor(embedder.model, q.length);
      const querySketch = sketchOf(q);
      return {
        model: embedder.model,
        query: q,
        querySketch,
        index,
        vectors: (seqs) => this.o.embeddings.vectors(embedder.model, seqs),
        estimate: (seqs) => index.estimateCosines(querySketch, seqs),
      };
    } catch (error) {
      if (signal?.aborted) throw new MobaError('CANCELLED', 'Memory retrieval was cancelled.', { cause: error });
      warnings.push(
        `The embedder ${embedder.model} failed (${errorMessage(error)}); content similarity used BM25 only.`,
      );
      return null;
    }
  }

  /**
   * Embeds memories without a vector of the embedder's model, newest first, up to `max`.
   * Concurrent callers take turns. @returns how many were sent to the embedder
   */
  async embed(embedder: Embedder, max: number, signal: AbortSignal | undefined): Promise<number> {
    // Wait for the pass in flight; its failure is its own caller's to handle, not ours.
    while (this.embedding) await this.embedding.catch(() => undefined);
    const run = this.embedLoop(embedder, max, signal);
    this.embedding = run;
    try {
      return await run;
    } finally {
      this.embedding = null;
    }
  }

  /** @throws MobaError MODEL_REPLY_INVALID when the query's size differs from the stored vectors. */
  private indexFor(model: string, dims: number): VectorIndex {
    this.o.checkForeignWrites();
    if (this.index && this.index.model === model && this.index.dims === dims) return this.index;
    const stored = this.o.embeddings.storedDims(model);
    if (stored !== undefined && stored !== dims) {
      throw new MobaError(
        'MODEL_REPLY_INVALID',
        `The embedder ${model} returned ${dims} dimensions; memory holds ${stored}-dimensional vectors for it.`,
      );
    }
    this.index = this.o.embeddings.loadIndex(model, dims);
    return this.index;
  }

  private async embedLoop(embedder: Embedder, max: number, signal: AbortSignal | undefined): Promise<number> {
    const { store, embeddings } = this.o;
    const model = embedder.model;
    if (this.index && this.index.model !== model) this.index = null;
    if (this.pendingModel !== model) {
      // Pending is per model: everything may lack a vector of a new model.
      this.pendingModel = model;
      this.pendingUnknown = true;
    }
    let done = 0;
    // The scan walks down from the newest memory; a cursor keeps it linear.
    let cursor = Number.MAX_SAFE_INTEGER;
    while (done < max) {
      if (signal?.aborted) throw new MobaError('CANCELLED', 'Embedding memories was cancelled.');
      if (this.o.checkForeignWrites()) cursor = Number.MAX_SAFE_INTEGER;
      const want = Math.min(EMBED_BATCH, max - done);
      let batch: Array<{ seq: number; text: string }>;
      if (this.pendingUnknown) {
        batch = embeddings.pending(model, want, cursor);
        if (batch.length) cursor = batch[batch.length - 1]!.seq;
        if (batch.length < want) this.pendingUnknown = false;
      } else {
        const seqs = [...this.pendingSeqs].slice(-want);
        const rows = store.bySeqs(seqs);
        const present = new Set(rows.map((r) => r.seq));
        for (const s of seqs) if (!present.has(s)) this.pendingSeqs.delete(s);
        batch = rows.map((r) => ({ seq: r.seq, text: keyOf(r.item) }));
      }
      if (batch.length === 0) break;
      const vectors = await embedder.embed(
        batch.map((b) => b.text),
        signal,
      );
      if (vectors.length !== batch.length)
        throw new MobaError(
          'MODEL_REPLY_INVALID',
          `The embedder ${model} returned ${vectors.length} vectors for ${batch.length} texts.`,
        );
      if (this.o.isDisposed()) break;
      const saved = embeddings.save(
        model,
        batch.map((b, i) => ({ seq: b.seq, text: b.text, vector: vectors[i]! })),
      );
      // A memory whose key changed while its text was being embedded stays pending.
      for (const s of saved) this.pendingSeqs.delete(s.seq);
      if (this.index && this.index.model === model) for (const s of saved) embeddings.refresh(this.index, s.seq);
      done += batch.length;
      if (saved.length === 0) break;
    }
    return done;
  }
}
