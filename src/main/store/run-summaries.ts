/**
 * The runs table alone: one summary row per run (status, counts, owner), read without the event
 * log or its schemas, so `moba runs list` loads no zod. `RunsRepo` adds the event log.
 */
import type { RunStatus, RunSummary } from '../../shared/schemas/run.ts';
import type { AutonomyMode } from '../../shared/schemas/settings.ts';
import type { Db } from './database.ts';

interface RunRow {
  id: string;
  task: string;
  serial: string;
  mode: string;
  status: string;
  outcome_reason: string | null;
  replay_of: string | null;
  created_at: number;
  updated_at: number;
  events: number;
  steps: number;
  model_calls: number;
  tokens: number;
}

function toSummary(r: RunRow): RunSummary {
  return {
    id: r.id,
    task: r.task,
    serial: r.serial,
    mode: r.mode as AutonomyMode,
    status: r.status as RunStatus,
    outcomeReason: r.outcome_reason,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    events: r.events,
    steps: r.steps,
    modelCalls: r.model_calls,
    tokens: r.tokens,
    replayOf: r.replay_of,
  };
}

export interface ListRunsQuery {
  search?: string;
  serial?: string;
  status?: RunStatus;
  limit?: number;
  offset?: number;
}

export class RunSummaries {
  protected readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  get(runId: string): RunSummary | undefined {
    const row = this.db.prepare<[string], RunRow>('SELECT * FROM runs WHERE id = ?').get(runId);
    return row ? toSummary(row) : undefined;
  }

  list(query: ListRunsQuery = {}): { runs: RunSummary[]; total: number } {
    const where: string[] = [];
    const args: unknown[] = [];
    if (query.search?.trim()) {
      where.push("(task LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')");
      const like = `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      args.push(like, like);
    }
    if (query.serial) {
      where.push('serial = ?');
      args.push(query.serial);
    }
    if (query.status) {
      where.push('status = ?');
      args.push(query.status);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM runs ${clause}`).get(...args) as { n: number }).n;
    const rows = this.db
      .prepare(`SELECT * FROM runs ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
      .all(...args, query.limit ?? 50, query.offset ?? 0) as RunRow[];
    return { runs: rows.map(toSummary), total };
  }

  /** Runs in progress (running or waiting), with who drives them and when it last said so. */
  unfinished(): Array<RunSummary & { owner: string | null; heartbeatAt: number | null }> {
    return (
      this.db.prepare("SELECT * FROM runs WHERE status IN ('running', 'waiting')").all() as Array<
        RunRow & { owner: string | null; heartbeat_at: number | null }
      >
    ).map((r) => ({
      ...toSummary(r),
      owner: r.owner,
      heartbeatAt: r.heartbeat_at,
    }));
  }
}
