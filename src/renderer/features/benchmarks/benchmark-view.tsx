import type { BenchReport, EpisodeLink } from '../../../shared/bench/report.ts';
import type { BenchmarkSummary } from '../../../shared/bench/results.ts';
import { plural } from '../../../shared/plural.ts';
import { useBusy } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import { useBenchReport } from './use-bench-data.ts';
import { hrefFor } from '../../routing/router.ts';
import { useClient, useReadOnly } from '../../state/app-store.ts';
import { DownloadReport } from '../../ui/download-report.tsx';
import { ResultsMatrix } from './results-matrix.tsx';
import { Panel } from '../../ui/panel.tsx';
import { DatasetExportButton } from '../../ui/datasets/dataset-export-button.tsx';
import { etaSeconds, formatSeconds, gridState, handsOutEpisodes, progressOf } from './bench-format.ts';
import { AgentAccess } from './agent-access.tsx';
import { CategoryTable, PairedTable, ResultsTable } from './results.tsx';

/** Progress, the episode grid and the results of one benchmark, or several side by side. */
export function BenchmarkView({ ids }: { ids: string[] }) {
  const { data, error } = useBenchReport(ids);
  const readOnly = useReadOnly();
  if (error && !data) return <ErrorNote error={error} banner />;
  if (!data)
    return (
      <div className="loading" aria-busy="true">
        Loading the benchmark…
      </div>
    );
  const { report, summaries } = data;
  return (
    <div className="page page-bench-view" data-testid="bench-view" data-ready="true">
      {readOnly ? null : (
        <nav className="bench-back">
          <a href={hrefFor('benchmarks')}>← All benchmarks</a>
          <DownloadReport benchmarkIds={ids} />
        </nav>
      )}
      {summaries.map((s) => (
        <Progress key={s.id} summary={s} at={data.at} first={data.first[s.id]} />
      ))}
      <Panel id="bench-results" title="Results (95 % intervals, cluster bootstrap over tasks)">
        {report.configurations.some((c) => c.overall.episodes > 0) ? (
          <>
            <ResultsTable report={report} />
            <h3 className="bench-h3">Per task</h3>
            <ResultsMatrix report={report} />
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
  const { busy, error, run } = useBusy();
  const p = progressOf(summary);
  const running = summary.status === 'running';
  // The pace counts the episodes finished while this page watched (a resumed benchmark's earlier ones do not count).
  const eta = running && first ? etaSeconds(p.finished - first.finished, p.total - p.finished, first.at, at) : null;
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
          {p.finished} / {plural(p.total, 'episode')} · {summary.counts.running} running ·{' '}
          {plural(summary.counts.error, 'error')} · {plural(summary.configurations.length, 'configuration')} ·{' '}
          {plural(summary.spec.seeds, 'seed')} × {summary.spec.repetitions} rep. ·{' '}
          {plural(summary.spec.phones, 'phone')}
          {eta !== null && eta > 0 ? ` · about ${formatSeconds(eta)} left` : ''}
        </span>
        <span className="bench-progress-actions">
          {running ? (
            <button
              type="button"
              className="btn btn-small"
              data-action="stop-benchmark"
              disabled={busy !== null}
              onClick={() => void run('Stopping…', () => client.stopBenchmark({ benchmarkId: summary.id }))}
            >
              Stop
            </button>
          ) : summary.status !== 'done' ? (
            <button
              type="button"
              className="btn btn-small"
              data-action="resume-benchmark"
              disabled={busy !== null}
              onClick={() => void run('Resuming…', () => client.resumeBenchmark({ benchmarkId: summary.id }))}
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
      {running && handsOutEpisodes(summary) ? <AgentAccess benchmarkId={summary.id} /> : null}
      <ErrorNote error={error} banner />
    </section>
  );
}

function episodeTitle(e: EpisodeLink): string {
  const state = gridState(e);
  const result =
    e.reached === null
      ? ''
      : ` · ${e.reached}/${plural(e.total ?? 0, 'milestone')} in ${plural(e.steps ?? 0, 'step')}${e.termination ? ` (${e.termination})` : ''}`;
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
