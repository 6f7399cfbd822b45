import { useLoad } from '../../ui/use-busy.ts';
import { ErrorNote } from '../../ui/notes.tsx';
import { useAppStore, useClient } from '../../state/app-store.ts';
import { EmptyState } from '../../ui/panel.tsx';
import {
  currentEpisodes,
  formatHeartbeat,
  formatPhones,
  formatSweepProgress,
  heartbeatState,
} from './workers-format.ts';

/** How often the panel reads the queue again (workers beat every few seconds). */
const REFRESH_MS = 3_000;

/** The configured sweep queue's URL (password-free), or '' without a queue. */
export function useSweepQueue(): string {
  return useAppStore((s) => s.settings?.settings.sweep.redisUrl ?? '');
}

/**
 * The `moba worker` processes announced in the sweep queue, read again every few seconds; with
 * `benchmarkId`, that sweep's progress above them. The same figures as `moba workers`.
 */
export function WorkersPanel({ benchmarkId }: { benchmarkId?: string }) {
  const client = useClient();
  const { data, error } = useLoad(
    () => client.listSweepWorkers(benchmarkId ? { benchmarkId } : {}),
    [client, benchmarkId],
    { everyMs: REFRESH_MS },
  );
  return (
    <div className="bench-workers" data-testid="sweep-workers">
      <ErrorNote error={error} banner />
      {!data && !error ? <div className="loading" aria-busy="true" /> : null}
      {data ? (
        <>
          <p className="muted">
            Queue <code>{data.queue}</code>
            {data.progress ? <span data-testid="sweep-progress"> · {formatSweepProgress(data.progress)}</span> : null}
          </p>
          {data.workers.length ? (
            <table className="list" data-testid="sweep-worker-list">
              <thead>
                <tr>
                  <th>Worker</th>
                  <th>Machine</th>
                  <th>Phones</th>
                  <th>Running now</th>
                  <th>Heartbeat</th>
                  <th className="num">Done</th>
                  <th className="num">Episodes/min</th>
                </tr>
              </thead>
              <tbody>
                {data.workers.map((w) => (
                  <tr key={w.name} data-worker={w.name}>
                    <td className="mono">{w.name}</td>
                    <td>{w.machine}</td>
                    <td title={w.devices.join(', ')}>{formatPhones(w)}</td>
                    <td className="mono">{currentEpisodes(w, benchmarkId)}</td>
                    <td className="nowrap">
                      <span
                        className={`beat beat-${heartbeatState(w.heartbeatAgeS)}`}
                        data-heartbeat={heartbeatState(w.heartbeatAgeS)}
                      />
                      {formatHeartbeat(w.heartbeatAgeS)}
                    </td>
                    <td className="num">{w.done}</td>
                    <td className="num">{w.episodesPerMin}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <EmptyState title="No worker is announced">
              Start one on a machine with phones: <code>moba worker --redis URL --phones 2</code> (the password from
              MOBA_REDIS_PASSWORD).
            </EmptyState>
          )}
        </>
      ) : null}
    </div>
  );
}
