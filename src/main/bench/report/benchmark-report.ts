/**
 * The report of one or more benchmarks as every reader gets it: a single benchmark's stored
 * report while it is current (stored-report.ts), else computed from the episodes — and, when the
 * caller may write and the benchmark has settled (no episode pending or running), kept for the
 * next reader. A comparison of several benchmarks is always computed.
 */
import { MobaError, errorMessage } from '../../../shared/errors.ts';
import type { BenchReport } from '../../../shared/bench/report.ts';
import type { BenchRepo, StoredEpisode } from '../bench-repo.ts';
import { computeReport } from './metrics.ts';
import type { ReportInput, ReportOptions } from './metrics.ts';
import { hasCurrentReport, keepReport, storedReportOf } from './stored-report.ts';

export interface BenchmarkReportOptions extends Pick<ReportOptions, 'byApp' | 'now'> {
  /** Keep a report computed here for a settled benchmark (not for read-only commands). */
  keep: boolean;
}

const settled = (episodes: readonly StoredEpisode[]) =>
  episodes.every((e) => e.status !== 'pending' && e.status !== 'running');

/** @throws MobaError NOT_FOUND for an id with no benchmark */
export function benchmarkReport(repo: BenchRepo, ids: readonly string[], options: BenchmarkReportOptions): BenchReport {
  return storedReportOf(repo, ids) ?? computedReport(repo, ids, options);
}

/**
 * The report computed from the episodes, whatever is kept (a caller that has found no current
 * kept report), and kept when `options.keep` and the one benchmark has settled.
 * @throws MobaError NOT_FOUND for an id with no benchmark
 */
export function computedReport(repo: BenchRepo, ids: readonly string[], options: BenchmarkReportOptions): BenchReport {
  const inputs = ids.map((id): ReportInput => {
    // The benchmark and its episodes read together, so the revision is the one they are at.
    const input = repo.snapshot(id);
    if (!input) throw new MobaError('NOT_FOUND', `No benchmark ${id}`);
    return input;
  });
  const one = inputs.length === 1 ? inputs[0]! : null;
  const keep = options.keep && one !== null && settled(one.episodes);
  // A kept report has every part (by-app rows included) whatever this caller prints.
  const report = computeReport(inputs, { now: options.now, byApp: keep || options.byApp });
  if (keep && one) keepReport(repo, one.benchmark, report);
  return report;
}

/**
 * At a benchmark's end: works out its report and keeps it when no episode is left to run and
 * the kept one is not current, so every reader after reads it; a benchmark that stopped with
 * episodes left is not computed here (its readers compute it). A report that cannot be worked
 * out is said in `log` and left to be computed when read.
 */
export function keepSettledReport(repo: BenchRepo, id: string, now: number, log: (line: string) => void): void {
  try {
    if (hasCurrentReport(repo, id)) return;
    const input = repo.snapshot(id);
    if (!input || !settled(input.episodes)) return;
    keepReport(repo, input.benchmark, computeReport([input], { now, byApp: true }));
  } catch (error) {
    log(`the report of ${id} is computed when it is read: ${errorMessage(error)}`);
  }
}
