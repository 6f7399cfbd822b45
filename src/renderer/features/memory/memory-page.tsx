import { useEffect, useMemo, useState } from 'react';
import type { MemoryKind, MemorySource } from '../../../shared/schemas/memory.ts';
import { navigate, useRoute } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { useBusy } from '../../ui/use-busy.ts';
import { connectDeviceFeed } from '../../state/device-store.ts';
import { DemoPanel } from './demo-panel.tsx';
import { memoryApi } from './memory-api.ts';
import { MemoryEditor } from './memory-editor.tsx';
import { KindNav, MemoryList } from './memory-list.tsx';
import { MemoryToolbar } from './memory-toolbar.tsx';
import type { Side } from './memory-toolbar.tsx';
import { RetrievalPreview } from './retrieval-preview.tsx';
import { PAGE, useMemories } from './use-memories.ts';
import './memory.css';

/** What the page says after an import, a save, a trust change — or why something failed. */
function Notice({ text, error }: { text: string | undefined; error: string | undefined }) {
  if (!text && !error) return null;
  return (
    <p
      className={error ? 'step-error' : 'notice notice-ok'}
      role={error ? 'alert' : 'status'}
      data-testid="memory-notice"
    >
      {error ?? text}
    </p>
  );
}

/** Browse, search, edit and delete memories; import and export; preview retrieval; record demonstrations. */
export function MemoryPage() {
  const client = useClient();
  const api = useMemo(() => memoryApi(client), [client]);
  const selectedId = useRoute().params[0];
  const [kind, setKind] = useState<MemoryKind | ''>('');
  const [source, setSource] = useState<MemorySource | ''>('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [side, setSide] = useState<Side>('item');
  const [said, setSaid] = useState<string>();
  const busy = useBusy();
  const m = useMemories(api, { kind, source, query, limit }, selectedId);
  useEffect(() => connectDeviceFeed(client), [client]);
  useEffect(() => {
    const t = setTimeout(() => setQuery(search), 200);
    return () => clearTimeout(t);
  }, [search]);
  const open = (id: string) => {
    setSide('item');
    navigate('memory', id);
  };
  const say = (text: string) => {
    busy.clear();
    setSaid(text);
  };
  const empty = m.stats !== null && m.stats.total === 0;
  const toolbar = (
    <MemoryToolbar
      api={api}
      busy={busy}
      empty={empty}
      side={side}
      setSide={(s) => {
        setSaid(undefined);
        setSide(s);
      }}
      onImported={m.refresh}
    />
  );
  return (
    <div className="page page-fill page-memory">
      <Panel id="memory" title="Memory" icon={<Icons.memory size={18} />} actions={toolbar} className="memory-panel">
        <Notice text={busy.notice ?? said} error={busy.error ?? m.error} />
        <div className={`memory-layout side-${side}`}>
          <KindNav kind={kind} setKind={setKind} source={source} setSource={setSource} stats={m.stats} />
          <MemoryList
            search={search}
            setSearch={setSearch}
            empty={empty}
            loading={m.loading}
            data={m.page}
            selectedId={selectedId}
            open={open}
            more={() => setLimit(limit + PAGE)}
          />
          <div className="memory-side">
            {side === 'preview' ? <RetrievalPreview api={api} onOpen={open} /> : null}
            {side === 'demo' ? (
              <DemoPanel
                onClose={() => setSide('item')}
                onSaved={(id) => {
                  say('The demonstration was saved as a route.');
                  m.refresh();
                  open(id);
                }}
              />
            ) : null}
            {side === 'item' ? (
              m.selected ? (
                <MemoryEditor
                  key={`${m.selected.id}-${m.selected.updatedAt}`}
                  api={api}
                  item={m.selected}
                  onSaved={(saved) => {
                    m.showSaved(saved);
                    say(`Saved ${saved.id}.`);
                  }}
                  onTrustChanged={(text) => {
                    say(text);
                    m.refresh();
                  }}
                  onDeleted={() => {
                    m.refresh();
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
