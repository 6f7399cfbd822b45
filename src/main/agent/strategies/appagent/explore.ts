/**
 * AppAgent's exploration phase (paper §3.2): the agent acts for a task by itself; after each
 * action on an element a reflection call compares the screens before and after it, decides
 * BACK / INEFFECTIVE / CONTINUE / SUCCESS, and writes or refines the element's documentation,
 * stored as an `element` memory of the app (provenance: this run and its model). BACK goes
 * back through the run's gate like any step; an element that did nothing is no longer tagged.
 */
import type { ActionCall } from '../../../../shared/actions.ts';
import type { ActionOutcomeGrade } from '../../../../shared/schemas/strategy.ts';
import type { Observation, UiElement } from '../../../../shared/schemas/perception.ts';
import { describeElement } from '../../../../shared/elements/describe-element.ts';
import type { ImageMime } from '../../../llm/types.ts';
import type { StrategyKit } from '../common/kit.ts';
import type { Observed, StepOutcome, StrategyRun } from '../common/runner.ts';
import type { ElementDocFields } from '../../ports.ts';
import { elementKey } from './docs.ts';
import { DOC_FIELD, ExploreReflectionSchema, buildReflectionMessages } from './reflection.ts';
import type { DocumentedAction, ExploreDecision } from './reflection.ts';

/** How AppAgent's decisions read in the run's outcome grades (the replay's A/B/C). */
const GRADE: Record<ExploreDecision, ActionOutcomeGrade> = { SUCCESS: 'A', CONTINUE: 'A', BACK: 'B', INEFFECTIVE: 'C' };

/** The element an action acted on and the kind of action it documents; null for other actions. */
export function documentedTarget(
  action: ActionCall,
  elements: readonly UiElement[],
  lastTapped: UiElement | null,
): { kind: DocumentedAction; element: UiElement } | null {
  const at = (i: unknown) => elements.find((e) => e.index === i) ?? null;
  const params = action.params as Record<string, unknown>;
  const pick = (kind: DocumentedAction, e: UiElement | null) => (e ? { kind, element: e } : null);
  switch (action.name) {
    case 'Click':
      return pick('tap', at(params.index));
    case 'Long_Press':
      return pick('long_press', at(params.index));
    case 'Scroll':
      return pick('swipe', at(params.index));
    case 'Type':
      // AppAgent types into the field tapped just before.
      return pick('text', lastTapped);
    default:
      return null;
  }
}

type Executed = Extract<StepOutcome, { kind: 'executed' }>;

/** One exploration run's reflections and the element identities that did nothing. */
export class Exploration {
  /** Elements (by identity) that did nothing when acted on: left untagged, as AppAgent does. */
  readonly useless = new Set<string>();

  private readonly run: StrategyRun;
  private readonly kit: StrategyKit;

  constructor(run: StrategyRun, kit: StrategyKit) {
    this.run = run;
    this.kit = kit;
  }

  /** Leaves out the elements that did nothing (their tags would only invite the same action). */
  keep(elements: readonly UiElement[]): UiElement[] {
    return elements.filter((e) => {
      const key = elementKey(e);
      return !key || !this.useless.has(key);
    });
  }

  private image(o: Observation): { data: Uint8Array; mime: ImageMime } | null {
    const ref = o.marked ?? o.screenshot;
    return ref ? { data: this.kit.artifacts.read(ref.sha256), mime: ref.mime as ImageMime } : null;
  }

  /**
   * The reflection on one executed exploratory action, the doc it writes, and BACK.
   * @returns the screen to decide on next (the one after the action), or null to observe anew
   */
  async reflect(
    nodeId: string,
    before: Observed,
    outcome: Executed,
    target: { kind: DocumentedAction; element: UiElement },
    written: string,
    after: Observed,
  ): Promise<Observed | null> {
    const { run } = this;
    const app = before.observation.currentApp?.packageName ?? null;
    const key = elementKey(target.element);
    const existing = key && app ? (await this.kit.memory.elementDocs(app)).find((d) => d.element === key) : undefined;
    const field = DOC_FIELD[target.kind];
    const r = await run.ctx.modelStep({
      role: 'reflector',
      purpose: 'appagent-reflect',
      nodeId,
      messages: buildReflectionMessages({
        task: run.state.task,
        action: written,
        kind: target.kind,
        element: describeElement(target.element).replace(/^\[\d+\] /, ''),
        previous: existing?.docs[field] ?? null,
        before: this.image(before.observation),
        after: this.image(after.observation),
      }),
      schema: ExploreReflectionSchema,
      memories: [],
    });
    if (!r.ok) {
      await run.modelFailed(nodeId, r.error);
      return after;
    }
    run.modelOk();
    const { decision, thought, documentation } = r.value;
    run.ctx.append({
      type: 'outcome_judged',
      stepId: outcome.step.stepId,
      nodeId,
      callIds: r.callIds,
      outcome: GRADE[decision],
      operation: written,
      text: `${decision}: ${thought}${documentation ? ` Documentation (${target.kind}): ${documentation}` : ''}`,
      progress: null,
    });
    if (decision === 'INEFFECTIVE' && key) this.useless.add(key);
    if (documentation) await this.save(nodeId, app, key, field, documentation, target.element);
    if (decision !== 'BACK') return after;
    run.ctx.append({ type: 'message', from: 'agent', nodeId, text: `${written} led to a wrong page; going back.` });
    await run.act(nodeId, after, { name: 'Back', params: {} });
    return null;
  }

  private async save(
    nodeId: string,
    app: string | null,
    key: string | null,
    field: keyof ElementDocFields,
    documentation: string,
    element: UiElement,
  ): Promise<void> {
    const { run } = this;
    const label = describeElement(element).replace(/^\[\d+\] /, '');
    if (!app || !key) {
      run.ctx.append({
        type: 'message',
        from: 'agent',
        nodeId,
        text: `No documentation kept for ${label}: it has no resource id, description or text to know it by${app ? '' : ', or the app is unknown'}.`,
      });
      return;
    }
    try {
      const id = await this.kit.memory.saveElementDoc(
        { app, element: key, docs: { [field]: documentation } },
        run.ctx.runId,
      );
      if (id) run.ctx.append({ type: 'message', from: 'agent', nodeId, text: `Documented ${label} in memory ${id}.` });
    } catch (error) {
      run.steps.nonFatal(error);
    }
  }
}
