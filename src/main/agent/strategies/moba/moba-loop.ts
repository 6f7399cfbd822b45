/**
 * MobA's two-level loop (paper Algorithm 1, as its code behaves), with what the original
 * lacks: a planning budget, detection of loops (the same action on the same screen, a
 * sub-goal split again and again) with escalation (re-plan the parent, then ask the person),
 * human gates on every step, and recovery after a restart.
 *
 *   node = cursor; LA.act(node) → CanComplete
 *     false          → GA.plan(node) (plan reflection = the LA's thought); cursor → first child
 *     true/possibly  → propose → gate → execute → settle → observe → GA.reflect(before, after)
 *       success      → node done; cursor → next sibling, or climb and complete the parent
 *       goal done    → the task is done
 *       failure      → GA.plan(node) on the new screen (what is still missing)
 *
 * Without the Plan module (`usePlan: false`, MobA §4.3) the Global Agent is replaced by a plain
 * agent: it acts toward the final goal, with no sub-goals, and reports completion itself with
 * Finish(); the Reflection module stays and judges each action against the task itself (its
 * "task done" ends the run, its failures reach the next action's prompt).
 *
 * The step kernel (`common/`) proposes, gates, executes and ends the run, counts unusable
 * replies and escalates; this file adds MobA's steps and its escalation policy.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { ActionCall } from '../../../../shared/actions.ts';
import type { RunOptions } from '../../../../shared/schemas/run.ts';
import { ranThroughGate } from '../../../../shared/run/reducer.ts';
import { advanceAfterSuccess, depthOf, firstOpenLeaf } from '../../../../shared/run/tree.ts';
import type { LoopContext, RunLoop } from '../../run-controller.ts';
import type { StrategyKit } from '../common/kit.ts';
import { StrategyRun } from '../common/runner.ts';
import type { EscalationPolicy, EscalationReason, Observed, StepOutcome } from '../common/runner.ts';
import { MobaSteps } from './moba-steps.ts';
import type { ActReply } from './replies.ts';

/** A node split this many times (per escalation) is escalated instead of split again. */
const SPLITS_PER_NODE = 3;
const MAX_DEPTH = 6;
/** The same action on the same screen this many times is a loop. */
const REPEATS_ON_SCREEN = 2;

type Performed = Exclude<StepOutcome, { kind: 'rejected' }>;

class MobaRun {
  private readonly ctx: LoopContext;
  private readonly run: StrategyRun;
  private readonly m: MobaSteps;
  /**
   * The screen the last reflection looked at. When nothing happened since (no person acted, no
   * other observation), the next step starts from it instead of observing the same moment again.
   */
  private fresh: { observed: Observed; seq: number } | null = null;
  /** The goal the open escalation asks about (what the person's guidance is remembered for). */
  private askedAbout = '';

  constructor(ctx: LoopContext, kit: StrategyKit) {
    this.ctx = ctx;
    this.run = new StrategyRun(ctx, kit);
    this.run.escalateWith(this.escalation());
    this.m = new MobaSteps(this.run);
  }

  private get options(): RunOptions {
    return this.run.options;
  }

  async drive(): Promise<void> {
    await this.resume();
    while (!this.run.done) {
      this.run.throwIfAborted();
      await this.step();
    }
  }

  /** One turn of the loop: the limits, a requested re-plan, or the Local Agent on the open node. */
  private async step(): Promise<void> {
    const st = this.ctx.state();
    // Without the Plan module a reply that chooses no action leads nowhere but to the next call,
    // so such replies count against the step limit too (MobA's code would call the model forever).
    if (await this.run.stepLimitReached(this.options.usePlan ? 0 : st.counters.noActionReplies)) return;
    const replan = this.ctx.takeReplanRequest();
    if (replan && st.nodes[replan]) {
      const r = await this.m.plan(replan, await this.run.observe(), 'requested');
      if (!r.ok) this.run.steps.nonFatal(r.error);
      return;
    }
    const nodeId = await this.openNode();
    if (nodeId === null) return;
    const obs = await this.reuseOrObserve();
    const act = await this.m.act(nodeId, obs, !this.options.usePlan);
    if (!act.ok) return this.run.modelFailed(nodeId, act.error);
    await this.onReply(nodeId, obs, act.reply);
  }

  /** The leaf to work on next (marked running), or null when the tree says the task has ended (ended here). */
  private async openNode(): Promise<string | null> {
    const st = this.ctx.state();
    const root = st.rootId ? st.nodes[st.rootId] : undefined;
    // A person can close the task itself from the plan.
    if (root?.status === 'failed' || root?.status === 'skipped') {
      await this.run.finish('failed', 'stopped_by_person', `The task is marked ${root.status}`);
      return null;
    }
    if (!st.cursor || root?.status === 'done') {
      await this.succeed('Every sub-goal is done');
      return null;
    }
    const nodeId = firstOpenLeaf(st, st.cursor);
    if (nodeId !== st.cursor) this.ctx.append({ type: 'cursor_moved', nodeId, by: 'agent' });
    if (this.ctx.state().nodes[nodeId]?.status === 'pending')
      this.ctx.append({ type: 'node_status', nodeId, status: 'running', by: 'agent' });
    return nodeId;
  }

