/**
 * Mobile-Agent v1, as its released code behaves, on the run's gates and event log: one model
 * call per step from the screenshot alone; the operation it names is grounded by OCR text with
 * positions and by icon regions of the screenshot (several matches → the model chooses among
 * marked crops); self-reflection when the screen did not change (the next prompt says the
 * operation failed and to try another); before stopping, a check of every requirement.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { ActionCall } from '../../../../shared/actions.ts';
import type { LoopContext, RunLoop } from '../../run-controller.ts';
import type { StrategyKit } from '../common/kit.ts';
import { StrategyRun } from '../common/runner.ts';
import type { Observed } from '../common/runner.ts';
import { candidateCrops } from '../vision/crops.ts';
import { observeVision } from '../vision/observe-vision.ts';
import { perceptionList } from '../vision/view.ts';
import { tapOn } from './operations.ts';
import type { V1Operation } from './operations.ts';
import { buildChooseMessages, buildFinalCheckMessages, buildV1Messages } from './prompts.ts';
import { FinalCheckReplySchema, chooseReplySchema, v1ReplySchema } from './replies.ts';
import type { V1Reply } from './replies.ts';

const MAX_REPEATS = 3;

/** The screenshot as the prompts send it. */
type Screenshot = { data: Uint8Array; mime: 'image/png' | 'image/jpeg' } | null;

class V1Run {
  private readonly ctx: LoopContext;
  private readonly kit: StrategyKit;
  private readonly run: StrategyRun;
  private readonly history: string[];
  private reflection: string | null = null;
  private checkedStop = false;
  private current: Observed | null = null;

  constructor(ctx: LoopContext, kit: StrategyKit) {
    this.ctx = ctx;
    this.kit = kit;
    this.run = new StrategyRun(ctx, kit);
    this.history = this.run.state.steps.filter((s) => s.executed).map((s) => formatAction(s.executed!.action));
  }

  async drive(): Promise<void> {
    await this.run.resumeOpenWork();
    while (!this.run.done) {
      this.run.throwIfAborted();
      if (await this.run.stepLimitReached()) break;
      await this.step();
    }
  }

  /** One model call on the screenshot; its operation grounded, checked before stopping, performed, and judged by the screen. */
  private async step(): Promise<void> {
    const { run, ctx } = this;
    const nodeId = run.currentNode();
    const obs: Observed = this.current ?? (await observeVision(run, this.kit, { nodeId, captions: null }));
    this.current = null;
    const { elements, screen, keyboardShown } = obs.observation;
    const prepared = await ctx.screens.prepare(obs.id, obs.observation);
    const messages = buildV1Messages({
      task: run.state.task,
      knowledge: run.state.options?.knowledge ?? null,
      screenshot: prepared.screenshot,
      keyboardShown,
      history: this.history.slice(-8),
      reflection: this.reflection,
      feedback: run.feedback,
    });
    const r = await ctx.modelStep({
      role: 'actor',
      purpose: 'mobile-agent',
      nodeId,
      messages,
      schema: v1ReplySchema(elements, screen),
      memories: [],
    });
    if (!r.ok) {
      await run.modelFailed(nodeId, r.error);
      this.current = obs;
      return;
    }
    run.modelOk();
    const reply = r.value;
    const op = await this.ground(nodeId, obs, reply);
    if (!op) return;
    const action = op.kind === 'tap' ? tapOn(op.element) : op.kind === 'action' ? op.action : null;
    run.decided({
      nodeId,
      role: 'agent',
      callIds: r.callIds,
      observation: reply.observation,
      thought: reply.thought,
      written: reply.written,
      action,
      summary: reply.thought,
    });
    if (op.kind === 'stop') return this.stop(nodeId, obs, prepared.screenshot);
    this.checkedStop = false;
    if (run.repeatsOf(action!) >= MAX_REPEATS)
      return run.escalate(
        nodeId,
        'repeated_action',
        `${formatAction(action!)} was done ${MAX_REPEATS} times in a row.`,
      );
    await this.perform(nodeId, obs, action!, reply.written);
  }

  /** Several matches of the text or icon named: the model chooses among marked crops. @returns null when its reply was unusable */
  private async ground(
    nodeId: string,
    obs: Observed,
    reply: V1Reply,
  ): Promise<Exclude<V1Operation, { kind: 'choose' }> | null> {
    const op = reply.op;
    if (op.kind !== 'choose') return op;
    const { screen } = obs.observation;
    const png = obs.observation.screenshot ? this.kit.artifacts.read(obs.observation.screenshot.sha256) : null;
    const crops = png ? await candidateCrops(png, op.candidates, screen) : [];
    const c = await this.ctx.modelStep({
      role: 'actor',
      purpose: op.what === 'text' ? 'pick-text' : 'locate-icon',
      nodeId,
      messages: buildChooseMessages({
        task: this.run.state.task,
        intent: reply.thought || reply.written,
        what: op.what,
        query: op.query,
        crops,
      }),
      schema: chooseReplySchema(op.candidates.length),
      memories: [],
    });
    if (!c.ok) {
      await this.run.modelFailed(nodeId, c.error);
      this.current = obs;
      return null;
    }
    return { kind: 'tap', element: op.candidates[c.value - 1]! };
  }

  /** Before stopping, once, a check of every requirement: missing ones send the agent back to work. */
  private async stop(nodeId: string, obs: Observed, screenshot: Screenshot): Promise<void> {
    if (!this.checkedStop) {
      this.checkedStop = true;
      const check = await this.ctx.modelStep({
        role: 'actor',
        purpose: 'final-check',
        nodeId,
        messages: buildFinalCheckMessages({ task: this.run.state.task, history: this.history, screenshot }),
        schema: FinalCheckReplySchema,
        memories: [],
      });
      if (check.ok && !check.value.complete) {
        this.reflection = `Before stopping, the check found the task incomplete: ${check.value.missing || 'a requirement is not met'}. Continue with what is missing.`;
        this.current = obs;
        return;
      }
      if (!check.ok) this.run.steps.nonFatal(check.error);
    }
    await this.run.finish('succeeded', 'finished', 'The agent reported the task done (stop)');
  }

  /** The action through the gate; an unchanged screen afterwards is the self-reflection of the next prompt. */
  private async perform(nodeId: string, obs: Observed, action: ActionCall, written: string): Promise<void> {
    const { elements, keyboardShown } = obs.observation;
    const outcome = await this.run.act(nodeId, obs, action);
    if (outcome.kind === 'rejected') {
      this.reflection = null;
      this.current = obs;
      return;
    }
    const after = await observeVision(this.run, this.kit, { nodeId, captions: null });
    this.current = after;
    if (outcome.kind === 'person') {
      this.history.push(`${outcome.actions.join(', ') || 'the person acted'} (by the person)`);
      this.reflection = null;
      return;
    }
    const unchanged =
      perceptionList(after.observation.elements) === perceptionList(elements) &&
      after.observation.keyboardShown === keyboardShown;
    this.history.push(
      `${written}${outcome.ok ? (unchanged ? ' → the screen did not change' : '') : ` → failed: ${outcome.error}`}`,
    );
    this.reflection = !outcome.ok
      ? `The last operation ${written} could not be carried out (${outcome.error}). Try another operation.`
      : unchanged
        ? `The last operation ${written} did not change the screen, so it did not work. Try another operation or other parameters.`
        : null;
  }
}

export function mobileAgentV1Loop(kit: StrategyKit): RunLoop {
  return (ctx) => new V1Run(ctx, kit).drive();
}
