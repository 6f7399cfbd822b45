import type { Migration } from './types.ts';

export const runs: Migration = {
  version: 2,
  name: 'runs and their event logs',
  up(db) {
    db.exec(`
      CREATE TABLE runs (
        id             TEXT PRIMARY KEY,
        task           TEXT NOT NULL,
        serial         TEXT NOT NULL,
        mode           TEXT NOT NULL,
        status         TEXT NOT NULL,
        outcome_reason TEXT,
        replay_of      TEXT,
        created_at     INTEGER NOT NULL,
        updated_at     INTEGER NOT NULL,
        events         INTEGER NOT NULL DEFAULT 0,
        steps          INTEGER NOT NULL DEFAULT 0,
        model_calls    INTEGER NOT NULL DEFAULT 0,
        tokens         INTEGER NOT NULL DEFAULT 0,
        -- The process driving the run ("host:pid") and when it last said so; recovery after a
        -- crash only touches runs whose owner is gone, never one another process is running.
        owner          TEXT,
        heartbeat_at   INTEGER
      ) STRICT;
      CREATE INDEX runs_by_created ON runs (created_at DESC);
      CREATE INDEX runs_by_status ON runs (status);

      -- Append-only: one row per event, never updated.
      CREATE TABLE run_events (
        run_id  TEXT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
        seq     INTEGER NOT NULL,
        at      INTEGER NOT NULL,
        type    TEXT NOT NULL,
        payload TEXT NOT NULL,
        PRIMARY KEY (run_id, seq)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
