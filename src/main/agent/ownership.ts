import { hostname } from 'node:os';

/**
 * When silence means a run's (or a device lock's) process is gone. `MOBA_STALE_MS` changes it
 * for a data folder shared over a slow network file system (longer) or for tests (shorter).
 */
function staleMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = Number(env.MOBA_STALE_MS);
  return Number.isInteger(v) && v >= 300 ? v : 30_000;
}

export const STALE_MS = staleMs();
/** How often an active run says "still mine": several beats fit in the stale window. */
export const HEARTBEAT_MS = Math.min(5_000, Math.floor(STALE_MS / 4));

export function processOwner(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * Whether the process that owns a run is still driving it. On this host a dead pid is gone at
 * once; elsewhere (a shared data folder) only a stale heartbeat says so.
 */
export function ownerAlive(
  owner: string | null,
  heartbeatAt: number | null,
  now: number,
  me: string = processOwner(),
): boolean {
  if (!owner || owner === me) return false;
  const i = owner.lastIndexOf(':');
  const host = owner.slice(0, i);
  const pid = Number(owner.slice(i + 1));
  if (host === hostname() && Number.isInteger(pid)) {
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    }
  }
  return heartbeatAt !== null && now - heartbeatAt < STALE_MS;
}
