import { hostname } from 'node:os';

/** How often an active run says "still mine", and when silence means its process is gone. */
export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 30_000;

export function processOwner(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * Whether the process that owns a run is still driving it. On this host a dead pid is gone at
 * once; elsewhere (a shared data folder) only a stale heartbeat says so.
 */
export function ownerAlive(owner: string | null, heartbeatAt: number | null, now: number, me: string = processOwner()): boolean {
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
