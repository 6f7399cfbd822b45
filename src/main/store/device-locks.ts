import type { Db } from './database.ts';

/** A device's lock row: which process drives it, for which run, and when it last said so. */
export interface DeviceLockRow {
  serial: string;
  /** The owning process, `host:pid` (the same form as a run's owner). */
  owner: string;
  /** For people: e.g. "`moba run` (pid 4242 on lab-1)". */
  holder: string;
  runId: string | null;
  acquiredAt: number;
  heartbeatAt: number;
}

export interface LockClaim {
  owner: string;
  holder: string;
  runId: string | null;
}

export type AcquireResult = { ok: true; tookOver: DeviceLockRow | null } | { ok: false; holder: DeviceLockRow };

interface Row {
  serial: string;
  owner: string;
  holder: string;
  run_id: string | null;
  acquired_at: number;
  heartbeat_at: number;
}

const toLock = (r: Row): DeviceLockRow => ({
  serial: r.serial,
  owner: r.owner,
  holder: r.holder,
  runId: r.run_id,
  acquiredAt: r.acquired_at,
  heartbeatAt: r.heartbeat_at,
});

/**
 * Device locks in SQLite, shared by every process on the data folder. Each change is one
 * IMMEDIATE transaction: two processes that try to take the same device at the same moment are
 * serialised by SQLite's write lock, and exactly one of them wins.
 */
export class DeviceLocks {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Takes the device for `claim.owner`, or refreshes a lock it already holds. A lock held by
   * another owner is taken over only when `isAlive(lock)` says its process is gone.
   */
  acquire(serial: string, claim: LockClaim, now: number, isAlive: (lock: DeviceLockRow) => boolean): AcquireResult {
    return this.db
      .transaction((): AcquireResult => {
        const current = this.get(serial);
        if (current && current.owner !== claim.owner && isAlive(current)) return { ok: false, holder: current };
        const sameOwner = current?.owner === claim.owner;
        this.db
          .prepare(
            `INSERT INTO device_locks (serial, owner, holder, run_id, acquired_at, heartbeat_at) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT(serial) DO UPDATE SET owner = excluded.owner, holder = excluded.holder, run_id = excluded.run_id,
               acquired_at = excluded.acquired_at, heartbeat_at = excluded.heartbeat_at`,
          )
          .run(serial, claim.owner, claim.holder, claim.runId, sameOwner ? current.acquiredAt : now, now);
        return { ok: true, tookOver: current && !sameOwner ? current : null };
      })
      .immediate();
  }

  /** Says "still mine". @returns false when the lock is no longer this owner's (it was taken over). */
  heartbeat(serial: string, owner: string, now: number): boolean {
    return (
      this.db.prepare('UPDATE device_locks SET heartbeat_at = ? WHERE serial = ? AND owner = ?').run(now, serial, owner)
        .changes === 1
    );
  }

  /** Releases the lock if this owner (and, when given, this run) still holds it. */
  release(serial: string, owner: string, runId?: string): void {
    if (runId === undefined)
      this.db.prepare('DELETE FROM device_locks WHERE serial = ? AND owner = ?').run(serial, owner);
    else
      this.db
        .prepare('DELETE FROM device_locks WHERE serial = ? AND owner = ? AND run_id IS ?')
        .run(serial, owner, runId);
  }

  get(serial: string): DeviceLockRow | undefined {
    const r = this.db.prepare<[string], Row>('SELECT * FROM device_locks WHERE serial = ?').get(serial);
    return r ? toLock(r) : undefined;
  }

  list(): DeviceLockRow[] {
    return (this.db.prepare('SELECT * FROM device_locks ORDER BY serial').all() as Row[]).map(toLock);
  }
}
