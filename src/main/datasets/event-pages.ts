/**
 * A run's events read page by page, so a long run is never held in memory at once. Pages are
 * separate queries (not an open cursor): between pages the same connection stays free for the
 * artifact lookups the exporter makes.
 */
import { RunEventSchema } from '../../shared/schemas/run.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import type { Db } from '../store/database.ts';

export interface EventPage {
  events: RunEvent[];
  /** Rows that did not parse (damaged, or written by a newer version). */
  skipped: number;
}

/** Yields the run's events in order, `pageSize` rows at a time. */
export function* eventPages(db: Db, runId: string, pageSize = 500): Generator<EventPage> {
  const stmt = db.prepare<[string, number, number], { seq: number; at: number; type: string; payload: string }>(
    'SELECT seq, at, type, payload FROM run_events WHERE run_id = ? AND seq >= ? ORDER BY seq LIMIT ?',
  );
  let from = 0;
  for (;;) {
    const rows = stmt.all(runId, from, pageSize);
    if (!rows.length) return;
    const events: RunEvent[] = [];
    let skipped = 0;
    for (const r of rows) {
      try {
        const parsed = RunEventSchema.safeParse({
          ...(JSON.parse(r.payload) as object),
          type: r.type,
          seq: r.seq,
          at: r.at,
        });
        if (parsed.success) events.push(parsed.data);
        else skipped++;
      } catch {
        skipped++;
      }
    }
    yield { events, skipped };
    from = rows.at(-1)!.seq + 1;
    if (rows.length < pageSize) return;
  }
}

/** What the exporter needs to know about a run before streaming its steps, read with a few small queries. */
export interface RunDigest {
  strategy: string;
  mode: string;
  /** The model that answered most act calls. */
  actModel: string | null;
  /** The last event (by seq) that names each step, annotations aside: a step is complete once the stream has passed it. */
  lastSeqOfStep: Map<string, number>;
}

export function digestRun(db: Db, runId: string): RunDigest {
  const start = db
    .prepare<[string], { payload: string }>(
      "SELECT payload FROM run_events WHERE run_id = ? AND type = 'run_started' ORDER BY seq LIMIT 1",
    )
    .get(runId);
  let strategy = 'moba';
  let mode = 'auto';
  if (start) {
    try {
      const options = (JSON.parse(start.payload) as { options?: { strategy?: string; mode?: string } }).options;
      strategy = options?.strategy ?? strategy;
      mode = options?.mode ?? mode;
    } catch {
      // A damaged start event: the defaults stand, the rows are skipped when streamed.
    }
  }
  const model = db
    .prepare<[string], { model: string | null }>(
      "SELECT json_extract(payload, '$.record.model') AS model FROM run_events WHERE run_id = ? AND type = 'model_call' AND json_extract(payload, '$.record.purpose') = 'act' GROUP BY model ORDER BY COUNT(*) DESC, model LIMIT 1",
    )
    .get(runId);
  const lastSeqOfStep = new Map<string, number>();
  for (const r of db
    .prepare<[string], { step: string; last: number }>(
      "SELECT json_extract(payload, '$.stepId') AS step, MAX(seq) AS last FROM run_events WHERE run_id = ? AND type NOT IN ('step_annotated', 'annotation_removed') AND json_extract(payload, '$.stepId') IS NOT NULL GROUP BY step",
    )
    .all(runId)) {
    lastSeqOfStep.set(r.step, r.last);
  }
  return { strategy, mode, actModel: model?.model ?? null, lastSeqOfStep };
}
