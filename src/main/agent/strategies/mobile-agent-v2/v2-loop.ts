/**
 * Mobile-Agent-v2, as its released code behaves, on the run's gates and event log:
 *
 *   observe (OCR + icons + captions) → decision agent: one action (Tap by coordinates; Type
 *   only with the keyboard up) → memory unit: focus content to keep → execute → observe →
 *   reflection agent: A as expected / B wrong page / C no change
 *     A → the step enters the history; the planning agent (text only) updates the progress
 *     B → Back is executed automatically; the step stays out of the history
 *     C → the step stays out of the history
 *   after B or C the next decision sees what went wrong.
 *   The task's knowledge hint (`knowledge`), when given, is in every decision, reflection and
 *   planning prompt.
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

type Executed = Extract<StepOutcome, { kind: 'executed' }>;

class V2Run {
  private readonly ctx: LoopContext;
  private readonly kit: StrategyKit;
  private readonly run: StrategyRun;
  private readonly captions = new IconCaptions();
  private readonly view: (o: Observed) => Promise<ScreenView>;
  private lastFailure: DecisionPromptInput['lastFailure'] = null;
  /** The screen the last reflection looked at: the next decision starts from it. */
  private current: Observed | null = null;

  constructor(ctx: LoopContext, kit: StrategyKit) {
    this.ctx = ctx;
    this.kit = kit;
    this.run = new StrategyRun(ctx, kit);
    this.view = screenViewer(ctx);
  }

  async drive(): Promise<void> {
    // After a restart: a step approved just now is judged like any other.
    const resumed = await this.run.resumeOpenWork();
    if (resumed.kind === 'executed' && resumed.outcome.kind === 'executed') {
      const d = this.run.state.strategy.lastDecision;
      const written = d?.written ?? formatAction(resumed.outcome.action);
      await this.judge(resumed.step.nodeId, resumed.before, resumed.outcome, written, d?.summary ?? '');
    }
    while (!this.run.done) {
      this.run.throwIfAborted();
      if (await this.run.stepLimitReached()) break;
      await this.step();
    }
  }

  /** The decision agent's action (and the memory unit), then the step and its reflection. */
  private async step(): Promise<void> {
    const { run } = this;
    const nodeId = run.currentNode();
    const before = this.current ?? (await observeVision(run, this.kit, { nodeId, captions: this.captions }));
    this.current = null;
    const beforeView = await this.view(before);
    const st = run.state;
    const messages = buildDecisionMessages({
      task: st.task,
      knowledge: st.options?.knowledge ?? null,
      screen: beforeView,
      history: st.strategy.history.map((h) => h.operation),
      progress: st.strategy.progress,
      memory: st.strategy.memoryUnit,
      lastFailure: this.lastFailure,
      feedback: run.feedback,
    });
    const screen = { width: beforeView.width, height: beforeView.height, keyboardShown: beforeView.keyboardShown };
    const r = await this.ctx.modelStep({
      role: 'actor',
      purpose: 'decision',
      nodeId,
      messages,
      schema: decisionReplySchema(screen),
      memories: [],
    });
    if (!r.ok) return run.modelFailed(nodeId, r.error);
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
    if (d.command.kind === 'stop')
      return run.finish('succeeded', 'finished', 'The decision agent reported the task done (Stop)');
    const action = d.command.action;
    if (run.repeatsOf(action) >= MAX_REPEATS)
      return run.escalate(nodeId, 'repeated_action', `${formatAction(action)} was done ${MAX_REPEATS} times in a row.`);
    const outcome = await run.act(nodeId, before, action);
    if (outcome.kind === 'rejected' || outcome.kind === 'person') {
      this.lastFailure = null;
      return;
    }
    await this.judge(nodeId, before, outcome, d.written, d.operation);
  }

  /** The reflection agent on an executed step: A → history and progress; B → Back; C → retry. */
  private async judge(
    nodeId: string,
    before: Observed,
    outcome: Executed,
    written: string,
    operation: string,
  ): Promise<void> {
    const stepId = outcome.step.stepId;
    if (!outcome.ok) {
      this.ctx.append({
        type: 'outcome_judged',
        stepId,
        nodeId,
        callIds: [],
        outcome: 'C',
        operation,
        text: `The action could not be executed: ${outcome.error ?? 'unknown error'}`,
        progress: null,
      });
      this.lastFailure = { action: written, expectation: operation, outcome: 'C', why: outcome.error ?? '' };
      return;
    }
    const beforeView = await this.view(before);
    const after = await observeVision(this.run, this.kit, { nodeId, captions: this.captions });
    const afterView = await this.view(after);
    this.current = after;
    const reflection = await this.ctx.modelStep({
      role: 'reflector',
      purpose: 'reflection',
      nodeId,
      messages: buildReflectionMessages({
        task: this.run.state.task,
        knowledge: this.run.state.options?.knowledge ?? null,
        action: written,
        expectation: operation,
        before: beforeView,
        after: afterView,
      }),
      schema: ReflectionReplySchema,
      memories: [],
    });
    if (!reflection.ok) return this.run.modelFailed(nodeId, reflection.error);
    const judged = reflection.value;
    this.ctx.append({
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
      this.lastFailure = null;
      await updateProgress(this.run, nodeId);
      return;
    }
    this.lastFailure = { action: written, expectation: operation, outcome: judged.outcome, why: judged.thought };
    if (judged.outcome === 'C') return;
    // B: a wrong page. Mobile-Agent-v2 goes back by itself (through the gate like any step).
    this.current = null;
    this.ctx.append({
      type: 'message',
      from: 'agent',
      nodeId,
      text: `The reflection found a wrong page after ${written}; going back.`,
    });
    await this.run.act(nodeId, after, { name: 'Back', params: {} });
  }
}

export function mobileAgentV2Loop(kit: StrategyKit): RunLoop {
  return (ctx) => new V2Run(ctx, kit).drive();
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
      knowledge: st.options?.knowledge ?? null,
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
