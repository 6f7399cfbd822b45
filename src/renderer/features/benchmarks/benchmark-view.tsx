import { useEffect, useState } from 'react';
import type { BenchReport, EpisodeLink } from '../../../shared/bench/report.ts';
import type { BenchmarkSummary } from '../../../shared/bench/results.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { hrefFor } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { Panel } from '../../ui/panel.tsx';
import { DatasetExportButton } from '../../ui/datasets/dataset-export-button.tsx';
import { etaSeconds, formatSeconds, gridState, progressOf } from './bench-format.ts';
import { CategoryTable, PairedTable, ResultsTable } from './results.tsx';

interface Loaded {
  report: BenchReport;
  summaries: BenchmarkSummary[];
  /** When this report arrived, and per benchmark when the page first saw it and how far it was then (the pace for the ETA). */
  at: number;
  first: Record<string, { at: number; finished: number }>;
}

/** Reloads the report when a shown benchmark changes (at most every 700 ms). */
function useBenchReport(ids: readonly string[]): { data: Loaded | null; error: string | undefined } {
  const client = useClient();
  const [data, setData] = useState<Loaded | null>(null);
  const [error, setError] = useState<string>();
  const key = ids.join(',');
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = () => {
      timer = null;
      client
        .getBenchmarkReport({ benchmarkIds: key.split(',') })
        .then((d) => {
          if (!live) return;
          const at = Date.now();
          setData((prev) => ({
            ...d,
            at,
            first: Object.fromEntries(
              d.summaries.map((x) => [x.id, prev?.first[x.id] ?? { at, finished: progressOf(x).finished }]),
            ),
          }));
          setError(undefined);
        })
        .catch((e: unknown) => live && setError(toMobaError(e).message));
    };
    load();
    const off = client.on('didChangeBenchmark', (p) => {
      if (key.split(',').includes(p.benchmarkId) && !timer) timer = setTimeout(load, 700);
    });
    return () => {
      live = false;
      off();
      if (timer) clearTimeout(timer);
    };
  }, [client, key]);
  return { data, error };
}

/** Progress, the episode grid and the results of one benchmark, or several side by side. */
export function BenchmarkView({ ids }: { ids: string[] }) {
  const { data, error } = useBenchReport(ids);
  if (error)
    return (
      <div className="banner banner-error" role="alert">
        {error}
      </div>
    );
  if (!data)
    return (
      <div className="loading" aria-busy="true">
        Loading the benchmark…
      </div>
    );
  const { report, summaries } = data;
  return (
    <div className="page page-bench-view" data-testid="bench-view" data-ready="true">
      <nav className="bench-back">
        <a href={hrefFor('benchmarks')}>← All benchmarks</a>
      </nav>
      {summaries.map((s) => (
        <Progress key={s.id} summary={s} at={data.at} first={data.first[s.id]} />
      ))}
      <Panel id="bench-results" title="Results (95 % intervals, cluster bootstrap over tasks)">
        {report.configurations.some((c) => c.overall.episodes > 0) ? (
          <>
            <ResultsTable report={report} />
            <h3 className="bench-h3">Per category</h3>
            <CategoryTable report={report} />
            <h3 className="bench-h3">Paired differences</h3>
            <PairedTable report={report} />
          </>
        ) : (
          <p className="muted">Results appear as episodes finish.</p>
        )}
      </Panel>
      <Panel id="bench-episodes" title="Episodes">
        <EpisodeGrid report={report} />
      </Panel>
    </div>
  );
}

