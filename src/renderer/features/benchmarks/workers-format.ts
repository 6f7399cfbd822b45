/**
 * How the Workers panel writes a sweep worker: its heartbeat (fresh, late, about to vanish),
 * its phones and its throughput, and a sweep's progress line. Pure, so it is tested on its own.
 */
import type { SweepProgressView, SweepWorker } from '../../../shared/contract/sweeps.ts';
import { formatSeconds } from './bench-format.ts';

/** A worker beats every few seconds and vanishes 30 s after its last beat. */
export type HeartbeatState = 'fresh' | 'late' | 'stale';

export function heartbeatState(ageS: number): HeartbeatState {
  return ageS <= 10 ? 'fresh' : ageS <= 20 ? 'late' : 'stale';
}

/** `3 s ago`, `just now` under a second. */
export function formatHeartbeat(ageS: number): string {
  return ageS < 1 ? 'just now' : `${formatSeconds(ageS)} ago`;
}

/** `2 phones, 1 free`. */
export function formatPhones(w: Pick<SweepWorker, 'devices' | 'free'>): string {
  const n = w.devices.length;
  return `${n} phone${n === 1 ? '' : 's'}, ${w.free} free`;
}

/** The episode ids a worker runs now, without the benchmark prefix when it is the one shown. */
export function currentEpisodes(w: Pick<SweepWorker, 'current'>, benchmarkId?: string): string {
  if (!w.current.length) return '—';
  return w.current
    .map((c) => (benchmarkId && c.startsWith(`${benchmarkId}/`) ? c.slice(benchmarkId.length + 1) : c))
    .join(', ');
}

/** `5 / 12 finished (1 error), 2 running — 3.5 episodes/min, about 2 min left`. */
export function formatSweepProgress(p: SweepProgressView): string {
  const finished = p.done + p.error;
  const head = `${finished} / ${p.total} finished${p.error ? ` (${p.error} error${p.error === 1 ? '' : 's'})` : ''}, ${p.running} running, ${p.pending} waiting`;
  if (finished >= p.total && p.total > 0)
    return `${finished} / ${p.total} finished${p.error ? ` (${p.error} error${p.error === 1 ? '' : 's'})` : ''}`;
  if (p.episodesPerMin === null || p.etaS === null) return head;
  return `${head} — ${p.episodesPerMin} episodes/min, about ${formatSeconds(p.etaS)} left`;
}
