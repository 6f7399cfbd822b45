/**
 * AppAgent (the baseline of MobA's Table 4), as its released code behaves: one model call per
 * step on the tagged interactive elements (its own element rule), tap / text / long press /
 * swipe on an element, a numbered grid when no tag fits, FINISH. The summary the model writes
 * each step is its memory of what was done. Element docs are the model-written ones in memory
 * (exploration, demonstrations), else a template over recorded demonstrations. With an
 * `explore` option the run is AppAgent's exploration phase (`explore.ts`). With ReachAgent's action space (`actionSpace: 'candidates'`) only the candidate actions of the
 * dump are accepted. The human gates, recording and recovery are the run's own.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { Observation, UiElement } from '../../../../shared/schemas/perception.ts';
import { candidateActions, drawSetOfMarks } from '../../../perception/index.ts';
import { elementLabel } from '../../../perception/element-info.ts';
import type { RunLoop } from '../../run-controller.ts';
import type { StrategyKit } from '../common/kit.ts';
import { StrategyRun } from '../common/runner.ts';
import type { Observed } from '../common/runner.ts';
import type { ElementDoc } from '../../ports.ts';
import { promptDocs } from './docs.ts';
import { Exploration, documentedTarget } from './explore.ts';
import { appAgentElements } from './elements.ts';
import { gridCells, gridFor } from './grid.ts';
import { buildAppAgentMessages } from './prompts.ts';
import { appAgentReplySchema } from './replies.ts';

/** The same action this many times in a row without FINISH is a loop. */
const MAX_REPEATS = 3;

/** The observation with AppAgent's elements and its tagged screenshot (or the grid). */
async function appAgentView(
  kit: StrategyKit,
  o: Observation,
  grid: boolean,
  keep: (elements: UiElement[]) => UiElement[] = (e) => e,
): Promise<Observation> {
  let elements = o.elements;
  if (o.xml) {
    try {
      elements = appAgentElements(kit.artifacts.read(o.xml.sha256), o.screen);
    } catch {
      // An unreadable dump: keep what the observer made of the screen (its OCR fallback).
    }
  }
  elements = keep(elements);
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

/** The model-written element docs of each app, read once per run (an exploration refreshes its own app's). */
class DocsCache {
  private readonly byApp = new Map<string, ElementDoc[]>();
  private readonly run: StrategyRun;
  constructor(run: StrategyRun) {
    this.run = run;
  }

  async of(app: string | null, fresh = false): Promise<ElementDoc[]> {
    if (!app) return [];
    const cached = this.byApp.get(app);
    if (cached && !fresh) return cached;
    const docs = await this.run.kit.memory.elementDocs(app).catch((error: unknown) => {
      this.run.steps.nonFatal(error);
      return [];
    });
    this.byApp.set(app, docs);
    return docs;
  }
}

/** Exploration starts in its app: opened through the gate when another app is in front. @returns true when it acted */
async function openExploredApp(run: StrategyRun, nodeId: string, obs: Observed, app: string): Promise<boolean> {
  if (obs.observation.currentApp?.packageName === app) return false;
  await run.act(nodeId, obs, { name: 'Open_App', params: { app } });
  return true;
}

export function appAgentLoop(kit: StrategyKit): RunLoop {
  return async (ctx) => {
    const run = new StrategyRun(ctx, kit);
    // The app to explore, until the run has opened it (once; a failure shows in the log).
    let explored = run.state.counters.executedActions ? null : (run.options.explore?.app ?? null);
    const exploration = run.options.explore ? new Exploration(run, kit) : null;
    const docsCache = new DocsCache(run);
    let gridMode = false;
    let lastError: string | null = null;
    let lastTapped: UiElement | null = null;
    let next: Observed | null = null;
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
    const view = (o: Observation) =>
      appAgentView(kit, o, gridMode, exploration && !gridMode ? (e) => exploration.keep(e) : undefined);

    while (!run.done) {
      run.throwIfAborted();
      if (await run.stepLimitReached()) break;
      const nodeId = run.currentNode();
      const obs = next ?? (await run.observe(view));
      next = null;
      const opening = explored;
      explored = null;
      if (opening && (await openExploredApp(run, nodeId, obs, opening))) continue;
      const candidates = run.options.actionSpace === 'candidates' && !gridMode ? candidatesOf(obs) : null;
      const grid = gridMode ? gridFor(obs.observation.screen) : null;
      const screen = await ctx.screens.prepare(obs.id, obs.observation);
      const app = obs.observation.currentApp?.packageName ?? null;
      const messages = buildAppAgentMessages({
        task: run.state.task,
        lastSummary: summary,
        feedback: run.feedback,
        lastError,
        screen,
        // Exploring, AppAgent's prompt shows no docs: it is writing them.
        docs: exploration
          ? new Map()
          : promptDocs(obs.observation.elements, await docsCache.of(app), demonstrations, app),
        grid: grid ? { cols: grid.cols, rows: grid.rows } : null,
        candidates: candidates?.lines ?? null,
        explore: !!exploration,
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
        await run.steps.finish(
          'succeeded',
          'finished',
          exploration ? 'The exploration reported the task done (FINISH)' : 'The agent reported the task done (FINISH)',
        );
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
      const target = documentedTarget(command.action, obs.observation.elements, lastTapped);
      lastTapped = target?.kind === 'tap' ? target.element : null;
      // AppAgent returns to element tags after each grid action.
      gridMode = false;
      if (exploration && target && outcome.kind === 'executed' && outcome.ok && !run.done) {
        const after = await run.observe(view);
        next = await exploration.reflect(nodeId, obs, outcome, target, reply.written, after);
      }
    }
  };
}
