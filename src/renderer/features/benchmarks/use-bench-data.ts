/** The Benchmarks page's data: the list and one report, read again when a benchmark changes. */
import { useEffect, useMemo, useState } from 'react';
import type { BenchReport } from '../../../shared/bench/report.ts';
import type { BenchmarkSummary } from '../../../shared/bench/results.ts';
import type { BenchAgentAccess } from '../../../shared/contract/benchmarks.ts';
import { useClient } from '../../state/app-store.ts';
import { useLoad } from '../../ui/use-busy.ts';
import { progressOf } from './bench-format.ts';

/** Reloads when a benchmark that `matches` changes, at most once per `throttleMs`. */
function useReloadOnChange(matches: (benchmarkId: string) => boolean, reload: () => void, throttleMs: number): void {
  const client = useClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = client.on('didChangeBenchmark', (p) => {
      if (!matches(p.benchmarkId) || timer) return;
      timer = setTimeout(() => {
        timer = null;
        reload();
      }, throttleMs);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [client, matches, reload, throttleMs]);
}

const ANY = () => true;

export function useBenchmarkList(): { list: BenchmarkSummary[] | undefined; error: string | undefined } {
  const client = useClient();
  const { data, error, reload } = useLoad(() => client.listBenchmarks(), [client]);
  useReloadOnChange(ANY, reload, 300);
  return { list: data?.benchmarks, error };
}

export interface LoadedReport {
  report: BenchReport;
  summaries: BenchmarkSummary[];
  /** When this report arrived. */
  at: number;
  /** Per benchmark: when the page first saw it and how far it was then (the pace for the ETA). */
  first: Record<string, { at: number; finished: number }>;
}

/** The report of the benchmarks shown, reloaded when one of them changes (at most every 700 ms). */
export function useBenchReport(ids: readonly string[]): { data: LoadedReport | null; error: string | undefined } {
  const client = useClient();
  const key = ids.join(',');
  const [first, setFirst] = useState<LoadedReport['first']>({});
  const loaded = useLoad(
    () =>
      client.getBenchmarkReport({ benchmarkIds: key.split(',') }).then((d) => {
        const at = Date.now();
        setFirst((prev) => {
          const missing = d.summaries.filter((s) => !prev[s.id]);
          if (!missing.length) return prev;
          return {
            ...prev,
            ...Object.fromEntries(missing.map((s) => [s.id, { at, finished: progressOf(s).finished }])),
          };
        });
        return { ...d, at };
      }),
    [client, key],
  );
  const matches = useMemo(() => (id: string) => key.split(',').includes(id), [key]);
  useReloadOnChange(matches, loaded.reload, 700);
  const data = loaded.data;
  return { data: data ? { ...data, first } : null, error: loaded.error };
}

/** Where agents take a running benchmark's episodes, read again when it changes (an episode offered or taken). */
export function useBenchAgentAccess(benchmarkId: string): BenchAgentAccess | null | undefined {
  const client = useClient();
  const { data, reload } = useLoad(() => client.getBenchmarkAgentAccess({ benchmarkId }), [client, benchmarkId]);
  const matches = useMemo(() => (id: string) => id === benchmarkId, [benchmarkId]);
  useReloadOnChange(matches, reload, 300);
  return data?.access;
}
