/**
 * Failure annotations: a person tags a step with a failure category and a note. Each tag is a
 * run event (`step_annotated`, withdrawn by `annotation_removed`) with who and when, so it
 * travels with the run into exports and replays. Ended runs are annotated too: the event is
 * appended without touching the run's status or its "updated" time. A run this process drives
 * gets the event through its controller (its log position stays right); a run another live
 * process drives is refused rather than interleaved with that process's writes.
 */
import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import { FAILURE_CATEGORIES } from '../../shared/annotations/failure-categories.ts';
import type { FailureCategory } from '../../shared/annotations/failure-categories.ts';
import type { AnnotationView, FailureSummary, RunSelection } from '../../shared/contract/datasets.ts';
import { MobaError } from '../../shared/errors.ts';
import type { RunEvent, RunEventBody, RunSummary } from '../../shared/schemas/run.ts';
import { Emitter } from '@moba/base';
import { ownerAlive } from '../agent/ownership.ts';
import { annotationsOf, selectRuns } from '../datasets/run-selection.ts';
import type { BenchmarkRuns } from '../datasets/run-selection.ts';
import type { Db } from '../store/database.ts';
import type { RunsRepo } from '../store/runs-repo.ts';

export interface AnnotationServiceOptions {
  db: Db;
  repo: RunsRepo;
  /** The run service's hook for runs this process holds. */
  appendIfHeld(runId: string, body: RunEventBody): RunEvent | null;
  benchmarks?: BenchmarkRuns;
  now?: () => number;
  /** Who annotates when a call names nobody (default: the OS user running MobA Studio). */
  defaultAuthor?: string | null;
}

function osUser(): string | null {
  try {
    return userInfo().username || null;
  } catch {
    return null;
  }
}

const zeroCounts = (): Record<FailureCategory, number> =>
  Object.fromEntries(FAILURE_CATEGORIES.map((c) => [c, 0])) as Record<FailureCategory, number>;

export class AnnotationService {
  private readonly o: AnnotationServiceOptions;
  private readonly now: () => number;
  private readonly author: string | null;
  private readonly emitter = new Emitter<{ runId: string; event: RunEvent; summary: RunSummary }>();
  /** Events appended here (not through a run's controller), for the contract's didAppendRunEvent. */
  readonly onDidAppend = this.emitter.event;

  constructor(options: AnnotationServiceOptions) {
    this.o = options;
    this.now = options.now ?? Date.now;
    this.author = options.defaultAuthor === undefined ? osUser() : options.defaultAuthor;
  }

  /**
   * Tags a step.
   * @throws MobaError RUN_NOT_FOUND, NOT_FOUND (no such step), CONFLICT (another process drives the run)
   */
  annotate(input: {
    runId: string;
    stepId: string;
    category: FailureCategory;
    note?: string;
    author?: string;
  }): AnnotationView {
    if (!this.o.repo.get(input.runId)) throw new MobaError('RUN_NOT_FOUND', `No run ${input.runId}`);
    const step = this.o.db
      .prepare(
        "SELECT 1 FROM run_events WHERE run_id = ? AND type = 'step_proposed' AND json_extract(payload, '$.stepId') = ?",
      )
      .get(input.runId, input.stepId);
    if (!step) throw new MobaError('NOT_FOUND', `Run ${input.runId} has no step ${input.stepId}`);
    const annotationId = `a${randomBytes(4).toString('hex')}`;
    const author = input.author?.trim() || this.author;
    const event = this.append(input.runId, {
      type: 'step_annotated',
      annotationId,
      stepId: input.stepId,
      category: input.category,
      note: input.note?.trim() ?? '',
      by: 'person',
      author,
    });
    return {
      annotationId,
      runId: input.runId,
      stepId: input.stepId,
      category: input.category,
      note: input.note?.trim() ?? '',
      author,
      at: event.at,
    };
  }

  /** @returns false when the run has no such annotation in force */
  remove(input: { runId: string; annotationId: string; author?: string }): boolean {
    if (!this.o.repo.get(input.runId)) throw new MobaError('RUN_NOT_FOUND', `No run ${input.runId}`);
    if (!annotationsOf(this.o.db, input.runId).some((a) => a.id === input.annotationId)) return false;
    this.append(input.runId, {
      type: 'annotation_removed',
      annotationId: input.annotationId,
      by: 'person',
      author: input.author?.trim() || this.author,
    });
    return true;
  }

  /** The annotations of a set of runs (a run, a benchmark, a date range…), counted per category and per run. */
  summary(selection: RunSelection): FailureSummary {
    const runs = selectRuns(this.o.db, selection, this.o.benchmarks);
    const out: FailureSummary = {
      runs: runs.length,
      steps: 0,
      annotatedSteps: 0,
      byCategory: zeroCounts(),
      perRun: [],
      annotations: [],
    };
    const stepCount = this.o.db.prepare<[string], { n: number }>(
      "SELECT COUNT(*) AS n FROM run_events WHERE run_id = ? AND type = 'step_proposed'",
    );
    for (const run of runs) {
      const list = annotationsOf(this.o.db, run.id);
      const steps = stepCount.get(run.id)?.n ?? 0;
      const byCategory = zeroCounts();
      for (const a of list) {
        byCategory[a.category]++;
        out.byCategory[a.category]++;
        out.annotations.push({
          annotationId: a.id,
          runId: run.id,
          stepId: a.stepId,
          category: a.category,
          note: a.note,
          author: a.author,
          at: a.at,
        });
      }
      const annotatedSteps = new Set(list.map((a) => a.stepId)).size;
      out.steps += steps;
      out.annotatedSteps += annotatedSteps;
      out.perRun.push({ runId: run.id, task: run.task, steps, annotatedSteps, byCategory });
    }
    return out;
  }

  private append(runId: string, body: RunEventBody): RunEvent {
    const held = this.o.appendIfHeld(runId, body);
    if (held) return held;
    const owner = this.o.repo.owner(runId);
    if (owner && ownerAlive(owner.owner, owner.heartbeatAt, this.now())) {
      throw new MobaError(
        'CONFLICT',
        `Run ${runId} is being driven by another MobA Studio process (${owner.owner}); annotate it there, or once it has paused or ended`,
      );
    }
    const at = this.now();
    // Not RunsRepo.append: that moves the run's "updated" time, and a later annotation is not part of the run.
    const event = this.o.db.transaction(() => {
      const seq =
        ((this.o.db
          .prepare<[string], { seq: number | null }>('SELECT MAX(seq) AS seq FROM run_events WHERE run_id = ?')
          .get(runId)?.seq ?? -1) as number) + 1;
      const { type, ...payload } = body;
      this.o.db
        .prepare('INSERT INTO run_events (run_id, seq, at, type, payload) VALUES (?, ?, ?, ?, ?)')
        .run(runId, seq, at, type, JSON.stringify(payload));
      this.o.db.prepare('UPDATE runs SET events = events + 1 WHERE id = ?').run(runId);
      return { ...body, seq, at } as RunEvent;
    })();
    const summary = this.o.repo.get(runId);
    if (summary) this.emitter.fire({ runId, event, summary });
    return event;
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
