/**
 * One run's events as the renderer holds them, folded with the same pure reducer main uses.
 * Events arrive live (`didAppendRunEvent`) and from `getRun` (initial load, gap fills after a
 * reconnect); both paths go through `mergeEvents`, which keeps the log gap-free and in order.
 */
import { initialRunState, reduceRun } from '../../shared/run/reducer.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import type { RunEvent, RunSummary } from '../../shared/schemas/run.ts';

export interface RunLog {
  runId: string;
  events: RunEvent[];
  state: RunState;
  summary: RunSummary | null;
  /**
   * Events that arrived ahead of a gap (a seq was skipped, e.g. while reconnecting); they are
   * applied once the missing ones are fetched.
   */
  ahead: RunEvent[];
}

export function emptyRunLog(runId: string, summary: RunSummary | null = null): RunLog {
  return { runId, events: [], state: initialRunState(runId), summary, ahead: [] };
}

export interface MergeResult {
  log: RunLog;
  /** Set when events are missing: fetch `getRun({ runId, from: gapFrom })`. */
  gapFrom: number | null;
  /** How many events were applied. */
  applied: number;
}

/**
 * Adds events to a run's log: duplicates (seq already applied) are dropped, events after a
 * gap wait in `ahead` (unless `acceptGaps`: the store skipped unreadable rows, which will never
 * come), everything contiguous is folded into the state. Pure: `log` is not
 * mutated. The returned log is the same object when nothing changed (cheap for React).
 */
export function mergeEvents(
  log: RunLog,
  incoming: readonly RunEvent[],
  summary?: RunSummary | null,
  options: { acceptGaps?: boolean } = {},
): MergeResult {
  // The common case (a page of events from getRun, or the next live event): in order, contiguous.
  if (log.ahead.length === 0 && incoming.length > 0 && incoming.every((e, i) => e.seq === log.state.lastSeq + 1 + i)) {
    let state = log.state;
    for (const e of incoming) state = reduceRun(state, e);
    const out: RunLog = {
      runId: log.runId,
      events: log.events.concat(incoming),
      state,
      summary: summary === undefined ? log.summary : newerSummary(log.summary, summary),
      ahead: [],
    };
    return { log: out, gapFrom: null, applied: incoming.length };
  }
  const pending = new Map<number, RunEvent>();
  for (const e of log.ahead) pending.set(e.seq, e);
  let last = log.state.lastSeq;
  for (const e of incoming) if (e.seq > last) pending.set(e.seq, e);
  if (pending.size === 0) {
    if (summary === undefined || summary === log.summary) return { log, gapFrom: null, applied: 0 };
    return { log: { ...log, summary: newerSummary(log.summary, summary) }, gapFrom: null, applied: 0 };
  }
  let state = log.state;
  const added: RunEvent[] = [];
  if (options.acceptGaps) {
    // The store could not read some rows (damaged or from a newer version): fold what there is.
    for (const next of [...pending.values()].sort((a, b) => a.seq - b.seq)) {
      state = reduceRun(state, next);
      added.push(next);
      last = next.seq;
    }
    pending.clear();
  }
  for (;;) {
    const next = pending.get(last + 1);
    if (!next) break;
    pending.delete(last + 1);
    state = reduceRun(state, next);
    added.push(next);
    last = next.seq;
  }
  const ahead = [...pending.values()].sort((a, b) => a.seq - b.seq);
  const out: RunLog = {
    runId: log.runId,
    events: added.length ? log.events.concat(added) : log.events,
    state,
    summary: summary === undefined ? log.summary : newerSummary(log.summary, summary),
    ahead,
  };
  return { log: out, gapFrom: ahead.length ? last + 1 : null, applied: added.length };
}

function newerSummary(current: RunSummary | null, next: RunSummary | null): RunSummary | null {
  if (!next) return current;
  if (!current) return next;
  return next.updatedAt >= current.updatedAt || next.events >= current.events ? next : current;
}
