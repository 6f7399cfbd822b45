/**
 * Why a run ended: the typed `cause` of its `run_finished` event. Whoever reads how a run ended
 * (the benchmark's termination, reports, the CLI's exit) decides on the cause, never on the
 * English `reason` beside it, which is for people and may be reworded at any time.
 */
import { z } from 'zod';
import { DEVICE_GONE_CODES } from '../errors.ts';
import type { ErrorCode } from '../errors.ts';

export const END_CAUSES = [
  /** The agent (or the judge of its strategy) found the task done. */
  'finished',
  /** The agent said it cannot do the task (MobA's `Failed()`, the noop pseudo-agent). */
  'gave_up',
  /** Loop detection ended it: the same action again and again, a sub-goal split again and again, the planning budget. */
  'stuck',
  /** The step limit (`maxSteps`) was reached. */
  'step_limit',
  /** A wall-time limit was reached (a benchmark episode's `timeoutS`). */
  'time_limit',
  /** A cost cap was reached while the run was going. */
  'cost_limit',
  /** A person ended it: Stop, a rejection at an escalation, the task marked failed or skipped in the plan. */
  'stopped_by_person',
  /** The benchmark the run is an episode of was stopped or interrupted (the episode is run again or dropped). */
  'benchmark_stopped',
  /** The model's replies could not be used (after each call's repair round), or its endpoint failed. */
  'model_failed',
  /** The agent's actions failed too many times in a row (Mobile-Agent-E's max_consecutive_failures). */
  'actions_failed',
  /** An external agent program (docs/agent-protocol.md) exited, crashed or broke the protocol before it finished. */
  'agent_failed',
  /** The device went away (unplugged, offline, unauthorised, adb unreachable). */
  'device_lost',
  /** Anything else that broke the run (an error of the loop, an abnormal end of a strategy). */
  'error',
  /** A run recorded before causes existed, whose outcome alone does not say (see `legacyEndCause`). */
  'unknown',
] as const;
export const EndCause = z.enum(END_CAUSES);
export type EndCause = z.infer<typeof EndCause>;

/** Errors of the model or its endpoint (replayed replies included). */
const MODEL_CODES: readonly ErrorCode[] = [
  'MODEL_NOT_CONFIGURED',
  'MODEL_HTTP_ERROR',
  'MODEL_REPLY_INVALID',
  'MODEL_REFUSED',
  'MODEL_NOT_CAPABLE',
  'REPLAY_MISMATCH',
];

/** The cause of a run that ends because of an error with this code. */
export function endCauseOfError(code: ErrorCode): 'device_lost' | 'model_failed' | 'error' {
  if (DEVICE_GONE_CODES.includes(code)) return 'device_lost';
  if (MODEL_CODES.includes(code)) return 'model_failed';
  return 'error';
}

/**
 * The one place a cause is derived for a `run_finished` recorded before causes existed (no
 * `cause` field): only what its outcome says for certain — a success is `finished`; a failed
 * or stopped run is `unknown` (its reason text is never interpreted).
 */
export function legacyEndCause(outcome: 'succeeded' | 'failed' | 'stopped'): EndCause {
  return outcome === 'succeeded' ? 'finished' : 'unknown';
}

/** The cause of a `run_finished` event, recorded or (for an old log) derived. */
export function endCauseOf(event: {
  outcome: 'succeeded' | 'failed' | 'stopped';
  cause?: EndCause | undefined;
}): EndCause {
  return event.cause ?? legacyEndCause(event.outcome);
}
