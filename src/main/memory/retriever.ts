/**
 * One retrieval: relation-based candidates (the run's last action, this node's last success and
 * failure, the parent goal, answers earlier in the run, the current page), content-based
 * candidates (BM25 over FTS5 posting lists for all selectors at once, see bm25.ts; the vector
 * index per selector when an embedder is configured, see vector-index.ts; every memory of a
 * class small enough to score whole), all scored on the same four signals and fused:
 *
 *     score = (w_rel·relation + w_sem·semantic + w_lex·lexical + w_rec·recency) / Σ w (active)
 *
 * relation ∈ [0,1] from `RELATION_SCORES`; semantic = max(0, exact cosine); lexical = BM25 /
 * best BM25 among the candidates; recency = exp(−age / 30 days). Default weights
 * (`DEFAULT_RETRIEVAL_WEIGHTS`): relation 1, semantic 1, lexical 0.5, recency 0.05. Without
 * embeddings the semantic signal is inactive and its weight moves to lexical (1.5), so
 * relation : content stays the same. Only candidates with a relation, a matched term or a
 * cosine ≥ 0.2 are kept. Items are then taken best first: relation items (relation ≥ 0.5)
 * regardless of their selector's cap, others within their selector's cap, and leftovers fill
 * any room up to k.
 */
import type { z } from 'zod';
import type {
  MemoryItem,
  RelationType,
  RetrievalResult,
  RetrievalSignals,
  RetrievalWeights,
  RetrievedMemory,
} from '../../shared/schemas/memory.ts';
import { DEFAULT_RETRIEVAL_WEIGHTS } from '../../shared/schemas/memory.ts';
import type { RetrievalRequest as RetrievalRequestSchema } from '../../shared/schemas/memory.ts';
import { keyMatch, lexicalCandidates, scoreTokens } from './bm25.ts';
import type { LexicalContext, TermStats } from './bm25.ts';
import { SOURCE_CODE } from './embeddings.ts';
import { CLASS_CODE, classOf, summaryOf } from './memory-text.ts';
import type { MemoryClass } from './memory-text.ts';
import { tagFilter } from './memory-store.ts';
import type { CorpusStats, MemoryStore, StoredMemory, TermCounts } from './memory-store.ts';
import { RELATION_SCORES, RELATION_WHY, profileFor } from './profiles.ts';
import type { Selector } from './profiles.ts';
import { dot } from './sketch.ts';
import { isApproved } from '../../shared/memory-provenance.ts';
import { queryTerms } from './text.ts';
import type { IndexSelector, VectorIndex } from './vector-index.ts';
import type { Tokens } from './item-cache.ts';

const DAY = 86_400_000;
/** Candidates per selector from each content source. */
const PER_SOURCE = 24;
/** Rows per selector kept by the vector index's first (256-bit) pass. */
export const PREFILTER = 1_500;
/** A selector with at most this many memories is scored whole (e.g. all app descriptions). */
const SMALL_CLASS = 60;
/** Below this cosine an embedding match does not count as a reason to include an item. */
export const MIN_COSINE = 0.2;
/** Candidates whose cosine is computed exactly (from SQLite vectors) after a first ranking on sketch estimates. */
const EXACT_RERANK = 24;
/** Relation at or above this bypasses the selector caps. */
const RELATION_PRIORITY = 0.5;

export interface SemanticContext {
  model: string;
  query: Float32Array;
  querySketch: Int32Array;
  index: VectorIndex;
  /** Exact unit vectors (read from SQLite). */
  vectors(seqs: readonly number[]): Map<number, Float32Array>;
  /** Cosines estimated from the sketches in memory (±0.05), for memories that have a vector. */
  estimate(seqs: readonly number[]): Map<number, number>;
}

export interface RetrieverDeps {
  store: MemoryStore;
  corpus(): CorpusStats;
  counts(term: string): TermCounts;
  /** Stored memories by seq (cached). */
  load(seqs: readonly number[]): StoredMemory[];
  /** BM25 tokens of a memory's key and body (cached). */
  tokens(seq: number, item: MemoryItem): Tokens;
  now(): number;
}

