/**
 * The handle every caller gets for a run it starts or follows (`RunService.start`,
 * `RunService.follow`): the run's own events, a promise of how its loop ended here, and a way
 * to stop it with a typed cause. The UI, the CLI, benchmark episodes and sweep workers all
 * follow runs through it.
 */
import type { Event, Listener } from '@moba/base';
import type { ErrorCode } from '../../shared/errors.ts';
import type { EndCause } from '../../shared/schemas/end-cause.ts';
import { TERMINAL_STATUSES } from '../../shared/schemas/run.ts';
import type { RunEvent, RunStatus } from '../../shared/schemas/run.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import type { LoopEnd, RunLoop } from './run-controller.ts';

/** How a run stands once its loop in this process has stopped. */
export interface RunOutcome {
  runId: string;
  /** An end (`succeeded`, `failed`, `stopped`), or `paused` / `waiting` / `running` when it has not ended here. */
  status: RunStatus;
  /** Whether the run has ended (its status is terminal). */
  ended: boolean;
  /** Why it ended (its run_finished's cause); null while it has not. */
  cause: EndCause | null;
  /** The end in words (the run_finished's reason); null while it has not ended. */
  reason: string | null;
  answer: string | null;
  /** The error that stopped the loop (recorded as a fatal run_error; the run paused), if one did. */
  error: { code: ErrorCode; message: string } | null;
  /** Another process took the run over and drives it now. */
  detached: boolean;
}

/** The causes a caller may stop a run with: a person, or the machinery around the run. */
export type StopCause = Extract<
  EndCause,
  'stopped_by_person' | 'time_limit' | 'cost_limit' | 'benchmark_stopped' | 'model_failed' | 'device_lost' | 'error'
>;

export interface RunHandle {
  readonly runId: string;
  /**
   * This run's events, and only this run's. Subscribing first replays, synchronously and in
   * order, what the run appended since the handle's starting point (`run_started` for a run
   * just started; `from` of `follow`), then delivers every new event synchronously as it is
   * appended — nothing is missed however late the listener subscribes.
   */
  readonly events: Event<RunEvent>;
  /**
   * Resolves when the run's loop in this process stops: the run ended, paused (by a person, a
   * shutdown, an error), or another process took it over. Waiting for a person is not a stop.
   * For a run no loop drives here it resolves at once. Never rejects.
   */
  readonly done: Promise<RunOutcome>;
  /** The run's state now (the fold of its events). */
  state(): RunState;
  /**
   * Ends the run as stopped (a no-op when it has ended), waiting for its loop to unwind.
   * `cause` defaults to `stopped_by_person`; any other cause records the system as the actor.
   */
  stop(reason: string, cause?: StopCause): Promise<RunOutcome>;
}

/** A loop that drives a run instead of its strategy: the benchmark's pseudo-agents. */
export interface CustomLoop {
  /** Recorded as run_started's `driver`; such a run cannot be resumed by a process that did not start it. */
  name: string;
  /** The run's first message (from the system), saying what drives it. */
  description: string;
  loop: RunLoop;
}

export function outcomeOf(state: RunState, end: LoopEnd): RunOutcome {
  const ended = TERMINAL_STATUSES.includes(state.status);
  return {
    runId: state.runId,
    status: state.status,
    ended,
    cause: ended ? state.cause : null,
    reason: ended ? state.outcomeReason : null,
    answer: state.answer,
    error: end.error,
    detached: end.detached,
  };
}

/**
 * The events of one run from `from` on: the stored ones replayed to each new listener, then the
 * live ones. Events appended while the replay is delivered (a listener that acts on the run)
 * are queued and follow in order.
 */
export function replayingEvents(
  runId: string,
  from: number,
  stored: (from: number) => RunEvent[],
  live: Event<{ runId: string; event: RunEvent }>,
): Event<RunEvent> {
  return (listener: Listener<RunEvent>) => {
    let last = from - 1;
    let replaying = true;
    const queued: RunEvent[] = [];
    const deliver = (e: RunEvent) => {
      if (e.seq <= last) return;
      last = e.seq;
      listener(e);
    };
    const sub = live((n) => {
      if (n.runId !== runId) return;
      if (replaying) queued.push(n.event);
      else deliver(n.event);
    });
    try {
      for (const e of stored(from)) deliver(e);
      while (queued.length) deliver(queued.shift()!);
    } finally {
      replaying = false;
    }
    return sub;
  };
}
