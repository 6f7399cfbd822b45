import { join } from 'node:path';
import type { Handlers } from '../contract/router.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { RunsRepo } from '../store/runs-repo.ts';
import { writeRunExport } from '../export/run-export.ts';
import type { RunSource } from '../export/run-export.ts';
import { APP_NAME, APP_VERSION } from '../version.ts';
import { benchmarkReportFile, runReportFile } from './report-files.ts';
import type { BenchReport } from '../../shared/bench/report.ts';
import type { BenchmarkSummary } from '../../shared/bench/results.ts';

/**
 * Exports from the UI always go to `<data folder>/exports/<run id>/`: a web client never picks
 * paths on the host. Pages read only their rows (each row is parsed and validated once).
 */
export function exportHandlers(s: {
  runs: RunSource;
  repo: Pick<RunsRepo, 'events'>;
  artifacts: ArtifactStore;
  paths: { dataDir: string };
  /** A benchmark's report with its summaries (BenchService.report fits). */
  benchmarkReport(ids: readonly string[]): { report: BenchReport; summaries: BenchmarkSummary[] };
}): Pick<Handlers, 'exportRun' | 'getRunPage' | 'downloadReport'> {
  const src = { runs: s.runs, artifacts: s.artifacts, app: { name: APP_NAME, version: APP_VERSION } };
  return {
    downloadReport: ({ runId, benchmarkIds, format }) =>
      runId
        ? runReportFile(src, runId, format)
        : benchmarkReportFile(src, { ids: benchmarkIds!, ...s.benchmarkReport(benchmarkIds!) }, format),
    getRunPage: ({ runId, from, limit }) => {
      const summary = s.runs.get(runId);
      const { events, skipped } = s.repo.events(runId, { from, to: from + limit - 1 });
      const end = from + limit;
      return { summary, events, skipped, nextFrom: end < summary.events ? end : null };
    },
    exportRun: ({ runId, html }) =>
      writeRunExport({
        runs: s.runs,
        artifacts: s.artifacts,
        runId,
        html,
        outDir: join(s.paths.dataDir, 'exports', runId),
        app: { name: APP_NAME, version: APP_VERSION },
      }),
  };
}
