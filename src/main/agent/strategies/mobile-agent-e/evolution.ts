/**
 * Mobile-Agent-E's self-evolution across tasks. At the start of a task the long-term Tips and
 * Shortcuts are loaded (the built-in set, plus what earlier tasks wrote when evolution is on),
 * and when there are too many for one prompt the experience retriever picks the relevant ones.
 * When the Manager finds the task finished (after at least one action), the experience
 * reflectors update the Tips and may write a new Shortcut; both are stored in memory for the
 * next task. Evolution off (`evolution: false`, the ablation) keeps the built-in set only.
 */
import { formatAction } from '../../../../shared/actions.ts';
import type { Shortcut } from '../../../../shared/schemas/strategy.ts';
import type { StrategyKit } from '../common/kit.ts';
import type { StrategyRun } from '../common/runner.ts';
import { INITIAL_SHORTCUTS, INITIAL_TIPS, shortcutProblem } from './experience.ts';
import { buildRetrieverMessages, buildShortcutReflectorMessages, buildTipsReflectorMessages } from './prompts.ts';
import type { ExperiencePromptInput } from './prompts.ts';
import { RetrieverReplySchema, ShortcutReplySchema, TipsReplySchema } from './replies.ts';

/** More than this many go through the experience retriever instead of into every prompt. */
export const RETRIEVE_ABOVE = { tips: 12, shortcuts: 6 };

export interface Experience {
  tips: string[];
  shortcuts: Shortcut[];
  /** Where stored Tips / learned Shortcuts (by name) came from; the built-in ones have none. */
  from: ExperienceFrom;
}

export interface ExperienceFrom {
  tips?: string;
  shortcuts?: Record<string, string>;
}

function evolving(run: StrategyRun): boolean {
  const o = run.options;
  return o.evolution !== false && o.useMemory && !o.replayOf;
}

/** The experience this task uses (recorded as experience_loaded; after a restart, read back from the run). */
export async function loadExperience(run: StrategyRun, kit: StrategyKit): Promise<Experience> {
  const st = run.state;
  if (st.strategy.tips.length || st.strategy.shortcuts.length)
    return { tips: st.strategy.tips, shortcuts: st.strategy.shortcuts, from: st.strategy.experienceFrom ?? {} };
  let tips = [...INITIAL_TIPS];
  let shortcuts = [...INITIAL_SHORTCUTS];
  const memoryIds: string[] = [];
  let tipsFrom: string | undefined;
  const shortcutsFrom: Record<string, string> = {};
  if (evolving(run)) {
    try {
      const stored = await kit.memory.tips();
      if (stored) {
        tips = stored.tips;
        tipsFrom = stored.from;
        memoryIds.push(stored.id);
      }
      const learned = await kit.memory.shortcuts();
      shortcuts = [
        ...shortcuts.filter((s) => !learned.some((l) => l.shortcut.name === s.name)),
        ...learned.map((l) => l.shortcut),
      ];
      for (const l of learned) if (l.from) shortcutsFrom[l.shortcut.name] = l.from;
      memoryIds.push(...learned.map((l) => l.id));
    } catch (error) {
      run.steps.nonFatal(error);
    }
  }
  let retrieved = false;
  let callIds: string[] = [];
  if (tips.length > RETRIEVE_ABOVE.tips || shortcuts.length > RETRIEVE_ABOVE.shortcuts) {
    const r = await run.ctx.modelStep({
      role: 'planner',
      purpose: 'experience-retriever',
      nodeId: st.rootId,
      messages: buildRetrieverMessages({ task: st.task, tips, shortcuts }),
      schema: RetrieverReplySchema,
      memories: [],
    });
    if (r.ok) {
      const pickedTips = r.value.tips
        .map((t) => (typeof t === 'number' ? tips[t - 1] : tips.find((x) => x === t)))
        .filter((t): t is string => !!t);
      const pickedShortcuts = shortcuts.filter((s) =>
        r.value.shortcuts.some((n) => n.toLowerCase() === s.name.toLowerCase()),
      );
      tips = pickedTips.length ? pickedTips : tips.slice(0, RETRIEVE_ABOVE.tips);
      shortcuts = pickedShortcuts.length ? pickedShortcuts : shortcuts.slice(0, RETRIEVE_ABOVE.shortcuts);
      retrieved = true;
      callIds = r.callIds;
    } else run.steps.nonFatal(r.error);
  }
  // Provenance only for what this task kept (the retriever may have dropped some).
  const from: ExperienceFrom = {};
  if (tipsFrom) from.tips = tipsFrom;
  const kept = Object.entries(shortcutsFrom).filter(([name]) => shortcuts.some((s) => s.name === name));
  if (kept.length) from.shortcuts = Object.fromEntries(kept);
  run.ctx.append({
    type: 'experience_loaded',
    tips,
    shortcuts,
    memoryIds,
    retrieved,
    callIds,
    ...(from.tips || from.shortcuts ? { provenance: from } : {}),
  });
  return { tips, shortcuts, from };
}

