import { useState } from 'react';
import type { BenchmarkSummary } from '../../../shared/bench/results.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import { useBenchmarkList } from './use-bench-data.ts';
import { hrefFor, navigate, useRoute } from '../../routing/router.ts';
import { EmptyState, Panel } from '../../ui/panel.tsx';
import { Icons } from '../../ui/icons.tsx';
import { progressOf } from './bench-format.ts';
import { BenchmarkView } from './benchmark-view.tsx';
import { NewBenchmark } from './new/new-benchmark.tsx';
import { WorkersPanel, useSweepQueue } from './workers-panel.tsx';
import './benchmarks.css';

/**
 * `#/benchmarks`: the benchmarks and a form to start one; `#/benchmarks/<id>[+<id>…]`: one
 * benchmark, or several side by side.
 */
export function BenchmarksPage() {
  const route = useRoute();
  const ids = route.params[0]?.split('+').filter(Boolean) ?? [];
  const queue = useSweepQueue();
  if (ids.length) return <BenchmarkView key={ids.join('+')} ids={ids} />;
  return (
    <div className="page page-benchmarks">
      <Panel id="bench-list" title="Benchmarks" icon={<Icons.benchmarks size={18} />}>
        <BenchmarkList />
      </Panel>
      {queue ? (
        <Panel id="bench-workers" title="Workers">
          <WorkersPanel />
        </Panel>
      ) : null}
      <Panel id="bench-new" title="New benchmark (built-in suite)">
        <NewBenchmark />
      </Panel>
    </div>
  );
}

function BenchmarkList() {
  const { list, error } = useBenchmarkList();
  const [picked, setPicked] = useState<string[]>([]);
  if (error && !list) return <ErrorNote error={error} banner />;
  if (!list) return <div className="loading" aria-busy="true" />;
  if (!list.length)
    return (
      <EmptyState title="No benchmarks yet">
        Pick a few tasks and two configurations below, or run <code>moba bench run --agent reference --phones 2</code>{' '}
        in a terminal; both land here.
      </EmptyState>
    );
  return (
    <>
      <table className="list" data-testid="bench-list">
        <thead>
          <tr>
            <th />
            <th>Benchmark</th>
            <th>Status</th>
            <th className="num">Episodes</th>
            <th>Configurations (Milestone Score · Complete Rate)</th>
            <th>Started</th>
          </tr>
        </thead>
        <tbody>
          {list.map((b) => (
            <tr key={b.id} data-benchmark={b.id} onClick={() => navigate('benchmarks', b.id)}>
              <td onClick={(e) => e.stopPropagation()}>
                <input
                  type="checkbox"
                  name="bench.pick"
                  aria-label={`Pick ${b.name} to compare`}
                  checked={picked.includes(b.id)}
                  onChange={(e) => setPicked((p) => (e.target.checked ? [...p, b.id] : p.filter((x) => x !== b.id)))}
                />
              </td>
              <td>
                <a href={hrefFor('benchmarks', b.id)}>{b.name}</a>
                <div className="muted mono">{b.id}</div>
              </td>
              <td>{b.status}</td>
              <td className="num">
                {progressOf(b).finished} / {b.counts.total}
              </td>
              <td>
                <Scores summary={b} />
              </td>
              <td className="nowrap">{new Date(b.createdAt).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="bench-list-actions">
        <button
          type="button"
          className="btn btn-small"
          data-action="compare-benchmarks"
          disabled={picked.length < 2}
          onClick={() => navigate('benchmarks', picked.join('+'))}
        >
          Side by side ({picked.length})
        </button>
      </div>
    </>
  );
}

/** Each configuration's name and point scores over its finished episodes (the view has the intervals). */
function Scores({ summary }: { summary: BenchmarkSummary }) {
  const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v)} %`);
  return (
    <ul className="bench-scores">
      {summary.configurations.map((c) => {
        const s = summary.scores.find((x) => x.configId === c.id);
        return (
          <li key={c.id} data-config={c.id}>
            {c.label}{' '}
            <span className="muted" title={`over ${s?.episodes ?? 0} finished episodes`}>
              {s?.episodes ? `${pct(s.msPercent)} · ${pct(s.completeRate)}` : 'not scored yet'}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
