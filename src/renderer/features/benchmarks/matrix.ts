/**
 * The task × configuration matrix of a report (AndroidWorld's table: a row per task, a column
 * per agent configuration): what each configuration scored on each task over its episodes,
 * sortable by task, category or any configuration's score, and filtered by category.
 */
import type { BenchReport, EpisodeLink } from '../../../shared/bench/report.ts';

export interface MatrixCell {
  episodes: number;
  /** Episodes with every milestone (and invariant). */
  passed: number;
  /** Milestones reached and available over the episodes. */
  reached: number;
  total: number;
  /** Still to run or running. */
  open: number;
  errors: number;
  /** Questions asked to the simulated user over the finished episodes, and the unnecessary ones. */
  questions: number;
  unnecessaryQuestions: number;
  /** The episode to open: the first finished with a run (a miss first, where there is one). */
  episode: EpisodeLink | null;
}

export interface MatrixRow {
  taskId: string;
  category: string;
  cells: Record<string, MatrixCell>;
}

export type MatrixSort = { by: 'task' } | { by: 'category' } | { by: 'config'; key: string };

const empty = (): MatrixCell => ({
  episodes: 0,
  passed: 0,
  reached: 0,
  total: 0,
  open: 0,
  errors: 0,
  questions: 0,
  unnecessaryQuestions: 0,
  episode: null,
});

/** A cell's score: the share of milestones reached, or null before any finished. */
export function cellScore(c: MatrixCell | undefined): number | null {
  return c && c.total > 0 ? c.reached / c.total : null;
}

export function buildMatrix(report: BenchReport): MatrixRow[] {
  const rows = new Map<string, MatrixRow>();
  for (const e of report.episodes) {
    let row = rows.get(e.taskId);
    if (!row) rows.set(e.taskId, (row = { taskId: e.taskId, category: e.category, cells: {} }));
    const c = (row.cells[e.key] ??= empty());
    c.episodes++;
    if (e.status === 'pending' || e.status === 'running') c.open++;
    if (e.status === 'error') c.errors++;
    if (e.reached !== null && e.total !== null) {
      c.reached += e.reached;
      c.total += e.total;
    }
    if (e.complete) c.passed++;
    c.questions += e.questions ?? 0;
    c.unnecessaryQuestions += e.unnecessaryQuestions ?? 0;
    const miss = e.complete === false;
    if (e.runId && (!c.episode || (miss && c.episode.complete))) c.episode = e;
  }
  return [...rows.values()];
}

/** The rows of a category (all for ''), sorted; a score sorts best first, rows without one last. */
export function viewMatrix(rows: readonly MatrixRow[], category: string, sort: MatrixSort): MatrixRow[] {
  const shown = rows.filter((r) => !category || r.category === category);
  const byTask = (a: MatrixRow, b: MatrixRow) => a.taskId.localeCompare(b.taskId);
  if (sort.by === 'task') return shown.sort(byTask);
  if (sort.by === 'category') return shown.sort((a, b) => a.category.localeCompare(b.category) || byTask(a, b));
  const key = sort.key;
  const score = (r: MatrixRow) => cellScore(r.cells[key]) ?? -1;
  return shown.sort((a, b) => score(b) - score(a) || byTask(a, b));
}
