/**
 * Mobile-Agent-v2, as its released code behaves, on the run's gates and event log:
 *
 *   observe (OCR + icons + captions) → decision agent: one action (Tap by coordinates; Type
 *   only with the keyboard up) → memory unit: focus content to keep → execute → observe →
 *   reflection agent: A as expected / B wrong page / C no change
 *     A → the step enters the history; the planning agent (text only) updates the progress
 *     B → Back is executed automatically; the step stays out of the history
 *     C → the step stays out of the history
 *   after B or C the next decision sees what went wrong, and operation hints.
 *
 * Stop() ends the task. Vision only: no prompt sees the UI dump.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { ChatMessage } from '../../../llm/types.ts';
import type { LoopContext, RunLoop } from '../../run-controller.ts';
import type { StrategyKit } from '../common/kit.ts';
import { StrategyRun } from '../common/runner.ts';
import type { Observed, StepOutcome } from '../common/runner.ts';
import { IconCaptions } from '../vision/captions.ts';
import { observeVision } from '../vision/observe-vision.ts';
import { perceptionList } from '../vision/view.ts';
import {
  buildDecisionMessages,
  buildMemoryMessages,
  buildPlanningMessages,
  buildReflectionMessages,
} from './prompts.ts';
import type { DecisionPromptInput, ScreenView } from './prompts.ts';
import { MemoryReplySchema, PlanningReplySchema, ReflectionReplySchema, decisionReplySchema } from './replies.ts';

/** Operation hints (Mobile-Agent-v2's knowledge injection), shown after a failed step. */
export const V2_HINTS = [
  'To type, first tap the input box so the keyboard appears, then use Type().',
  'If a tap had no effect, the position may be slightly off: tap the centre of the text or icon instead.',
  'A pop-up or dialog must be answered or closed before the page under it reacts.',
  'To see more of a list, swipe from the middle of the list towards the top of the screen.',
];

const MAX_REPEATS = 3;

/** How the Mobile-Agent family's prompts see an observation: the perception list, the keyboard, the screen size and the screenshot. */
export function screenViewer(ctx: LoopContext): (o: Observed) => Promise<ScreenView> {
  return async (o) => {
    const prepared = await ctx.screens.prepare(o.id, o.observation);
    return {
      perception: perceptionList(o.observation.elements),
      keyboardShown: o.observation.keyboardShown,
      width: o.observation.screen.width,
      height: o.observation.screen.height,
      screenshot: prepared.screenshot,
    };
  };
}

