/**
 * Mobile-Agent-E, as its released code behaves, on the run's gates and event log:
 *
 *   observe (OCR + icons + captions)
 *   Manager: plan and current sub-goal on every iteration, told of the failed attempts when the
 *     last 2 actions failed (escalation); with `retryWithoutManager` it is skipped after one
 *     failure so the Operator retries alone; "Finished" ends the task (then self-evolution)
 *   Operator: one atomic action, or a Shortcut — whose precondition is checked on the screen
 *     first; a false one is refused with the reason and nothing runs
 *   Action Reflector: A / B / C, what went wrong, the progress
 *   Notetaker (after A): the important notes
 *   ends when the Manager says Finished, after 3 failed actions in a row, after the same action
 *   3 times in a row (Swipe and Back excepted), or when the Operator ends the task itself.
 *
 * Each sub-goal becomes a node of the task tree; steps are recorded under it. Vision only.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { ActionCall } from '../../../../shared/actions.ts';
import type { ActionOutcomeGrade } from '../../../../shared/schemas/strategy.ts';
import { nextId, ranThroughGate } from '../../../../shared/run/reducer.ts';
import type { RunState } from '../../../../shared/run/reducer.ts';
import type { LoopContext, RunLoop } from '../../run-controller.ts';
import type { StrategyKit } from '../common/kit.ts';
import { StrategyRun } from '../common/runner.ts';
import type { Observed, StepOutcome } from '../common/runner.ts';
import type { ScreenView } from '../mobile-agent-v2/prompts.ts';
import { screenViewer } from '../mobile-agent-v2/v2-loop.ts';
import { IconCaptions } from '../vision/captions.ts';
import { mapCoordinateCall } from '../vision/coordinate-actions.ts';
import { observeVision } from '../vision/observe-vision.ts';
import { evolve, loadExperience } from './evolution.ts';
import type { Experience } from './evolution.ts';
import {
  buildActionReflectorMessages,
  buildManagerMessages,
  buildNotetakerMessages,
  buildOperatorMessages,
  buildPreconditionMessages,
} from './prompts.ts';
import {
  ActionReflectorReplySchema,
  E_ACTIONS,
  ManagerReplySchema,
  NotetakerReplySchema,
  PreconditionReplySchema,
  operatorReplySchema,
} from './replies.ts';
import type { OperatorChoice, OperatorReply } from './replies.ts';

/** Failed actions in a row before the Manager is told (E's err_to_manager_thresh). */
export const ESCALATE_AFTER = 2;
/** Failed actions in a row that end the task (E's max_consecutive_failures). */
export const MAX_CONSECUTIVE_FAILURES = 3;
/** The same action this many times in a row ends the task (E's max_repetitive_actions). */
export const MAX_REPEATED_ACTIONS = 3;

type Executed = Extract<StepOutcome, { kind: 'executed' }>;
type OperatorScreen = { width: number; height: number; keyboardShown: boolean };

class ERun {
  private readonly ctx: LoopContext;
  private readonly kit: StrategyKit;
  private readonly run: StrategyRun;
  private readonly captions = new IconCaptions();
  private readonly view: (o: Observed) => Promise<ScreenView>;
  /** A/B/C of every action so far (a refused shortcut counts as C): the escalation and end rules read it. */
  private readonly grades: ActionOutcomeGrade[];
  private skipManager = false;
  private current: Observed | null = null;
  private experience!: Experience;

  constructor(ctx: LoopContext, kit: StrategyKit) {
    this.ctx = ctx;
    this.kit = kit;
    this.run = new StrategyRun(ctx, kit);
    this.view = screenViewer(ctx);
    this.grades = this.run.state.strategy.outcomes.map((o) => o.outcome);
  }

  private failedInARow(): number {
    let n = 0;
    for (let i = this.grades.length - 1; i >= 0 && this.grades[i] !== 'A'; i--) n++;
    return n;
  }

