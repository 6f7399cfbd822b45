/** The Memory page's toolbar: import a memory file, export all, preview retrieval, record a demonstration. */
import { useRef } from 'react';
import { plural } from '../../../shared/plural.ts';
import { downloadJson } from '../../ui/download.ts';
import type { Busy } from '../../ui/use-busy.ts';
import type { MemoryApi } from './memory-api.ts';

export type Side = 'item' | 'preview' | 'demo';

export function MemoryToolbar({
  api,
  busy,
  empty,
  side,
  setSide,
  onImported,
}: {
  api: MemoryApi;
  busy: Busy;
  empty: boolean;
  side: Side;
  setSide(s: Side): void;
  onImported(): void;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const importFile = async (file: File) => {
    const r = await busy.run(
      'Importing…',
      async () => api.importText(await file.text()),
      (s) =>
        `Imported ${file.name}: ${s.inserted} new, ${s.updated} updated, ${s.unchanged} unchanged (${s.total} in the file).`,
    );
    if (fileRef.current) fileRef.current.value = '';
    if (r) onImported();
  };
  const exportAll = () =>
    void busy.run(
      'Exporting…',
      async () => {
        const file = await api.exportText();
        downloadJson(`moba-memory-${new Date().toISOString().slice(0, 10)}.json`, file.text);
        return file.count;
      },
      (n) => `Exported ${plural(n, 'memory', 'memories')}.`,
    );
  const toggle = (s: Side) => {
    busy.clear();
    setSide(side === s ? 'item' : s);
  };
  const working = busy.busy !== null;
  return (
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
        disabled={working}
        data-action="import-memory"
      >
        {busy.busy === 'Importing…' ? 'Importing…' : 'Import…'}
      </button>
      <button
        type="button"
        className="btn btn-small"
        onClick={exportAll}
        disabled={working || empty}
        data-action="export-memory"
      >
        Export
      </button>
      <button
        type="button"
        className={`btn btn-small ${side === 'preview' ? 'btn-active' : ''}`}
        onClick={() => toggle('preview')}
        data-action="open-preview"
      >
        Preview retrieval
      </button>
      <button
        type="button"
        className={`btn btn-small ${side === 'demo' ? 'btn-active' : ''}`}
        onClick={() => toggle('demo')}
        data-action="open-demo"
      >
        Record a demonstration
      </button>
    </div>
  );
}
