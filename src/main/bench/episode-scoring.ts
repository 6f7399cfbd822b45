/**
 * Scoring an episode from its run's events as they are appended. The benchmark judges from the
 * device, never from what the agent perceived: after every executed step (the agent's or a
 * person's) it reads the phone itself — its state, and its screen as the device reports it
 * (the UI dump and the foreground app) — but only what a milestone still open needs. Both
 * readings are started at once, so the phone answers before the agent's next input. Every
 * answer is checked; at the end the result is assembled from the score, the run's counters and
 * its typed end cause.
 */
import type { QuestionCounts } from './simulated-user.ts';
import type { EpisodeResult } from '../../shared/bench/results.ts';
import { terminationOf } from '../../shared/bench/results.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import type { RunOutcome } from '../agent/run-handle.ts';
import type { PreparedEpisode } from './episode-setup.ts';
import type { PhoneState, ScreenView } from './predicates/evaluate.ts';
import type { PhoneControl } from './phone-control.ts';
import { EpisodeScorer } from './scorer.ts';

/** Human decisions by kind, and the steps a person performed. */
function interventions(events: readonly RunEvent[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of events) {
    if (e.type === 'human_decision') out[e.decision] = (out[e.decision] ?? 0) + 1;
    if (e.type === 'step_executed' && e.by === 'person' && !e.proposed) out.person_step = (out.person_step ?? 0) + 1;
  }
  return out;
}

/** What a judge reads of the phone: its state and its screen as the device reports them. */
export type JudgedPhone = Pick<PhoneControl, 'state' | 'screen'>;

export class EpisodeScoring {
  private readonly phone: JudgedPhone;
  private readonly prepared: PreparedEpisode;
  private readonly signal: AbortSignal;
  private readonly scorer: EpisodeScorer;
  private executed = 0;
  private answer: string | null = null;
  private captures: Promise<void> = Promise.resolve();
  private captureError: unknown = null;

  private constructor(phone: JudgedPhone, prepared: PreparedEpisode, signal: AbortSignal, scorer: EpisodeScorer) {
    this.phone = phone;
    this.prepared = prepared;
    this.signal = signal;
    this.scorer = scorer;
  }

  /**
   * Starts scoring at the episode's start: its state, and the screen when a milestone looks at
   * screens (a milestone holding already is reported as satisfied at the start).
   */
  static async begin(phone: JudgedPhone, prepared: PreparedEpisode, signal: AbortSignal): Promise<EpisodeScoring> {
    const { milestones, invariants } = prepared.instance;
    const probe = new EpisodeScorer(milestones, [], prepared.start);
    const screen = probe.needs().screen ? await phone.screen(signal) : null;
    const scorer = new EpisodeScorer(milestones, invariants, prepared.start, screen);
    return new EpisodeScoring(phone, prepared, signal, scorer);
  }

  /** One event of the episode's run, in order, as it is appended. */
  onEvent(e: RunEvent): void {
    if (e.type === 'step_executed' && e.ok) {
      this.executed++;
      this.judge(this.executed);
    } else if (e.type === 'message' && e.from === 'agent') {
      this.onAnswer(e.text);
    } else if (e.type === 'run_finished' && e.answer && e.answer !== this.answer) {
      this.onAnswer(e.answer);
    }
  }

  /** Reads what the open milestones need of the phone after `step`; both reads start now, in call order. */
  private judge(step: number): void {
    const needs = this.scorer.needs();
    const state: Promise<PhoneState> | undefined = needs.state ? this.phone.state(this.signal) : undefined;
    const screen: Promise<ScreenView> | undefined = needs.screen ? this.phone.screen(this.signal) : undefined;
    // A reading nobody awaits yet must not be an unhandled rejection; the queue reports it.
    void state?.catch(() => undefined);
    void screen?.catch(() => undefined);
    this.queue(async () => this.scorer.onStep(step, { state: await state, screen: await screen }));
  }

  private onAnswer(text: string): void {
    this.answer = text;
    const step = this.executed + 1;
    this.queue(async () => this.scorer.onAnswer(step, text));
  }

  private queue(capture: () => Promise<void>): void {
    this.captures = this.captures.then(async () => {
      try {
        await capture();
      } catch (error) {
        this.captureError ??= error;
      }
    });
  }

  /** Waits for every queued reading. @throws the first reading that failed (the phone's problem, not the agent's) */
  async captured(): Promise<void> {
    await this.captures;
    if (this.captureError) throw this.captureError;
  }

  result(end: {
    outcome: RunOutcome;
    state: RunState;
    events: readonly RunEvent[];
    final: PhoneState;
    wallMs: number;
    /** The simulated user's count of the agent's questions. */
    questions?: QuestionCounts;
  }): EpisodeResult {
    const { outcome, state: st, events } = end;
    const { instance } = this.prepared;
    const steps = this.executed + (this.answer ? 1 : 0);
    const score = this.scorer.finish(steps, end.final);
    const termination = terminationOf(outcome.cause ?? 'unknown');
    const agent = agentCalls(events, st);
    return {
      runId: outcome.runId,
      termination,
      reason: outcome.reason ?? '',
      answer: st.answer ?? this.answer,
      milestones: score.milestones,
      invariants: score.invariants,
      reached: score.reached,
      total: score.total,
      complete: score.complete,
      completeStrict: score.complete && termination === 'finish',
      stepsToLast: score.stepsToLast,
      satisfiedAtStart: score.satisfiedAtStart,
      trace: score.trace,
      executedActions: st.counters.executedActions,
      steps,
      ...agent,
      wallMs: end.wallMs,
      interventions: interventions(events),
      seed: instance.seed,
      params: instance.params,
      goal: instance.goal,
      locale: instance.locale,
      seedRetries: this.prepared.skipped.length,
      questions: end.questions?.questions ?? 0,
      unnecessaryQuestions: end.questions?.unnecessaryQuestions ?? 0,
      hasUser: instance.user !== null,
    };
  }
}

/**
 * The agent's own model calls: the run's counters less the simulated user's calls (role
 * `simulatedUser`), which answer the agent and are not its cost (docs/benchmark.md § Asking the user).
 */
export function agentCalls(
  events: readonly RunEvent[],
  st: RunState,
): Pick<EpisodeResult, 'modelCalls' | 'promptTokens' | 'completionTokens' | 'costUsd' | 'callLatenciesMs'> {
  const calls = events.flatMap((e) => (e.type === 'model_call' ? [e.record] : []));
  const user = calls.filter((r) => r.role === 'simulatedUser');
  const sum = (f: (r: (typeof calls)[number]) => number) => user.reduce((n, r) => n + f(r), 0);
  return {
    modelCalls: st.counters.modelCalls - user.length,
    promptTokens: st.counters.promptTokens - sum((r) => r.usage?.promptTokens ?? 0),
    completionTokens: st.counters.completionTokens - sum((r) => r.usage?.completionTokens ?? 0),
    costUsd: st.counters.costUsd - sum((r) => r.costUsd ?? 0),
    callLatenciesMs: calls.filter((r) => r.role !== 'simulatedUser').map((r) => r.latencyMs),
  };
}
