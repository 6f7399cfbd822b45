import type { Migration } from './types.ts';

/**
 * A benchmark's computed report, kept so `moba bench report` and the Benchmarks page read it
 * instead of working out thousands of bootstrap resamples again. `benchmarks.revision` counts
 * every change to the benchmark's episodes (triggers, so no writer can forget it); a stored
 * report is used only while its key — the report format and the revision it was computed at —
 * still matches (src/main/bench/report/stored-report.ts).
 */
export const benchmarkReports: Migration = {
  version: 31,
  name: 'stored benchmark reports and the revision of the episodes they were computed from',
  up(db) {
    db.exec(`
      ALTER TABLE benchmarks ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
      CREATE TRIGGER benchmark_episodes_inserted AFTER INSERT ON benchmark_episodes BEGIN
        UPDATE benchmarks SET revision = revision + 1 WHERE id = NEW.benchmark_id;
      END;
      CREATE TRIGGER benchmark_episodes_updated AFTER UPDATE ON benchmark_episodes BEGIN
        UPDATE benchmarks SET revision = revision + 1 WHERE id IN (OLD.benchmark_id, NEW.benchmark_id);
      END;
      CREATE TRIGGER benchmark_episodes_deleted AFTER DELETE ON benchmark_episodes BEGIN
        UPDATE benchmarks SET revision = revision + 1 WHERE id = OLD.benchmark_id;
      END;
      CREATE TABLE benchmark_reports (
        benchmark_id TEXT PRIMARY KEY REFERENCES benchmarks (id) ON DELETE CASCADE,
        -- The report format and the benchmark's revision the report was computed at.
        key          TEXT NOT NULL,
        report       TEXT NOT NULL,
        computed_at  INTEGER NOT NULL
      ) STRICT;
    `);
  },
};
