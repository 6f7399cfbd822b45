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
 * Without the Plan module (`usePlan: false`) it is a single-level agent that acts toward the
 * final goal and reports completion itself with Finish().
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { MobaError } from '../../../../shared/errors.ts';
import { TERMINAL_STATUSES } from '../../../../shared/schemas/run.ts';
import { advanceAfterSuccess, depthOf, firstOpenLeaf } from '../../../../shared/run/tree.ts';
import type { RunLoop } from '../../run-controller.ts';
import { MobaSteps } from './moba-steps.ts';
import type { Observed, StepOutcome } from './moba-steps.ts';

/** Consecutive unusable model replies (after each call's own repair round) before escalating. */
const MODEL_FAILURES_BEFORE_ESCALATION = 2;
/** A node split this many times (per escalation) is escalated instead of split again. */
const SPLITS_PER_NODE = 3;
const MAX_DEPTH = 6;
/** The same action on the same screen this many times is a loop. */
const REPEATS_ON_SCREEN = 2;

export const mobaLoop: RunLoop = async (ctx) => {
  const m = new MobaSteps(ctx);
  const done = () => TERMINAL_STATUSES.includes(ctx.state().status);
  /**
   * The screen the last reflection looked at. When nothing happened since (no person acted, no
   * other observation), the next step starts from it instead of observing the same moment again.
   */
  let fresh: { observed: Observed; seq: number } | null = null;
  const reuseOrObserve = async (): Promise<Observed> => {
    const st = ctx.state();
    if (
      fresh &&
      st.lastObservationId === fresh.observed.id &&
      !st.steps.some((s) => s.executed?.by === 'person' && s.seq > fresh!.seq) &&
      !st.waiting
    ) {
      const o = fresh.observed;
      fresh = null;
      return o;
    }
    fresh = null;
    return m.observe();
  };
  let modelFailures = 0;

  const modelFailed = async (nodeId: string, error: MobaError): Promise<void> => {
    m.nonFatal(error);
    modelFailures++;
    if (modelFailures >= MODEL_FAILURES_BEFORE_ESCALATION) {
      modelFailures = 0;
      await escalate(
        nodeId,
        'model_failure',
        `The model's replies could not be used ${MODEL_FAILURES_BEFORE_ESCALATION} times in a row: ${error.message}`,
      );
    }
  };

  /** Re-plan the parent first; when that was tried already (or there is no parent), ask the person. */
  const escalate = async (
    nodeId: string,
    reason: 'repeated_action' | 'repeated_split' | 'plan_budget' | 'model_failure',
    detail: string,
  ): Promise<void> => {
    const st = ctx.state();
    const parentId = st.nodes[nodeId]?.parentId ?? null;
    const parent = parentId ? st.nodes[parentId] : undefined;
    const canReplanParent =
      reason !== 'plan_budget' &&
      reason !== 'model_failure' &&
      parent &&
      parent.escalations === 0 &&
      planBudgetLeft() > 0;
    if (canReplanParent) {
      ctx.append({ type: 'escalated', nodeId: parent.id, reason, detail, response: 'replan_parent' });
      const obs = await m.observe();
      const r = await m.plan(parent.id, obs, 'escalation');
      if (!r.ok) await modelFailed(parent.id, r.error);
      return;
    }
    if (ctx.state().options!.mode === 'auto') {
      ctx.append({ type: 'escalated', nodeId, reason, detail, response: 'fail' });
      await m.finish('failed', reason === 'model_failure' ? 'model_failed' : 'stuck', `Gave up: ${detail}`);
      return;
    }
    ctx.append({ type: 'escalated', nodeId, reason, detail, response: 'ask_person' });
    await askPerson(nodeId, detail);
  };

  const askPerson = async (nodeId: string, detail: string): Promise<void> => {
    const goal = ctx.state().nodes[nodeId]?.goal ?? ctx.state().task;
    const d = await ctx.waitForPerson(
      'escalation',
      null,
      `The agent is stuck on "${goal}": ${detail} Give guidance (it goes into the next plan), edit the plan, take over, or reject to end the run.`,
    );
    if (d.decision === 'answer' && d.feedback)
      await m.learn(
        `said-while:${goal}:${d.feedback}`,
        `While "${goal}", the person supervising the agent said: ${d.feedback}`,
      );
    if (d.decision === 'reject') {
      await m.finish('failed', 'stopped_by_person', 'The person ended the run at an escalation');
      return;
    }
    if (d.decision === 'take_over') {
      await ctx.waitForPerson('take_over', null, 'You have control of the phone. Act on the mirror, then hand back.');
      return;
    }
    if (ctx.state().nodes[nodeId] && ctx.state().options!.usePlan) {
      const obs = await m.observe();
      const r = await m.plan(nodeId, obs, 'escalation');
      if (!r.ok) m.nonFatal(r.error);
    }
  };

  const planBudgetLeft = () => {
    const st = ctx.state();
    return st.options!.planBudget * (1 + st.budgetGrants) - st.counters.plans;
  };

  /** Plans a node unless a guard says to escalate instead. */
  const planOrEscalate = async (
    nodeId: string,
    obs: Observed,
    reason: 'cannot_complete' | 'reflection_failed',
  ): Promise<void> => {
    const node = ctx.state().nodes[nodeId]!;
    if (planBudgetLeft() <= 0)
      return escalate(
        nodeId,
        'plan_budget',
        `The planning budget (${ctx.state().options!.planBudget} plans) is used up.`,
      );
    if (node.splits >= SPLITS_PER_NODE * (node.escalations + 1) || depthOf(ctx.state(), nodeId) >= MAX_DEPTH) {
      return escalate(nodeId, 'repeated_split', `"${node.goal}" was split ${node.splits} times without finishing.`);
    }
    const r = await m.plan(nodeId, obs, reason);
    if (!r.ok) await modelFailed(nodeId, r.error);
    else modelFailures = 0;
  };

  /** After a step ran (by the agent or the person): reflect, then advance or re-plan. */
  const afterStep = async (
    nodeId: string,
    before: Observed,
    outcome: Exclude<StepOutcome, { kind: 'rejected' }>,
  ): Promise<void> => {
    const step = outcome.step;
    if (outcome.kind === 'executed' && !outcome.ok) {
      ctx.append({
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
      if (!ctx.state().options!.usePlan) return;
      const obs = await m.observe();
      return planOrEscalate(nodeId, obs, 'reflection_failed');
    }
    const after = await m.observe();
    fresh = { observed: after, seq: ctx.state().lastSeq };
    const performed =
      outcome.kind === 'person'
        ? {
            text: outcome.actions.length ? outcome.actions.join(', ') : 'the person acted on the phone',
            by: 'person' as const,
          }
        : { text: formatAction(outcome.action), by: 'agent' as const };
    if (!ctx.state().options!.usePlan) return;
    const r = await m.reflect(nodeId, step, before, after, performed);
    if (!r.ok) return modelFailed(nodeId, r.error);
    modelFailures = 0;
    if (r.reply.goalDone) return m.finish('succeeded', 'finished', 'The Global Agent found the task complete');
    if (r.reply.subgoalStatus === 'success') {
      const { completed, next } = advanceAfterSuccess(ctx.state(), nodeId);
      await m.complete(completed, next);
      if (next === null) await m.finish('succeeded', 'finished', 'Every sub-goal is done');
      return;
    }
    return planOrEscalate(nodeId, after, 'reflection_failed');
  };

  // Recovery: continue exactly where the log stops.
  const resumeOpenWork = async (): Promise<boolean> => {
    const st = ctx.state();
    const last = st.steps.at(-1);
    if (st.waiting) {
      if ((st.waiting.kind === 'approve' || st.waiting.kind === 'copilot') && st.waiting.stepId) {
        const step = st.steps.find((s) => s.stepId === st.waiting!.stepId);
        const before = step ? m.observed(step.observationId) : null;
        if (step && before) {
          const outcome = await m.gateAndExecute(step, before);
          if (outcome.kind !== 'rejected') await afterStep(step.nodeId, before, outcome);
          return true;
        }
      }
      if (st.waiting.kind === 'take_over') {
        await ctx.waitForPerson('take_over', st.waiting.stepId, st.waiting.prompt);
        return true;
      }
      if (st.waiting.kind === 'escalation') {
        await askPerson(st.lastEscalation?.nodeId ?? st.cursor ?? st.rootId!, st.lastEscalation?.detail ?? '');
        return true;
      }
    }
    if (last && !last.abandoned && !last.executed && !last.decision?.kind.match(/reject/)) {
      ctx.append({
        type: 'step_abandoned',
        stepId: last.stepId,
        reason: 'MobA Studio stopped before the step was executed',
      });
    } else if (
      last &&
      last.executed &&
      last.executed.by === 'agent' &&
      !last.reflection &&
      ctx.state().options!.usePlan
    ) {
      const before = m.observed(last.observationId);
      if (before && ctx.state().nodes[last.nodeId]) {
        await afterStep(last.nodeId, before, {
          kind: 'executed',
          step: last,
          action: last.executed.action,
          by: 'agent',
          ok: last.executed.ok,
          error: last.executed.error,
        });
        return true;
      }
    }
    return false;
  };

  await resumeOpenWork();

  while (!done()) {
    if (ctx.signal.aborted) throw ctx.signal.reason;
    const st = ctx.state();
    const options = st.options!;
    // Without the Plan module a reply that chooses no action leads nowhere but to the next call,
    // so such replies count against the step limit too (MobA's code would call the model forever).
    const idle = options.usePlan ? 0 : st.counters.noActionReplies;
    if (st.counters.executedActions + idle >= options.maxSteps) {
      const executed = `${st.counters.executedActions} executed action${st.counters.executedActions === 1 ? '' : 's'}`;
      await m.finish(
        'failed',
        'step_limit',
        idle
          ? `The step limit (${options.maxSteps}) was reached: ${executed} and ${idle} repl${idle === 1 ? 'y' : 'ies'} that chose no action`
          : `The step limit (${options.maxSteps} executed actions) was reached`,
      );
      break;
    }
    const replan = ctx.takeReplanRequest();
    if (replan && st.nodes[replan]) {
      const obs = await m.observe();
      const r = await m.plan(replan, obs, 'requested');
      if (!r.ok) m.nonFatal(r.error);
      continue;
    }
    const root = st.rootId ? st.nodes[st.rootId] : undefined;
    // A person can close the task itself from the plan.
    if (root?.status === 'failed' || root?.status === 'skipped') {
      await m.finish('failed', 'stopped_by_person', `The task is marked ${root.status}`);
      break;
    }
    if (!st.cursor || root?.status === 'done') {
      await m.finish('succeeded', 'finished', 'Every sub-goal is done');
      break;
    }
    const nodeId = firstOpenLeaf(st, st.cursor);
    if (nodeId !== st.cursor) ctx.append({ type: 'cursor_moved', nodeId, by: 'agent' });
    if (ctx.state().nodes[nodeId]?.status === 'pending')
      ctx.append({ type: 'node_status', nodeId, status: 'running', by: 'agent' });

    const obs = await reuseOrObserve();
    const singleLevel = !options.usePlan;
    const act = await m.act(nodeId, obs, singleLevel);
    if (!act.ok) {
      await modelFailed(nodeId, act.error);
      continue;
    }
    // A reply without an action is progress only once its plan is made: otherwise a model whose
    // act replies parse but whose plans never do would alternate forever.
    if (act.reply.action || act.reply.message) modelFailures = 0;
    const reply = act.reply;
    if (reply.message) await m.answer(nodeId, reply.message);
    if (!ctx.state().nodes[nodeId]) continue; // a person removed it meanwhile

    // A sub-goal that only asks to read something is done once the answer is given.
    if (!reply.action && reply.canComplete !== 'false' && reply.message && !singleLevel) {
      const { completed, next } = advanceAfterSuccess(ctx.state(), nodeId);
      await m.complete(completed, next);
      if (next === null) await m.finish('succeeded', 'finished', 'Every sub-goal is done');
      continue;
    }
    if (reply.canComplete === 'false' || !reply.action) {
      if (singleLevel) continue;
      ctx.append({
        type: 'plan_reflection',
        nodeId,
        text: reply.thought || 'The sub-goal needs more than one action.',
      });
      await planOrEscalate(nodeId, obs, 'cannot_complete');
      continue;
    }
    const action = reply.action;
    if (action.name === 'Finish') {
      if (action.params.message) await m.answer(nodeId, action.params.message);
      if (singleLevel || nodeId === ctx.state().rootId) {
        await m.finish('succeeded', 'finished', 'The agent reported the task done');
        break;
      }
      // On a sub-goal, Finish() finishes that sub-goal only: the task ends when the tree is
      // done or the Global Agent's reflection finds the goal done, never on the Local Agent's word.
      const { completed, next } = advanceAfterSuccess(ctx.state(), nodeId);
      await m.complete(completed, next);
      if (next === null) await m.finish('succeeded', 'finished', 'Every sub-goal is done');
      continue;
    }
    if (action.name === 'Failed') {
      await m.finish('failed', 'gave_up', `The agent gave up: ${action.params.reason ?? 'no reason given'}`);
      break;
    }
    if (m.repeatsOnScreen(obs.screenKey, reply.action) >= REPEATS_ON_SCREEN) {
      const detail = `${formatAction(reply.action)} was already done ${REPEATS_ON_SCREEN} times on this same screen without effect.`;
      if (singleLevel) {
        await m.finish('failed', 'stuck', `Stuck in a loop: ${detail}`);
        break;
      }
      await escalate(nodeId, 'repeated_action', detail);
      continue;
    }
    const step = m.propose(nodeId, obs, reply.action);
    const outcome = await m.gateAndExecute(step, obs);
    if (outcome.kind === 'rejected') continue;
    await afterStep(nodeId, obs, outcome);
  }
};
