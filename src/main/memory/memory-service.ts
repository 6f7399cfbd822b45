/**
 * MobA's memory: what the agent records while it runs (task nodes, actions with outcomes,
 * routes, answers, thoughts, reflections, pages, interactions), what people seed and edit (user
 * preferences, app descriptions, expert routes), and retrieval for each model call.
 *
 * Writes are synchronous SQLite transactions. Embeddings are computed lazily: `retrieve()`
 * embeds what is pending (up to a budget) before searching, and `embedPending()` backfills.
 */
import { MobaError } from '../../shared/errors.ts';
import {
  MEMORY_KINDS,
  MEMORY_SOURCES,
  MemoryListQuery as MemoryListQuerySchema,
  RetrievalRequest as RetrievalRequestSchema,
} from '../../shared/schemas/memory.ts';
import type {
  ImportSummary,
  MemoryChange,
  MemoryDraft,
  MemoryFile,
  MemoryItem,
  MemoryKind,
  MemoryListQuery,
  MemoryPage,
  MemorySource,
  MemoryStats,
  RetrievalPurpose,
  RetrievalRequest,
  RetrievalResult,
  RetrievalWeights,
} from '../../shared/schemas/memory.ts';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../store/database.ts';
import { Emitter } from '@moba/base';
import { EmbeddingStore } from './embeddings.ts';
import type { Embedder } from './embeddings.ts';
import { applyPatch, canonical, contentId, materialize, newId, parseDraft, serializeItem } from './items.ts';
import { isApproved, provenanceOf } from '../../shared/memory-provenance.ts';
import { ItemCache } from './item-cache.ts';
import { LexicalCache } from './lexical-cache.ts';
import { memoryFileOf, memoryFileText, parseMemoryFile } from './memory-file.ts';
import { MemoryStore } from './memory-store.ts';
import { retrieve } from './retriever.ts';
import { SemanticSearch } from './semantic-search.ts';
import * as W from './writers.ts';

export interface MemoryServiceOptions {
  db: Db;
  /** Called per retrieval, so a settings change applies at once; null = no embeddings (BM25). */
  embedder?: () => Embedder | null;
  /** For tests: the clock used for timestamps and recency. */
  now?: () => number;
}

/** Pending memories a retrieval embeds before searching; the rest wait for later calls or `embedPending`. */
const RETRIEVE_EMBED_BUDGET = 256;

export class MemoryService {
  private readonly db: Db;
  private readonly store: MemoryStore;
  private readonly embeddings: EmbeddingStore;
  private readonly lexical: LexicalCache;
  private readonly items: ItemCache;
  private readonly embedderOf: () => Embedder | null;
  private readonly now: () => number;
  private readonly onDidChangeEmitter = new Emitter<MemoryChange>();
  /** Fires after every committed change (records, edits, deletes, imports). */
  readonly onDidChange = this.onDidChangeEmitter.event;
  private readonly semantic: SemanticSearch;
  private dataVersion: number;
  private disposed = false;
  private dataVersionStmt: Statement<[], number> | undefined;
  private readonly runModels = new Map<string, string>();

  constructor(options: MemoryServiceOptions) {
    this.db = options.db;
    this.store = new MemoryStore(options.db);
    this.embeddings = new EmbeddingStore(options.db);
    this.lexical = new LexicalCache(this.store);
    this.items = new ItemCache(this.store);
    this.semantic = new SemanticSearch({
      store: this.store,
      embeddings: this.embeddings,
      checkForeignWrites: () => this.checkForeignWrites(),
      isDisposed: () => this.disposed,
    });
    this.embedderOf = options.embedder ?? (() => null);
    this.now = options.now ?? Date.now;
    this.dataVersion = this.readDataVersion();
  }

  // ── writers (the agent) ──────────────────────────────────────────────────────────────────

  /** A TaskNode of the run's tree; one per (run, node), so recording it again updates its status. @throws MobaError INVALID_INPUT */
  recordTaskNode(input: W.TaskNodeInput): MemoryItem {
    return this.record(W.taskNodeDraft(input), 'run', input.id ?? W.taskNodeId(input.runId, input.nodeId));
  }

  /** An ActionNode with its outcome (success history / failure history). @throws MobaError INVALID_INPUT */
  recordAction(input: W.ActionInput): MemoryItem {
    return this.record(W.actionDraft(input));
  }

