/**
 * Which runs a dataset covers: a selection by text, benchmark, strategy, date, failure tag or
 * explicit ids, answered from SQLite without reading whole event logs (the strategy is in each
 * run's first event, tags are `step_annotated` events, both reached with `json_extract`).
 * Runs come back in a fixed order — oldest first, then by id — so the same selection always
 * exports the same records in the same order.
 */
import { FailureCategory } from '../../shared/annotations/failure-categories.ts';
import { MobaError } from '../../shared/errors.ts';
import type { Db } from '../store/database.ts';

export { RunSelection } from '../../shared/contract/datasets.ts';
import type { RunSelection } from '../../shared/contract/datasets.ts';

/**
 * Where benchmark episodes live: the benchmark store answers which runs a benchmark ran and
 * which task each was. Until it is wired, selecting by benchmark is refused with a clear error.
 */
export interface BenchmarkRuns {
  /** The runs of a benchmark's episodes with their task ids; throws NOT_FOUND for an unknown benchmark. */
  runsOf(benchmarkId: string): Array<{ runId: string; taskId: string }>;
  /** The benchmark episode a run was, if any. */
  episodeOf(runId: string): { benchmarkId: string; taskId: string } | null;
}

export interface SelectedRun {
  id: string;
  task: string;
  status: string;
  createdAt: number;
  benchmark: { id: string; taskId: string } | null;
}

/**
 * The runs a selection names, oldest first.
 * @throws MobaError INVALID_INPUT for a benchmark selection without a benchmark store, NOT_FOUND for unknown run ids
 */
export function selectRuns(db: Db, selection: RunSelection, benchmarks?: BenchmarkRuns): SelectedRun[] {
  const where: string[] = [];
  const args: unknown[] = [];
  let benchTasks: Map<string, string> | null = null;
  if (selection.benchmark) {
    if (!benchmarks)
      throw new MobaError(
        'INVALID_INPUT',
        `Selecting runs by benchmark (${selection.benchmark}) needs the benchmark store, which this build does not have`,
      );
    benchTasks = new Map(benchmarks.runsOf(selection.benchmark).map((r) => [r.runId, r.taskId]));
  }
  if (selection.runIds) {
    const missing = selection.runIds.filter((id) => !db.prepare('SELECT 1 FROM runs WHERE id = ?').get(id));
    if (missing.length)
      throw new MobaError(
        'NOT_FOUND',
        `No run ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` (and ${missing.length - 5} more)` : ''}`,
      );
    where.push(`id IN (SELECT value FROM json_each(?))`);
    args.push(JSON.stringify(selection.runIds));
  }
  if (selection.search?.trim()) {
    const like = `%${selection.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push("(task LIKE ? ESCAPE '\\' OR id LIKE ? ESCAPE '\\')");
    args.push(like, like);
  }
  if (selection.since !== undefined) {
    where.push('created_at >= ?');
    args.push(selection.since);
  }
  if (selection.until !== undefined) {
    where.push('created_at < ?');
    args.push(selection.until);
  }
  if (selection.status?.length) {
    where.push(`status IN (SELECT value FROM json_each(?))`);
    args.push(JSON.stringify(selection.status));
  }
  if (selection.strategy) {
    where.push(
      "EXISTS (SELECT 1 FROM run_events e WHERE e.run_id = runs.id AND e.seq = 0 AND e.type = 'run_started' AND json_extract(e.payload, '$.options.strategy') = ?)",
    );
    args.push(selection.strategy);
  }
  if (selection.tag) {
    // A candidate filter; removed annotations are checked below.
    where.push(
      `EXISTS (SELECT 1 FROM run_events e WHERE e.run_id = runs.id AND e.type = 'step_annotated'${selection.tag === 'any' ? '' : " AND json_extract(e.payload, '$.category') = ?"})`,
    );
    if (selection.tag !== 'any') args.push(selection.tag);
  }
  const rows = db
    .prepare(
      `SELECT id, task, status, created_at FROM runs ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at ASC, id ASC`,
    )
    .all(...args) as Array<{ id: string; task: string; status: string; created_at: number }>;
  const out: SelectedRun[] = [];
  for (const r of rows) {
    if (benchTasks && !benchTasks.has(r.id)) continue;
    if (selection.tag && !annotationsOf(db, r.id).some((a) => selection.tag === 'any' || a.category === selection.tag))
      continue;
    const episode = benchTasks
      ? { benchmarkId: selection.benchmark!, taskId: benchTasks.get(r.id)! }
      : (benchmarks?.episodeOf(r.id) ?? null);
    out.push({
      id: r.id,
      task: r.task,
      status: r.status,
      createdAt: r.created_at,
      benchmark: episode ? { id: episode.benchmarkId, taskId: episode.taskId } : null,
    });
  }
  return out;
}

export interface StoredAnnotation {
  id: string;
  stepId: string;
  category: FailureCategory;
  note: string;
  by: 'agent' | 'person' | 'system';
  author: string | null;
  at: number;
  seq: number;
}

/** The annotations in force on a run (removed ones dropped), oldest first; read without the rest of the log. */
export function annotationsOf(db: Db, runId: string): StoredAnnotation[] {
  const rows = db
    .prepare<[string], { seq: number; at: number; type: string; payload: string }>(
      "SELECT seq, at, type, payload FROM run_events WHERE run_id = ? AND type IN ('step_annotated', 'annotation_removed') ORDER BY seq",
    )
    .all(runId);
  const out = new Map<string, StoredAnnotation>();
  for (const r of rows) {
    let p: Record<string, unknown>;
    try {
      p = JSON.parse(r.payload) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (r.type === 'annotation_removed') {
      out.delete(String(p.annotationId));
      continue;
    }
    const category = FailureCategory.safeParse(p.category);
    if (!category.success) continue;
    out.set(String(p.annotationId), {
      id: String(p.annotationId),
      stepId: String(p.stepId),
      category: category.data,
      note: typeof p.note === 'string' ? p.note : '',
      by: p.by === 'agent' || p.by === 'system' ? p.by : 'person',
      author: typeof p.author === 'string' ? p.author : null,
      at: r.at,
      seq: r.seq,
    });
  }
  return [...out.values()];
}