export function mobileAgentV2Loop(kit: StrategyKit): RunLoop {
  return async (ctx) => {
    const run = new StrategyRun(ctx, kit);
    const captions = new IconCaptions();
    const view = screenViewer(ctx);
    let lastFailure: DecisionPromptInput['lastFailure'] = null;
    // The screen the last reflection looked at: the next decision starts from it.
    let current: Observed | null = null;

    /** The reflection agent on an executed step: A → history and progress; B → Back; C → retry. */
    const judge = async (
      nodeId: string,
      before: Observed,
      outcome: Extract<StepOutcome, { kind: 'executed' }>,
      written: string,
      operation: string,
    ): Promise<void> => {
      const stepId = outcome.step.stepId;
      if (!outcome.ok) {
        ctx.append({
          type: 'outcome_judged',
          stepId,
          nodeId,
          callIds: [],
          outcome: 'C',
          operation,
          text: `The action could not be executed: ${outcome.error ?? 'unknown error'}`,
          progress: null,
        });
        lastFailure = { action: written, expectation: operation, outcome: 'C', why: outcome.error ?? '' };
        return;
      }
      const beforeView = await view(before);
      const after = await observeVision(run, kit, { nodeId, captions });
      const afterView = await view(after);
      current = after;
      const reflection = await ctx.modelStep({
        role: 'reflector',
        purpose: 'reflection',
        nodeId,
        messages: buildReflectionMessages({
          task: run.state.task,
          action: written,
          expectation: operation,
          before: beforeView,
          after: afterView,
        }),
        schema: ReflectionReplySchema,
        memories: [],
      });
      if (!reflection.ok) {
        await run.modelFailed(nodeId, reflection.error);
        return;
      }
      const judged = reflection.value;
      ctx.append({
        type: 'outcome_judged',
        stepId,
        nodeId,
        callIds: reflection.callIds,
        outcome: judged.outcome,
        operation,
        text: judged.thought,
        progress: null,
      });
      if (judged.outcome === 'A') {
        lastFailure = null;
        await updateProgress(run, nodeId);
        return;
      }
      lastFailure = { action: written, expectation: operation, outcome: judged.outcome, why: judged.thought };
      if (judged.outcome === 'C') return;
      // B: a wrong page. Mobile-Agent-v2 goes back by itself (through the gate like any step).
      current = null;
      ctx.append({
        type: 'message',
        from: 'agent',
        nodeId,
        text: `The reflection found a wrong page after ${written}; going back.`,
      });
      await run.act(nodeId, after, { name: 'Back', params: {} });
    };

    // After a restart: a step approved just now is judged like any other.
    const resumed = await run.resumeOpenWork();
    if (resumed?.outcome.kind === 'executed') {
      const d = run.state.strategy.lastDecision;
      await judge(
        resumed.step.nodeId,
        resumed.before,
        resumed.outcome,
        d?.written ?? formatAction(resumed.outcome.action),
        d?.summary ?? '',
      );
    }

    while (!run.done) {
      run.throwIfAborted();
      if (await run.stepLimitReached()) break;
      const nodeId = run.currentNode();
      const before = current ?? (await observeVision(run, kit, { nodeId, captions }));
      current = null;
      const beforeView = await view(before);
      const st = run.state;
      const memory = st.strategy.memoryUnit;
      const messages = buildDecisionMessages({
        task: st.task,
        screen: beforeView,
        history: st.strategy.history.map((h) => h.operation),
        progress: st.strategy.progress,
        memory,
        lastFailure,
        hints: lastFailure ? V2_HINTS : [],
        feedback: run.feedback,
      });
      const screen = { width: beforeView.width, height: beforeView.height, keyboardShown: beforeView.keyboardShown };
      const r = await ctx.modelStep({
        role: 'actor',
        purpose: 'decision',
        nodeId,
        messages,
        schema: decisionReplySchema(screen),
        memories: [],
      });
      if (!r.ok) {
        await run.modelFailed(nodeId, r.error);
        continue;
      }
      run.modelOk();
      const d = r.value;
      run.decided({
        nodeId,
        role: 'decision',
        callIds: r.callIds,
        observation: '',
        thought: d.thought,
        written: d.written,
        action: d.command.kind === 'action' ? d.command.action : null,
        summary: d.operation,
      });
      await rememberFocusContent(
        run,
        nodeId,
        messages,
        JSON.stringify({ thought: d.thought, action: d.written, operation: d.operation }),
      );
      if (d.command.kind === 'stop') {
        await run.steps.finish('succeeded', 'finished', 'The decision agent reported the task done (Stop)');
        break;
      }
      const action = d.command.action;
      if (run.repeatsOf(action) >= MAX_REPEATS) {
        await run.stuck(nodeId, 'repeated_action', `${formatAction(action)} was done ${MAX_REPEATS} times in a row.`);
        continue;
      }
      const outcome = await run.act(nodeId, before, action);
      if (outcome.kind === 'rejected' || outcome.kind === 'person') {
        lastFailure = null;
        continue;
      }
      await judge(nodeId, before, outcome, d.written, d.operation);
    }
  };
}

/** The memory unit: a follow-up question in the decision chat; kept content goes into later prompts. */
async function rememberFocusContent(
  run: StrategyRun,
  nodeId: string,
  decision: ChatMessage[],
  reply: string,
): Promise<void> {
  const r = await run.ctx.modelStep({
    role: 'actor',
    purpose: 'memory-unit',
    nodeId,
    messages: buildMemoryMessages(decision, reply),
    schema: MemoryReplySchema,
    memories: [],
  });
  if (!r.ok) {
    run.steps.nonFatal(r.error);
    return;
  }
  if (r.value) run.ctx.append({ type: 'memory_unit_added', callIds: r.callIds, content: r.value });
}

/** The planning agent, after a step that went as expected: the task progress, text only. */
async function updateProgress(run: StrategyRun, nodeId: string): Promise<void> {
  const st = run.state;
  const r = await run.ctx.modelStep({
    role: 'planner',
    purpose: 'planning',
    nodeId,
    messages: buildPlanningMessages({
      task: st.task,
      history: st.strategy.history.map((h) => h.operation),
      progress: st.strategy.progress,
      memory: st.strategy.memoryUnit,
    }),
    schema: PlanningReplySchema,
    memories: [],
  });
  if (!r.ok) {
    await run.modelFailed(nodeId, r.error);
    return;
  }
  run.modelOk();
  run.ctx.append({ type: 'progress_updated', callIds: r.callIds, progress: r.value });
}
