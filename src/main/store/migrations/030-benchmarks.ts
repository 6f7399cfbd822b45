import type { Migration } from './types.ts';

/**
 * Benchmarks and their episodes. An episode is one configuration × task × instance ×
 * repetition; its run (an ordinary run in `runs`) is linked by id, without a foreign key, so
 * deleting a run never loses the benchmark's score of it. Every attempt is kept, so an
 * interrupted or retried episode shows how it got to its one result.
 */
export const benchmarks: Migration = {
  version: 30,
  name: 'benchmarks, their episodes and attempts',
  up(db) {
    db.exec(`
      CREATE TABLE benchmarks (
        id             TEXT PRIMARY KEY,
        name           TEXT NOT NULL,
        spec           TEXT NOT NULL,
        configurations TEXT NOT NULL,
        -- The task files as they were when the benchmark was created: resume runs the same tasks.
        tasks          TEXT NOT NULL,
        status         TEXT NOT NULL,
        reason         TEXT,
        created_at     INTEGER NOT NULL,
        updated_at     INTEGER NOT NULL,
        finished_at    INTEGER,
        owner          TEXT,
        heartbeat_at   INTEGER
      ) STRICT;
      CREATE INDEX benchmarks_by_created ON benchmarks (created_at DESC);

      CREATE TABLE benchmark_episodes (
        benchmark_id TEXT NOT NULL REFERENCES benchmarks (id) ON DELETE CASCADE,
        id           TEXT NOT NULL,
        ordinal      INTEGER NOT NULL,
        config_id    TEXT NOT NULL,
        task_id      TEXT NOT NULL,
        task_version INTEGER NOT NULL,
        category     TEXT NOT NULL,
        apps         TEXT NOT NULL,
        seed_index   INTEGER NOT NULL,
        repetition   INTEGER NOT NULL,
        seed         INTEGER NOT NULL,
        status       TEXT NOT NULL,
        attempts     INTEGER NOT NULL DEFAULT 0,
        run_id       TEXT,
        result       TEXT,
        error        TEXT,
        started_at   INTEGER,
        finished_at  INTEGER,
        PRIMARY KEY (benchmark_id, id)
      ) STRICT;
      CREATE INDEX benchmark_episodes_by_status ON benchmark_episodes (benchmark_id, status, ordinal);

      CREATE TABLE benchmark_attempts (
        benchmark_id TEXT NOT NULL,
        episode_id   TEXT NOT NULL,
        attempt      INTEGER NOT NULL,
        run_id       TEXT,
        outcome      TEXT NOT NULL,
        error        TEXT,
        started_at   INTEGER NOT NULL,
        finished_at  INTEGER,
        PRIMARY KEY (benchmark_id, episode_id, attempt),
        FOREIGN KEY (benchmark_id, episode_id) REFERENCES benchmark_episodes (benchmark_id, id) ON DELETE CASCADE
      ) STRICT;
    `);
  },
};
