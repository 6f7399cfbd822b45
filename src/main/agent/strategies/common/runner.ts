/**
 * What every strategy loop shares, on top of the step kernel (`StepKernel`: observe, propose,
 * the human gate, execute, finish, app selection): recording decisions, the step limit,
 * unusable model replies (twice in a row: escalated), escalation (the run fails in auto mode,
 * otherwise the person is asked — a strategy may try something first, as MobA re-plans the
 * parent), repeated actions, and finishing an open wait after a restart. Strategies differ in
 * their prompts and in what they do between steps; the gates, the event log, recording,
 * cancellation and recovery are the same for all — MobA's loop included.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { ActionCall } from '../../../../shared/actions.ts';
import type { MobaError } from '../../../../shared/errors.ts';
import type { EndCause } from '../../../../shared/schemas/end-cause.ts';
import type { Observation } from '../../../../shared/schemas/perception.ts';
import type { RunEventBody, RunOptions } from '../../../../shared/schemas/run.ts';
import { TERMINAL_STATUSES } from '../../../../shared/schemas/run.ts';
import { ranThroughGate } from '../../../../shared/run/reducer.ts';
import type { RunState, StepState } from '../../../../shared/run/reducer.ts';
import type { LoopContext, ResolvedDecision } from '../../run-controller.ts';
import type { StrategyKit } from './kit.ts';
import { StepKernel } from './step-kernel.ts';
import type { Observed, StepOutcome } from './step-kernel.ts';

export type { AppChoice, AppChooser, Observed, StepOutcome } from './step-kernel.ts';

/** Unusable replies in a row (each after its own repair round) before the run escalates. */
export const MODEL_FAILURES_IN_A_ROW = 2;

export type EscalationReason = Extract<RunEventBody, { type: 'escalated' }>['reason'];

type DecidedBody = Omit<Extract<RunEventBody, { type: 'strategy_decided' }>, 'type'>;

/** How a strategy escalates beyond the common rule (fail in auto mode, else ask the person). */
export interface EscalationPolicy {
  /** Tried first (MobA re-plans the parent once). @returns true when that was the response */
  first?(nodeId: string, reason: EscalationReason, detail: string): Promise<boolean>;
  /** The question put to the person. */
  prompt(nodeId: string, detail: string): string;
  /** Every decision the person gave, first (MobA keeps their guidance as a preference). */
  heard?(nodeId: string, decision: ResolvedDecision): Promise<void>;
  /** After guidance (not a rejection or a take-over): MobA re-plans the node with it. */
  guided?(nodeId: string): Promise<void>;
}

const TAKE_OVER_PROMPT = 'You have control of the phone. Act on the mirror, then hand back.';

export const COMMON_ESCALATION: EscalationPolicy = {
  prompt: (_nodeId, detail) =>
    `The agent is stuck: ${detail} Give guidance (it goes into the next prompt), take over, or reject to end the run.`,
};

/** What `resumeOpenWork` did: executed a step approved meanwhile, answered another open wait, or nothing. */
export type Resumed =
  | { kind: 'executed'; step: StepState; before: Observed; outcome: Exclude<StepOutcome, { kind: 'rejected' }> }
  | { kind: 'handled' }
  | { kind: 'none' };

export class StrategyRun {
  readonly ctx: LoopContext;
  readonly kit: StrategyKit;
  /** The step kernel: observe, propose, gate, execute, finish, app selection, memory writes. */
  readonly steps: StepKernel;
  private escalation: EscalationPolicy = COMMON_ESCALATION;
  private modelFailures = 0;

  constructor(ctx: LoopContext, kit: StrategyKit) {
    this.ctx = ctx;
    this.kit = kit;
    this.steps = new StepKernel(ctx, kit.chooseApp);
  }

  /** A strategy's own escalation steps (MobA's); the common rule otherwise. */
  escalateWith(policy: EscalationPolicy): void {
    this.escalation = policy;
  }

  get state(): RunState {
    return this.ctx.state();
  }

  get options(): RunOptions {
    return this.state.options!;
  }

  get done(): boolean {
    return TERMINAL_STATUSES.includes(this.state.status);
  }

  throwIfAborted(): void {
    if (this.ctx.signal.aborted) throw this.ctx.signal.reason;
  }

  /** The node steps are recorded under: the cursor (marked running), or the root. */
  currentNode(): string {
    const st = this.state;
    const id = st.cursor ?? st.rootId!;
    if (st.nodes[id]?.status === 'pending')
      this.ctx.append({ type: 'node_status', nodeId: id, status: 'running', by: 'agent' });
    return id;
  }

  /** Observes with the strategy's view of the screen (see `StepKernel.observe`). */
  observe(view?: (o: Observation) => Promise<Observation>): Promise<Observed> {
    return this.steps.observe(view);
  }

  decided(body: DecidedBody): void {
    this.ctx.append({ type: 'strategy_decided', ...body });
  }

  /** Proposes an action on the observed screen and takes it through the run's gate. */
  async act(nodeId: string, obs: Observed, action: ActionCall): Promise<StepOutcome> {
    const step = this.steps.propose(nodeId, obs, action);
    return this.steps.gateAndExecute(step, obs);
  }

  /** Ends the run (see `StepKernel.finish`). */
  finish(outcome: 'succeeded' | 'failed', cause: EndCause, reason: string): Promise<void> {
    return this.steps.finish(outcome, cause, reason);
  }