interface Candidate {
  seq: number;
  item: MemoryItem;
  selector: number;
  relation: number;
  relationType: RelationType | null;
  semantic: number | null;
  lexical: number;
  matched: string[];
}

/** A request after validation (defaults applied). */
export type ParsedRetrievalRequest = z.output<typeof RetrievalRequestSchema>;
type ParsedRequest = ParsedRetrievalRequest;

/** The weights a retrieval uses: defaults, the request's overrides, semantic moved to lexical when inactive. */
export function effectiveWeights(
  partial: Partial<RetrievalWeights> | undefined,
  semanticActive: boolean,
): RetrievalWeights {
  const w = { ...DEFAULT_RETRIEVAL_WEIGHTS, ...partial };
  return semanticActive ? w : { ...w, lexical: w.lexical + w.semantic, semantic: 0 };
}

/**
 * Ranks memories for a request. Synchronous: the caller embeds the query first (`semantic`).
 * @param warnings messages gathered so far (embedder problems); returned in the result.
 */
export function retrieve(
  deps: RetrieverDeps,
  req: ParsedRequest,
  semantic: SemanticContext | null,
  warnings: string[],
): RetrievalResult {
  const t0 = performance.now();
  const profile = profileFor(req.purpose, req.filter?.kinds, req.k);
  const weights = effectiveWeights(req.weights, semantic !== null);
  const pool = new CandidatePool(req, profile.selectors);

  // 1. Relations to the current run.
  for (const hit of relationHits(deps.store, req, profile.relations)) {
    const c = pool.add(hit.memory, true);
    if (c && hit.score > c.relation) {
      c.relation = hit.score;
      c.relationType = hit.type;
    }
  }
  // 2. Content: FTS5, the vector index, and whole small classes.
  const lexCtx = addContent(pool, deps, req, semantic);
  // 3. Every candidate gets every signal.
  const all = [...pool.candidates.values()];
  const bestLexical = scoreCandidates(all, deps, lexCtx, req, semantic);
  const now = deps.now();
  if (semantic) rescoreExactly(all, semantic, { weights, bestLexical, now, k: req.k }, warnings);

  // 4. Fuse and pick.
  const scored: Scored[] = all
    .map((c) => ({
      c,
      signals: signalsOf(c, bestLexical, now, semantic !== null),
      score: fused(c, weights, bestLexical, now),
    }))
    .filter(({ c }) => c.relation > 0 || c.matched.length > 0 || (c.semantic ?? 0) >= MIN_COSINE)
    .sort((a, b) => b.score - a.score || b.c.seq - a.c.seq);
  return {
    purpose: req.purpose,
    items: pick(scored, profile.selectors, req.k).map(retrieved),
    contentMode: semantic ? 'embedding' : 'bm25',
    embedderModel: semantic?.model ?? null,
    weights,
    candidates: all.length,
    warnings,
    tookMs: round(performance.now() - t0),
  };
}

/**
 * The candidates of one retrieval, by seq. Content candidates outside every selector (or its
 * app scope) are dropped; relations may be of any class. Page observations for `act` are
 * scoped to the foreground app, whichever source finds them.
 */
class CandidatePool {
  readonly candidates = new Map<number, Candidate>();
  readonly selectors: readonly Selector[];
  /** Each selector's app scope (undefined: any app). */
  readonly scoped: Array<string[] | undefined>;
  private readonly scopedSets: Array<Set<string> | null>;
  private readonly accept: (item: MemoryItem) => boolean;
  private readonly classSelector = new Map<MemoryClass, number>();

  constructor(req: ParsedRequest, selectors: readonly Selector[]) {
    this.selectors = selectors;
    this.accept = filterOf(req);
    selectors.forEach((s, i) => s.classes.forEach((c) => this.classSelector.has(c) || this.classSelector.set(c, i)));
    this.scoped = selectors.map((s) => scopeOf(s, req));
    this.scopedSets = this.scoped.map((apps) => (apps ? new Set(apps) : null));
  }

