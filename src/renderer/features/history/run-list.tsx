import { useEffect, useState } from 'react';
import { RunStatus } from '../../../shared/schemas/run.ts';
import type { RunSummary } from '../../../shared/schemas/run.ts';
import { hrefFor, navigate } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { toMobaError } from '../../../shared/errors.ts';
import { EmptyState } from '../../ui/panel.tsx';
import { StatusBadge } from '../../ui/run-view/status-badge.tsx';
import { useRunStore } from '../../state/run-store.ts';
import { formatDuration } from '../../state/run-selectors.ts';
import { DatasetExportButton } from '../../ui/datasets/dataset-export-button.tsx';

const PAGE = 50;

function when(ms: number): string {
  const d = new Date(ms);
  const today = new Date();
  const time = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return d.toDateString() === today.toDateString() ? `today ${time}` : `${d.toLocaleDateString()} ${time}`;
}

interface Filters {
  search: string;
  serial: string;
  status: RunStatus | '';
}

/** Past and current runs: search by task or id, filter by device and status. */
export function RunList() {
  const client = useClient();
  const version = useRunStore((s) => s.listVersion);
  const [filters, setFilters] = useState<Filters>({ search: '', serial: '', status: '' });
  const [query, setQuery] = useState<Filters>(filters);
  const [limit, setLimit] = useState(PAGE);
  const [result, setResult] = useState<{ key: string; data: { runs: RunSummary[]; total: number } } | null>(null);
  const [serials, setSerials] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  // Runs ticked for Compare (two) or a dataset export.
  const [picked, setPicked] = useState<string[]>([]);
  const key = JSON.stringify([query, limit, version]);
  const loading = result?.key !== key;
  const data = result?.data ?? null;

  // Typing in the search box re-queries after a short pause.
  useEffect(() => {
    const t = setTimeout(() => setQuery(filters), 200);
    return () => clearTimeout(t);
  }, [filters]);

  useEffect(() => {
    let live = true;
    client
      .listRuns({
        ...(query.search.trim() ? { search: query.search.trim() } : {}),
        ...(query.serial ? { serial: query.serial } : {}),
        ...(query.status ? { status: query.status } : {}),
        limit,
      })
      .then((r) => {
        if (!live) return;
        setResult({ key, data: r });
        setError(undefined);
        setSerials((prev) => [...new Set([...prev, ...r.runs.map((x) => x.serial)])].sort());
      })
      .catch((e: unknown) => {
        if (!live) return;
        setError(toMobaError(e).message);
        setResult((prev) => (prev ? { ...prev, key } : prev));
      });
    return () => {
      live = false;
    };
  }, [client, query, limit, version, key]);

  const filtered = query.search || query.serial || query.status;
  if (data && data.total === 0 && !filtered) {
    return (
      <EmptyState title="No runs recorded yet">
        <p>
          Every run is stored as an event log. Here you search past runs, step through them with each step’s screenshot,
          overlay and model I/O, and export them as JSON or an HTML report.
        </p>
        <p>
          Start a run on the <a href={hrefFor('run')}>Run</a> page (or with <code>moba run</code>).
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="run-list" data-testid="run-list">
      <div className="filters" role="search">
        <input
          type="search"
          name="history.search"
          placeholder="Search task text or run id…"
          value={filters.search}
          onChange={(e) => setFilters({ ...filters, search: e.target.value })}
          aria-label="Search runs"
        />
        <select
          name="history.device"
          value={filters.serial}
          onChange={(e) => setFilters({ ...filters, serial: e.target.value })}
          aria-label="Device"
        >
          <option value="">All devices</option>
          {serials.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <select
          name="history.status"
          value={filters.status}
          onChange={(e) => setFilters({ ...filters, status: e.target.value as RunStatus | '' })}
          aria-label="Status"
        >
          <option value="">Any status</option>
          {RunStatus.options.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn"
          disabled={picked.length !== 2}
          onClick={() => navigate('history', 'compare', picked[0]!, picked[1]!)}
          data-action="compare-runs"
          title="Tick two runs to compare them step by step"
        >
          Compare{picked.length ? ` (${picked.length})` : ''}
        </button>
        <DatasetExportButton
          client={client}
          selection={
            picked.length
              ? { runIds: picked }
              : {
                  ...(query.search.trim() ? { search: query.search.trim() } : {}),
                  ...(query.status ? { status: [query.status] } : {}),
                }
          }
          label={
            picked.length
              ? `Export dataset (${picked.length})`
              : filtered
                ? 'Export dataset (these runs)'
                : 'Export dataset'
          }
        />
        <span className="muted filters-count" aria-live="polite">
          {loading ? <span className="spinner" aria-hidden="true" /> : null}{' '}
          {data ? `${data.total} run${data.total === 1 ? '' : 's'}` : ''}
        </span>
      </div>
      {error ? (
        <p className="step-error" role="alert">
          {error}
        </p>
      ) : null}
      {data && data.runs.length === 0 ? <p className="muted center-note">No run matches these filters.</p> : null}
      {data && data.runs.length ? (
        <table className="list runs-table">
          <thead>
            <tr>
              <th aria-label="Pick" />
              <th>Status</th>
              <th>Task</th>
              <th>Device</th>
              <th>Mode</th>
              <th className="num">Steps</th>
              <th className="num">Calls</th>
              <th className="num">Tokens</th>
              <th>Started</th>
              <th className="num">Took</th>
            </tr>
          </thead>
          <tbody>
            {data.runs.map((r) => (
              <tr
                key={r.id}
                onClick={() => navigate('history', r.id)}
                data-run={r.id}
                tabIndex={0}
                onKeyDown={(e) => (e.key === 'Enter' ? navigate('history', r.id) : undefined)}
              >
                <td onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    name="history.pick"
                    aria-label={`Pick run ${r.id}`}
                    checked={picked.includes(r.id)}
                    onChange={(e) =>
                      setPicked(
                        e.target.checked
                          ? [...picked.filter((x) => x !== r.id), r.id].slice(-10_000)
                          : picked.filter((x) => x !== r.id),
                      )
                    }
                  />
                </td>
                <td>
                  <StatusBadge status={r.status} />
                </td>
                <td className="task-cell">
                  <a href={hrefFor('history', r.id)} onClick={(e) => e.stopPropagation()}>
                    {r.task}
                  </a>
                  <span className="mono muted">{r.id}</span>
                </td>
                <td className="mono">{r.serial}</td>
                <td>{r.mode}</td>
                <td className="num">{r.steps}</td>
                <td className="num">{r.modelCalls}</td>
                <td className="num">{r.tokens.toLocaleString()}</td>
                <td className="nowrap">{when(r.createdAt)}</td>
                <td className="num">{formatDuration(r.updatedAt - r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {data && data.total > data.runs.length ? (
        <button type="button" className="btn load-more" onClick={() => setLimit(limit + PAGE)}>
          Show {Math.min(PAGE, data.total - data.runs.length)} more
        </button>
      ) : null}
    </div>
  );
}
