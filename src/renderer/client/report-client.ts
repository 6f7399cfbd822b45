/**
 * The client of a report file: the contract's reading methods answered from the data the file
 * carries (`shared/report/report-data.ts`) — runs, their events page by page, a benchmark's
 * report, the images — so the app's replay and results views work unchanged with no host. Any
 * other method rejects: a report only reads.
 */
import type { MobaClient } from '../../shared/contract.ts';
import { MobaError } from '../../shared/errors.ts';
import type { ReportData } from '../../shared/report/report-data.ts';
import type { RunSummary } from '../../shared/schemas/run.ts';

function imageUrls(data: ReportData): (sha256: string) => string {
  const urls = new Map<string, string>();
  return (sha256) => {
    let url = urls.get(sha256);
    if (url) return url;
    const image = data.images[sha256];
    if (!image) return '';
    const bytes = Uint8Array.from(atob(image.base64), (c) => c.charCodeAt(0));
    url = URL.createObjectURL(new Blob([bytes], { type: image.mime }));
    urls.set(sha256, url);
    return url;
  };
}

function listRuns(data: ReportData, q: { search?: string; serial?: string; status?: string; limit?: number }) {
  const search = q.search?.trim().toLowerCase();
  const runs: RunSummary[] = data.runs
    .map((r) => r.summary)
    .filter(
      (s) =>
        (!search || s.task.toLowerCase().includes(search) || s.id.toLowerCase().includes(search)) &&
        (!q.serial || s.serial === q.serial) &&
        (!q.status || s.status === q.status),
    )
    .sort((a, b) => b.createdAt - a.createdAt);
  return { runs: runs.slice(0, q.limit ?? 50), total: runs.length };
}

export function createReportClient(data: ReportData): MobaClient {
  const byId = new Map(data.runs.map((r) => [r.summary.id, r]));
  const run = (runId: string) => {
    const r = byId.get(runId);
    if (!r) throw new MobaError('RUN_NOT_FOUND', `Run ${runId} is not in this report.`);
    return r;
  };
  const reading: Record<string, (input: never) => unknown> = {
    listRuns: (q: Parameters<typeof listRuns>[1]) => listRuns(data, q ?? {}),
    getRun: ({ runId, from }: { runId: string; from?: number }) => {
      const r = run(runId);
      return { summary: r.summary, events: r.events.filter((e) => e.seq >= (from ?? 0)), skipped: 0 };
    },
    getRunPage: ({ runId, from = 0, limit = 500 }: { runId: string; from?: number; limit?: number }) => {
      const r = run(runId);
      const events = r.events.filter((e) => e.seq >= from && e.seq < from + limit);
      const end = from + limit;
      return { summary: r.summary, events, skipped: 0, nextFrom: end < r.summary.events ? end : null };
    },
    listBenchmarks: () => ({ benchmarks: data.benchmark?.summaries ?? [] }),
    getBenchmarkReport: () => {
      if (!data.benchmark) throw new MobaError('NOT_FOUND', 'This report has no benchmark.');
      return { report: data.benchmark.report, summaries: data.benchmark.summaries };
    },
  };
  const base = {
    on: () => () => undefined,
    onBinary: () => () => undefined,
    artifactUrl: imageUrls(data),
  };
  return new Proxy(base, {
    get(target, name: string | symbol) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      if (name in target) return target[name as keyof typeof target];
      const read = reading[name];
      if (read) return async (input: never) => read(input);
      return async () => {
        throw new MobaError('NOT_FOUND', `A report file only shows what it holds: ${name} needs MobA Studio.`);
      };
    },
  }) as unknown as MobaClient;
}