  /** The ordered successful actions of a completed non-leaf node. @throws MobaError INVALID_INPUT */
  recordRoute(input: W.RouteInput): MemoryItem {
    return this.record(W.routeDraft(input));
  }

  /** An answer the agent gave; retrievable later in the run and in other tasks. @throws MobaError INVALID_INPUT */
  recordAnswer(input: W.AnswerInput): MemoryItem {
    return this.record(W.answerDraft(input));
  }

  /** Thought history: what the agent thought about a goal. @throws MobaError INVALID_INPUT */
  recordThought(input: W.ThoughtInput): MemoryItem {
    return this.record(W.thoughtDraft(input));
  }

  /** Reflection history: an execution reflection (after a failed action) or a plan reflection. @throws MobaError INVALID_INPUT */
  recordReflection(input: W.ReflectionInput): MemoryItem {
    return this.record(W.reflectionDraft(input));
  }

  /**
   * A plan: the node as a task node, its sub-goals as task nodes (when their ids are given) and
   * the planner's thought as a planning note. Returns what was written.
   */
  recordPlan(input: W.PlanInput): MemoryItem[] {
    return this.recordMany(W.planDrafts(input));
  }

  /** User memory from a finished run: the task asked and the final answer. */
  recordInteraction(input: W.InteractionInput): MemoryItem {
    return this.record(W.interactionDraft(input));
  }

  /** A user preference learned in a run (source `run`); one per key, so learning it again updates it. */
  learnPreference(input: W.LearnedPreferenceInput): MemoryItem {
    const { draft, id } = W.learnedPreferenceDraft(input);
    return this.record(draft, 'run', id);
  }

  /** One observation per package + activity (+ screen key); re-recording updates it. */
  recordAppPage(input: W.AppPageInput): MemoryItem {
    const draft = W.appPageDraft(input);
    return this.record(draft, draft.source ?? 'run', W.pageId(draft));
  }

  /** A preference, fact or interaction entered by a person (source `manual` unless given). */
  addUserMemory(input: W.UserMemoryInput): MemoryItem {
    const draft = W.userDraft(input);
    return this.record(draft, draft.source ?? 'manual');
  }

  /** The description of an app; one per package (id `app:<package>`). */
  upsertAppDescription(input: W.AppDescriptionInput): MemoryItem {
    const draft = W.appDraft(input);
    return this.record(draft, draft.source ?? 'manual', `app:${draft.app}`);
  }

  // ── editor ───────────────────────────────────────────────────────────────────────────────

  /** Creates a memory of any kind. @throws MobaError INVALID_INPUT, CONFLICT when the id exists */
  create(draftInput: unknown, source: MemorySource = 'manual'): MemoryItem {
    const draft = parseDraft(draftInput);
    if (draft.id && this.store.get(draft.id))
      throw new MobaError('CONFLICT', `A memory with id ${draft.id} already exists.`);
    const item = this.write(
      [{ draft: this.stamped(draft, source), source, id: draft.id ?? newId(draft.kind) }],
      'create',
    )[0]!;
    return item;
  }

  /** @throws MobaError NOT_FOUND */
  get(id: string): MemoryItem {
    const found = this.store.get(id);
    if (!found) throw new MobaError('NOT_FOUND', `No memory ${id}.`);
    return found.item;
  }

  list(query: MemoryListQuery = {}): MemoryPage {
    const q = MemoryListQuerySchema.parse(query);
    return this.store.list(q);
  }

  count(filter: Omit<MemoryListQuery, 'limit' | 'offset' | 'order'> = {}): number {
    return this.store.list(MemoryListQuerySchema.parse({ ...filter, limit: 1 })).total;
  }

  /**
   * Changes fields of a memory (not its kind, id, source or creation time); `null` clears an
   * optional field. @throws MobaError NOT_FOUND, INVALID_INPUT
   */
  update(id: string, patch: Record<string, unknown>, options: { byRun?: boolean } = {}): MemoryItem {
    this.checkForeignWrites();
    const found = this.store.get(id);
    if (!found) throw new MobaError('NOT_FOUND', `No memory ${id}.`);
    let next = applyPatch(found.item, patch, this.now());
    if (options.byRun) {
      // What a run writes over a memory is not what a person approved; it says which model wrote it.
      const { approvedAt: _approvedAt, ...rest } = next;
      const model = next.runId ? this.runModels.get(next.runId) : undefined;
      next = canonical({ ...rest, ...(model ? { model } : {}) } as MemoryItem);
    }
    this.transaction(() => this.apply(found.item, next));
    this.fire('update', [id]);
    return next;
  }

