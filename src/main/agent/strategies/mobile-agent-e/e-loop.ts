/**
 * Mobile-Agent-E, as its released code behaves, on the run's gates and event log:
 *
 *   observe (OCR + icons + captions)
 *   Manager: plan and current sub-goal — at the start, after a step that went as expected, and
 *     when the last 2 actions failed (escalation, with the failed attempts); skipped after one
 *     failure so the Operator can retry; "Finished" ends the task (then self-evolution)
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
import { nextId } from '../../../../shared/run/reducer.ts';
import type { RunLoop } from '../../run-controller.ts';
import type { StrategyKit } from '../common/kit.ts';
import { StrategyRun } from '../common/runner.ts';
import type { Observed, StepOutcome } from '../common/runner.ts';
import type { ScreenView } from '../mobile-agent-v2/prompts.ts';
import { screenViewer } from '../mobile-agent-v2/v2-loop.ts';
import { IconCaptions } from '../vision/captions.ts';
import { mapCoordinateCall } from '../vision/coordinate-actions.ts';
import { observeVision } from '../vision/observe-vision.ts';
import { evolve, loadExperience } from './evolution.ts';
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

/** Failed actions in a row before the Manager is told (E's err_to_manager_thresh). */
export const ESCALATE_AFTER = 2;
/** Failed actions in a row that end the task (E's max_consecutive_failures). */
export const MAX_CONSECUTIVE_FAILURES = 3;
/** The same action this many times in a row ends the task (E's max_repetitive_actions). */
export const MAX_REPEATED_ACTIONS = 3;

