/**
 * A report file's app: the same replay, run list and results views as MobA Studio, on the
 * data the file carries, read only. `#/history/RUN[/STEP]` is a run's replay (links between a
 * benchmark's episodes and their replays work as in the app), `#/history` the runs in the file,
 * `#/benchmarks` the benchmark's results.
 */
import { useEffect } from 'react';
import type { ReportData } from '../../shared/report/report-data.ts';
import { hrefFor, navigate, useRoute } from '../routing/router.ts';
import { useTheme } from './theme.ts';
import { HistoryPage } from '../features/history/history-page.tsx';
import { BenchmarkView } from '../features/benchmarks/benchmark-view.tsx';

function home(data: ReportData): string[] {
  if (data.kind === 'benchmark' && data.benchmark) return ['benchmarks', data.benchmark.ids.join('+')];
  return ['history', data.runs[0]?.summary.id ?? ''];
}

export function ReportApp({ data }: { data: ReportData }) {
  useTheme();
  const route = useRoute();
  const start = home(data);
  const atStart = location.hash === '' || location.hash === '#' || location.hash === '#/';
  const benchIds = data.benchmark?.ids ?? [];
  useEffect(() => {
    if (atStart) navigate(start[0] as 'history' | 'benchmarks', ...start.slice(1));
  }, [atStart, start]);
  return (
    <div className="shell shell-report">
      <header className="topbar">
        <div className="brand">
          <span>MobA Studio report</span>
        </div>
        <h1 className="page-title" title={data.title}>
          {data.title}
        </h1>
        <nav className="report-nav" aria-label="Report">
          {data.benchmark ? <a href={hrefFor('benchmarks', benchIds.join('+'))}>Results</a> : null}
          <a href={hrefFor('history')}>Runs ({data.runs.length})</a>
        </nav>
        <span className="muted small" title={new Date(data.generatedAt).toISOString()}>
          {data.app.name} {data.app.version} · {new Date(data.generatedAt).toLocaleString()}
        </span>
      </header>
      <main className="content" data-route={route.id}>
        {route.id === 'benchmarks' && benchIds.length ? (
          <BenchmarkView key={benchIds.join('+')} ids={benchIds} />
        ) : route.id === 'history' ? (
          <HistoryPage />
        ) : null}
      </main>
    </div>
  );
}