  /** Deletes memories (and their embeddings); returns how many existed. */
  delete(ids: readonly string[]): number {
    this.checkForeignWrites();
    const gone: MemoryItem[] = [];
    this.transaction(() => {
      for (const id of ids) {
        const found = this.store.get(id);
        if (!found) continue;
        this.store.delete([id]);
        gone.push(found.item);
        this.lexical.onDelete(found.item);
        this.items.drop(found.seq);
        this.semantic.onDelete(found.seq);
      }
    });
    if (gone.length)
      this.fire(
        'delete',
        gone.map((m) => m.id),
      );
    return gone.length;
  }

  stats(): MemoryStats {
    const byKind = Object.fromEntries(MEMORY_KINDS.map((k) => [k, 0])) as Record<MemoryKind, number>;
    for (const [k, n] of this.store.countBy('kind')) if (k in byKind) byKind[k as MemoryKind] = n;
    const bySource = Object.fromEntries(MEMORY_SOURCES.map((s) => [s, 0])) as Record<MemorySource, number>;
    for (const [s, n] of this.store.countBy('source')) if (s in bySource) bySource[s as MemorySource] = n;
    const total = Object.values(byKind).reduce((a, b) => a + b, 0);
    const embedder = this.embedderOf();
    const embedded = embedder ? this.embeddings.embeddedCount(embedder.model) : 0;
    return {
      total,
      byKind,
      bySource,
      embedder: { model: embedder?.model ?? null, embedded, pending: embedder ? Math.max(0, total - embedded) : 0 },
    };
  }

  /**
   * Imports a memory file (text or parsed JSON) in one transaction: all or nothing. Items keep
   * their ids; items without one get a content hash, so importing the same file twice changes
   * nothing. Items without a source become `expert`.
   * @throws MobaError MEMORY_IMPORT_INVALID naming the bad paths; nothing is written then.
   */
  importJson(input: unknown): ImportSummary {
    const file = parseMemoryFile(input);
    const summary: ImportSummary = { total: file.memories.length, inserted: 0, updated: 0, unchanged: 0 };
    this.write(
      file.memories.map((draft) => ({ draft, source: 'expert' as const })),
      'import',
      summary,
      true,
    );
    return summary;
  }

  /** All memories (or some kinds) as a memory file, in insertion order. */
  exportJson(options: { kinds?: readonly MemoryKind[]; description?: string } = {}): MemoryFile {
    return memoryFileOf(this.store.iterate(options.kinds ? { kinds: options.kinds } : {}), options.description);
  }

  exportText(options: { kinds?: readonly MemoryKind[]; description?: string } = {}): string {
    return memoryFileText(this.exportJson(options));
  }

  /**
   * App descriptions by package, for the app-selection prompt: never quarantined ones; with
   * `approvedOnly` only those a person vouched for; one a run wrote says so.
   */
  appDescriptions(options: { approvedOnly?: boolean } = {}): Record<string, string> {
    const out: Record<string, string> = {};
    for (const m of this.store.allOfClass('app', 1_000)) {
      const item = m.item;
      if (item.kind !== 'app' || item.app in out || item.quarantined || (options.approvedOnly && !isApproved(item)))
        continue;
      out[item.app] =
        `${item.name}: ${item.description}${item.source === 'run' ? ` (from ${provenanceOf(item)})` : ''}`;
    }
    return out;
  }

