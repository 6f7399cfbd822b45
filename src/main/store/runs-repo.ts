import type { Statement } from 'better-sqlite3';
import { MobaError } from '../../shared/errors.ts';
import { RunEventSchema } from '../../shared/schemas/run.ts';
import type { RunEvent, RunEventBody, RunStatus } from '../../shared/schemas/run.ts';
import type { AutonomyMode } from '../../shared/schemas/settings.ts';
import type { Db } from './database.ts';
import { RunSummaries } from './run-summaries.ts';

export type { ListRunsQuery } from './run-summaries.ts';

/** The fields of the run row that follow from its folded state. */
export interface RunSummaryUpdate {
  status: RunStatus;
  outcomeReason: string | null;
  steps: number;
  modelCalls: number;
  tokens: number;
}

/**
 * Runs and their append-only event logs. Each append is one transaction that inserts the
 * event and refreshes the run's summary row, so a crash leaves the log at an event boundary.
 */
export class RunsRepo extends RunSummaries {
  private readonly insertEvent: Statement;
  private readonly updateRun: Statement;
  private readonly lastSeq: Statement<[string], { seq: number | null }>;

  constructor(db: Db) {
    super(db);
    this.insertEvent = db.prepare('INSERT INTO run_events (run_id, seq, at, type, payload) VALUES (?, ?, ?, ?, ?)');
    this.updateRun = db.prepare(
      'UPDATE runs SET status = ?, outcome_reason = ?, updated_at = ?, events = events + 1, steps = ?, model_calls = ?, tokens = ? WHERE id = ?',
    );
    this.lastSeq = db.prepare('SELECT MAX(seq) AS seq FROM run_events WHERE run_id = ?');
  }

  create(run: {
    id: string;
    task: string;
    serial: string;
    mode: AutonomyMode;
    replayOf?: string | undefined;
    now: number;
  }): void {
    this.db
      .prepare(
        'INSERT INTO runs (id, task, serial, mode, status, replay_of, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(run.id, run.task, run.serial, run.mode, 'running', run.replayOf ?? null, run.now, run.now);
  }

  /**
   * Appends one event with the next sequence number. `expectedSeq` is the sequence number the
   * writer believes comes next: if the log moved underneath it (another process appended),
   * nothing is written — a stale writer must never interleave its events.
   * @throws MobaError CONFLICT when the log is not where the writer thinks; RUN_NOT_FOUND
   */
  append(
    runId: string,
    body: RunEventBody,
    at: number,
    summary: (event: RunEvent) => RunSummaryUpdate,
    expectedSeq?: number,
  ): RunEvent {
    return this.db.transaction(() => {
      const seq = (this.lastSeq.get(runId)?.seq ?? -1) + 1;
      if (expectedSeq !== undefined && seq !== expectedSeq) {
        throw new MobaError(
          'CONFLICT',
          `Run ${runId} was changed by another writer (expected event ${expectedSeq}, the log is at ${seq})`,
        );
      }
      const event = { ...body, seq, at } as RunEvent;
      const { type, seq: _seq, at: _at, ...payload } = event;
      this.insertEvent.run(runId, seq, at, type, JSON.stringify(payload));
      const s = summary(event);
      const changed = this.updateRun.run(s.status, s.outcomeReason, at, s.steps, s.modelCalls, s.tokens, runId);
      if (changed.changes !== 1) throw new MobaError('RUN_NOT_FOUND', `No run ${runId}`);
      return event;
    })();
  }

  /**
   * The run's events in order. A row that no longer parses (written by a newer version, or
   * damaged) is skipped and counted rather than making the whole run unreadable.
   */
  events(runId: string, range: { from?: number; to?: number } = {}): { events: RunEvent[]; skipped: number } {
    const rows = this.db
      .prepare<[string, number, number], { seq: number; at: number; type: string; payload: string }>(
        'SELECT seq, at, type, payload FROM run_events WHERE run_id = ? AND seq >= ? AND seq <= ? ORDER BY seq',
      )
      .all(runId, range.from ?? 0, range.to ?? Number.MAX_SAFE_INTEGER);
    const events: RunEvent[] = [];
    let skipped = 0;
    for (const r of rows) {
      let parsed;
      try {
        parsed = RunEventSchema.safeParse({ ...(JSON.parse(r.payload) as object), type: r.type, seq: r.seq, at: r.at });
      } catch {
        skipped++;
        continue;
      }
      if (parsed.success) events.push(parsed.data);
      else skipped++;
    }
    return { events, skipped };
  }

  /** Claims (or refreshes) the run for this process; `owner` null releases it. */
  heartbeat(runId: string, owner: string | null, at: number): void {
    this.db.prepare('UPDATE runs SET owner = ?, heartbeat_at = ? WHERE id = ?').run(owner, owner ? at : null, runId);
  }

  /**
   * Claims the run for `owner` in one IMMEDIATE transaction, unless another owner that
   * `isAlive` says is still there holds it.
   * @returns the live owner that holds it instead, or null when the claim succeeded
   */
  claim(
    runId: string,
    owner: string,
    at: number,
    isAlive: (current: { owner: string | null; heartbeatAt: number | null }) => boolean,
  ): string | null {
    return this.db
      .transaction((): string | null => {
        const current = this.owner(runId);
        if (current && current.owner && current.owner !== owner && isAlive(current)) return current.owner;
        this.heartbeat(runId, owner, at);
        return null;
      })
      .immediate();
  }

  /** "Still mine". @returns false when another process has claimed the run meanwhile. */
  renewOwner(runId: string, owner: string, at: number): boolean {
    return (
      this.db.prepare('UPDATE runs SET heartbeat_at = ? WHERE id = ? AND owner = ?').run(at, runId, owner).changes === 1
    );
  }

  /** Releases the run, only if `owner` still holds it (a process must not clear its successor's claim). */
  releaseOwner(runId: string, owner: string): void {
    this.db.prepare('UPDATE runs SET owner = NULL, heartbeat_at = NULL WHERE id = ? AND owner = ?').run(runId, owner);
  }

  owner(runId: string): { owner: string | null; heartbeatAt: number | null } | undefined {
    const r = this.db
      .prepare<[string], { owner: string | null; heartbeat_at: number | null }>(
        'SELECT owner, heartbeat_at FROM runs WHERE id = ?',
      )
      .get(runId);
    return r ? { owner: r.owner, heartbeatAt: r.heartbeat_at } : undefined;
  }

  delete(runId: string): boolean {
    return this.db.prepare('DELETE FROM runs WHERE id = ?').run(runId).changes === 1;
  }
}
