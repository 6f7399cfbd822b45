/**
 * Export a dataset of a selection of runs: History gives the runs ticked in its list or those
 * its search matches; a benchmark's page gives `{ benchmark: id }`. Progress comes as didProgressDataset events for this export's id; the result names
 * the folder (in the data folder's datasets/) and the counts per split.
 */
import { useEffect, useState } from 'react';
import type { MobaClient } from '../../../shared/contract.ts';
import type { DatasetExportResult, DatasetProgress, RunSelection } from '../../../shared/contract/datasets.ts';
import { plural } from '../../../shared/plural.ts';
import { useBusy } from '../use-busy.ts';
import { ErrorNote } from '../notes.tsx';

export function DatasetExportButton({
  client,
  selection,
  label,
}: {
  client: MobaClient;
  selection: RunSelection;
  label: string;
}) {
  const [progress, setProgress] = useState<DatasetProgress | null>(null);
  const [result, setResult] = useState<DatasetExportResult | null>(null);
  const { error, run: call } = useBusy();
  const [exportId, setExportId] = useState<string | null>(null);
  useEffect(() => {
    if (!exportId) return;
    return client.on('didProgressDataset', (p) => {
      if (p.exportId === exportId) setProgress(p);
    });
  }, [client, exportId]);
  const run = async () => {
    const id = `ui-${Date.now().toString(36)}`;
    setExportId(id);
    setResult(null);
    setProgress({ phase: 'selecting', runsDone: 0, runsTotal: 0, steps: 0, pairs: 0 });
    const r = await call('Exporting…', () => client.exportDataset({ selection, exportId: id }));
    if (r) setResult(r);
    setProgress(null);
    setExportId(null);
  };
  return (
    <span className="dataset-export">
      <button
        type="button"
        className="btn"
        onClick={() => void run()}
        disabled={!!progress}
        data-action="export-dataset"
        title="Steps as JSONL split by task, preference pairs from your corrections, TRL DPO and SFT files, and a datasheet"
      >
        {progress ? 'Exporting…' : label}
      </button>
      {progress ? (
        <span className="muted" role="status" aria-live="polite" data-testid="dataset-progress">
          <span className="spinner" aria-hidden="true" />{' '}
          {progress.phase === 'runs'
            ? `run ${progress.runsDone}/${progress.runsTotal} · ${plural(progress.steps, 'step')} · ${plural(progress.pairs, 'pair')}`
            : progress.phase}
        </span>
      ) : null}
      {result ? (
        <span className="export-result" role="status" data-testid="dataset-result">
          <strong>Dataset</strong> in <code>{result.dir}</code>: {plural(result.steps, 'step')} of{' '}
          {plural(result.runs, 'run')} (train {result.perSplit.train?.steps ?? 0} / validation{' '}
          {result.perSplit.validation?.steps ?? 0} / test {result.perSplit.test?.steps ?? 0}),{' '}
          {plural(result.pairs, 'preference pair')}, {plural(result.sft, 'approved proposal')}
          <button type="button" className="btn btn-small" onClick={() => setResult(null)} aria-label="Dismiss">
            ×
          </button>
        </span>
      ) : null}
      <ErrorNote error={error} />
    </span>
  );
}
