/**
 * What people want to see of a sweep: the workers (machine, devices, current episodes,
 * heartbeat age, throughput) from their announcements in Redis, and a benchmark's progress
 * with an estimated time left from the coordinator's store.
 */
import type { Redis } from 'ioredis';
import type { BenchRepo } from '../bench/bench-repo.ts';
import { WORKER_KEY_PREFIX, WorkerAnnouncement } from './jobs.ts';
import { probeRedis, redisOptions } from './redis-url.ts';
import type { RedisTarget } from './redis-url.ts';

/** An announcement without the artefact credential (status is shown to people and printed). */
export interface WorkerStatus extends Omit<WorkerAnnouncement, 'artifacts'> {
  heartbeatAgeS: number;
  /** Episodes finished per minute since the worker started. */
  episodesPerMin: number;
}

/** The workers that announced themselves within their TTL, by name. */
export async function readWorkers(redis: Pick<Redis, 'scan' | 'mget'>, now = Date.now()): Promise<WorkerStatus[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${WORKER_KEY_PREFIX}*`, 'COUNT', 200);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  if (!keys.length) return [];
  const out: WorkerStatus[] = [];
  for (const text of await redis.mget(...keys)) {
    if (!text) continue;
    let parsed;
    try {
      parsed = WorkerAnnouncement.safeParse(JSON.parse(text));
    } catch {
      continue;
    }
    if (!parsed.success) continue;
    const { artifacts: _credential, ...w } = parsed.data;
    const minutes = Math.max(1 / 60, (w.heartbeatAt - w.startedAt) / 60_000);
    out.push({
      ...w,
      heartbeatAgeS: Math.max(0, Math.round((now - w.heartbeatAt) / 1000)),
      episodesPerMin: Number((w.done / minutes).toFixed(2)),
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Connects to the sweep's Redis once (a wrong URL, password or TLS setting fails at once),
 * reads the workers' announcements and disconnects.
 * @throws MobaError DISCONNECTED / UNAUTHORIZED (Redis)
 */
export async function readWorkersAt(target: RedisTarget, now = Date.now()): Promise<WorkerStatus[]> {
  await probeRedis(target);
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisOptions(target, { maxRetriesPerRequest: 1 }));
  try {
    return await readWorkers(redis, now);
  } finally {
    redis.disconnect();
  }
}

export interface SweepProgress {
  total: number;
  done: number;
  error: number;
  running: number;
  pending: number;
  /** Finished episodes per minute since the first one started. */
  episodesPerMin: number | null;
  /** Seconds left at that rate; null before the first episode finished. */
  etaS: number | null;
}

export function sweepProgress(repo: Pick<BenchRepo, 'episodes'>, id: string, now = Date.now()): SweepProgress {
  const eps = repo.episodes(id);
  const count = (s: string) => eps.filter((e) => e.status === s).length;
  const finished = eps.filter((e) => e.finishedAt !== null && (e.status === 'done' || e.status === 'error'));
  const firstStart = Math.min(...eps.flatMap((e) => (e.startedAt === null ? [] : [e.startedAt])));
  const left = count('pending') + count('running');
  let rate: number | null = null;
  if (finished.length && Number.isFinite(firstStart) && now > firstStart)
    rate = finished.length / ((now - firstStart) / 60_000);
  return {
    total: eps.length,
    done: count('done'),
    error: count('error'),
    running: count('running'),
    pending: count('pending'),
    episodesPerMin: rate === null ? null : Number(rate.toFixed(2)),
    etaS: rate === null ? null : Math.round((left / rate) * 60),
  };
}
