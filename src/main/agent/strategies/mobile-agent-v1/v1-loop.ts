/**
 * Mobile-Agent v1, as its released code behaves, on the run's gates and event log: one model
 * call per step from the screenshot alone; the operation it names is grounded by OCR text with
 * positions and by icon regions of the screenshot (several matches → the model chooses among
 * marked crops); self-reflection when the screen did not change (the next prompt says the
 * operation failed and to try another); before stopping, a check of every requirement.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { RunLoop } from '../../run-controller.ts';
import type { StrategyKit } from '../common/kit.ts';
import { StrategyRun } from '../common/runner.ts';
import type { Observed } from '../common/runner.ts';
import { candidateCrops } from '../vision/crops.ts';
import { observeVision } from '../vision/observe-vision.ts';
import { perceptionList } from '../vision/view.ts';
import { tapOn } from './operations.ts';
import { buildChooseMessages, buildFinalCheckMessages, buildV1Messages } from './prompts.ts';
import { FinalCheckReplySchema, chooseReplySchema, v1ReplySchema } from './replies.ts';

const MAX_REPEATS = 3;

export function mobileAgentV1Loop(kit: StrategyKit): RunLoop {
  return async (ctx) => {
    const run = new StrategyRun(ctx, kit);
    const history: string[] = run.state.steps.filter((s) => s.executed).map((s) => formatAction(s.executed!.action));
    let reflection: string | null = null;
    let checkedStop = false;
    let current: Observed | null = null;
    await run.resumeOpenWork();

    while (!run.done) {
      run.throwIfAborted();
      if (await run.stepLimitReached()) break;
      const nodeId = run.currentNode();
      const obs: Observed = current ?? (await observeVision(run, kit, { nodeId, captions: null }));
      current = null;
      const { elements, screen, keyboardShown } = obs.observation;
      const prepared = await ctx.screens.prepare(obs.id, obs.observation);
      const messages = buildV1Messages({
        task: run.state.task,
        screenshot: prepared.screenshot,
        keyboardShown,
        history: history.slice(-8),
        reflection,
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
        current = obs;
        continue;
      }
      run.modelOk();
      const reply = r.value;
      let op = reply.op;

      if (op.kind === 'choose') {
        const png = obs.observation.screenshot ? kit.artifacts.read(obs.observation.screenshot.sha256) : null;
        const crops = png ? await candidateCrops(png, op.candidates, screen) : [];
        const c = await ctx.modelStep({
          role: 'actor',
          purpose: op.what === 'text' ? 'pick-text' : 'locate-icon',
          nodeId,
          messages: buildChooseMessages({
            task: run.state.task,
            intent: reply.thought || reply.written,
            what: op.what,
            query: op.query,
            crops,
          }),
          schema: chooseReplySchema(op.candidates.length),
          memories: [],
        });
        if (!c.ok) {
          await run.modelFailed(nodeId, c.error);
          current = obs;
          continue;
        }
        op = { kind: 'tap', element: op.candidates[c.value - 1]! };
      }
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

      if (op.kind === 'stop') {
        if (!checkedStop) {
          checkedStop = true;
          const check = await ctx.modelStep({
            role: 'actor',
            purpose: 'final-check',
            nodeId,
            messages: buildFinalCheckMessages({ task: run.state.task, history, screenshot: prepared.screenshot }),
            schema: FinalCheckReplySchema,
            memories: [],
          });
          if (check.ok && !check.value.complete) {
            reflection = `Before stopping, the check found the task incomplete: ${check.value.missing || 'a requirement is not met'}. Continue with what is missing.`;
            current = obs;
            continue;
          }
          if (!check.ok) run.steps.nonFatal(check.error);
        }
        await run.steps.finish('succeeded', 'finished', 'The agent reported the task done (stop)');
        break;
      }
      checkedStop = false;
      if (run.repeatsOf(action!) >= MAX_REPEATS) {
        await run.stuck(nodeId, 'repeated_action', `${formatAction(action!)} was done ${MAX_REPEATS} times in a row.`);
        continue;
      }
      const outcome = await run.act(nodeId, obs, action!);
      if (outcome.kind === 'rejected') {
        reflection = null;
        current = obs;
        continue;
      }
      const after = await observeVision(run, kit, { nodeId, captions: null });
      current = after;
      if (outcome.kind === 'person') {
        history.push(`${outcome.actions.join(', ') || 'the person acted'} (by the person)`);
        reflection = null;
        continue;
      }
      const unchanged =
        perceptionList(after.observation.elements) === perceptionList(elements) &&
        after.observation.keyboardShown === keyboardShown;
      history.push(
        `${reply.written}${outcome.ok ? (unchanged ? ' → the screen did not change' : '') : ` → failed: ${outcome.error}`}`,
      );
      reflection = !outcome.ok
        ? `The last operation ${reply.written} could not be carried out (${outcome.error}). Try another operation.`
        : unchanged
          ? `The last operation ${reply.written} did not change the screen, so it did not work. Try another operation or other parameters.`
          : null;
    }
  };
}
