/** The History list's table: one row per run, ticked for Compare or a dataset export. */
import type { RunSummary } from '../../../shared/schemas/run.ts';
import { hrefFor, navigate } from '../../routing/router.ts';
import { StatusBadge } from '../../ui/run-view/status-badge.tsx';
import { formatDuration } from '../../state/run-selectors.ts';

function when(ms: number): string {
  const d = new Date(ms);
  const today = new Date();
  const time = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return d.toDateString() === today.toDateString() ? `today ${time}` : `${d.toLocaleDateString()} ${time}`;
}

function RunRow({ r, picked, setPicked }: { r: RunSummary; picked: boolean; setPicked(on: boolean): void }) {
  return (
    <tr
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
          checked={picked}
          onChange={(e) => setPicked(e.target.checked)}
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
  );
}

export function RunsTable({
  runs,
  picked,
  setPicked,
}: {
  runs: readonly RunSummary[];
  picked: readonly string[];
  setPicked(next: string[]): void;
}) {
  return (
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
        {runs.map((r) => (
          <RunRow
            key={r.id}
            r={r}
            picked={picked.includes(r.id)}
            setPicked={(on) =>
              setPicked(
                on ? [...picked.filter((x) => x !== r.id), r.id].slice(-10_000) : picked.filter((x) => x !== r.id),
              )
            }
          />
        ))}
      </tbody>
    </table>
  );
}