  async drive(): Promise<void> {
    // After a restart: a step approved just now is judged like any other.
    const resumed = await this.run.resumeOpenWork();
    if (resumed.kind === 'executed' && resumed.outcome.kind === 'executed') {
      const d = this.run.state.strategy.lastDecision;
      const written = d?.written ?? formatAction(resumed.outcome.action);
      if (await this.judge(resumed.step.nodeId, resumed.before, resumed.outcome, written, d?.summary ?? '')) return;
    }
    this.experience = await loadExperience(this.run, this.kit);
    while (!this.run.done) {
      this.run.throwIfAborted();
      if (await this.run.stepLimitReached()) break;
      await this.step();
    }
  }

  /** One step: the Manager (unless the Operator retries), the Operator's action or shortcut, its judgement. */
  private async step(): Promise<void> {
    const before: Observed =
      this.current ??
      (await observeVision(this.run, this.kit, { nodeId: this.run.currentNode(), captions: this.captions }));
    this.current = null;
    const beforeView = await this.view(before);
    const escalating = this.failedInARow() >= ESCALATE_AFTER;
    const manager = managerRuns({
      afterFailure: this.skipManager,
      retryWithoutManager: this.run.options.retryWithoutManager === true,
      escalating,
      hasPlan: !!this.run.state.strategy.plan,
    });
    if (manager) {
      if (!(await this.manage(before, beforeView, escalating))) return;
    }
    this.skipManager = false;
    const nodeId = this.run.currentNode();
    const screen = { width: beforeView.width, height: beforeView.height, keyboardShown: beforeView.keyboardShown };
    const reply = await this.operate(nodeId, before, beforeView, screen);
    if (!reply) return;
    const choice = reply.choice;
    if (choice.kind === 'abnormal' || (choice.kind === 'atomic' && choice.command.kind === 'stop'))
      return this.run.finish(
        'failed',
        'error',
        `The Operator ended the task itself with ${choice.written} (an abnormal finish: only the Manager decides the task is done)`,
      );
    const outcome =
      choice.kind === 'shortcut'
        ? await this.shortcut(nodeId, before, beforeView, choice, screen)
        : await this.atomic(nodeId, before, (choice.command as { kind: 'action'; action: ActionCall }).action);
    if (!outcome) return;
    if (outcome.kind === 'rejected' || outcome.kind === 'person') {
      this.skipManager = outcome.kind === 'rejected';
      return;
    }
    await this.judge(nodeId, before, outcome, choice.written, reply.description);
  }

  /** The Manager: the plan and the current sub-goal. @returns whether the Operator acts now */
  private async manage(before: Observed, beforeView: ScreenView, escalating: boolean): Promise<boolean> {
    const st = this.run.state;
    const { experience } = this;
    const r = await this.ctx.modelStep({
      role: 'planner',
      purpose: 'manager',
      nodeId: st.cursor,
      messages: buildManagerMessages({
        task: st.task,
        screen: beforeView,
        plan: st.strategy.plan,
        previousSubgoal: st.strategy.subgoal,
        progress: st.strategy.progress,
        notes: st.strategy.notes,
        shortcuts: experience.shortcuts,
        shortcutsFrom: experience.from.shortcuts,
        failedAttempts: escalating ? failedAttempts(this.run, ESCALATE_AFTER) : [],
        feedback: this.run.feedback,
      }),
      schema: ManagerReplySchema,
      memories: [],
    });
    if (!r.ok) {
      await this.run.modelFailed(this.run.currentNode(), r.error);
      this.current = before;
      return false;
    }
    this.run.modelOk();
    const m = r.value;
    this.ctx.append({
      type: 'plan_updated',
      callIds: r.callIds,
      thought: m.thought,
      plan: m.plan,
      subgoal: m.subgoal,
      finished: m.finished,
      escalated: escalating,
    });
    if (m.finished) {
      if (this.run.state.counters.executedActions > 0) await evolve(this.run, this.kit, experience);
      await this.run.finish('succeeded', 'finished', 'The Manager found the task finished');
      return false;
    }
    enterSubgoal(this.run, m.subgoal, escalating);
    return true;
  }

