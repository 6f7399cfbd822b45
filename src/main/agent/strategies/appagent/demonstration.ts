/**
 * AppAgent's documentation from a demonstration (paper §3.2, "observing human demonstrations"):
 * a recorded run — a person's in copilot mode, or any other — is walked step by step; for each
 * executed action on an element the same reflection call as in exploration sees the screens
 * before and after it and writes or refines the element's doc (an `element` memory whose
 * provenance is the demonstration's run and the reflecting model). A reply that cannot be used
 * is reported with its step and skipped; nothing else is written for it.
 */
import type { ActionCall } from '../../../../shared/actions.ts';
import type { Observation, UiElement } from '../../../../shared/schemas/perception.ts';
import type { RunEvent } from '../../../../shared/schemas/run.ts';
import { describeElement } from '../../../../shared/elements/describe-element.ts';
import { callStructured } from '../../../llm/structured.ts';
import type { ImageMime, LlmGateway } from '../../../llm/types.ts';
import type { StrategyMemory } from '../../ports.ts';
import type { StrategyArtifacts } from '../common/kit.ts';
import { elementKey } from './docs.ts';
import { documentedTarget } from './explore.ts';
import { DOC_FIELD, ExploreReflectionSchema, buildReflectionMessages } from './reflection.ts';

/** One executed step of a recorded run: the screens around it and what was done. */
export interface DemonstrationStep {
  stepId: string;
  before: Observation;
  after: Observation;
  action: ActionCall;
  /** The element the proposal named, when the executed action is still on it. */
  element: UiElement | null;
}

/** The executed, successful steps of a run's log that have a screen after them, in order. */
export function demonstrationSteps(events: readonly RunEvent[]): DemonstrationStep[] {
  const observations = new Map<string, Observation>();
  const proposed = new Map<string, { observationId: string; element: UiElement | null }>();
  const steps: DemonstrationStep[] = [];
  let waiting: Omit<DemonstrationStep, 'after'> | null = null;
  for (const e of events) {
    if (e.type === 'observation') {
      observations.set(e.observationId, e.observation);
      if (waiting) steps.push({ ...waiting, after: e.observation });
      waiting = null;
    } else if (e.type === 'step_proposed') {
      proposed.set(e.stepId, { observationId: e.observationId, element: e.element });
    } else if (e.type === 'step_executed' && e.ok) {
      const p = proposed.get(e.stepId);
      const before = p ? observations.get(p.observationId) : undefined;
      waiting = before ? { stepId: e.stepId, before, action: e.action, element: p?.element ?? null } : null;
    }
  }
  return steps;
}

export interface DocumentDemonstrationOptions {
  /** The demonstration's run: the docs' provenance. */
  runId: string;
  task: string;
  steps: readonly DemonstrationStep[];
  gateway: LlmGateway;
  artifacts: StrategyArtifacts;
  memory: StrategyMemory;
  /** Only steps in this app (a package name), when given. */
  app?: string | null;
  /** The model that answered, before the first doc it wrote is saved (its provenance). */
  noteModel?(model: string): void;
  report(line: string): void;
  signal?: AbortSignal;
}

function image(artifacts: StrategyArtifacts, o: Observation): { data: Uint8Array; mime: ImageMime } | null {
  const ref = o.marked ?? o.screenshot;
  return ref ? { data: artifacts.read(ref.sha256), mime: ref.mime as ImageMime } : null;
}

/** @returns the ids of the docs written or refined, and how many steps' replies could not be used */
export async function documentDemonstration(
  o: DocumentDemonstrationOptions,
): Promise<{ documented: string[]; failed: number }> {
  const documented: string[] = [];
  let failed = 0;
  let lastTapped: UiElement | null = null;
  for (const [i, step] of o.steps.entries()) {
    const elements = step.element ? [step.element, ...step.before.elements] : step.before.elements;
    const target = documentedTarget(step.action, elements, lastTapped);
    lastTapped = target?.kind === 'tap' ? target.element : null;
    const app = step.before.currentApp?.packageName ?? null;
    const key = target ? elementKey(target.element) : null;
    if (!target || !key || !app || (o.app && app !== o.app)) continue;
    const label = describeElement(target.element).replace(/^\[\d+\] /, '');
    const field = DOC_FIELD[target.kind];
    const previous = (await o.memory.elementDocs(app)).find((d) => d.element === key)?.docs[field] ?? null;
    try {
      const r = await callStructured({
        gateway: o.gateway,
        role: 'reflector',
        purpose: 'appagent-reflect',
        responseFormat: 'json',
        schema: ExploreReflectionSchema,
        messages: buildReflectionMessages({
          task: o.task,
          action: `${step.action.name}(${JSON.stringify(step.action.params)})`,
          kind: target.kind,
          element: label,
          previous,
          before: image(o.artifacts, step.before),
          after: image(o.artifacts, step.after),
        }),
        ...(o.signal ? { signal: o.signal } : {}),
      });
      const model = r.records.at(-1)?.model;
      if (model) o.noteModel?.(model);
      const { decision, documentation } = r.value;
      if (!documentation) {
        o.report(`step ${i + 1} (${label}): ${decision}, nothing to document`);
        continue;
      }
      const id = await o.memory.saveElementDoc({ app, element: key, docs: { [field]: documentation } }, o.runId);
      documented.push(id);
      o.report(`step ${i + 1} (${label}): ${decision} — ${documentation} [${id}]`);
    } catch (error) {
      failed++;
      o.report(`step ${i + 1} (${label}): no doc written — ${(error as Error).message}`);
    }
  }
  return { documented, failed };
}