/** Every judged action of the task, in order, for the experience reflectors. */
export function actionLog(run: StrategyRun): string[] {
  const st = run.state;
  return st.strategy.outcomes.map((o, i) => {
    const step = st.steps.find((s) => s.stepId === o.stepId);
    const action = step?.executed ? formatAction(step.executed.action) : '?';
    return `${i + 1}. ${action} — ${o.operation} → ${o.outcome}${o.outcome === 'A' ? '' : `: ${o.text}`}`;
  });
}

/**
 * The experience reflectors after a finished task: updated Tips and perhaps a new Shortcut,
 * stored in memory and recorded as experience_evolved. Does nothing with evolution off.
 */
export async function evolve(run: StrategyRun, kit: StrategyKit, experience: Experience): Promise<void> {
  if (!evolving(run)) return;
  const st = run.state;
  const nodeId = st.rootId;
  let storedShortcuts: Shortcut[] = [...INITIAL_SHORTCUTS];
  try {
    const learned = await kit.memory.shortcuts();
    storedShortcuts = [...storedShortcuts, ...learned.map((l) => l.shortcut)];
  } catch (error) {
    run.steps.nonFatal(error);
  }
  const input: ExperiencePromptInput = {
    task: st.task,
    plan: st.strategy.plan,
    progress: st.strategy.progress,
    notes: st.strategy.notes,
    actions: actionLog(run),
    tips: experience.tips,
    shortcuts: storedShortcuts,
    futureTasks: run.options.futureTasks ?? [],
  };
  const callIds: string[] = [];
  const memoryIds: string[] = [];
  let tips = experience.tips;
  const t = await run.ctx.modelStep({
    role: 'planner',
    purpose: 'tips-reflector',
    nodeId,
    messages: buildTipsReflectorMessages(input),
    schema: TipsReplySchema,
    memories: [],
  });
  callIds.push(...t.callIds);
  if (t.ok) {
    tips = t.value;
    memoryIds.push(
      await kit.memory.saveTips(tips, run.ctx.runId).catch((error: unknown) => (run.steps.nonFatal(error), '')),
    );
  } else run.steps.nonFatal(t.error);
  let shortcut: Shortcut | null = null;
  let note: string | null = null;
  const s = await run.ctx.modelStep({
    role: 'planner',
    purpose: 'shortcut-reflector',
    nodeId,
    messages: buildShortcutReflectorMessages(input),
    schema: ShortcutReplySchema,
    memories: [],
  });
  callIds.push(...s.callIds);
  if (!s.ok) {
    run.steps.nonFatal(s.error);
    note = `the shortcut reflector's reply could not be used: ${s.error.message}`;
  } else if (!s.value) note = 'no new shortcut was proposed';
  else {
    const problem = shortcutProblem(s.value, storedShortcuts);
    if (problem) note = `not kept: ${problem}`;
    else {
      shortcut = s.value;
      memoryIds.push(
        await kit.memory
          .addShortcut(shortcut, run.ctx.runId)
          .catch((error: unknown) => (run.steps.nonFatal(error), '')),
      );
    }
  }
  const written = memoryIds.filter(Boolean);
  run.ctx.append({ type: 'experience_evolved', callIds, tips, shortcut, shortcutNote: note, memoryIds: written });
  if (written.length)
    run.ctx.append({
      type: 'memory_written',
      items: written.map((id) => ({ id, kind: id.split(':')[0] ?? 'memory' })),
    });
}