function Progress({
  summary,
  at,
  first,
}: {
  summary: BenchmarkSummary;
  at: number;
  first: { at: number; finished: number } | undefined;
}) {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const p = progressOf(summary);
  const running = summary.status === 'running';
  // The pace counts the episodes finished while this page watched (a resumed benchmark's earlier ones do not count).
  const eta = running && first ? etaSeconds(p.finished - first.finished, p.total - p.finished, first.at, at) : null;
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(undefined);
    try {
      await fn();
    } catch (e) {
      setError(toMobaError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      className="bench-progress"
      data-testid="bench-progress"
      data-benchmark={summary.id}
      data-status={summary.status}
    >
      <div className="bench-progress-head">
        <strong>{summary.name}</strong>
        <span
          className={`badge st-${summary.status === 'done' ? 'succeeded' : summary.status === 'running' ? 'running' : summary.status === 'failed' ? 'failed' : 'stopped'}`}
        >
          {summary.status}
        </span>
        <span className="muted">
          {p.finished} / {p.total} episodes · {summary.counts.running} running · {summary.counts.error} errors ·{' '}
          {summary.configurations.length} configurations · {summary.spec.seeds} seed
          {summary.spec.seeds === 1 ? '' : 's'} × {summary.spec.repetitions} rep. · {summary.spec.phones} phone
          {summary.spec.phones === 1 ? '' : 's'}
          {eta !== null && eta > 0 ? ` · about ${formatSeconds(eta)} left` : ''}
        </span>
        <span className="bench-progress-actions">
          {running ? (
            <button
              type="button"
              className="btn btn-small"
              data-action="stop-benchmark"
              disabled={busy}
              onClick={() => void act(() => client.stopBenchmark({ benchmarkId: summary.id }))}
            >
              Stop
            </button>
          ) : summary.status !== 'done' ? (
            <button
              type="button"
              className="btn btn-small"
              data-action="resume-benchmark"
              disabled={busy}
              onClick={() => void act(() => client.resumeBenchmark({ benchmarkId: summary.id }))}
            >
              Resume
            </button>
          ) : null}
          {p.finished > 0 ? (
            <DatasetExportButton client={client} selection={{ benchmark: summary.id }} label="Export dataset" />
          ) : null}
        </span>
      </div>
      <div
        className="bench-progressbar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={p.total}
        aria-valuenow={p.finished}
        aria-label={`${summary.name}: ${p.percent} %`}
      >
        <span style={{ width: `${p.percent}%` }} />
      </div>
      {summary.reason ? <p className="muted">{summary.reason}</p> : null}
      {error ? (
        <div className="banner banner-error" role="alert">
          {error}
        </div>
      ) : null}
    </section>
  );
}

function episodeTitle(e: EpisodeLink): string {
  const state = gridState(e);
  const result =
    e.reached === null
      ? ''
      : ` · ${e.reached}/${e.total} milestones in ${e.steps} steps${e.termination ? ` (${e.termination})` : ''}`;
  return `${e.taskId} · ${e.episodeId} · ${state}${result}${e.runId ? ' — open the replay' : ''}`;
}

/** One cell per episode, a row per configuration; a cell with a run opens its replay at the step that matters. */
function EpisodeGrid({ report }: { report: BenchReport }) {
  const states = ['running', 'passed', 'partial', 'failed', 'error', 'pending'] as const;
  return (
    <div className="bench-grid" data-testid="bench-grid">
      <div className="bench-legend muted">
        {states.map((s) => (
          <span key={s}>
            <i className={`cell cell-${s}`} /> {s}
          </span>
        ))}
        <span>· click an episode to open its replay where a milestone was reached or missed</span>
      </div>
      {report.configurations.map((c) => {
        const episodes = report.episodes.filter((e) => e.key === c.key);
        return (
          <div key={c.key} className="bench-grid-row" data-config={c.configId}>
            <span className="bench-grid-label">{c.label}</span>
            <div className="bench-cells">
              {episodes.map((e) => {
                const state = gridState(e);
                const title = episodeTitle(e);
                return e.runId ? (
                  <a
                    key={e.episodeId}
                    className={`cell cell-${state}`}
                    data-episode={e.episodeId}
                    data-state={state}
                    title={title}
                    aria-label={title}
                    href={hrefFor('history', e.runId, ...(e.focusStep ? [String(e.focusStep)] : []))}
                  />
                ) : (
                  <span
                    key={e.episodeId}
                    className={`cell cell-${state}`}
                    data-episode={e.episodeId}
                    data-state={state}
                    title={title}
                  />
                );
              })}
            </div>
          </div>
        );
      })}
    </div>
  );
}
