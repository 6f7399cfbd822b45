import { useState } from 'react';
import type { MobaClient } from '../../../shared/contract.ts';
import type { ExportRunResult } from '../../../shared/contract/export.ts';
import { TERMINAL_STATUSES } from '../../../shared/schemas/run.ts';
import { navigate } from '../../routing/router.ts';
import { useBusy } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import type { RunLog } from '../../state/run-log.ts';
import { dropRun } from '../../state/run-store.ts';
import { downloadJson } from '../../ui/download.ts';
import { DownloadReport } from '../../ui/download-report.tsx';

function size(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Export (folder with run.json, assets/ and report.html), a report to download, a quick JSON download, delete. */
export function ExportActions({ client, log }: { client: MobaClient; log: RunLog }) {
  const { busy, error, run } = useBusy();
  const [result, setResult] = useState<ExportRunResult | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const runId = log.runId;
  const ended = TERMINAL_STATUSES.includes(log.state.status) || log.state.status === 'paused';

  const exportRun = async () => {
    const r = await run('Exporting…', () => client.exportRun({ runId, html: true }));
    if (r) setResult(r);
  };
  const remove = async () => {
    const deleted = await run('Deleting…', async () => {
      await client.deleteRun({ runId });
      return true;
    });
    if (!deleted) return;
    dropRun(runId);
    navigate('history');
  };
  return (
    <div className="export-actions">
      <button
        type="button"
        className="btn"
        onClick={() => void exportRun()}
        disabled={!!busy}
        data-action="export-run"
        title="Writes run.json, assets/ and report.html into the data folder"
      >
        {busy === 'Exporting…' ? 'Exporting…' : 'Export'}
      </button>
      <button
        type="button"
        className="btn"
        onClick={() =>
          downloadJson(`${runId}.json`, JSON.stringify({ summary: log.summary, events: log.events }, null, 1))
        }
        title="Download the events as JSON (images not included)"
      >
        Download JSON
      </button>
      <DownloadReport runId={runId} />
      {confirmDelete ? (
        <>
          <button
            type="button"
            className="btn btn-danger-solid"
            onClick={() => void remove()}
            disabled={!!busy}
            data-action="confirm-delete"
          >
            Delete for good
          </button>
          <button type="button" className="btn" onClick={() => setConfirmDelete(false)}>
            Keep
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => setConfirmDelete(true)}
          disabled={!ended}
          title={ended ? 'Delete this run and its events' : 'Stop or pause the run before deleting it'}
          data-action="delete-run"
        >
          Delete
        </button>
      )}
      {result ? (
        <div className="export-result" role="status" data-testid="export-result">
          <strong>Exported</strong> to <code>{result.dir}</code>: run.json, {result.assets} images in assets/
          {result.html ? ', report.html' : ''} ({size(result.bytes)}, {result.ms} ms)
          {result.missingAssets ? <span className="bad-text"> · {result.missingAssets} files were missing</span> : null}
          <button type="button" className="btn btn-small" onClick={() => setResult(null)} aria-label="Dismiss">
            ×
          </button>
        </div>
      ) : null}
      <ErrorNote error={error} className="export-error" />
    </div>
  );
}