  add(m: StoredMemory, relation = false): Candidate | undefined {
    if (!this.accept(m.item)) return undefined;
    let c = this.candidates.get(m.seq);
    if (!c) {
      const selector = this.classSelector.get(classOf(m.item)) ?? -1;
      if (!relation && (selector < 0 || !inScope(this.scopedSets[selector], m.item))) return undefined;
      c = {
        seq: m.seq,
        item: m.item,
        selector,
        relation: 0,
        relationType: null,
        semantic: null,
        lexical: 0,
        matched: [],
      };
      this.candidates.set(m.seq, c);
    }
    return c;
  }
}

/** Content candidates: whole small classes, FTS5 posting lists, the vector index. Returns the query's BM25 context. */
function addContent(
  pool: CandidatePool,
  deps: RetrieverDeps,
  req: ParsedRequest,
  semantic: SemanticContext | null,
): LexicalContext {
  const { selectors } = pool;
  const corpus = deps.corpus();
  const terms: TermStats[] = queryTerms(req.query).map((term) => {
    const c = deps.counts(term);
    return { term, df: c.doc, keyDf: c.key };
  });
  const seqs = new Set<number>();
  selectors.forEach((s) => {
    const population = s.classes.reduce((sum, c) => sum + (corpus.byClass.get(c) ?? 0), 0);
    if (population > 0 && population <= SMALL_CLASS)
      for (const c of s.classes) for (const m of deps.store.allOfClass(c, SMALL_CLASS)) pool.add(m);
  });
  // Term-at-a-time over FTS5 posting lists, for all selectors at once (a class filter inside
  // MATCH costs as much as the match); hard app/source filters go into MATCH so they cannot
  // starve the result.
  const hard = req.filter?.apps || req.filter?.sources ? tagFilter(null, req.filter.apps, req.filter.sources) : '';
  const postings = hard
    ? (term: string, limit: number) => deps.store.postings(keyMatch(term, hard), limit)
    : (term: string, limit: number) => deps.store.keyPostings(term, limit);
  for (const seq of lexicalCandidates(terms, corpus.n, postings, PER_SOURCE * (selectors.length + 1))) seqs.add(seq);
  if (semantic) {
    const indexSelectors: IndexSelector[] = selectors.map((s, i) => {
      const sel: IndexSelector = { classMask: s.classes.reduce((m, c) => m | (1 << CLASS_CODE[c]), 0) };
      const apps = pool.scoped[i];
      if (apps) sel.apps = apps;
      if (req.filter?.sources) sel.sourceMask = req.filter.sources.reduce((m, src) => m | (1 << SOURCE_CODE[src]), 0);
      return sel;
    });
    for (const list of semantic.index.search(semantic.querySketch, indexSelectors, {
      prefilter: PREFILTER,
      keep: PER_SOURCE,
    }))
      for (const seq of list) seqs.add(seq);
  }
  for (const m of deps.load([...seqs].filter((s) => !pool.candidates.has(s)))) pool.add(m);
  return { terms, n: corpus.n, avgKeyLen: corpus.avgKeyLen, avgBodyLen: corpus.avgBodyLen };
}

/**
 * BM25 for every candidate, cosines estimated from the sketches (no I/O), and the same-app
 * relation for `act`. Returns the best BM25 score (the lexical signal's scale).
 */