  /**
   * A person's verdict on memories — by id, or everything one run wrote: `approved` sets (or
   * withdraws) their approval, `quarantined` keeps them out of every prompt (or releases them).
   * @returns how many memories changed
   * @throws MobaError INVALID_INPUT without ids or a run, or without a verdict; NOT_FOUND for an unknown id
   */
  setTrust(input: {
    ids?: readonly string[] | undefined;
    runId?: string | undefined;
    approved?: boolean | undefined;
    quarantined?: boolean | undefined;
  }): number {
    if (!input.ids?.length && !input.runId)
      throw new MobaError('INVALID_INPUT', 'Name the memories (ids) or the run whose memories to change.');
    if (input.approved === undefined && input.quarantined === undefined)
      throw new MobaError('INVALID_INPUT', 'Say what to change: quarantined and/or approved.');
    this.checkForeignWrites();
    const targets = new Map<string, MemoryItem>();
    for (const id of input.ids ?? []) {
      const found = this.store.get(id);
      if (!found) throw new MobaError('NOT_FOUND', `No memory ${id}.`);
      targets.set(id, found.item);
    }
    if (input.runId) {
      for (let offset = 0; ; offset += 1_000) {
        const page = this.store.list({ runId: input.runId, order: 'oldest', limit: 1_000, offset });
        for (const m of page.items) targets.set(m.id, m);
        if (page.items.length < 1_000) break;
      }
    }
    const now = this.now();
    const changed: string[] = [];
    this.transaction(() => {
      for (const item of targets.values()) {
        const next = { ...item } as MemoryItem;
        if (input.approved === true) next.approvedAt = item.approvedAt ?? now;
        if (input.approved === false) delete next.approvedAt;
        if (input.quarantined === true) next.quarantined = true;
        if (input.quarantined === false) delete next.quarantined;
        if (this.apply(item, canonical(next)) !== 'unchanged') changed.push(item.id);
      }
    });
    if (changed.length) this.fire('update', changed);
    return changed.length;
  }

  /** Which model(s) a run uses, stamped on what it writes from now on (`model`). */
  noteRunModel(runId: string, model: string): void {
    this.runModels.set(runId, model);
  }

  // ── retrieval ────────────────────────────────────────────────────────────────────────────