  private async reuseOrObserve(): Promise<Observed> {
    const st = this.ctx.state();
    const fresh = this.fresh;
    this.fresh = null;
    if (
      fresh &&
      st.lastObservationId === fresh.observed.id &&
      !st.steps.some((s) => s.executed && !ranThroughGate(s) && s.seq > fresh.seq) &&
      !st.waiting
    )
      return fresh.observed;
    return this.run.observe();
  }

  /** What the Local Agent's reply leads to: an answer, a plan, or an action. */
  private async onReply(nodeId: string, obs: Observed, reply: ActReply): Promise<void> {
    const singleLevel = !this.options.usePlan;
    // A reply without an action is progress only once its plan is made: otherwise a model whose
    // act replies parse but whose plans never do would alternate forever.
    if (reply.action || reply.message) this.run.modelOk();
    if (reply.message) await this.run.steps.answer(nodeId, reply.message);
    if (!this.ctx.state().nodes[nodeId]) return; // a person removed it meanwhile
    // A sub-goal that only asks to read something is done once the answer is given.
    if (!reply.action && reply.canComplete !== 'false' && reply.message && !singleLevel)
      return this.completeNode(nodeId);
    if (reply.canComplete === 'false' || !reply.action) {
      if (singleLevel) return;
      this.ctx.append({
        type: 'plan_reflection',
        nodeId,
        text: reply.thought || 'The sub-goal needs more than one action.',
      });
      return this.planOrEscalate(nodeId, obs, 'cannot_complete');
    }
    await this.onAction(nodeId, obs, reply.action);
  }

  private async onAction(nodeId: string, obs: Observed, action: ActionCall): Promise<void> {
    const singleLevel = !this.options.usePlan;
    if (action.name === 'Finish') {
      if (action.params.message) await this.run.steps.answer(nodeId, action.params.message);
      if (singleLevel || nodeId === this.ctx.state().rootId) return this.succeed('The agent reported the task done');
      // On a sub-goal, Finish() finishes that sub-goal only: the task ends when the tree is
      // done or the Global Agent's reflection finds the goal done, never on the Local Agent's word.
      return this.completeNode(nodeId);
    }
    if (action.name === 'Failed')
      return this.run.finish('failed', 'gave_up', `The agent gave up: ${action.params.reason ?? 'no reason given'}`);
    if (this.m.repeatsOnScreen(obs.screenKey, action) >= REPEATS_ON_SCREEN) {
      const detail = `${formatAction(action)} was already done ${REPEATS_ON_SCREEN} times on this same screen without effect.`;
      if (singleLevel) return this.run.finish('failed', 'stuck', `Stuck in a loop: ${detail}`);
      return this.run.escalate(nodeId, 'repeated_action', detail);
    }
    const outcome = await this.run.act(nodeId, obs, action);
    if (outcome.kind !== 'rejected') await this.afterStep(nodeId, obs, outcome);
  }

  /** The node is done: mark it (and the parents it completes), move on, or end the task. */
  private async completeNode(nodeId: string): Promise<void> {
    const { completed, next } = advanceAfterSuccess(this.ctx.state(), nodeId);
    await this.m.complete(completed, next);
    if (next === null) await this.succeed('Every sub-goal is done');
  }

  /**
   * A successful end, however it came (the tree done, Finish() at the root, the reflection's
   * "task done"): the task tree is closed and its routes are recorded (§3.2), then the run ends.
   */
  private async succeed(reason: string): Promise<void> {
    await this.m.closeTree();
    await this.run.finish('succeeded', 'finished', reason);
  }

  /** After a step ran (by the agent or the person): reflect, then advance or re-plan. */
  private async afterStep(nodeId: string, before: Observed, outcome: Performed): Promise<void> {
    const step = outcome.step;
    if (outcome.kind === 'executed' && !outcome.ok) {
      this.ctx.append({
        type: 'reflected',
        stepId: step.stepId,
        nodeId,
        callIds: [],
        subgoalStatus: 'failure',
        goalDone: false,
        reflection: `The action ${formatAction(outcome.action)} could not be executed: ${outcome.error ?? 'unknown error'}`,
      });
      // Without the Plan module there is no Global Agent to re-plan: the single-level agent
      // tries again from the failure it is shown.
      if (!this.options.usePlan) return;
      return this.planOrEscalate(nodeId, await this.run.observe(), 'reflection_failed');
    }
    const after = await this.run.observe();
    this.fresh = { observed: after, seq: this.ctx.state().lastSeq };
    const performed =
      outcome.kind === 'person'
        ? {
            text: outcome.actions.length ? outcome.actions.join(', ') : 'the person acted on the phone',
            by: 'person' as const,
          }
        : { text: formatAction(outcome.action), by: outcome.by };
    const singleLevel = !this.options.usePlan;
    const r = await this.m.reflect(nodeId, step, before, after, performed, singleLevel);
    if (!r.ok) return this.run.modelFailed(nodeId, r.error);
    this.run.modelOk();
    if (r.reply.goalDone)
      return this.succeed(
        singleLevel ? 'The reflection found the task complete' : 'The Global Agent found the task complete',
      );
    // The plain agent has no sub-goal to close and no plan to remake: it acts again.
    if (singleLevel) return;
    if (r.reply.subgoalStatus === 'success') return this.completeNode(nodeId);
    return this.planOrEscalate(nodeId, after, 'reflection_failed');
  }