function scoreCandidates(
  all: Candidate[],
  deps: RetrieverDeps,
  lexCtx: LexicalContext,
  req: ParsedRequest,
  semantic: SemanticContext | null,
): number {
  let bestLexical = 0;
  const estimates = semantic ? semantic.estimate(all.map((c) => c.seq)) : null;
  for (const c of all) {
    const tokens = deps.tokens(c.seq, c.item);
    const lex = scoreTokens(tokens.key, tokens.body, lexCtx);
    c.lexical = lex.score;
    c.matched = lex.matched;
    if (lex.score > bestLexical) bestLexical = lex.score;
    if (estimates) {
      const e = estimates.get(c.seq);
      c.semantic = e === undefined ? null : Math.max(0, e);
    }
    if (
      req.purpose === 'act' &&
      req.app &&
      c.relation < RELATION_SCORES.same_app &&
      'app' in c.item &&
      c.item.app === req.app
    ) {
      c.relation = RELATION_SCORES.same_app;
      c.relationType = 'same_app';
    }
  }
  return bestLexical;
}

/** The exact vectors are read for the best candidates only (by the estimated scores), whose cosines are then exact. */
function rescoreExactly(
  all: Candidate[],
  semantic: SemanticContext,
  o: { weights: RetrievalWeights; bestLexical: number; now: number; k: number },
  warnings: string[],
): void {
  const first = all
    .map((c) => ({ c, score: fused(c, o.weights, o.bestLexical, o.now) }))
    .sort((a, b) => b.score - a.score);
  const exactFor = first.slice(0, Math.max(EXACT_RERANK, o.k * 3)).map((x) => x.c);
  const vectors = semantic.vectors(exactFor.map((c) => c.seq));
  for (const c of exactFor) {
    const v = vectors.get(c.seq);
    c.semantic = v ? Math.max(0, dot(semantic.query, v)) : null;
  }
  const missing = all.filter((c) => c.semantic === null).length;
  if (missing) warnings.push(`${missing} candidate memories have no embedding yet; their semantic score is 0.`);
}

function retrieved({ c, signals, score }: Scored): RetrievedMemory {
  return {
    id: c.item.id,
    kind: c.item.kind,
    score: round(score),
    signals: {
      relation: round(signals.relation),
      semantic: signals.semantic === null ? null : round(signals.semantic),
      lexical: round(signals.lexical),
      recency: round(signals.recency),
    },
    relation: c.relationType,
    why: whyOf(c),
    summary: summaryOf(c.item),
    memory: c.item,
  };
}

interface Scored {
  c: Candidate;
  signals: RetrievalSignals;
  score: number;
}

function signalsOf(c: Candidate, bestLexical: number, now: number, semanticActive: boolean): RetrievalSignals {
  return {
    relation: c.relation,
    semantic: semanticActive ? (c.semantic ?? 0) : null,
    lexical: bestLexical > 0 ? c.lexical / bestLexical : 0,
    recency: Math.exp(-Math.max(0, now - c.item.updatedAt) / (30 * DAY)),
  };
}

/** Σ wᵢ·sᵢ / Σ wᵢ (inactive signals have weight 0 in `w`). */
function fused(c: Candidate, w: RetrievalWeights, bestLexical: number, now: number): number {
  const s = signalsOf(c, bestLexical, now, w.semantic > 0);
  const total = w.relation + w.semantic + w.lexical + w.recency;
  return total > 0
    ? (w.relation * s.relation + w.semantic * (s.semantic ?? 0) + w.lexical * s.lexical + w.recency * s.recency) / total
    : 0;
}

function pick(scored: Scored[], selectors: readonly Selector[], k: number): Scored[] {
  const taken = new Array<number>(selectors.length).fill(0);
  const out: Scored[] = [];
  const used = new Set<number>();
  for (const s of scored) {
    if (out.length >= k) break;
    const sel = s.c.selector;
    if (s.c.relation >= RELATION_PRIORITY || (sel >= 0 && taken[sel]! < selectors[sel]!.max)) {
      out.push(s);
      used.add(s.c.seq);
      if (sel >= 0) taken[sel]!++;
    }
  }
  // Caps keep one kind from crowding out the others; when there is room, leftovers may fill it.
  for (const s of scored) {
    if (out.length >= k) break;
    if (!used.has(s.c.seq) && s.c.selector >= 0) out.push(s);
  }
  return out.sort((a, b) => b.score - a.score || b.c.seq - a.c.seq);
}

