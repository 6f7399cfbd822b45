/**
 * Scoring an episode from its run's events as they are appended: after every executed step the
 * phone's state is read (queued at once, so the phone answers before the agent's next input),
 * every observation is the screen the agent then saw, every answer is checked; at the end the
 * result is assembled from the score, the run's counters and its typed end cause.
 */
import type { EpisodeResult } from '../../shared/bench/results.ts';
import { terminationOf } from '../../shared/bench/results.ts';
import type { RunState } from '../../shared/run/reducer.ts';
import type { Observation } from '../../shared/schemas/perception.ts';
import type { RunEvent } from '../../shared/schemas/run.ts';
import type { RunOutcome } from '../agent/run-handle.ts';
import type { PreparedEpisode } from './episode-setup.ts';
import type { PhoneState, ScreenView } from './predicates/evaluate.ts';
import type { PhoneControl } from './phone-control.ts';
import { EpisodeScorer } from './scorer.ts';

function screenView(o: Observation): ScreenView {
  return {
    packageName: o.currentApp?.packageName ?? null,
    activity: o.currentApp?.activity ?? null,
    elements: o.elements,
  };
}

/** Human decisions by kind, and the steps a person performed. */
function interventions(events: readonly RunEvent[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const e of events) {
    if (e.type === 'human_decision') out[e.decision] = (out[e.decision] ?? 0) + 1;
    if (e.type === 'step_executed' && e.by === 'person') out.person_step = (out.person_step ?? 0) + 1;
  }
  return out;
}

export class EpisodeScoring {
  private readonly phone: PhoneControl;
  private readonly prepared: PreparedEpisode;
  private readonly signal: AbortSignal;
  private readonly scorer: EpisodeScorer;
  private executed = 0;
  private answer: string | null = null;
  private captures: Promise<void> = Promise.resolve();
  private captureError: unknown = null;

  constructor(phone: PhoneControl, prepared: PreparedEpisode, signal: AbortSignal) {
    this.phone = phone;
    this.prepared = prepared;
    this.signal = signal;
    this.scorer = new EpisodeScorer(prepared.instance.milestones, prepared.instance.invariants, prepared.start);
  }

  /** One event of the episode's run, in order, as it is appended. */
  onEvent(e: RunEvent): void {
    if (e.type === 'step_executed' && e.ok) {
      this.executed++;
      const step = this.executed;
      // Queued right away: the phone answers in call order, before the agent's next input.
      const read = this.phone.state(this.signal);
      this.queue(async () => this.scorer.onState(step, await read));
    } else if (e.type === 'observation') {
      const step = this.executed;
      const view = screenView(e.observation);
      this.queue(async () => this.scorer.onScreen(step, view));
    } else if (e.type === 'message' && e.from === 'agent') {
      this.onAnswer(e.text);
    } else if (e.type === 'run_finished' && e.answer && e.answer !== this.answer) {
      this.onAnswer(e.answer);
    }
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
  }): EpisodeResult {
    const { outcome, state: st, events } = end;
    const { instance } = this.prepared;
    const steps = this.executed + (this.answer ? 1 : 0);
    const score = this.scorer.finish(steps, end.final);
    const termination = terminationOf(outcome.cause ?? 'unknown');
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
      modelCalls: st.counters.modelCalls,
      promptTokens: st.counters.promptTokens,
      completionTokens: st.counters.completionTokens,
      costUsd: st.counters.costUsd,
      callLatenciesMs: events.flatMap((e) => (e.type === 'model_call' ? [e.record.latencyMs] : [])),
      wallMs: end.wallMs,
      interventions: interventions(events),
      seed: instance.seed,
      params: instance.params,
      goal: instance.goal,
      locale: instance.locale,
      seedRetries: this.prepared.skipped.length,
    };
  }
}