export function mobileAgentELoop(kit: StrategyKit): RunLoop {
  return async (ctx) => {
    const run = new StrategyRun(ctx, kit);
    const captions = new IconCaptions();
    const view = screenViewer(ctx);
    // A/B/C of every action so far (a refused shortcut counts as C): the escalation and end rules read it.
    const grades: ActionOutcomeGrade[] = run.state.strategy.outcomes.map((o) => o.outcome);
    const failedInARow = () => {
      let n = 0;
      for (let i = grades.length - 1; i >= 0 && grades[i] !== 'A'; i--) n++;
      return n;
    };
    let skipManager = false;
    let current: Observed | null = null;

    /**
     * The Action Reflector on an executed step (then the Notetaker after A).
     * @returns true when the task ended (too many failures in a row)
     */
    const judge = async (
      nodeId: string,
      before: Observed,
      outcome: Extract<StepOutcome, { kind: 'executed' }>,
      written: string,
      description: string,
    ): Promise<boolean> => {
      const st = run.state;
      const stepId = outcome.step.stepId;
      const beforeView = await view(before);
      const after = await observeVision(run, kit, { nodeId, captions });
      const afterView = await view(after);
      current = after;
      let grade: ActionOutcomeGrade;
      if (!outcome.ok) {
        grade = 'C';
        ctx.append({
          type: 'outcome_judged',
          stepId,
          nodeId,
          callIds: [],
          outcome: 'C',
          operation: description,
          text: `The action could not be executed: ${outcome.error ?? 'unknown error'}`,
          progress: null,
        });
      } else {
        const r = await ctx.modelStep({
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
          await run.modelFailed(nodeId, r.error);
          return false;
        }
        grade = r.value.outcome;
        ctx.append({
          type: 'outcome_judged',
          stepId,
          nodeId,
          callIds: r.callIds,
          outcome: grade,
          operation: description,
          text: grade === 'A' ? r.value.error || 'As expected.' : r.value.error || 'Failed.',
          progress: r.value.progress || null,
        });
      }
      grades.push(grade);
      if (grade === 'A') {
        await takeNotes(run, nodeId, afterView);
        return false;
      }
      if (await endIfStuck(run, grades)) return true;
      // One failure: the Operator tries again; two in a row: the Manager is told.
      skipManager = true;
      return false;
    };

    // After a restart: a step approved just now is judged like any other.
    const resumed = await run.resumeOpenWork();
    if (resumed?.outcome.kind === 'executed') {
      const d = run.state.strategy.lastDecision;
      if (
        await judge(
          resumed.step.nodeId,
          resumed.before,
          resumed.outcome,
          d?.written ?? formatAction(resumed.outcome.action),
          d?.summary ?? '',
        )
      )
        return;
    }
    const experience = await loadExperience(run, kit);

    while (!run.done) {
      run.throwIfAborted();
      if (await run.stepLimitReached()) break;
      const before: Observed = current ?? (await observeVision(run, kit, { nodeId: run.currentNode(), captions }));
      current = null;
      const beforeView = await view(before);
      const escalating = failedInARow() >= ESCALATE_AFTER;

      // Manager
      if (!skipManager || escalating || !run.state.strategy.plan) {
        const st = run.state;
        const r = await ctx.modelStep({
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
            failedAttempts: escalating ? failedAttempts(run, ESCALATE_AFTER) : [],
            feedback: run.feedback,
          }),
          schema: ManagerReplySchema,
          memories: [],
        });
        if (!r.ok) {
          await run.modelFailed(run.currentNode(), r.error);
          current = before;
          continue;
        }
        run.modelOk();
        const m = r.value;
        ctx.append({
          type: 'plan_updated',
          callIds: r.callIds,
          thought: m.thought,
          plan: m.plan,
          subgoal: m.subgoal,
          finished: m.finished,
          escalated: escalating,
        });
        if (m.finished) {
          if (run.state.counters.executedActions > 0) await evolve(run, kit, experience);
          await run.steps.finish('succeeded', 'finished', 'The Manager found the task finished');
          break;
        }
        enterSubgoal(run, m.subgoal, escalating);
      }
      skipManager = false;
      const nodeId = run.currentNode();

      // Operator
      const st = run.state;
      const screen = { width: beforeView.width, height: beforeView.height, keyboardShown: beforeView.keyboardShown };
      const lastTwoTaps = st.steps
        .filter((s) => s.executed?.by === 'agent')
        .slice(-2)
        .every((s) => s.executed?.action.name === 'Click_by_Coordinate');
      const o = await ctx.modelStep({
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
          notes: st.strategy.notes,
          shortcuts: experience.shortcuts,
          shortcutsFrom: experience.from.shortcuts,
          recent: recentActions(run, 5),
          hint:
            grades.at(-1) === 'C' && lastTwoTaps && st.steps.length >= 2
              ? 'Tapping did not change the screen twice: the target may be off screen — try a Swipe, or another position.'
              : null,
          feedback: run.feedback,
        }),
        schema: operatorReplySchema(screen, experience.shortcuts),
        memories: [],
      });
      if (!o.ok) {
        await run.modelFailed(nodeId, o.error);
        current = before;
        skipManager = true;
        continue;
      }
      run.modelOk();
      const reply = o.value;
      const choice = reply.choice;
      run.decided({
        nodeId,
        role: 'operator',
        callIds: o.callIds,
        observation: '',
        thought: reply.thought,
        written: choice.written,
        action: choice.kind === 'atomic' && choice.command.kind === 'action' ? choice.command.action : null,
        summary: reply.description,
      });
      if (choice.kind === 'abnormal' || (choice.kind === 'atomic' && choice.command.kind === 'stop')) {
        await run.steps.finish(
          'failed',
          'error',
          `The Operator ended the task itself with ${choice.written} (an abnormal finish: only the Manager decides the task is done)`,
        );
        break;
      }

      let outcome: StepOutcome;
      if (choice.kind === 'shortcut') {
        const check = await ctx.modelStep({
          role: 'reflector',
          purpose: 'precondition',
          nodeId,
          messages: buildPreconditionMessages({ shortcut: choice.shortcut, args: choice.args, screen: beforeView }),
          schema: PreconditionReplySchema,
          memories: [],
        });
        if (!check.ok) {
          await run.modelFailed(nodeId, check.error);
          current = before;
          skipManager = true;
          continue;
        }
        if (!check.value.holds) {
          ctx.append({
            type: 'shortcut_invoked',
            nodeId,
            name: choice.shortcut.name,
            arguments: choice.args,
            actions: [],
            refused: true,
            reason: `Its precondition "${choice.shortcut.precondition}" does not hold on this screen: ${check.value.reason || 'no reason given'}`,
            callIds: check.callIds,
          });
          grades.push('C');
          if (await endIfStuck(run, grades)) break;
          current = before;
          skipManager = true;
          continue;
        }
        const actions = choice.calls
          .map((c) => {
            const m = mapCoordinateCall(c, { ...screen, keyboardShown: true }, E_ACTIONS);
            return m.ok && m.command.kind === 'action' ? m.command.action : null;
          })
          .filter((a): a is ActionCall => a !== null);
        ctx.append({
          type: 'shortcut_invoked',
          nodeId,
          name: choice.shortcut.name,
          arguments: choice.args,
          actions,
          refused: false,
          reason: null,
          callIds: check.callIds,
        });
        outcome = { kind: 'rejected' };
        for (const action of actions) {
          outcome = await run.act(nodeId, before, action);
          if (outcome.kind !== 'executed' || !outcome.ok) break;
        }
      } else {
        const action = (choice.command as { kind: 'action'; action: ActionCall }).action;
        if (action.name !== 'Swipe' && action.name !== 'Back' && run.repeatsOf(action) >= MAX_REPEATED_ACTIONS - 1) {
          await run.steps.finish(
            'failed',
            'stuck',
            `The same action ${formatAction(action)} was chosen ${MAX_REPEATED_ACTIONS} times in a row`,
          );
          break;
        }
        outcome = await run.act(nodeId, before, action);
      }
      if (outcome.kind === 'rejected' || outcome.kind === 'person') {
        skipManager = outcome.kind === 'rejected';
        continue;
      }

      if (await judge(nodeId, before, outcome, choice.written, reply.description)) break;
    }
  };
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
  await run.steps.finish('failed', 'actions_failed', `${MAX_CONSECUTIVE_FAILURES} actions in a row failed`);
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
