import { useEffect, useMemo, useRef, useState } from 'react';
import { MEMORY_KINDS, MEMORY_SOURCES } from '../../../shared/schemas/memory.ts';
import type {
  MemoryItem,
  MemoryKind,
  MemoryPage as MemoryPageData,
  MemorySource,
  MemoryStats,
} from '../../../shared/schemas/memory.ts';
import { navigate, useRoute } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { Panel, EmptyState } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { connectDeviceFeed } from '../../state/device-store.ts';
import { DemoPanel } from './demo-panel.tsx';
import { memoryApi } from './memory-api.ts';
import { MemoryEditor } from './memory-editor.tsx';
import { KIND_LABEL, memoryTitle } from './memory-form.ts';
import { RetrievalPreview } from './retrieval-preview.tsx';
import { downloadJson } from '../../ui/download.ts';
import './memory.css';

const PAGE = 100;

type Side = 'item' | 'preview' | 'demo';

/** Browse, search, edit and delete memories; import and export; preview retrieval; record demonstrations. */
export function MemoryPage() {
  const client = useClient();
  const api = useMemo(() => memoryApi(client), [client]);
  const route = useRoute();
  const selectedId = route.params[0];
  const [kind, setKind] = useState<MemoryKind | ''>('');
  const [source, setSource] = useState<MemorySource | ''>('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [version, setVersion] = useState(0);
  const [page, setPage] = useState<{ key: string; data: MemoryPageData } | null>(null);
  const [stats, setStats] = useState<MemoryStats | null>(null);
  const [item, setItem] = useState<MemoryItem | null>(null);
  const [side, setSide] = useState<Side>('item');
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const key = JSON.stringify([kind, source, query, limit, version]);

  useEffect(() => connectDeviceFeed(client), [client]);
  useEffect(() => {
    const t = setTimeout(() => setQuery(search), 200);
    return () => clearTimeout(t);
  }, [search]);
  useEffect(() => api.onDidChange(() => setVersion((v) => v + 1)), [api]);
  useEffect(() => {
    let live = true;
    Promise.all([
      api.list({
        ...(kind ? { kind } : {}),
        ...(source ? { source } : {}),
        ...(query.trim() ? { search: query.trim(), order: 'relevance' as const } : {}),
        limit,
      }),
      api.stats(),
    ]).then(
      ([data, s]) => {
        if (!live) return;
        setPage({ key, data });
        setStats(s);
      },
      (e: unknown) => live && setNotice({ ok: false, text: toMobaError(e).message }),
    );
    return () => {
      live = false;
    };
  }, [api, kind, source, query, limit, version, key]);
  useEffect(() => {
    if (!selectedId) return;
    let live = true;
    api.get(selectedId).then(
      (m) => live && setItem(m),
      (e: unknown) => live && setNotice({ ok: false, text: toMobaError(e).message }),
    );
    return () => {
      live = false;
    };
  }, [api, selectedId, version]);

  const open = (id: string) => {
    setSide('item');
    navigate('memory', id);
  };

  const importFile = async (file: File) => {
    setBusy('Importing…');
    setNotice(undefined);
    try {
      const r = await api.importText(await file.text());
      setNotice({
        ok: true,
        text: `Imported ${file.name}: ${r.inserted} new, ${r.updated} updated, ${r.unchanged} unchanged (${r.total} in the file).`,
      });
      setVersion((v) => v + 1);
    } catch (e) {
      setNotice({ ok: false, text: toMobaError(e).message });
    } finally {
      setBusy(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  };
  const exportAll = async () => {
    setBusy('Exporting…');
    try {
      const file = await api.exportText();
      downloadJson(`moba-memory-${new Date().toISOString().slice(0, 10)}.json`, file.text);
      setNotice({ ok: true, text: `Exported ${file.count} memories.` });
    } catch (e) {
      setNotice({ ok: false, text: toMobaError(e).message });
    } finally {
      setBusy(null);
    }
  };

  const data = page?.data;
  const loading = page?.key !== key;
  const empty = stats !== null && stats.total === 0;
  const selected = item && item.id === selectedId ? item : null;
  const toolbar = (
    <div className="memory-toolbar">
      <input
        ref={fileRef}
        type="file"
        accept="application/json,.json"
        hidden
        onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])}
        data-testid="memory-import-file"
      />
      <button
        type="button"
        className="btn btn-small"
        onClick={() => fileRef.current?.click()}
        disabled={!!busy}
        data-action="import-memory"
      >
        {busy === 'Importing…' ? 'Importing…' : 'Import…'}
      </button>
      <button
        type="button"
        className="btn btn-small"
        onClick={() => void exportAll()}
        disabled={!!busy || empty}
        data-action="export-memory"
      >
        Export
      </button>
      <button
        type="button"
        className={`btn btn-small ${side === 'preview' ? 'btn-active' : ''}`}
        onClick={() => {
          setNotice(undefined);
          setSide(side === 'preview' ? 'item' : 'preview');
        }}
        data-action="open-preview"
      >
        Preview retrieval
      </button>
      <button
        type="button"
        className={`btn btn-small ${side === 'demo' ? 'btn-active' : ''}`}
        onClick={() => {
          setNotice(undefined);
          setSide(side === 'demo' ? 'item' : 'demo');
        }}
        data-action="open-demo"
      >
        Record a demonstration
      </button>
    </div>
  );

  return (
    <div className="page page-memory">
      <Panel id="memory" title="Memory" icon={<Icons.memory size={18} />} actions={toolbar} className="memory-panel">
        {notice ? (
          <p
            className={notice.ok ? 'notice notice-ok' : 'step-error'}
            role={notice.ok ? 'status' : 'alert'}
            data-testid="memory-notice"
          >
            {notice.text}
          </p>
        ) : null}
        <div className={`memory-layout side-${side}`}>
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
              <select
                value={source}
                onChange={(e) => setSource(e.target.value as MemorySource | '')}
                name="memory.source"
              >
                <option value="">Any</option>
                {MEMORY_SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {s === 'run' ? 'recorded by runs' : s === 'expert' ? 'expert seeds & demos' : 'entered by hand'}
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
                  Runs add task memory (routes, successful and failed actions with reflections), answers and app pages
                  as they go. Seed expert memories for a warm start: <strong>Import…</strong> a JSON file such as{' '}
                  <code>resources/memory/example-seed.json</code>, or record a demonstration.
                </p>
              </EmptyState>
            ) : (
              <>
                <p className="muted small" aria-live="polite">
                  {loading ? <span className="spinner" aria-hidden="true" /> : null}{' '}
                  {data ? `${data.total} ${data.total === 1 ? 'memory' : 'memories'}` : ''}
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
                  <button type="button" className="btn load-more" onClick={() => setLimit(limit + PAGE)}>
                    Show more
                  </button>
                ) : null}
              </>
            )}
          </div>
          <div className="memory-side">
            {side === 'preview' ? <RetrievalPreview api={api} onOpen={open} /> : null}
            {side === 'demo' ? (
              <DemoPanel
                onClose={() => setSide('item')}
                onSaved={(id) => {
                  setNotice({ ok: true, text: 'The demonstration was saved as a route.' });
                  setVersion((v) => v + 1);
                  open(id);
                }}
              />
            ) : null}
            {side === 'item' ? (
              selected ? (
                <MemoryEditor
                  key={`${selected.id}-${selected.updatedAt}`}
                  api={api}
                  item={selected}
                  onSaved={(m) => {
                    setItem(m);
                    setNotice({ ok: true, text: `Saved ${m.id}.` });
                  }}
                  onTrustChanged={(text) => {
                    setNotice({ ok: true, text });
                    setVersion((v) => v + 1);
                  }}
                  onDeleted={() => {
                    setItem(null);
                    setVersion((v) => v + 1);
                    navigate('memory');
                  }}
                />
              ) : (
                <p className="muted center-note">Select a memory to read or edit it.</p>
              )
            ) : null}
          </div>
        </div>
      </Panel>
    </div>
  );
}
