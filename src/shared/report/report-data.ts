/**
 * A report file's data: everything the report viewer (the app's own replay and results views,
 * built as one script) needs to show a run or a benchmark with no host behind it — the runs'
 * summaries and events, a benchmark's report, and the images the events refer to. A report
 * HTML file carries it as JSON in `<script type="application/json" id="moba-report">`;
 * docs/reports.md describes every field.
 */
import type { BenchReport } from '../bench/report.ts';
import type { BenchmarkSummary } from '../bench/results.ts';
import type { RunEvent, RunSummary } from '../schemas/run.ts';

export const REPORT_FORMAT = 'moba-report';
export const REPORT_VERSION = 1;
/** The id of the script element that holds the data in a report file. */
export const REPORT_DATA_ID = 'moba-report';

export interface ReportRun {
  summary: RunSummary;
  events: RunEvent[];
}

export interface ReportImage {
  /** The media type of `base64` (screenshots are re-encoded as JPEG to keep the file small). */
  mime: string;
  base64: string;
}

export interface ReportData {
  format: typeof REPORT_FORMAT;
  version: typeof REPORT_VERSION;
  /** When the file was made (ms since the epoch) and by what. */
  generatedAt: number;
  app: { name: string; version: string };
  /** What the file opens on: a run's replay, or a benchmark's results. */
  kind: 'run' | 'benchmark';
  title: string;
  /** Every run the file shows (a benchmark's episodes), each complete. */
  runs: ReportRun[];
  /** The benchmark(s) of a benchmark report, as the Benchmarks page shows them; null for a run. */
  benchmark: { ids: string[]; report: BenchReport; summaries: BenchmarkSummary[] } | null;
  /** Images by the SHA-256 the events name them by (the stored artifact's hash, whatever the encoding here). */
  images: Record<string, ReportImage>;
  /** Images the events name that the data folder no longer had. */
  missingImages: number;
}

/** Whether a parsed value is report data this viewer reads. */
export function isReportData(value: unknown): value is ReportData {
  const v = value as Partial<ReportData> | null;
  return (
    !!v &&
    v.format === REPORT_FORMAT &&
    v.version === REPORT_VERSION &&
    Array.isArray(v.runs) &&
    typeof v.images === 'object'
  );
}