  /**
   * The memories to give one model call, best first, with scores, signals and a reason each.
   * Embeds pending memories (up to a budget) and the query when an embedder is configured; if
   * the embedder fails, falls back to BM25 and says so in `warnings`.
   * @throws MobaError INVALID_INPUT for a malformed request; CANCELLED when `signal` aborts.
   */
  async retrieve(request: RetrievalRequest, signal?: AbortSignal): Promise<RetrievalResult> {
    const t0 = performance.now();
    const parsed = RetrievalRequestSchema.safeParse(request);
    if (!parsed.success)
      throw new MobaError(
        'INVALID_INPUT',
        `Invalid retrieval request: ${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      );
    this.checkForeignWrites();
    const warnings: string[] = [];
    const embedder = this.embedderOf();
    const semantic =
      embedder && parsed.data.query.trim()
        ? await this.semantic.context(embedder, parsed.data.query, RETRIEVE_EMBED_BUDGET, signal, warnings)
        : null;
    throwIfAborted(signal);
    if (this.disposed) throw new MobaError('CANCELLED', 'The memory service is closed.');
    this.checkForeignWrites();
    const result = retrieve(
      {
        store: this.store,
        corpus: () => this.lexical.corpus(),
        counts: (t) => this.lexical.counts(t),
        load: (seqs) => this.items.load(seqs),
        tokens: (seq, item) => this.items.tokens(seq, item),
        now: this.now,
      },
      parsed.data,
      semantic,
      warnings,
    );
    return { ...result, tookMs: Math.round((performance.now() - t0) * 100) / 100 };
  }

  /** What retrieval would give for a task, without a run (the editor's preview). */
  previewRetrieval(
    input: { task: string; purpose?: RetrievalPurpose; app?: string; k?: number; weights?: Partial<RetrievalWeights> },
    signal?: AbortSignal,
  ): Promise<RetrievalResult> {
    return this.retrieve(
      {
        purpose: input.purpose ?? 'plan',
        query: input.task,
        ...(input.app ? { app: input.app } : {}),
        ...(input.k ? { k: input.k } : {}),
        ...(input.weights ? { weights: input.weights } : {}),
      },
      signal,
    );
  }

  /**
   * Embeds memories that have no vector for the current embedder, newest first, up to `max`.
   * Concurrent callers share one pass. @returns how many were embedded and how many remain.
   * @throws MobaError MODEL_NOT_CONFIGURED without an embedder; the embedder's errors; CANCELLED.
   */
  async embedPending(
    options: { max?: number; signal?: AbortSignal } = {},
  ): Promise<{ embedded: number; remaining: number; model: string }> {
    const embedder = this.embedderOf();
    if (!embedder)
      throw new MobaError(
        'MODEL_NOT_CONFIGURED',
        'No embedder is configured (settings → models → embedder); memory uses BM25 only.',
      );
    const embedded = await this.semantic.embed(embedder, options.max ?? Number.POSITIVE_INFINITY, options.signal);
    return {
      embedded,
      remaining: this.semantic.remaining(embedder.model, () => this.store.stats().n),
      model: embedder.model,
    };
  }

  dispose(): void {
    this.disposed = true;
    this.onDidChangeEmitter.dispose();
    this.semantic.invalidate();
  }

  // ── internals ────────────────────────────────────────────────────────────────────────────

  private record(draft: MemoryDraft, source: MemorySource = 'run', id?: string): MemoryItem {
    return this.write(
      [{ draft: this.stamped(draft, source), source, id: id ?? draft.id ?? newId(draft.kind) }],
      'record',
    )[0]!;
  }

  private recordMany(drafts: Array<{ draft: MemoryDraft; id?: string }>): MemoryItem[] {
    return this.write(
      drafts.map((d) => ({
        draft: this.stamped(d.draft, 'run'),
        source: 'run' as const,
        id: d.id ?? d.draft.id ?? newId(d.draft.kind),
      })),
      'record',
    );
  }

  /** A run's draft with the model(s) of its run. */
  private stamped(draft: MemoryDraft, source: MemorySource): MemoryDraft {
    const model = source === 'run' && draft.runId && !draft.model ? this.runModels.get(draft.runId) : undefined;
    return model ? { ...draft, model } : draft;
  }

  /** Validates (drafts from writers are re-validated here), materializes and upserts in one transaction. */
  private write(
    entries: Array<{ draft: MemoryDraft; source: MemorySource; id?: string }>,
    reason: MemoryChange['reason'],
    summary?: ImportSummary,
    validated = false,
  ): MemoryItem[] {
    if (this.disposed) throw new MobaError('CANCELLED', 'The memory service is closed.');
    this.checkForeignWrites();
    const drafts = validated
      ? entries
      : entries.map((e, i) => ({
          ...e,
          draft: parseDraft(e.draft, entries.length > 1 ? `memory #${i + 1}` : 'memory'),
        }));
    const now = this.now();
    const out: MemoryItem[] = [];
    const changed: string[] = [];
    const bulk = drafts.length > 1_000;
    this.transaction(() => {
      for (const { draft, source, id } of drafts) {
        const key = draft.id ?? id ?? contentId(draft);
        const existing = this.store.get(key);
        const item = materialize(draft, { source, now, existing: existing?.item, id: key });
        const status = bulk ? this.store.upsert(item, serializeItem(item)).status : this.apply(existing?.item, item);
        if (summary) summary[status]++;
        if (status !== 'unchanged') changed.push(item.id);
        out.push(item);
      }
    });
    if (bulk && changed.length) {
      // Cheaper to re-read statistics once than to adjust them 100,000 times.
      this.lexical.invalidate();
      this.items.clear();
      this.semantic.invalidate();
    }
    if (changed.length) this.fire(reason, changed);
    return out;
  }

  /**
   * Runs `fn` in one SQLite transaction. The caches follow each write as it happens, so when the
   * transaction rolls back they are dropped (and rebuilt from the database on the next use).
   */
  private transaction<T>(fn: () => T): T {
    try {
      return this.store.transaction(fn);
    } catch (error) {
      this.lexical.invalidate();
      this.items.clear();
      this.semantic.invalidate();
      throw error;
    }
  }

  /** Upserts one item and keeps the caches and the vector index in step. Inside a transaction. */
  private apply(before: MemoryItem | undefined, item: MemoryItem): 'inserted' | 'updated' | 'unchanged' {
    const r = this.store.upsert(item, serializeItem(item));
    if (r.status === 'unchanged') return r.status;
    this.lexical.onWrite(before, item);
    this.items.drop(r.seq);
    this.semantic.onWrite(r.seq, r.keyChanged);
    return r.status;
  }

  private fire(reason: MemoryChange['reason'], ids: string[]): void {
    this.onDidChangeEmitter.fire({ reason, ids: ids.slice(0, 100), count: ids.length });
  }

  private readDataVersion(): number {
    // A prepared statement: `db.pragma()` would prepare one on every call.
    this.dataVersionStmt ??= this.db.prepare<[], number>('PRAGMA data_version').pluck();
    return this.dataVersionStmt.get()!;
  }

  /**
   * Another connection (the CLI, another window) committed: cached statistics and the index may
   * be stale. @returns whether that happened
   */
  private checkForeignWrites(): boolean {
    const v = this.readDataVersion();
    if (v === this.dataVersion) return false;
    this.dataVersion = v;
    this.lexical.invalidate();
    this.items.clear();
    this.semantic.invalidate();
    return true;
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new MobaError('CANCELLED', 'Memory retrieval was cancelled.');
}
