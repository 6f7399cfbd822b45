/**
 * The loop of every GUI-native strategy: observe, show the model the screenshot (and its own
 * history), read its answer into a shared action, take it through the run's gate and execute it.
 * Finish and Failed end the run; Ask_User executes (nothing on the device) and waits for the
 * person's answer, which reaches the next prompt; an action the model wrote as two (type, then
 * Enter) is proposed as two steps. The UI dump is observed and recorded (the overlay, gating and
 * a person's edits use it) but never shown to the model.
 */
import { askUserPrompt } from '../../ask-user.ts';
import { formatAction } from '../../../../shared/actions.ts';
import { MobaError } from '../../../../shared/errors.ts';
import type { LoopContext, RunLoop } from '../../run-controller.ts';
import type { StrategyKit } from '../common/kit.ts';
import { StrategyRun } from '../common/runner.ts';
import { MobaSteps } from '../moba/moba-steps.ts';
import type { Observed } from '../common/runner.ts';
import type { CoordinateSpace } from './coordinates.ts';
import type { GuiDecision, GuiNativeFamily, GuiTurn } from './family.ts';
import { GuiScreens } from './screens.ts';

const MAX_REPEATS = 3;

export function guiNativeLoop(family: GuiNativeFamily): (kit: StrategyKit) => RunLoop {
  return (kit) => async (ctx) => {
    const run = new StrategyRun(ctx, kit);
    const space = family.space(kit.modelName?.('actor') ?? null);
    const screens = new GuiScreens(kit.artifacts, space);
    let lastError: string | null = null;
    const clock = new MobaSteps(run); // reads the device clock once per run, as MobA does
    const resumed = await run.resumeOpenWork();
    if (resumed.kind === 'executed' && resumed.outcome.kind === 'executed' && !resumed.outcome.ok)
      lastError = resumed.outcome.error;
    while (!run.done) {
      run.throwIfAborted();
      if (await run.stepLimitReached()) break;
      const nodeId = run.currentNode();
      const obs = await run.observe();
      const decision = await decide(run, family, screens, space, nodeId, obs, lastError, await clock.deviceTime());
      if (!decision) continue;
      lastError = await carryOut(run, nodeId, obs, decision);
    }
  };
}

/** One model call on the observed screen, recorded as the strategy's decision; null when its replies were unusable. */
async function decide(
  run: StrategyRun,
  family: GuiNativeFamily,
  screens: GuiScreens,
  space: CoordinateSpace,
  nodeId: string,
  obs: Observed,
  lastError: string | null,
  deviceTime: string | null,
): Promise<GuiDecision | null> {
  const { ctx } = run;
  const o = obs.observation;
  const image = await screens.image(o);
  if (!image) {
    await run.modelFailed(nodeId, screenshotMissing());
    return null;
  }
  const messages = family.messages({
    task: run.state.task,
    screen: o.screen,
    image,
    space,
    history: await history(ctx, family, screens),
    currentApp: o.currentApp?.packageName ?? null,
    feedback: run.feedback,
    lastError,
    deviceTime,
  });
  const r = await ctx.modelStep({
    role: 'actor',
    purpose: family.purpose,
    nodeId,
    messages,
    parse: (reply) => family.parse(reply, o.screen, space),
    repairHint: family.repairHint,
    memories: [],
  });
  if (!r.ok) {
    await run.modelFailed(nodeId, r.error);
    return null;
  }
  run.modelOk();
  const d = r.value;
  run.decided({
    nodeId,
    role: family.role,
    callIds: r.callIds,
    observation: family.observed(o),
    thought: d.thought || r.reasoning || '',
    written: d.written,
    action: d.action,
    summary: formatAction(d.action),
    observationId: obs.id,
  });
  return d;
}

/** Earlier decisions with the screenshots the family shows again (the most recent ones). */
async function history(ctx: LoopContext, family: GuiNativeFamily, screens: GuiScreens): Promise<GuiTurn[]> {
  const st = ctx.state();
  const turns = st.strategy.transcript;
  const withImage = Math.max(0, family.screenshots - 1);
  return Promise.all(
    turns.map(async (t, i) => {
      const seen = i >= turns.length - withImage && t.observationId ? st.observations[t.observationId] : undefined;
      const image = seen ? await screens.image(seen) : null;
      return { observation: t.observation, thought: t.thought, written: t.written, image };
    }),
  );
}

/** Ends the run, asks the person, or takes the action (and what follows it) through the gate. @returns the device error, if any */
async function carryOut(run: StrategyRun, nodeId: string, obs: Observed, d: GuiDecision): Promise<string | null> {
  const { action } = d;
  if (action.name === 'Finish') {
    if (action.params.message) await run.steps.answer(nodeId, action.params.message);
    await run.steps.finish('succeeded', 'finished', 'The model reported the task done');
    return null;
  }
  if (action.name === 'Failed') {
    await run.steps.finish(
      'failed',
      'gave_up',
      `The model gave up${action.params.reason ? `: ${action.params.reason}` : ''}`,
    );
    return null;
  }
  if (run.repeatsOf(action) >= MAX_REPEATS) {
    await run.escalate(nodeId, 'repeated_action', `${formatAction(action)} was done ${MAX_REPEATS} times in a row.`);
    return null;
  }
  const outcome = await run.act(nodeId, obs, action);
  if (outcome.kind !== 'executed') return null;
  if (!outcome.ok) return outcome.error;
  if (outcome.action.name === 'Ask_User') await askUser(run, outcome.action.params.question);
  else if (d.then && outcome.action.name === action.name && !run.done) {
    const next = await run.act(nodeId, await run.observe(), d.then);
    if (next.kind === 'executed' && !next.ok) return next.error;
  }
  return null;
}

/** The model's question to the person: their answer goes into the next prompt. */
async function askUser(run: StrategyRun, question: string): Promise<void> {
  const d = await run.ctx.waitForPerson('escalation', null, askUserPrompt(question));
  if (d.decision === 'reject')
    await run.steps.finish('failed', 'stopped_by_person', 'The person ended the run when asked');
  else if (d.decision === 'take_over')
    await run.ctx.waitForPerson('take_over', null, 'You have control of the phone. Act on the mirror, then hand back.');
}

function screenshotMissing(): MobaError {
  return new MobaError('SCREENSHOT_FAILED', 'The phone gave no screenshot, and a GUI-native model sees nothing else.');
}
