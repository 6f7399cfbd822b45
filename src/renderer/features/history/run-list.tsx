import { useEffect, useState } from 'react';
import { RunStatus } from '../../../shared/schemas/run.ts';
import { hrefFor, navigate } from '../../routing/router.ts';
import { useClient } from '../../state/app-store.ts';
import { plural } from '../../../shared/plural.ts';
import { useLoad } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import { RunsTable } from './runs-table.tsx';
import { EmptyState } from '../../ui/panel.tsx';
import { useRunStore } from '../../state/run-store.ts';
import { DatasetExportButton } from '../../ui/datasets/dataset-export-button.tsx';

const PAGE = 50;

interface Filters {
  search: string;
  serial: string;
  status: RunStatus | '';
}

/** Search, device and status filters, Compare (two ticked runs) and the dataset export. */
function RunFilters({
  filters,
  setFilters,
  serials,
  picked,
  query,
  status,
}: {
  filters: Filters;
  setFilters(f: Filters): void;
  serials: readonly string[];
  picked: readonly string[];
  query: Filters;
  status: string;
}) {
  const client = useClient();
  const filtered = query.search || query.serial || query.status;
  return (
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
            ? { runIds: [...picked] }
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
        {status === 'loading' ? <span className="spinner" aria-hidden="true" /> : status}
      </span>
    </div>
  );
}

/** Past and current runs: search by task or id, filter by device and status. */
export function RunList() {
  const client = useClient();
  const version = useRunStore((s) => s.listVersion);
  const [filters, setFilters] = useState<Filters>({ search: '', serial: '', status: '' });
  const [query, setQuery] = useState<Filters>(filters);
  const [limit, setLimit] = useState(PAGE);
  const [serials, setSerials] = useState<string[]>([]);
  // Runs ticked for Compare (two) or a dataset export.
  const [picked, setPicked] = useState<string[]>([]);
  const key = JSON.stringify([query, limit, version]);

  // Typing in the search box re-queries after a short pause.
  useEffect(() => {
    const t = setTimeout(() => setQuery(filters), 200);
    return () => clearTimeout(t);
  }, [filters]);

  const result = useLoad(
    () =>
      client
        .listRuns({
          ...(query.search.trim() ? { search: query.search.trim() } : {}),
          ...(query.serial ? { serial: query.serial } : {}),
          ...(query.status ? { status: query.status } : {}),
          limit,
        })
        .then((data) => {
          // Devices seen stay offered after filtering by one of them.
          setSerials((prev) => [...new Set([...prev, ...data.runs.map((x) => x.serial)])].sort());
          return { key, data };
        }),
    [client, key],
  );
  const data = result.data?.data ?? null;
  const loading = result.data?.key !== key && !result.error;
  const error = result.error;

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
      <RunFilters
        filters={filters}
        setFilters={setFilters}
        serials={serials}
        picked={picked}
        query={query}
        status={loading ? 'loading' : data ? plural(data.total, 'run') : ''}
      />
      <ErrorNote error={error} />
      {data && data.runs.length === 0 ? <p className="muted center-note">No run matches these filters.</p> : null}
      {data && data.runs.length ? <RunsTable runs={data.runs} picked={picked} setPicked={setPicked} /> : null}
      {data && data.total > data.runs.length ? (
        <button type="button" className="btn load-more" onClick={() => setLimit(limit + PAGE)}>
          Show {Math.min(PAGE, data.total - data.runs.length)} more
        </button>
      ) : null}
    </div>
  );
}