  /** The Operator: one atomic action or a shortcut, recorded as the strategy's decision. @returns null when its reply was unusable */
  private async operate(
    nodeId: string,
    before: Observed,
    beforeView: ScreenView,
    screen: OperatorScreen,
  ): Promise<OperatorReply | null> {
    const st = this.run.state;
    const { experience } = this;
    const lastTwoTaps = st.steps
      .filter(ranThroughGate)
      .slice(-2)
      .every((s) => s.executed?.action.name === 'Click_by_Coordinate');
    const o = await this.ctx.modelStep({
      role: 'actor',
      purpose: 'operator',
      nodeId,
      messages: buildOperatorMessages({
        task: st.task,
        plan: st.strategy.plan ?? '',
        subgoal: st.strategy.subgoal ?? st.task,
        progress: st.strategy.progress,
        screen: beforeView,
        tips: experience.tips,
        tipsFrom: experience.from.tips,
        knowledge: st.options?.knowledge ?? null,
        notes: st.strategy.notes,
        shortcuts: experience.shortcuts,
        shortcutsFrom: experience.from.shortcuts,
        recent: recentActions(this.run, 5),
        hint:
          this.grades.at(-1) === 'C' && lastTwoTaps && st.steps.length >= 2
            ? 'Tapping did not change the screen twice: the target may be off screen — try a Swipe, or another position.'
            : null,
        feedback: this.run.feedback,
      }),
      schema: operatorReplySchema(screen, experience.shortcuts),
      memories: [],
    });
    if (!o.ok) {
      await this.run.modelFailed(nodeId, o.error);
      this.current = before;
      this.skipManager = true;
      return null;
    }
    this.run.modelOk();
    const reply = o.value;
    const choice = reply.choice;
    this.run.decided({
      nodeId,
      role: 'operator',
      callIds: o.callIds,
      observation: '',
      thought: reply.thought,
      written: choice.written,
      action: choice.kind === 'atomic' && choice.command.kind === 'action' ? choice.command.action : null,
      summary: reply.description,
    });
    return reply;
  }

  /** An atomic action, unless it is the same action once too often (the task ends). @returns null when it ended */
  private async atomic(nodeId: string, before: Observed, action: ActionCall): Promise<StepOutcome | null> {
    if (action.name !== 'Swipe' && action.name !== 'Back' && this.run.repeatsOf(action) >= MAX_REPEATED_ACTIONS - 1) {
      await this.run.finish(
        'failed',
        'stuck',
        `The same action ${formatAction(action)} was chosen ${MAX_REPEATED_ACTIONS} times in a row`,
      );
      return null;
    }
    return this.run.act(nodeId, before, action);
  }

  /**
   * A shortcut: its precondition checked on the screen first (a false one is refused with the
   * reason, and counts as a failed action), then its actions until one fails.
   * @returns null when nothing ran
   */
  private async shortcut(
    nodeId: string,
    before: Observed,
    beforeView: ScreenView,
    choice: Extract<OperatorChoice, { kind: 'shortcut' }>,
    screen: OperatorScreen,
  ): Promise<StepOutcome | null> {
    const check = await this.ctx.modelStep({
      role: 'reflector',
      purpose: 'precondition',
      nodeId,
      messages: buildPreconditionMessages({ shortcut: choice.shortcut, args: choice.args, screen: beforeView }),
      schema: PreconditionReplySchema,
      memories: [],
    });
    if (!check.ok || !check.value.holds) {
      if (!check.ok) await this.run.modelFailed(nodeId, check.error);
      else {
        this.ctx.append({
          type: 'shortcut_invoked',
          nodeId,
          name: choice.shortcut.name,
          arguments: choice.args,
          actions: [],
          refused: true,
          reason: `Its precondition "${choice.shortcut.precondition}" does not hold on this screen: ${check.value.reason || 'no reason given'}`,
          callIds: check.callIds,
        });
        this.grades.push('C');
        if (await endIfStuck(this.run, this.grades)) return null;
      }
      this.current = before;
      this.skipManager = true;
      return null;
    }
    const actions = choice.calls
      .map((c) => {
        const m = mapCoordinateCall(c, { ...screen, keyboardShown: true }, E_ACTIONS);
        return m.ok && m.command.kind === 'action' ? m.command.action : null;
      })
      .filter((a): a is ActionCall => a !== null);
    this.ctx.append({
      type: 'shortcut_invoked',
      nodeId,
      name: choice.shortcut.name,
      arguments: choice.args,
      actions,
      refused: false,
      reason: null,
      callIds: check.callIds,
    });
    let outcome: StepOutcome = { kind: 'rejected' };
    for (const action of actions) {
      outcome = await this.run.act(nodeId, before, action);
      if (outcome.kind !== 'executed' || !outcome.ok) break;
    }
    return outcome;
  }

