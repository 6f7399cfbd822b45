/**
 * Benchmarks in the store: the benchmark (its spec, configurations and frozen tasks), its
 * episodes and every attempt at them. Claiming and completing an episode are single
 * transactions, so a process killed at any moment leaves each episode either done (once) or
 * claimable again — which is what makes `moba bench resume` exact.
 */
import type { BenchConfiguration, BenchSpec } from '../../shared/bench/config.ts';
import type {
  BenchmarkStatus,
  BenchmarkSummary,
  EpisodeResult,
  EpisodeRow,
  EpisodeStatus,
} from '../../shared/bench/results.ts';
import { configurationLabel } from '../../shared/bench/labels.ts';
import type { BenchTask, Category } from '../../shared/bench/task-schema.ts';
import type { Db } from '../store/database.ts';

export interface NewEpisode {
  id: string;
  ordinal: number;
  configId: string;
  taskId: string;
  taskVersion: number;
  category: Category;
  apps: string[];
  seedIndex: number;
  repetition: number;
  seed: number;
}

export interface BenchmarkRecord {
  id: string;
  name: string;
  spec: BenchSpec;
  configurations: BenchConfiguration[];
  tasks: BenchTask[];
  status: BenchmarkStatus;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
  owner: string | null;
  heartbeatAt: number | null;
  /** Counts every change to the benchmark's episodes (kept by the store's triggers). */
  revision: number;
}

/** What identifies a benchmark and its state, read without its spec and frozen tasks. */
export type BenchmarkHead = Pick<BenchmarkRecord, 'id' | 'name' | 'status' | 'revision'>;

/** A report as stored for a benchmark: `key` says which format and revision it was computed at. */
export interface StoredReportRow {
  key: string;
  report: string;
  computedAt: number;
}

interface BenchRow {
  id: string;
  name: string;
  spec: string;
  configurations: string;
  tasks: string;
  status: string;
  reason: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  owner: string | null;
  heartbeat_at: number | null;
  revision: number;
}

interface EpisodeDbRow {
  id: string;
  ordinal: number;
  config_id: string;
  task_id: string;
  task_version: number;
  category: string;
  apps: string;
  seed_index: number;
  repetition: number;
  seed: number;
  status: string;
  attempts: number;
  run_id: string | null;
  result: string | null;
  error: string | null;
  started_at: number | null;
  finished_at: number | null;
}

export interface AttemptRow {
  episodeId: string;
  attempt: number;
  runId: string | null;
  outcome: 'running' | 'done' | 'infra_error' | 'interrupted';
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
}

function record(r: BenchRow): BenchmarkRecord {
  return {
    id: r.id,
    name: r.name,
    spec: JSON.parse(r.spec) as BenchSpec,
    configurations: JSON.parse(r.configurations) as BenchConfiguration[],
    tasks: JSON.parse(r.tasks) as BenchTask[],
    status: r.status as BenchmarkStatus,
    reason: r.reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
    owner: r.owner,
    heartbeatAt: r.heartbeat_at,
    revision: r.revision,
  };
}

function episode(r: EpisodeDbRow): EpisodeRow & { seed: number } {
  return {
    id: r.id,
    ordinal: r.ordinal,
    configId: r.config_id,
    taskId: r.task_id,
    taskVersion: r.task_version,
    category: r.category as Category,
    apps: JSON.parse(r.apps) as string[],
    seedIndex: r.seed_index,
    repetition: r.repetition,
    seed: r.seed,
    status: r.status as EpisodeStatus,
    attempts: r.attempts,
    runId: r.run_id,
    result: r.result ? (JSON.parse(r.result) as EpisodeResult) : null,
    error: r.error,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
  };
}

export type StoredEpisode = ReturnType<typeof episode>;

