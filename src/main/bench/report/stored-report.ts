/**
 * A benchmark's report as stored when the benchmark settles, so reading it again — `moba bench
 * report`, the Benchmarks page, `bench run`'s closing table — does not work out its thousands of
 * bootstrap resamples again. A stored report is used only while its key still matches: the
 * report format below and the benchmark's revision, which the store's triggers move on with
 * every change to its episodes (a resumed, retried or deleted episode makes it stale). This
 * module reads and writes stored reports without loading the statistics; `benchmark-report.ts`
 * computes them.
 */
import type { BenchReport } from '../../../shared/bench/report.ts';
import type { BenchRepo, BenchmarkHead, BenchmarkRecord } from '../bench-repo.ts';

/**
 * The version of what `computeReport` makes of the same episodes. Raise it with any change to
 * the report's numbers or shape: stored reports of an older format are then computed again.
 * `stored-report.test.ts` fails when the computed report changes and this stays the same.
 */
export const REPORT_FORMAT = 1;

/** What a stored report must have been computed from to stand for the benchmark now. */
export function reportKey(benchmark: Pick<BenchmarkRecord, 'revision'>): string {
  return `format ${REPORT_FORMAT}, revision ${benchmark.revision}`;
}

/**
 * The benchmark's stored report when it was computed from its episodes as they are now (with
 * the benchmark's name and status as they are now), else null.
 */
export function storedReport(repo: BenchRepo, benchmark: BenchmarkHead): BenchReport | null {
  const row = repo.storedReport(benchmark.id);
  if (!row || row.key !== reportKey(benchmark)) return null;
  const report = JSON.parse(row.report) as BenchReport;
  return { ...report, benchmarks: [{ id: benchmark.id, name: benchmark.name, status: benchmark.status }] };
}

/** The kept report of the one benchmark `ids` names, when it is current; else null (several are always computed). */
export function storedReportOf(repo: BenchRepo, ids: readonly string[]): BenchReport | null {
  const head = ids.length === 1 ? repo.head(ids[0]!) : undefined;
  return head ? storedReport(repo, head) : null;
}

/** Whether the benchmark's kept report stands for it now; reads its key only, not the report. */
export function hasCurrentReport(repo: BenchRepo, id: string): boolean {
  const head = repo.head(id);
  return head !== undefined && repo.storedReportKey(id) === reportKey(head);
}

/** Keeps `report`, computed from `benchmark` at its current revision, as its stored report. */
export function keepReport(repo: BenchRepo, benchmark: BenchmarkRecord, report: BenchReport): void {
  repo.storeReport(benchmark.id, {
    key: reportKey(benchmark),
    report: JSON.stringify(report),
    computedAt: report.generatedAt,
  });
}