  /**
   * The Action Reflector on an executed step (then the Notetaker after A).
   * @returns true when the task ended (too many failures in a row)
   */
  private async judge(
    nodeId: string,
    before: Observed,
    outcome: Executed,
    written: string,
    description: string,
  ): Promise<boolean> {
    const st = this.run.state;
    const beforeView = await this.view(before);
    const after = await observeVision(this.run, this.kit, { nodeId, captions: this.captions });
    const afterView = await this.view(after);
    this.current = after;
    const grade = outcome.ok
      ? await this.reflect(nodeId, outcome, written, description, beforeView, afterView, st)
      : this.unexecuted(nodeId, outcome, description);
    if (grade === null) return false;
    this.grades.push(grade);
    if (grade === 'A') {
      await takeNotes(this.run, nodeId, afterView);
      return false;
    }
    if (await endIfStuck(this.run, this.grades)) return true;
    // One failure: the Operator tries again; two in a row: the Manager is told.
    this.skipManager = true;
    return false;
  }

  private unexecuted(nodeId: string, outcome: Executed, description: string): ActionOutcomeGrade {
    this.ctx.append({
      type: 'outcome_judged',
      stepId: outcome.step.stepId,
      nodeId,
      callIds: [],
      outcome: 'C',
      operation: description,
      text: `The action could not be executed: ${outcome.error ?? 'unknown error'}`,
      progress: null,
    });
    return 'C';
  }

  /** The Action Reflector's A / B / C. @returns null when its reply was unusable */
  private async reflect(
    nodeId: string,
    outcome: Executed,
    written: string,
    description: string,
    beforeView: ScreenView,
    afterView: ScreenView,
    st: RunState,
  ): Promise<ActionOutcomeGrade | null> {
    const r = await this.ctx.modelStep({
      role: 'reflector',
      purpose: 'action-reflector',
      nodeId,
      messages: buildActionReflectorMessages({
        task: st.task,
        subgoal: st.strategy.subgoal ?? st.task,
        progress: st.strategy.progress,
        action: written,
        expectation: description,
        before: beforeView,
        after: afterView,
      }),
      schema: ActionReflectorReplySchema,
      memories: [],
    });
    if (!r.ok) {
      await this.run.modelFailed(nodeId, r.error);
      return null;
    }
    const grade = r.value.outcome;
    this.ctx.append({
      type: 'outcome_judged',
      stepId: outcome.step.stepId,
      nodeId,
      callIds: r.callIds,
      outcome: grade,
      operation: description,
      text: grade === 'A' ? r.value.error || 'As expected.' : r.value.error || 'Failed.',
      progress: r.value.progress || null,
    });
    return grade;
  }
}

/**
 * Whether the Manager runs this iteration: always, as released — unless `retryWithoutManager`
 * lets the Operator retry alone right after a single failure (still the Manager when there is
 * no plan yet or the failures escalate).
 */
export function managerRuns(at: {
  afterFailure: boolean;
  retryWithoutManager: boolean;
  escalating: boolean;
  hasPlan: boolean;
}): boolean {
  return !(at.afterFailure && at.retryWithoutManager) || at.escalating || !at.hasPlan;
}

