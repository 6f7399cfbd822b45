/**
 * Random access to a run's state at any event. States are folded with the shared reducer and
 * a snapshot is kept every `every` events — lazily, as positions are asked for, so opening a
 * long run at step 1 folds only the first few dozen events. `stateAt(i)` folds forward from
 * the nearest snapshot (at most `every - 1` reductions), or from the previous answer when the
 * scrubber moves forward. The reducer never mutates states, so snapshots can be shared.
 */
import { initialRunState, reduceRun } from '../../../shared/run/reducer.ts';
import type { RunState } from '../../../shared/run/reducer.ts';
import type { RunEvent } from '../../../shared/schemas/run.ts';

export class ReplayIndex {
  readonly runId: string;
  readonly events: readonly RunEvent[];
  readonly every: number;
  /** Event index of each step's proposal, in step order. */
  readonly stepEventIndex: number[];
  /** Where each step is shown (see `stepEndIndex`). */
  private readonly stepHome: number[];
  /** snapshots[k]: the state after events[0 .. k*every - 1]; filled in order as needed. */
  private readonly snapshots: RunState[];
  private finalState: RunState | undefined;
  private last: { index: number; state: RunState } | null = null;

  /** @param final the fold of all `events` when the caller has it already (skips a full fold). */
  constructor(runId: string, events: readonly RunEvent[], every = 64, final?: RunState) {
    this.runId = runId;
    this.events = events;
    this.every = Math.max(1, every);
    this.snapshots = [initialRunState(runId)];
    this.finalState = final && final.lastSeq === (events.at(-1)?.seq ?? -1) ? final : undefined;
    this.stepEventIndex = [];
    for (let i = 0; i < events.length; i++) if (events[i]!.type === 'step_proposed') this.stepEventIndex.push(i);
    this.stepHome = this.stepEventIndex.map((start, k) =>
      this.homeOf(start, this.stepEventIndex[k + 1] ?? events.length),
    );
  }

  /** State after all events. */
  get final(): RunState {
    this.finalState ??= this.events.length ? this.foldTo(this.events.length - 1) : this.snapshots[0]!;
    return this.finalState;
  }

  /**
   * The last event about the step (its execution, reflection…) plus the bookkeeping right after
   * it (the node marked done, memory written), but not the move to the next sub-goal.
   */
  private homeOf(start: number, end: number): number {
    const first = this.events[start]!;
    const stepId = first.type === 'step_proposed' ? first.stepId : null;
    let home = start;
    for (let i = start + 1; i < end; i++) {
      const e = this.events[i]!;
      if ('stepId' in e && e.stepId === stepId) home = i;
    }
    for (let i = home + 1; i < end; i++) {
      const t = this.events[i]!.type;
      if (t === 'node_status' || t === 'memory_written') home = i;
      else break;
    }
    return home;
  }

  /** The snapshot covering the first `k * every` events, folding (and keeping) the ones before it. */
  private snapshot(k: number): RunState {
    while (this.snapshots.length <= k) {
      const j = this.snapshots.length;
      let state = this.snapshots[j - 1]!;
      for (let i = (j - 1) * this.every; i < j * this.every; i++) state = reduceRun(state, this.events[i]!);
      this.snapshots.push(state);
    }
    return this.snapshots[k]!;
  }

  get length(): number {
    return this.events.length;
  }

  /**
   * The state after applying events[0..index] (inclusive). `index` is clamped to the log;
   * -1 gives the empty state.
   */
  stateAt(index: number): RunState {
    const n = this.events.length;
    if (n === 0 || index < 0) return this.snapshots[0]!;
    const i = Math.min(index, n - 1);
    return i === n - 1 ? this.final : this.foldTo(i);
  }

  private foldTo(i: number): RunState {
    if (this.last && this.last.index === i) return this.last.state;
    // Fold from the previous answer when it is closer than the snapshot.
    const snapIndex = Math.floor((i + 1) / this.every);
    const snapStart = snapIndex * this.every; // the first event not yet in the snapshot
    let from: number;
    let state: RunState;
    if (this.last && this.last.index < i && this.last.index + 1 >= snapStart) {
      from = this.last.index + 1;
      state = this.last.state;
    } else {
      from = snapStart;
      state = this.snapshot(snapIndex);
    }
    for (let k = from; k <= i; k++) state = reduceRun(state, this.events[k]!);
    this.last = { index: i, state };
    return state;
  }

  /** The step (0-based) whose proposal is at or before event `index`, or -1 before the first. */
  stepAt(index: number): number {
    let lo = 0;
    let hi = this.stepEventIndex.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.stepEventIndex[mid]! <= index) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /**
   * Where "step k" is shown: its last event (execution, reflection) and the bookkeeping right
   * after it, so the tree shows the step's outcome and not yet the move to the next sub-goal.
   */
  stepEndIndex(step: number): number {
    return this.stepHome[step] ?? this.events.length - 1;
  }

  /** Where "next step" goes from `position`: the first step shown after it, or null. */
  nextStepPosition(position: number): number | null {
    for (let k = Math.max(0, this.stepAt(position)); k < this.stepEventIndex.length; k++) {
      const home = this.stepEndIndex(k);
      if (home > position) return home;
    }
    return null;
  }

  /** Where "previous step" goes from `position`: the last step shown before it, or null. */
  prevStepPosition(position: number): number | null {
    for (let k = Math.min(this.stepEventIndex.length - 1, this.stepAt(position)); k >= 0; k--) {
      const home = this.stepEndIndex(k);
      if (home < position) return home;
    }
    return null;
  }
}
