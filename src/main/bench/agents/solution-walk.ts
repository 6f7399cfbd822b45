/**
 * Walking an element-level solution on a phone, step by step: observe, resolve the step's
 * target among the elements a strategy would see, perform the action, and for `Scroll … until`
 * scroll until the target is in view. The reference pseudo-agent, a task's `ui` set-up and
 * `moba bench validate --deep` all walk solutions this way; they differ in what observing and
 * performing record. A step that cannot be resolved or performed ends the walk with the step,
 * the element it aimed at and the reason.
 */
import type { ActionCall } from '../../../shared/actions.ts';
import type { SolutionStep } from '../../../shared/bench/task-steps.ts';
import type { Observation, UiElement } from '../../../shared/schemas/perception.ts';
import { describeTarget, findTarget, resolveStep } from './step-resolver.ts';

export const DEFAULT_SCROLLS = 8;

export interface WalkHooks<S extends { observation: Observation }> {
  /** Looks at the screen (and records it, for a run). */
  observe(): Promise<S>;
  /** Performs one action decided on `seen`; `step` is the solution step's position. */
  perform(
    seen: S,
    action: ActionCall,
    element: UiElement | null,
    step: number,
  ): Promise<{ ok: boolean; error: string | null }>;
  /** A `Finish` step's message (the answer). */
  answer?(text: string): void;
}

/** Where and why a walk stopped: the solution step (0-based), what it aimed at, and the reason. */
export interface WalkFailure {
  step: number;
  action: SolutionStep['action'];
  /** The target as written (`text="Save"`), when the step has one. */
  target: string | null;
  /** The element the action was resolved to, when it was. */
  element: UiElement | null;
  reason: string;
}

export type WalkEnd = { ok: true; answer: string | null } | { ok: false; failure: WalkFailure };

function targetOf(step: SolutionStep): string | null {
  if ('until' in step && step.until) return describeTarget(step.until);
  if ('target' in step && step.target) return describeTarget(step.target);
  return null;
}

/** `Reference step 3 (Click text="Save"): no element matches …` — the step counted from 1. */
export function describeWalkFailure(f: WalkFailure, prefix = 'Reference step'): string {
  return `${prefix} ${f.step + 1} (${f.action}${f.target ? ` ${f.target}` : ''}): ${f.reason}`;
}

export const DEFAULT_REPEATS = 20;

/**
 * A step with `repeat`: `times` times, or until its `until` element is on screen (looked for
 * before each repetition, so zero repetitions when it already is), at most `max` (default 20).
 */
async function repeatStep<S extends { observation: Observation }>(
  repeat: NonNullable<SolutionStep['repeat']>,
  act: () => Promise<WalkEnd | 'skip' | null>,
  observe: () => Promise<S>,
  current: () => S,
  fail: (reason: string) => WalkEnd,
): Promise<WalkEnd | null> {
  const until = repeat.until;
  const max = until ? (repeat.max ?? DEFAULT_REPEATS) : (repeat.times ?? 1);
  for (let done = 0; ; done++) {
    if (!until && done >= max) return null;
    if (done > 0) await observe();
    if (until && findTarget(current().observation.elements, until)) return null;
    if (done >= max) return fail(`${describeTarget(until!)} did not show after ${max} repetitions`);
    const r = await act();
    if (r === 'skip') return null;
    if (r) return r;
  }
}

/**
 * Walks `solution` (steps in `skip` left out) up to its `Finish`.
 * @throws whatever `observe` or `perform` throw (a device gone, a cancelled signal)
 */
export async function walkSolution<S extends { observation: Observation }>(
  solution: readonly SolutionStep[],
  hooks: WalkHooks<S>,
  options: { skip?: readonly number[]; signal?: AbortSignal } = {},
): Promise<WalkEnd> {
  let answer: string | null = null;
  for (const [i, step] of solution.entries()) {
    if (options.skip?.includes(i)) continue;
    if (options.signal?.aborted) throw options.signal.reason;
    const fail = (reason: string, element: UiElement | null = null): WalkEnd => ({
      ok: false,
      failure: { step: i, action: step.action, target: targetOf(step), element, reason },
    });
    if (step.action === 'Finish') {
      if (step.message !== undefined) {
        answer = step.message;
        hooks.answer?.(step.message);
      }
      break;
    }
    let seen = await hooks.observe();
    /** Performs the step once on `seen`: null when done, 'skip' for an optional step that does not apply. */
    const act = async (): Promise<WalkEnd | 'skip' | null> => {
      const r = resolveStep(step, seen.observation.elements);
      if (!r.ok) return step.optional ? 'skip' : fail(r.reason);
      const done = await hooks.perform(seen, r.action, r.element, i);
      return done.ok ? null : fail(`could not be executed: ${done.error ?? 'the action failed'}`, r.element);
    };
    if (step.action === 'Scroll' && step.until) {
      const max = step.max ?? DEFAULT_SCROLLS;
      for (let scrolls = 0; !findTarget(seen.observation.elements, step.until); scrolls++) {
        if (scrolls >= max) return fail(`${describeTarget(step.until)} did not come into view after ${max} scrolls`);
        const r = await act();
        if (r === 'skip') break;
        if (r) return r;
        seen = await hooks.observe();
      }
      continue;
    }
    if (step.repeat) {
      const r = await repeatStep(
        step.repeat,
        act,
        async () => (seen = await hooks.observe()),
        () => seen,
        fail,
      );
      if (r) return r;
      continue;
    }
    const r = await act();
    if (r && r !== 'skip') return r;
  }
  return { ok: true, answer };
}