  /**
   * Ends the run when the step limit is reached. `idle` replies (that chose no action) count
   * too where they lead nowhere but to the next call. @returns true when it ended
   */
  async stepLimitReached(idle = 0): Promise<boolean> {
    const max = this.options.maxSteps;
    const done = this.state.counters.executedActions;
    if (done + idle < max) return false;
    const executed = `${done} executed action${done === 1 ? '' : 's'}`;
    await this.finish(
      'failed',
      'step_limit',
      idle
        ? `The step limit (${max}) was reached: ${executed} and ${idle} repl${idle === 1 ? 'y' : 'ies'} that chose no action`
        : `The step limit (${max} executed actions) was reached`,
    );
    return true;
  }

  modelOk(): void {
    this.modelFailures = 0;
  }

  /** An unusable model reply (after its repair round) is recorded; twice in a row it is escalated. */
  async modelFailed(nodeId: string, error: MobaError): Promise<void> {
    this.steps.nonFatal(error);
    this.modelFailures++;
    if (this.modelFailures < MODEL_FAILURES_IN_A_ROW) return;
    this.modelFailures = 0;
    const detail = `The model's replies could not be used ${MODEL_FAILURES_IN_A_ROW} times in a row: ${error.message}`;
    await this.escalate(nodeId, 'model_failure', detail);
  }

  /** The strategy's own response first, if any; then auto mode fails the run, other modes ask the person. */
  async escalate(nodeId: string, reason: EscalationReason, detail: string): Promise<void> {
    if (await this.escalation.first?.(nodeId, reason, detail)) return;
    if (this.options.mode === 'auto') {
      this.ctx.append({ type: 'escalated', nodeId, reason, detail, response: 'fail' });
      await this.finish('failed', reason === 'model_failure' ? 'model_failed' : 'stuck', `Gave up: ${detail}`);
      return;
    }
    this.ctx.append({ type: 'escalated', nodeId, reason, detail, response: 'ask_person' });
    await this.askPerson(nodeId, detail);
  }

  /** Asks the person how to go on: guidance, a take-over, or a rejection that ends the run. */
  async askPerson(nodeId: string, detail: string): Promise<void> {
    const d = await this.ctx.waitForPerson('escalation', null, this.escalation.prompt(nodeId, detail));
    await this.escalation.heard?.(nodeId, d);
    if (d.decision === 'reject') {
      await this.finish('failed', 'stopped_by_person', 'The person ended the run at an escalation');
      return;
    }
    if (d.decision === 'take_over') {
      await this.ctx.waitForPerson('take_over', null, TAKE_OVER_PROMPT);
      return;
    }
    await this.escalation.guided?.(nodeId);
  }

  /** How many of the last executed actions are this same action (for repeated-action limits). */
  repeatsOf(action: ActionCall): number {
    const text = formatAction(action);
    let n = 0;
    for (const s of [...this.state.steps].reverse()) {
      if (!s.executed || !ranThroughGate(s)) continue;
      if (formatAction(s.executed.action) !== text) break;
      n++;
    }
    return n;
  }

  /**
   * After a restart: a step that waited for approval is decided and executed now, a take-over
   * or escalation wait continues, a proposed step that was never executed is abandoned.
   * @returns the step executed now and the screen it was proposed on, for the strategy to judge
   */
  async resumeOpenWork(): Promise<Resumed> {
    const st = this.state;
    if (st.waiting) {
      const waiting = st.waiting;
      if ((waiting.kind === 'approve' || waiting.kind === 'copilot') && waiting.stepId) {
        const step = st.steps.find((s) => s.stepId === waiting.stepId);
        const before = step ? this.steps.observed(step.observationId) : null;
        if (step && before) {
          const outcome = await this.steps.gateAndExecute(step, before);
          return outcome.kind === 'rejected' ? { kind: 'handled' } : { kind: 'executed', step, before, outcome };
        }
      }
      if (waiting.kind === 'take_over') {
        await this.ctx.waitForPerson('take_over', waiting.stepId, waiting.prompt);
        return { kind: 'handled' };
      }
      if (waiting.kind === 'escalation') {
        const nodeId = st.lastEscalation?.nodeId ?? st.cursor ?? st.rootId!;
        await this.askPerson(nodeId, st.lastEscalation?.detail ?? waiting.prompt);
        return { kind: 'handled' };
      }
    }
    const last = st.steps.at(-1);
    if (last && !last.abandoned && !last.executed && last.decision?.kind !== 'reject') {
      this.ctx.append({
        type: 'step_abandoned',
        stepId: last.stepId,
        reason: 'MobA Studio stopped before the step was executed',
      });
    }
    return { kind: 'none' };
  }

  /** The executed steps of this run, newest last, as short lines for a prompt. */
  recentActions(limit: number, filter: (s: StepState) => boolean = () => true): string[] {
    return this.state.steps
      .filter((s) => s.executed && filter(s))
      .slice(-limit)
      .map((s) => {
        const e = s.executed!;
        const result = s.reflection ? s.reflection.text : e.ok ? 'done' : `failed: ${e.error}`;
        return `${formatAction(e.action)}${e.by === 'person' ? ' (by the person)' : ''} → ${result}`;
      });
  }

  /** Feedback the person gave (rejections, answers) that no prompt has shown yet. */
  get feedback(): string[] {
    return this.state.pendingFeedback;
  }
}
