import type { Migration } from './types.ts';

/**
 * One driver per device across every process on the data folder (desktop app, `moba serve`,
 * `moba run`): a row per device while a run's loop drives it, with the owning process
 * ("host:pid", as `runs.owner`), a readable description of it for the refusal message, and the
 * heartbeat that says it is still alive.
 */
export const deviceLocks: Migration = {
  version: 8,
  name: 'device locks',
  up(db) {
    db.exec(`
      CREATE TABLE device_locks (
        serial       TEXT PRIMARY KEY,
        owner        TEXT NOT NULL,
        holder       TEXT NOT NULL,
        run_id       TEXT,
        acquired_at  INTEGER NOT NULL,
        heartbeat_at INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
