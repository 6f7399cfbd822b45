/**
 * Reports as files to download (the replay's and the Benchmarks page's "Download report", `moba
 * bench report --format html`): a run or a benchmark as HTML (one self-contained report file),
 * JSON (the data) or CSV (a run's steps, a benchmark's results table).
 */
import type { BenchReport } from '../../shared/bench/report.ts';
import type { BenchmarkSummary } from '../../shared/bench/results.ts';
import type { ReportFile, ReportFormat } from '../../shared/contract/export.ts';
import { csv, reportCsv } from '../bench/report/formats.ts';
import { benchmarkReportData, runReportData } from '../export/report-data.ts';
import type { ReportSources } from '../export/report-data.ts';
import { renderReportHtml } from '../export/report-html.ts';
import type { ReportBundle } from '../export/report-html.ts';
import { buildRunExport } from '../export/run-export.ts';

const MIME: Record<ReportFormat, string> = {
  html: 'text/html;charset=utf-8',
  json: 'application/json',
  csv: 'text/csv;charset=utf-8',
};

/** A file name from a title: letters, digits and dashes, at most 60 characters. */
function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_]+/g, '-')
      .slice(0, 60)
      .replace(/-+$/, '')
      .toLowerCase() || 'report'
  );
}

/** A run's steps, one row each: what was proposed, decided, executed and reflected. */
function trajectoryCsv(src: ReportSources, runId: string): string {
  const data = buildRunExport({ runs: src.runs, artifacts: src.artifacts, runId, app: src.app });
  return csv([
    [
      'step',
      'sub_goal',
      'proposed',
      'decision',
      'decided_by',
      'feedback',
      'executed',
      'executed_by',
      'ok',
      'error',
      'reflection',
      'reflection_text',
    ],
    ...data.trajectory.map((t) => [
      t.stepId,
      t.subgoal,
      t.proposed,
      t.decision?.kind,
      t.decision?.by,
      t.decision?.feedback,
      t.executed?.action,
      t.executed?.by,
      t.executed?.ok,
      t.executed?.error,
      t.reflection?.status,
      t.reflection?.text,
    ]),
  ]);
}

export async function runReportFile(
  src: ReportSources,
  runId: string,
  format: ReportFormat,
  bundle?: ReportBundle,
): Promise<ReportFile> {
  const summary = src.runs.get(runId);
  const name = `moba-run-${runId}-${slug(summary.task)}`;
  const text =
    format === 'html'
      ? renderReportHtml(await runReportData(src, runId), bundle)
      : format === 'json'
        ? JSON.stringify(buildRunExport({ runs: src.runs, artifacts: src.artifacts, runId, app: src.app }))
        : trajectoryCsv(src, runId);
  return { fileName: `${name}.${format}`, mime: MIME[format], text };
}

export async function benchmarkReportFile(
  src: ReportSources,
  bench: { ids: string[]; report: BenchReport; summaries: BenchmarkSummary[] },
  format: ReportFormat,
  bundle?: ReportBundle,
): Promise<ReportFile> {
  const name = `moba-benchmark-${bench.ids.join('+')}-${slug(bench.summaries.map((s) => s.name).join(' '))}`;
  const text =
    format === 'html'
      ? renderReportHtml(await benchmarkReportData(src, bench), bundle)
      : format === 'json'
        ? `${JSON.stringify(bench.report, null, 2)}\n`
        : reportCsv(bench.report);
  return { fileName: `${name}.${format}`, mime: MIME[format], text };
}