export class BenchRepo {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  create(b: {
    id: string;
    name: string;
    spec: BenchSpec;
    configurations: BenchConfiguration[];
    tasks: BenchTask[];
    episodes: NewEpisode[];
    now: number;
  }): void {
    const insertEpisode = this.db.prepare(
      `INSERT INTO benchmark_episodes (benchmark_id, id, ordinal, config_id, task_id, task_version, category, apps, seed_index, repetition, seed, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending')`,
    );
    this.db.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO benchmarks (id, name, spec, configurations, tasks, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          b.id,
          b.name,
          JSON.stringify(b.spec),
          JSON.stringify(b.configurations),
          JSON.stringify(b.tasks),
          'interrupted',
          b.now,
          b.now,
        );
      for (const e of b.episodes)
        insertEpisode.run(
          b.id,
          e.id,
          e.ordinal,
          e.configId,
          e.taskId,
          e.taskVersion,
          e.category,
          JSON.stringify(e.apps),
          e.seedIndex,
          e.repetition,
          e.seed,
        );
    })();
  }

  get(id: string): BenchmarkRecord | undefined {
    const r = this.db.prepare('SELECT * FROM benchmarks WHERE id = ?').get(id) as BenchRow | undefined;
    return r ? record(r) : undefined;
  }

  /** The benchmark's id, name, status and revision (nothing parsed), or undefined. */
  head(id: string): BenchmarkHead | undefined {
    return this.db.prepare('SELECT id, name, status, revision FROM benchmarks WHERE id = ?').get(id) as
      | BenchmarkHead
      | undefined;
  }

  ids(): string[] {
    return (this.db.prepare('SELECT id FROM benchmarks ORDER BY created_at DESC').all() as Array<{ id: string }>).map(
      (r) => r.id,
    );
  }

  summary(id: string): BenchmarkSummary | undefined {
    // The benchmark without its frozen tasks, which a summary does not show.
    const row = this.db
      .prepare(
        "SELECT id, name, spec, configurations, '[]' AS tasks, status, reason, created_at, updated_at, finished_at, owner, heartbeat_at, revision FROM benchmarks WHERE id = ?",
      )
      .get(id) as BenchRow | undefined;
    if (!row) return undefined;
    const b = record(row);
    const counts = { total: 0, pending: 0, running: 0, done: 0, error: 0 };
    for (const r of this.db
      .prepare('SELECT status, COUNT(*) AS n FROM benchmark_episodes WHERE benchmark_id = ? GROUP BY status')
      .all(id) as Array<{ status: EpisodeStatus; n: number }>) {
      counts[r.status] = r.n;
      counts.total += r.n;
    }
    const totals = this.totals(id);
    return {
      id: b.id,
      name: b.name,
      status: b.status,
      reason: b.reason,
      createdAt: b.createdAt,
      updatedAt: b.updatedAt,
      finishedAt: b.finishedAt,
      spec: b.spec,
      configurations: b.configurations.map((c) => ({
        id: c.id!,
        label: configurationLabel(c),
        agent: c.agent,
        config: c as unknown as Record<string, unknown>,
      })),
      counts,
      costUsd: [...totals.values()].reduce((sum, t) => sum + t.cost, 0),
      scores: b.configurations.map((c) => {
        const t = totals.get(c.id!) ?? { episodes: 0, reached: 0, total: 0, complete: 0, cost: 0 };
        return {
          configId: c.id!,
          episodes: t.episodes,
          msPercent: t.total ? (t.reached / t.total) * 100 : null,
          completeRate: t.episodes ? (t.complete / t.episodes) * 100 : null,
        };
      }),
    };
  }

  /**
   * Per configuration, over its finished episodes: how many, milestones reached and in all,
   * how many complete, and their cost — summed by SQLite from the stored results, so a list of
   * benchmarks parses none of them.
   */
  private totals(
    id: string,
  ): Map<string, { episodes: number; reached: number; total: number; complete: number; cost: number }> {
    const rows = this.db
      .prepare(
        `SELECT config_id, COUNT(*) AS episodes,
           TOTAL(json_extract(result, '$.reached')) AS reached, TOTAL(json_extract(result, '$.total')) AS total,
           TOTAL(json_extract(result, '$.complete')) AS complete, TOTAL(json_extract(result, '$.costUsd')) AS cost
         FROM benchmark_episodes WHERE benchmark_id = ? AND status = 'done' GROUP BY config_id`,
      )
      .all(id) as Array<{
      config_id: string;
      episodes: number;
      reached: number;
      total: number;
      complete: number;
      cost: number;
    }>;
    return new Map(rows.map(({ config_id, ...t }) => [config_id, t]));
  }

  /** What the finished episodes cost. */
  cost(id: string): number {
    return [...this.totals(id).values()].reduce((sum, t) => sum + t.cost, 0);
  }

  episodes(id: string): StoredEpisode[] {
    return (
      this.db
        .prepare('SELECT * FROM benchmark_episodes WHERE benchmark_id = ? ORDER BY ordinal')
        .all(id) as EpisodeDbRow[]
    ).map(episode);
  }

  /** The benchmark and its episodes read in one transaction (one revision), or undefined. */
  snapshot(id: string): { benchmark: BenchmarkRecord; episodes: StoredEpisode[] } | undefined {
    return this.db.transaction(() => {
      const benchmark = this.get(id);
      return benchmark ? { benchmark, episodes: this.episodes(id) } : undefined;
    })();
  }

  /** The benchmark episode a run was (by any of its attempts), if any. */
  episodeOfRun(runId: string): { benchmarkId: string; taskId: string } | null {
    const r = this.db
      .prepare(
        'SELECT e.benchmark_id AS benchmarkId, e.task_id AS taskId FROM benchmark_attempts a JOIN benchmark_episodes e ON e.benchmark_id = a.benchmark_id AND e.id = a.episode_id WHERE a.run_id = ? LIMIT 1',
      )
      .get(runId) as { benchmarkId: string; taskId: string } | undefined;
    return r ?? null;
  }

  episodeRow(id: string, episodeId: string): StoredEpisode | undefined {
    const r = this.db
      .prepare('SELECT * FROM benchmark_episodes WHERE benchmark_id = ? AND id = ?')
      .get(id, episodeId) as EpisodeDbRow | undefined;
    return r ? episode(r) : undefined;
  }

  attempts(id: string): AttemptRow[] {
    return (
      this.db
        .prepare(
          'SELECT episode_id, attempt, run_id, outcome, error, started_at, finished_at FROM benchmark_attempts WHERE benchmark_id = ? ORDER BY started_at, episode_id, attempt',
        )
        .all(id) as Array<{
        episode_id: string;
        attempt: number;
        run_id: string | null;
        outcome: AttemptRow['outcome'];
        error: string | null;
        started_at: number;
        finished_at: number | null;
      }>
    ).map((r) => ({
      episodeId: r.episode_id,
      attempt: r.attempt,
      runId: r.run_id,
      outcome: r.outcome,
      error: r.error,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
    }));
  }

  setStatus(id: string, status: BenchmarkStatus, reason: string | null, now: number): void {
    const finished = status === 'done' || status === 'stopped' || status === 'failed' ? now : null;
    this.db
      .prepare('UPDATE benchmarks SET status = ?, reason = ?, updated_at = ?, finished_at = ? WHERE id = ?')
      .run(status, reason, now, finished, id);
  }

  owner(id: string): { owner: string | null; heartbeatAt: number | null } | undefined {
    const r = this.db.prepare('SELECT owner, heartbeat_at FROM benchmarks WHERE id = ?').get(id) as
      | { owner: string | null; heartbeat_at: number | null }
      | undefined;
    return r ? { owner: r.owner, heartbeatAt: r.heartbeat_at } : undefined;
  }

  heartbeat(id: string, owner: string | null, now: number): void {
    this.db.prepare('UPDATE benchmarks SET owner = ?, heartbeat_at = ? WHERE id = ?').run(owner, now, id);
  }

  /** Takes a pending episode: running, one more attempt. @returns the attempt number, or null when it was not pending. */
  claim(id: string, episodeId: string, now: number): number | null {
    return this.db.transaction(() => {
      const r = this.db
        .prepare(
          "UPDATE benchmark_episodes SET status = 'running', attempts = attempts + 1, started_at = ? WHERE benchmark_id = ? AND id = ? AND status = 'pending' RETURNING attempts",
        )
        .get(now, id, episodeId) as { attempts: number } | undefined;
      if (!r) return null;
      this.db
        .prepare(
          "INSERT INTO benchmark_attempts (benchmark_id, episode_id, attempt, outcome, started_at) VALUES (?, ?, ?, 'running', ?)",
        )
        .run(id, episodeId, r.attempts, now);
      this.db.prepare('UPDATE benchmarks SET updated_at = ? WHERE id = ?').run(now, id);
      return r.attempts;
    })();
  }

  attachRun(id: string, episodeId: string, attempt: number, runId: string): void {
    this.db
      .prepare('UPDATE benchmark_attempts SET run_id = ? WHERE benchmark_id = ? AND episode_id = ? AND attempt = ?')
      .run(runId, id, episodeId, attempt);
  }

  /** The episode's one result. */
  complete(id: string, episodeId: string, attempt: number, result: EpisodeResult, now: number): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          "UPDATE benchmark_episodes SET status = 'done', run_id = ?, result = ?, error = NULL, finished_at = ? WHERE benchmark_id = ? AND id = ? AND status = 'running'",
        )
        .run(result.runId, JSON.stringify(result), now, id, episodeId);
      this.db
        .prepare(
          "UPDATE benchmark_attempts SET outcome = 'done', run_id = ?, finished_at = ? WHERE benchmark_id = ? AND episode_id = ? AND attempt = ?",
        )
        .run(result.runId, now, id, episodeId, attempt);
      this.db.prepare('UPDATE benchmarks SET updated_at = ? WHERE id = ?').run(now, id);
    })();
  }

  /** An infrastructure failure: claimable again, or an error when out of retries. */
  fail(id: string, episodeId: string, attempt: number, error: string, final: boolean, now: number): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          'UPDATE benchmark_episodes SET status = ?, error = ?, finished_at = ? WHERE benchmark_id = ? AND id = ?',
        )
        .run(final ? 'error' : 'pending', error, final ? now : null, id, episodeId);
      this.db
        .prepare(
          "UPDATE benchmark_attempts SET outcome = 'infra_error', error = ?, finished_at = ? WHERE benchmark_id = ? AND episode_id = ? AND attempt = ?",
        )
        .run(error, now, id, episodeId, attempt);
      this.db.prepare('UPDATE benchmarks SET updated_at = ? WHERE id = ?').run(now, id);
    })();
  }

  /** Gives back an attempt that was cut short (stop, shutdown): the episode is pending again. */
  release(id: string, episodeId: string, attempt: number, reason: string, now: number): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          "UPDATE benchmark_episodes SET status = 'pending' WHERE benchmark_id = ? AND id = ? AND status = 'running'",
        )
        .run(id, episodeId);
      this.db
        .prepare(
          "UPDATE benchmark_attempts SET outcome = 'interrupted', error = ?, finished_at = ? WHERE benchmark_id = ? AND episode_id = ? AND attempt = ?",
        )
        .run(reason, now, id, episodeId, attempt);
    })();
  }

  /**
   * After a crash: every episode left running becomes pending again, its attempt marked
   * interrupted. @returns the runs of those attempts (to be stopped).
   */
  recoverInterrupted(id: string, now: number): string[] {
    return this.db.transaction(() => {
      const runs = (
        this.db
          .prepare(
            "SELECT run_id FROM benchmark_attempts WHERE benchmark_id = ? AND outcome = 'running' AND run_id IS NOT NULL",
          )
          .all(id) as Array<{ run_id: string }>
      ).map((r) => r.run_id);
      this.db
        .prepare(
          "UPDATE benchmark_attempts SET outcome = 'interrupted', error = 'The benchmark stopped during this attempt', finished_at = ? WHERE benchmark_id = ? AND outcome = 'running'",
        )
        .run(now, id);
      this.db
        .prepare("UPDATE benchmark_episodes SET status = 'pending' WHERE benchmark_id = ? AND status = 'running'")
        .run(id);
      return runs;
    })();
  }

  /** Errored episodes get another chance (resume after fixing the cause). */
  retryErrors(id: string): number {
    return this.db
      .prepare(
        "UPDATE benchmark_episodes SET status = 'pending', error = NULL WHERE benchmark_id = ? AND status = 'error'",
      )
      .run(id).changes;
  }

  /** The report last stored for the benchmark, whatever it was computed from. */
  storedReport(id: string): StoredReportRow | undefined {
    const r = this.db
      .prepare('SELECT key, report, computed_at FROM benchmark_reports WHERE benchmark_id = ?')
      .get(id) as { key: string; report: string; computed_at: number } | undefined;
    return r ? { key: r.key, report: r.report, computedAt: r.computed_at } : undefined;
  }

  /** What the report last stored for the benchmark was computed from (its key), without the report. */
  storedReportKey(id: string): string | undefined {
    const r = this.db.prepare('SELECT key FROM benchmark_reports WHERE benchmark_id = ?').get(id) as
      | { key: string }
      | undefined;
    return r?.key;
  }

  /** Keeps a computed report of the benchmark (replacing the one before). */
  storeReport(id: string, row: StoredReportRow): void {
    this.db
      .prepare(
        'INSERT INTO benchmark_reports (benchmark_id, key, report, computed_at) VALUES (?, ?, ?, ?) ON CONFLICT (benchmark_id) DO UPDATE SET key = excluded.key, report = excluded.report, computed_at = excluded.computed_at',
      )
      .run(id, row.key, row.report, row.computedAt);
  }

  delete(id: string): boolean {
    return this.db.prepare('DELETE FROM benchmarks WHERE id = ?').run(id).changes > 0;
  }
}
