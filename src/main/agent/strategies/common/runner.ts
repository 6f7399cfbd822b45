/**
 * What every strategy loop shares, on top of MobA's step pieces (`MobaSteps`: propose, the human
 * gate, execute, finish, app selection): observing with the strategy's own view of the screen,
 * recording decisions, the step limit, unusable model replies (twice in a row: the run fails in
 * auto mode, otherwise the person is asked), repeated actions, and finishing an open wait after
 * a restart. Strategies differ in their prompts and in what they do between steps; the gates,
 * the event log, recording, cancellation and recovery are the same for all.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { ActionCall } from '../../../../shared/actions.ts';
import type { MobaError } from '../../../../shared/errors.ts';
import type { Observation } from '../../../../shared/schemas/perception.ts';
import type { RunEventBody, RunOptions } from '../../../../shared/schemas/run.ts';
import { TERMINAL_STATUSES } from '../../../../shared/schemas/run.ts';
import { nextId } from '../../../../shared/run/reducer.ts';
import type { RunState, StepState } from '../../../../shared/run/reducer.ts';
import type { LoopContext } from '../../run-controller.ts';
import { screenKeyOf } from '../../screens.ts';
import { MobaSteps } from '../moba/moba-steps.ts';
import type { Observed, StepOutcome } from '../moba/moba-steps.ts';
import type { StrategyKit } from './kit.ts';

export type { Observed, StepOutcome } from '../moba/moba-steps.ts';

/** Unusable replies in a row (each after its own repair round) before the run gives up or asks. */
export const MODEL_FAILURES_IN_A_ROW = 2;

type DecidedBody = Omit<Extract<RunEventBody, { type: 'strategy_decided' }>, 'type'>;

export class StrategyRun {
  readonly ctx: LoopContext;
  readonly kit: StrategyKit;
  /** MobA's step pieces: propose, gate, execute, finish, app selection, memory writes. */
  readonly steps: MobaSteps;
  private modelFailures = 0;

  constructor(ctx: LoopContext, kit: StrategyKit) {
    this.ctx = ctx;
    this.kit = kit;
    this.steps = new MobaSteps(ctx);
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

  /**
   * Observes the device and records the observation as the strategy sees it: `view` may replace
   * the elements (AppAgent's own element rule, the OCR and icon list of the vision strategies),
   * so the overlay, a person's edits and the executors all use the strategy's numbering.
   */
  async observe(view?: (o: Observation) => Promise<Observation>): Promise<Observed> {
    const raw = await this.ctx.device.observe(this.ctx.signal);
    const observation = view ? await view(raw) : raw;
    const id = nextId(this.state, 'o');
    const screenKey = screenKeyOf(observation);
    this.ctx.append({ type: 'observation', observationId: id, observation, screenKey });
    return { id, observation, screenKey };
  }

  decided(body: DecidedBody): void {
    this.ctx.append({ type: 'strategy_decided', ...body });
  }

  /** Proposes an action on the observed screen and takes it through the run's gate. */
  async act(nodeId: string, obs: Observed, action: ActionCall): Promise<StepOutcome> {
    const step = this.steps.propose(nodeId, obs, action);
    return this.steps.gateAndExecute(step, obs);
  }

  /** Ends the run when the step limit is reached. @returns true when it ended */
  async stepLimitReached(): Promise<boolean> {
    const max = this.options.maxSteps;
    if (this.state.counters.executedActions < max) return false;
    await this.steps.finish('failed', 'step_limit', `The step limit (${max} executed actions) was reached`);
    return true;
  }

  modelOk(): void {
    this.modelFailures = 0;
  }

  /**
   * An unusable model reply (after its repair round) is recorded; twice in a row the run fails
   * in auto mode, and otherwise waits for the person (guidance, take over, or end the run).
   */
  async modelFailed(nodeId: string, error: MobaError): Promise<void> {
    this.steps.nonFatal(error);
    this.modelFailures++;
    if (this.modelFailures < MODEL_FAILURES_IN_A_ROW) return;
    this.modelFailures = 0;
    const detail = `The model's replies could not be used ${MODEL_FAILURES_IN_A_ROW} times in a row: ${error.message}`;
    await this.stuck(nodeId, 'model_failure', detail);
  }

  /** Auto mode: the run fails with the reason. Otherwise: the person is asked. */
  async stuck(nodeId: string, reason: 'model_failure' | 'repeated_action', detail: string): Promise<void> {
    if (this.options.mode === 'auto') {
      this.ctx.append({ type: 'escalated', nodeId, reason, detail, response: 'fail' });
      await this.steps.finish('failed', reason === 'model_failure' ? 'model_failed' : 'stuck', `Gave up: ${detail}`);
      return;
    }
    this.ctx.append({ type: 'escalated', nodeId, reason, detail, response: 'ask_person' });
    await this.askPerson(detail);
  }

  async askPerson(detail: string): Promise<void> {
    const d = await this.ctx.waitForPerson(
      'escalation',
      null,
      `The agent is stuck: ${detail} Give guidance (it goes into the next prompt), take over, or reject to end the run.`,
    );
    if (d.decision === 'reject')
      await this.steps.finish('failed', 'stopped_by_person', 'The person ended the run at an escalation');
    else if (d.decision === 'take_over')
      await this.ctx.waitForPerson(
        'take_over',
        null,
        'You have control of the phone. Act on the mirror, then hand back.',
      );
  }

  /** How many of the last executed actions are this same action (for repeated-action limits). */
  repeatsOf(action: ActionCall): number {
    const text = formatAction(action);
    let n = 0;
    for (const s of [...this.state.steps].reverse()) {
      if (!s.executed || s.executed.by !== 'agent') continue;
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
  async resumeOpenWork(): Promise<{
    step: StepState;
    before: Observed;
    outcome: Exclude<StepOutcome, { kind: 'rejected' }>;
  } | null> {
    const st = this.state;
    const last = st.steps.at(-1);
    if (st.waiting) {
      if ((st.waiting.kind === 'approve' || st.waiting.kind === 'copilot') && st.waiting.stepId) {
        const step = st.steps.find((s) => s.stepId === st.waiting!.stepId);
        const before = step ? this.steps.observed(step.observationId) : null;
        if (step && before) {
          const outcome = await this.steps.gateAndExecute(step, before);
          return outcome.kind === 'rejected' ? null : { step, before, outcome };
        }
      }
      if (st.waiting.kind === 'take_over')
        await this.ctx.waitForPerson('take_over', st.waiting.stepId, st.waiting.prompt);
      else if (st.waiting.kind === 'escalation') await this.askPerson(st.lastEscalation?.detail ?? st.waiting.prompt);
      return null;
    }
    if (last && !last.abandoned && !last.executed && last.decision?.kind !== 'reject') {
      this.ctx.append({
        type: 'step_abandoned',
        stepId: last.stepId,
        reason: 'MobA Studio stopped before the step was executed',
      });
    }
    return null;
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