export function mobileAgentELoop(kit: StrategyKit): RunLoop {
  return (ctx) => new ERun(ctx, kit).drive();
}

/** A new current sub-goal becomes a node under the root; the previous one is done (or replaced after an escalation). */
function enterSubgoal(run: StrategyRun, subgoal: string, revised: boolean): void {
  const st = run.state;
  const root = st.rootId!;
  const cursor = st.cursor && st.cursor !== root ? st.nodes[st.cursor] : undefined;
  if (cursor && cursor.goal === subgoal) return;
  if (cursor && (cursor.status === 'running' || cursor.status === 'pending')) {
    run.ctx.append({
      type: 'node_status',
      nodeId: cursor.id,
      status: revised ? 'skipped' : 'done',
      ...(revised ? { reason: 'the Manager revised the plan' } : {}),
      by: 'agent',
    });
  }
  const id = nextId(run.state, 'n');
  run.ctx.append({ type: 'node_added', nodeId: id, parentId: root, goal: subgoal, by: 'agent' });
  if (run.state.nodes[root]?.status === 'pending')
    run.ctx.append({ type: 'node_status', nodeId: root, status: 'running', by: 'agent' });
  run.ctx.append({ type: 'cursor_moved', nodeId: id, by: 'agent' });
}

/** The last actions with outcome and feedback, and refused shortcuts, for the Operator. */
function recentActions(run: StrategyRun, limit: number): string[] {
  const st = run.state;
  const judged = st.strategy.outcomes.slice(-limit).map((o) => {
    const step = st.steps.find((s) => s.stepId === o.stepId);
    return `${step?.executed ? formatAction(step.executed.action) : '?'} — ${o.operation} → ${o.outcome}${o.outcome === 'A' ? '' : `: ${o.text}`}`;
  });
  const refused = st.strategy.shortcutsUsed
    .filter((s) => s.refused)
    .slice(-2)
    .map((s) => `Shortcut ${s.name} was refused and not run: ${s.reason ?? ''}`);
  return [...judged, ...refused];
}

function failedAttempts(run: StrategyRun, k: number): string[] {
  const st = run.state;
  const failed = st.strategy.outcomes
    .slice(-k)
    .filter((o) => o.outcome !== 'A')
    .map((o) => {
      const step = st.steps.find((s) => s.stepId === o.stepId);
      return `${step?.executed ? formatAction(step.executed.action) : '?'} — meant to ${o.operation} → ${o.outcome}: ${o.text}`;
    });
  const refused = st.strategy.shortcutsUsed
    .filter((s) => s.refused)
    .slice(-k)
    .map((s) => `Shortcut ${s.name} refused: ${s.reason ?? ''}`);
  return [...failed, ...refused].slice(-Math.max(k, 1) * 2);
}

async function endIfStuck(run: StrategyRun, grades: readonly ActionOutcomeGrade[]): Promise<boolean> {
  const last = grades.slice(-MAX_CONSECUTIVE_FAILURES);
  if (last.length < MAX_CONSECUTIVE_FAILURES || last.some((g) => g === 'A')) return false;
  await run.finish('failed', 'actions_failed', `${MAX_CONSECUTIVE_FAILURES} actions in a row failed`);
  return true;
}

async function takeNotes(run: StrategyRun, nodeId: string, screen: ScreenView): Promise<void> {
  const st = run.state;
  const r = await run.ctx.modelStep({
    role: 'reflector',
    purpose: 'notetaker',
    nodeId,
    messages: buildNotetakerMessages({
      task: st.task,
      plan: st.strategy.plan ?? '',
      subgoal: st.strategy.subgoal ?? st.task,
      progress: st.strategy.progress,
      notes: st.strategy.notes,
      screen,
    }),
    schema: NotetakerReplySchema,
    memories: [],
  });
  if (!r.ok) {
    await run.modelFailed(nodeId, r.error);
    return;
  }
  if (r.value && r.value !== st.strategy.notes)
    run.ctx.append({ type: 'notes_updated', callIds: r.callIds, notes: r.value });
}
