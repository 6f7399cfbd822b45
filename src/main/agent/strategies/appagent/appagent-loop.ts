/**
 * AppAgent (the baseline of MobA's Table 4), as its released code behaves: one model call per
 * step on the tagged interactive elements (its own element rule), tap / text / long press /
 * swipe on an element, a numbered grid when no tag fits, FINISH. The summary the model writes
 * each step is its memory of what was done. Element docs come from recorded demonstrations.
 * With ReachAgent's action space (`actionSpace: 'candidates'`) only the candidate actions of the
 * dump are accepted. The human gates, recording and recovery are the run's own.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { Observation } from '../../../../shared/schemas/perception.ts';
import { candidateActions, drawSetOfMarks } from '../../../perception/index.ts';
import { elementLabel } from '../../../perception/element-info.ts';
import type { RunLoop } from '../../run-controller.ts';
import type { StrategyKit } from '../common/kit.ts';
import { StrategyRun } from '../common/runner.ts';
import type { Observed } from '../common/runner.ts';
import { elementDocs } from './docs.ts';
import { appAgentElements } from './elements.ts';
import { gridCells, gridFor } from './grid.ts';
import { buildAppAgentMessages } from './prompts.ts';
import { appAgentReplySchema } from './replies.ts';

/** The same action this many times in a row without FINISH is a loop. */
const MAX_REPEATS = 3;

/** The observation with AppAgent's elements and its tagged screenshot (or the grid). */
async function appAgentView(kit: StrategyKit, o: Observation, grid: boolean): Promise<Observation> {
  let elements = o.elements;
  if (o.xml) {
    try {
      elements = appAgentElements(kit.artifacts.read(o.xml.sha256), o.screen);
    } catch {
      // An unreadable dump: keep what the observer made of the screen (its OCR fallback).
    }
  }
  if (!o.screenshot) return { ...o, elements, marked: null };
  const marks = grid ? gridCells(gridFor(o.screen), o.screen) : elements;
  const marked = await drawSetOfMarks(kit.artifacts.read(o.screenshot.sha256), marks, {
    screen: o.screen,
    format: 'png',
  });
  const ref = kit.artifacts.put(marked.data, { mime: marked.mime });
  return { ...o, elements, marked: { ...ref, width: marked.width, height: marked.height } };
}

/** ReachAgent's candidates, written in AppAgent's language: the canonical forms and the lines shown. */
function candidatesOf(obs: Observed): { allowed: Set<string>; lines: string[] } {
  const allowed = new Set<string>();
  const lines: string[] = [];
  const finger = { up: 'down', down: 'up', left: 'right', right: 'left' } as const;
  for (const c of candidateActions(obs.observation.elements)) {
    const e = obs.observation.elements.find((x) => x.index === c.elementIndex);
    const label = e ? elementLabel(e) : '';
    let written: string;
    if (c.action === 'Click') written = `tap(${c.elementIndex})`;
    else if (c.action === 'Long_Press') written = `long_press(${c.elementIndex})`;
    else if (c.action === 'Box_Input') {
      allowed.add('text');
      written = `tap(${c.elementIndex}) then text("…")`;
    } else written = `swipe(${c.elementIndex}, ${finger[c.detail as keyof typeof finger]})`;
    if (c.action !== 'Box_Input') allowed.add(written);
    lines.push(`${written}${label ? ` — "${label}"` : ''}`);
  }
  lines.push('FINISH');
  return { allowed, lines };
}

export function appAgentLoop(kit: StrategyKit): RunLoop {
  return async (ctx) => {
    const run = new StrategyRun(ctx, kit);
    let gridMode = false;
    let lastError: string | null = null;
    // The model's summary of what was done: kept only once its step was executed.
    let summary: string | null = [...ctx.state().steps].reverse().find((s) => s.executed)
      ? ctx.state().strategy.lastDecision?.summary || null
      : null;
    const resumed = await run.resumeOpenWork();
    if (resumed.kind === 'executed' && resumed.outcome.kind === 'executed' && !resumed.outcome.ok)
      lastError = resumed.outcome.error;
    const demonstrations = await kit.memory.demonstrations().catch((error: unknown) => {
      run.steps.nonFatal(error);
      return [];
    });

    while (!run.done) {
      run.throwIfAborted();
      if (await run.stepLimitReached()) break;
      const nodeId = run.currentNode();
      const obs = await run.observe((o) => appAgentView(kit, o, gridMode));
      const candidates = run.options.actionSpace === 'candidates' && !gridMode ? candidatesOf(obs) : null;
      const grid = gridMode ? gridFor(obs.observation.screen) : null;
      const screen = await ctx.screens.prepare(obs.id, obs.observation);
      const st = run.state;
      const messages = buildAppAgentMessages({
        task: st.task,
        lastSummary: summary,
        feedback: run.feedback,
        lastError,
        screen,
        docs: elementDocs(obs.observation.elements, demonstrations, obs.observation.currentApp?.packageName ?? null),
        grid: grid ? { cols: grid.cols, rows: grid.rows } : null,
        candidates: candidates?.lines ?? null,
      });
      const schema = appAgentReplySchema({
        elements: obs.observation.elements,
        screen: obs.observation.screen,
        grid,
        candidates: candidates?.allowed ?? null,
      });
      const r = await ctx.modelStep({ role: 'actor', purpose: 'appagent', nodeId, messages, schema, memories: [] });
      if (!r.ok) {
        await run.modelFailed(nodeId, r.error);
        continue;
      }
      run.modelOk();
      const reply = r.value;
      const command = reply.command;
      run.decided({
        nodeId,
        role: 'agent',
        callIds: r.callIds,
        observation: reply.observation,
        thought: reply.thought,
        written: reply.written,
        action: command.kind === 'action' ? command.action : null,
        summary: reply.summary,
      });
      if (command.kind === 'finish') {
        await run.steps.finish('succeeded', 'finished', 'The agent reported the task done (FINISH)');
        break;
      }
      if (command.kind === 'grid') {
        gridMode = true;
        continue;
      }
      if (run.repeatsOf(command.action) >= MAX_REPEATS) {
        await run.escalate(
          nodeId,
          'repeated_action',
          `${formatAction(command.action)} was done ${MAX_REPEATS} times in a row.`,
        );
        continue;
      }
      const outcome = await run.act(nodeId, obs, command.action);
      if (outcome.kind === 'rejected') continue;
      lastError = outcome.kind === 'executed' && !outcome.ok ? outcome.error : null;
      if (!lastError) summary = reply.summary || summary;
      // AppAgent returns to element tags after each grid action.
      gridMode = false;
    }
  };
}
