/**
 * An assembled step as the export's step record: screens and dumps as file paths, the action
 * in the product's syntax and in AndroidWorld's, who decided and who performed it.
 */
import { formatAction, targetIndex } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import { toAndroidWorld } from '../../shared/datasets/android-world.ts';
import type { ActionForms, RunInfo, Screen, Split, StepRecord } from '../../shared/datasets/dataset-schema.ts';
import type { ArtifactRef } from '../../shared/schemas/common.ts';
import type { Observation, UiElement } from '../../shared/schemas/perception.ts';
import type { AssembledStep, CallInfo } from './step-assembler.ts';

/** Where the exporter puts files; each returns the path relative to the export folder. */
export interface AssetSink {
  /** An artifact (screenshot, marked screenshot, dump, image sent to a model), copied once; null when its file is gone from the data folder. */
  file(ref: ArtifactRef): string | null;
  /** The input of one model call, written once as `model-inputs/<run>/<call>.json`. */
  modelInput(runId: string, call: CallInfo): string;
}

const NO_SCREEN = { width: 1080, height: 2400 };

export function actionForms(
  call: ActionCall,
  elements: readonly UiElement[],
  screen: { width: number; height: number },
): ActionForms {
  const aw = toAndroidWorld(call, elements, screen);
  const index = targetIndex(call);
  return {
    moba: formatAction(call),
    call,
    androidWorld: aw.coordinates,
    androidWorldIndexed: aw.indexed,
    element: index === undefined ? null : (elements.find((e) => e.index === index) ?? null),
  };
}

export function screenOf(o: Observation, sink: AssetSink): Screen {
  return {
    width: o.screen.width,
    height: o.screen.height,
    screenshot: o.screenshot ? sink.file(o.screenshot) : null,
    marked: o.marked ? sink.file(o.marked) : null,
    uiDump: o.xml ? sink.file(o.xml) : null,
    app: o.currentApp,
    keyboardShown: o.keyboardShown,
  };
}

function emptyScreen(): Screen {
  return { ...NO_SCREEN, screenshot: null, marked: null, uiDump: null, app: null, keyboardShown: false };
}

export function sourceOf(s: AssembledStep): StepRecord['source'] {
  if (s.executed?.by === 'person' && !s.decision) return 'person';
  switch (s.decision?.kind) {
    case 'approve':
      return s.executed ? 'approved' : 'pending';
    case 'edit':
      return 'edited';
    case 'override':
      return 'overridden';
    case 'reject':
      return 'rejected';
    case 'take_over':
      return 'person';
    default:
      break;
  }
  if (s.abandoned) return 'abandoned';
  return s.executed ? 'agent' : 'pending';
}

export interface StepContext {
  run: RunInfo;
  task: string;
  taskKey: string;
  split: Split;
}

export function stepRecord(s: AssembledStep, ctx: StepContext, sink: AssetSink): StepRecord {
  const elements = s.before?.elements ?? [];
  const screen = s.before?.screen ?? NO_SCREEN;
  const forms = (a: ActionCall) => actionForms(a, elements, screen);
  return {
    id: `${ctx.run.id}/${s.stepId}`,
    split: ctx.split,
    run: ctx.run,
    stepId: s.stepId,
    position: s.position,
    task: ctx.task,
    taskKey: ctx.taskKey,
    subgoal: s.subgoal,
    subgoalPath: s.subgoalPath,
    screen: s.before ? screenOf(s.before, sink) : emptyScreen(),
    elements,
    elementsFrom: s.before?.elementsFrom ?? 'none',
    after: s.after ? screenOf(s.after, sink) : null,
    modelInputs: {
      act: (s.act?.calls ?? []).map((c) => sink.modelInput(ctx.run.id, c)),
      reflect: s.reflectCalls.map((c) => sink.modelInput(ctx.run.id, c)),
    },
    agent: s.act ? { observation: s.act.observation, thought: s.act.thought, canComplete: s.act.canComplete } : null,
    proposed: { ...forms(s.proposed), element: s.element ?? forms(s.proposed).element },
    gate: s.gate,
    decision: s.decision
      ? {
          kind: s.decision.kind,
          by: s.decision.by,
          feedback: s.decision.feedback,
          action: s.decision.action ? forms(s.decision.action) : null,
        }
      : null,
    action: s.executed ? forms(s.executed.action) : null,
    performedBy: s.executed ? (s.executed.by === 'person' ? 'person' : 'agent') : null,
    source: sourceOf(s),
    outcome: {
      executed: !!s.executed,
      ok: s.executed ? s.executed.ok : null,
      error: s.executed?.error ?? (s.abandoned ? `abandoned: ${s.abandoned}` : null),
      reflection: s.reflection,
    },
    annotations: s.annotations.map((a) => ({
      id: a.id,
      category: a.category,
      note: a.note,
      by: a.by,
      author: a.author,
      at: a.at,
    })),
  };
}