function whyOf(c: Candidate): string {
  const parts: string[] = [];
  if (c.relationType) parts.push(RELATION_WHY[c.relationType]);
  if (c.semantic !== null && c.semantic >= MIN_COSINE) parts.push(`similar (cos ${c.semantic.toFixed(2)})`);
  if (c.matched.length) parts.push(`matches: ${c.matched.slice(0, 6).join(', ')}`);
  return parts.join('; ') || 'recent';
}

function inScope(apps: Set<string> | null | undefined, item: MemoryItem): boolean {
  return !apps || ('app' in item && item.app !== undefined && apps.has(item.app));
}

function scopeOf(s: Selector, req: ParsedRequest): string[] | undefined {
  if (req.filter?.apps)
    return s.scopeToApp && req.app ? req.filter.apps.filter((a) => a === req.app) : [...req.filter.apps];
  return s.scopeToApp && req.app ? [req.app] : undefined;
}

function filterOf(req: ParsedRequest): (item: MemoryItem) => boolean {
  const kinds = req.filter?.kinds ? new Set(req.filter.kinds) : null;
  const apps = req.filter?.apps ? new Set(req.filter.apps) : null;
  const sources = req.filter?.sources ? new Set(req.filter.sources) : null;
  // Quarantined memories never reach a prompt; with approvedOnly, only what a person vouched for does.
  return (item) =>
    (req.includeQuarantined || !item.quarantined) &&
    (!req.approvedOnly || isApproved(item)) &&
    (!kinds || kinds.has(item.kind)) &&
    (!sources || sources.has(item.source)) &&
    (!apps || ('app' in item && item.app !== undefined && apps.has(item.app)));
}

interface RelationHit {
  memory: StoredMemory;
  type: RelationType;
  score: number;
}

function relationHits(store: MemoryStore, req: ParsedRequest, wanted: readonly RelationType[]): RelationHit[] {
  const on = new Set(wanted);
  const hits: RelationHit[] = [];
  const push = (type: RelationType, memories: StoredMemory[], decay = 1) =>
    memories.forEach((memory, i) => hits.push({ memory, type, score: RELATION_SCORES[type] * decay ** i }));
  const { runId, nodeId } = req;
  if (runId && nodeId) {
    if (on.has('last_success')) push('last_success', store.lastForNode(runId, nodeId, 'action:success', 1));
    if (on.has('last_failure')) push('last_failure', store.lastForNode(runId, nodeId, 'action:failure', 1));
    if (on.has('node_reflection')) {
      push('node_reflection', store.lastForNode(runId, nodeId, 'reflection:plan', 1));
      push('node_reflection', store.lastForNode(runId, nodeId, 'reflection:execution', 1));
    }
    if (on.has('parent_goal')) {
      const parentId = (store.taskNode(runId, nodeId)?.item as { parentNodeId?: string } | undefined)?.parentNodeId;
      const parent = parentId ? store.taskNode(runId, parentId) : undefined;
      if (parent) {
        push('parent_goal', [parent]);
        push('parent_goal', store.lastForNode(runId, parent.item.nodeId ?? '', 'reflection:plan', 1), 0.9);
      }
    }
  }
  if (runId && on.has('parent_goal') && req.parentGoal && !hits.some((h) => h.type === 'parent_goal')) {
    const parent = store
      .lastInRun(runId, ['task'], 200)
      .find((m) => m.item.kind === 'task' && m.item.goal === req.parentGoal);
    if (parent) push('parent_goal', [parent]);
  }
  if (runId) {
    if (on.has('last_action')) push('last_action', store.lastInRun(runId, ['action:success', 'action:failure'], 1));
    if (on.has('run_answer')) push('run_answer', store.lastInRun(runId, ['answer'], 5), 0.9);
  }
  if (on.has('current_page') && req.app && req.activity) {
    const page = store.page(req.app, req.activity);
    if (page) push('current_page', [page]);
  }
  return hits;
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
