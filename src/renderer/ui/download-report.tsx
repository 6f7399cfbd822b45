/**
 * "Download report": a run or a benchmark as one file — HTML (the replay and results views with
 * every screenshot, opened offline in any browser), CSV or JSON — in the app and the web UI alike.
 */
import { useState } from 'react';
import type { ReportFormat } from '../../shared/contract/export.ts';
import { useClient } from '../state/app-store.ts';
import { downloadText } from './download.ts';
import { BusyNote, ErrorNote } from './notes.tsx';
import { useBusy } from './use-busy.ts';

const FORMATS: Array<{ value: ReportFormat; label: string }> = [
  { value: 'html', label: 'HTML (viewable offline)' },
  { value: 'csv', label: 'CSV' },
  { value: 'json', label: 'JSON' },
];

export function DownloadReport(props: { runId: string } | { benchmarkIds: string[] }) {
  const client = useClient();
  const [format, setFormat] = useState<ReportFormat>('html');
  const { busy, error, run } = useBusy();
  const download = () =>
    void run('Making the report…', async () => {
      const file = await client.downloadReport({ ...props, format });
      downloadText(file.fileName, file.text, file.mime);
    });
  return (
    <div className="download-report" data-testid="download-report">
      <select
        name="report.format"
        aria-label="Report format"
        value={format}
        onChange={(e) => setFormat(e.target.value as ReportFormat)}
      >
        {FORMATS.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="btn"
        onClick={download}
        disabled={busy !== null}
        data-action="download-report"
        title="One file to share: it opens without MobA Studio"
      >
        Download report
      </button>
      <BusyNote busy={busy} />
      <ErrorNote error={error} />
    </div>
  );
}