  private planBudgetLeft(): number {
    const st = this.ctx.state();
    return st.options!.planBudget * (1 + st.budgetGrants) - st.counters.plans;
  }

  /** Plans a node unless a guard says to escalate instead. */
  private async planOrEscalate(
    nodeId: string,
    obs: Observed,
    reason: 'cannot_complete' | 'reflection_failed',
  ): Promise<void> {
    const node = this.ctx.state().nodes[nodeId]!;
    if (this.planBudgetLeft() <= 0)
      return this.run.escalate(
        nodeId,
        'plan_budget',
        `The planning budget (${this.options.planBudget} plans) is used up.`,
      );
    if (node.splits >= SPLITS_PER_NODE * (node.escalations + 1) || depthOf(this.ctx.state(), nodeId) >= MAX_DEPTH)
      return this.run.escalate(
        nodeId,
        'repeated_split',
        `"${node.goal}" was split ${node.splits} times without finishing.`,
      );
    const r = await this.m.plan(nodeId, obs, reason);
    if (!r.ok) await this.run.modelFailed(nodeId, r.error);
    else this.run.modelOk();
  }

  /** MobA's escalation: re-plan the parent first; then (failing in auto mode) ask the person, whose guidance re-plans. */
  private escalation(): EscalationPolicy {
    return {
      first: (nodeId, reason, detail) => this.replanParent(nodeId, reason, detail),
      prompt: (nodeId, detail) => {
        this.askedAbout = this.ctx.state().nodes[nodeId]?.goal ?? this.ctx.state().task;
        return `The agent is stuck on "${this.askedAbout}": ${detail} Give guidance (it goes into the next plan), edit the plan, take over, or reject to end the run.`;
      },
      heard: async (_nodeId, d) => {
        const goal = this.askedAbout;
        if (d.decision === 'answer' && d.feedback)
          await this.run.steps.learn(
            `said-while:${goal}:${d.feedback}`,
            `While "${goal}", the person supervising the agent said: ${d.feedback}`,
          );
      },
      guided: async (nodeId) => {
        if (!this.ctx.state().nodes[nodeId] || !this.options.usePlan) return;
        const r = await this.m.plan(nodeId, await this.run.observe(), 'escalation');
        if (!r.ok) this.run.steps.nonFatal(r.error);
      },
    };
  }

  /** Re-plans the parent, once per parent, while the planning budget lasts. @returns whether it did */
  private async replanParent(nodeId: string, reason: EscalationReason, detail: string): Promise<boolean> {
    const st = this.ctx.state();
    const parentId = st.nodes[nodeId]?.parentId ?? null;
    const parent = parentId ? st.nodes[parentId] : undefined;
    if (reason === 'plan_budget' || reason === 'model_failure' || !parent || parent.escalations !== 0) return false;
    if (this.planBudgetLeft() <= 0) return false;
    this.ctx.append({ type: 'escalated', nodeId: parent.id, reason, detail, response: 'replan_parent' });
    const r = await this.m.plan(parent.id, await this.run.observe(), 'escalation');
    if (!r.ok) await this.run.modelFailed(parent.id, r.error);
    return true;
  }

  /** Recovery: continue exactly where the log stops. */
  private async resume(): Promise<void> {
    const resumed = await this.run.resumeOpenWork();
    if (resumed.kind === 'executed') return this.afterStep(resumed.step.nodeId, resumed.before, resumed.outcome);
    if (resumed.kind === 'handled') return;
    // A step executed by the agent but never reflected on (the app stopped in between).
    const last = this.ctx.state().steps.at(-1);
    if (!last?.executed || !ranThroughGate(last) || last.reflection) return;
    const before = this.run.steps.observed(last.observationId);
    if (!before || !this.ctx.state().nodes[last.nodeId]) return;
    await this.afterStep(last.nodeId, before, {
      kind: 'executed',
      step: last,
      action: last.executed.action,
      by: 'agent',
      ok: last.executed.ok,
      error: last.executed.error,
    });
  }
}

export function mobaLoop(kit: StrategyKit): RunLoop {
  return (ctx) => new MobaRun(ctx, kit).drive();
}
