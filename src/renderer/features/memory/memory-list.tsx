/** The Memory page's left side: kinds with their counts, the source filter, and the list of memories. */
import { MEMORY_KINDS, MEMORY_SOURCES } from '../../../shared/schemas/memory.ts';
import type {
  MemoryKind,
  MemoryPage as MemoryPageData,
  MemorySource,
  MemoryStats,
} from '../../../shared/schemas/memory.ts';
import { plural } from '../../../shared/plural.ts';
import { EmptyState } from '../../ui/panel.tsx';
import { KIND_LABEL, memoryTitle } from './memory-form.ts';

const SOURCE_LABEL: Record<MemorySource, string> = {
  run: 'recorded by runs',
  expert: 'expert seeds & demos',
  manual: 'entered by hand',
  benchmark: 'benchmark task user facts',
};

export function KindNav({
  kind,
  setKind,
  source,
  setSource,
  stats,
}: {
  kind: MemoryKind | '';
  setKind(k: MemoryKind | ''): void;
  source: MemorySource | '';
  setSource(s: MemorySource | ''): void;
  stats: MemoryStats | null;
}) {
  return (
    <nav className="memory-kinds" aria-label="Kinds of memory">
      <button type="button" className={kind === '' ? 'on' : ''} onClick={() => setKind('')}>
        All <span className="tab-count">{stats?.total ?? ''}</span>
      </button>
      {MEMORY_KINDS.map((k) => (
        <button type="button" key={k} className={kind === k ? 'on' : ''} onClick={() => setKind(k)} data-kind={k}>
          {KIND_LABEL[k]} <span className="tab-count">{stats?.byKind[k] ?? 0}</span>
        </button>
      ))}
      <label className="field compact memory-source">
        <span className="field-label">Source</span>
        <select value={source} onChange={(e) => setSource(e.target.value as MemorySource | '')} name="memory.source">
          <option value="">Any</option>
          {MEMORY_SOURCES.map((s) => (
            <option key={s} value={s}>
              {SOURCE_LABEL[s]}
            </option>
          ))}
        </select>
      </label>
      {stats?.embedder.model ? (
        <p className="muted small">
          Embeddings: {stats.embedder.model} ({stats.embedder.pending} pending)
        </p>
      ) : (
        <p className="muted small">No embedder: search by keywords (BM25).</p>
      )}
    </nav>
  );
}

export function MemoryList({
  search,
  setSearch,
  empty,
  loading,
  data,
  selectedId,
  open,
  more,
}: {
  search: string;
  setSearch(s: string): void;
  empty: boolean;
  loading: boolean;
  data: MemoryPageData | undefined;
  selectedId: string | undefined;
  open(id: string): void;
  more(): void;
}) {
  return (
    <div className="memory-list-col">
      <input
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Search every field…"
        aria-label="Search memories"
        name="memory.search"
      />
      {empty ? (
        <EmptyState title="No memories yet">
          <p>
            Runs add task memory (routes, successful and failed actions with reflections), answers and app pages as they
            go. Seed expert memories for a warm start: <strong>Import…</strong> a JSON file such as{' '}
            <code>resources/memory/example-seed.json</code>, or record a demonstration.
          </p>
        </EmptyState>
      ) : (
        <>
          <p className="muted small" aria-live="polite">
            {loading ? <span className="spinner" aria-hidden="true" /> : null}{' '}
            {data ? plural(data.total, 'memory', 'memories') : ''}
          </p>
          <ul className="memory-list" data-testid="memory-list">
            {data?.items.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  className={`memory-row ${m.id === selectedId ? 'selected' : ''}`}
                  onClick={() => open(m.id)}
                  data-memory={m.id}
                >
                  <span className={`chip kind-${m.kind}`}>{m.kind}</span>
                  <span className="memory-row-title">{memoryTitle(m)}</span>
                  <span className="memory-row-meta muted">
                    {m.source}
                    {m.model ? ` · ${m.model}` : ''}
                    {'app' in m && m.app ? ` · ${m.app}` : ''}
                    {m.quarantined ? ' · quarantined' : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {data && data.total > data.items.length ? (
            <button type="button" className="btn load-more" onClick={more}>
              Show more
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
