/**
 * Scores one episode as it happens: after every executed step the runner hands in what it read
 * of the phone itself — its state, and its screen as the device reports it (never the agent's
 * own perception, so every strategy is judged alike) — and the answer when one appears; each
 * milestone remembers the step where it was reached (`reached` milestones: the first step it
 * held; `final` ones: the step from which it held to the end). Step 0 is the start: a milestone
 * holding there is reported as satisfied at the start — a bug in the task.
 */
import type { Predicate } from '../../shared/bench/task-predicates.ts';
import type { MilestoneOutcome } from '../../shared/bench/results.ts';
import { evaluatePredicate, predicateKinds } from './predicates/evaluate.ts';
import type { PhoneState, ScreenView } from './predicates/evaluate.ts';
import type { InstanceMilestone } from './instance.ts';

export interface ScoreSummary {
  milestones: MilestoneOutcome[];
  invariants: Array<{ id: string; held: boolean }>;
  reached: number;
  total: number;
  /** Every milestone reached and every invariant held. */
  complete: boolean;
  /** The step of the last milestone reached (null when none was). */
  stepsToLast: number | null;
  /** Milestones that already held at step 0. */
  satisfiedAtStart: string[];
  /** Which milestones held after each step (the last evaluation of each step). */
  trace: Array<{ step: number; holding: string[] }>;
}

interface Track {
  m: InstanceMilestone;
  kinds: Set<'state' | 'screen' | 'answer'>;
  firstHeld: number | null;
  holdsSince: number | null;
  lastHeld: number | null;
}

export class EpisodeScorer {
  private readonly tracks: Track[];
  private readonly invariants: Array<{ id: string; check: Predicate }>;
  private readonly start: PhoneState;
  private now: PhoneState;
  private screen: ScreenView | null = null;
  private answer: string | null = null;
  private readonly trace = new Map<number, string[]>();
  private readonly atStart: string[] = [];

  constructor(
    milestones: readonly InstanceMilestone[],
    invariants: ReadonlyArray<{ id: string; check: Predicate }>,
    start: PhoneState,
    startScreen: ScreenView | null = null,
  ) {
    this.tracks = milestones.map((m) => ({
      m,
      kinds: predicateKinds(m.check),
      firstHeld: null,
      holdsSince: null,
      lastHeld: null,
    }));
    this.invariants = [...invariants];
    this.start = start;
    this.now = start;
    this.screen = startScreen;
    this.evaluate(0);
    for (const t of this.tracks) if (t.firstHeld === 0) this.atStart.push(t.m.id);
  }

  /**
   * What the next reading must include: the state while a milestone on the state is still open
   * (a `final` one always is: it can be lost), the screen while a screen milestone is. Reading
   * only what is needed keeps the per-step cost down.
   */
  needs(): { state: boolean; screen: boolean } {
    const open = this.tracks.filter((t) => t.m.when === 'final' || t.firstHeld === null);
    return {
      state: open.some((t) => t.kinds.has('state')),
      screen: open.some((t) => t.kinds.has('screen')),
    };
  }

  /** What was read of the phone after `step` executed steps (a part not read keeps its last value). */
  onStep(step: number, reading: { state?: PhoneState | undefined; screen?: ScreenView | undefined }): void {
    if (reading.state) this.now = reading.state;
    if (reading.screen) this.screen = reading.screen;
    this.evaluate(step);
  }

  /** The phone's state after `step` executed steps. */
  onState(step: number, state: PhoneState): void {
    this.now = state;
    this.evaluate(step);
  }

  /** The screen after `step` executed steps. */
  onScreen(step: number, screen: ScreenView): void {
    this.screen = screen;
    this.evaluate(step, (t) => t.kinds.has('screen'));
  }

  /** The agent answered; `step` counts the answer itself (MobBench: a reply to the user is a step). */
  onAnswer(step: number, answer: string): void {
    this.answer = answer;
    this.evaluate(step, (t) => t.kinds.has('answer'));
  }

  private evaluate(step: number, only?: (t: Track) => boolean): void {
    const ctx = { now: this.now, start: this.start, screen: this.screen, answer: this.answer };
    for (const t of this.tracks) {
      if (only && !only(t)) continue;
      const holds = evaluatePredicate(t.m.check, ctx);
      if (holds) {
        t.firstHeld ??= step;
        t.holdsSince ??= step;
        t.lastHeld = step;
      } else t.holdsSince = null;
    }
    this.trace.set(
      step,
      this.tracks.filter((t) => t.holdsSince !== null).map((t) => t.m.id),
    );
  }

  /** The final score, from the state at the end (`finalStep` = executed steps, answer included). */
  finish(finalStep: number, state: PhoneState): ScoreSummary {
    this.onState(finalStep, state);
    const milestones: MilestoneOutcome[] = this.tracks.map((t) => {
      const reached = t.m.when === 'final' ? t.holdsSince !== null : t.firstHeld !== null;
      const step = t.m.when === 'final' ? t.holdsSince : t.firstHeld;
      return { id: t.m.id, when: t.m.when, reached, step: reached ? step : null, lastHeld: t.lastHeld };
    });
    const ctx = { now: state, start: this.start, screen: this.screen, answer: this.answer };
    const invariants = this.invariants.map((i) => ({ id: i.id, held: evaluatePredicate(i.check, ctx) }));
    const reachedSteps = milestones.filter((m) => m.reached).map((m) => m.step ?? 0);
    const reached = reachedSteps.length;
    return {
      milestones,
      invariants,
      reached,
      total: milestones.length,
      complete: reached === milestones.length && invariants.every((i) => i.held),
      stepsToLast: reached ? Math.max(...reachedSteps) : null,
      satisfiedAtStart: [...this.atStart],
      trace: [...this.trace.entries()].sort((a, b) => a[0] - b[0]).map(([step, holding]) => ({ step, holding })),
    };
  }
}
