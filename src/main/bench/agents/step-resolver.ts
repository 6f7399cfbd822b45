/**
 * Turns an element-level step of a reference solution ("click the element whose text is OK")
 * into one of MobA's actions on the elements of the current observation — the same indexed
 * elements an agent chooses from, so the reference walks the same path an agent can.
 */
import type { ActionCall } from '../../../shared/actions.ts';
import type { SolutionStep, Target } from '../../../shared/bench/task-steps.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';
import { textLines } from '../predicates/evaluate.ts';
import { foldText, looseText } from '../predicates/text-match.ts';

function idMatches(resourceId: string, id: string): boolean {
  return resourceId === id || resourceId.endsWith(`:id/${id}`);
}

function classMatches(className: string, cls: string): boolean {
  return className === cls || className.endsWith(`.${cls}`);
}

/** Does one element fit the target (every given field must)? */
export function elementMatches(e: UiElement, target: Target): boolean {
  // A whole-string placeholder may have filled in a number ("{minute}" → 30).
  const t = Object.fromEntries(
    Object.entries(target).map(([k, v]) => [k, k === 'nth' || v === undefined ? v : String(v)]),
  ) as Target;
  if (t.text !== undefined) {
    const want = looseText(t.text);
    if (!textLines(e.text).some((l) => looseText(l) === want)) return false;
  }
  if (t.textContains !== undefined && !foldText(e.text).includes(foldText(t.textContains))) return false;
  if (t.id !== undefined && !idMatches(e.resourceId, t.id)) return false;
  if (t.desc !== undefined && looseText(e.contentDesc) !== looseText(t.desc)) return false;
  if (t.descContains !== undefined && !foldText(e.contentDesc).includes(foldText(t.descContains))) return false;
  if (t.class !== undefined && !classMatches(e.className, t.class)) return false;
  return true;
}

/** The element a target names (the nth match in reading order), or null. */
export function findTarget(
  elements: readonly UiElement[],
  t: Target,
  options: { interactiveOnly?: boolean } = {},
): UiElement | null {
  const matches = elements.filter((e) => (!options.interactiveOnly || e.index >= 1) && elementMatches(e, t));
  // Prefer an element an action can name (index ≥ 1) over a text-only one at the same rank.
  const ordered = [...matches.filter((e) => e.index >= 1), ...matches.filter((e) => e.index < 1)];
  const pick = t.nth === undefined ? ordered : matches;
  return pick[t.nth ?? 0] ?? null;
}

export function describeTarget(t: Target): string {
  return Object.entries(t)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ');
}

/** A short list of what is on screen, for error messages. */
export function screenSummary(elements: readonly UiElement[], max = 30): string {
  const items = elements
    .filter((e) => e.text || e.contentDesc || e.resourceId)
    .slice(0, max)
    .map(
      (e) => `[${e.index}] ${e.text.replace(/\n/g, ' / ') || `(${e.contentDesc || e.resourceId.split('/').pop()})`}`,
    );
  return items.join('; ') + (elements.length > max ? '; …' : '');
}

/** The largest scrollable element (the default of a Scroll without a target). */
function mainScrollable(elements: readonly UiElement[]): UiElement | null {
  const area = (e: UiElement) => (e.bounds[2] - e.bounds[0]) * (e.bounds[3] - e.bounds[1]);
  return (
    [...elements]
      .filter((e) => e.index >= 1 && e.trueAttributes.includes('scrollable'))
      .sort((a, b) => area(b) - area(a))[0] ?? null
  );
}

export type Resolved = { ok: true; action: ActionCall; element: UiElement | null } | { ok: false; reason: string };

function onElement(
  t: Target,
  elements: readonly UiElement[],
  make: (index: number) => ActionCall,
  allowPoint: boolean,
): Resolved {
  const e = findTarget(elements, t);
  if (!e)
    return { ok: false, reason: `no element matches ${describeTarget(t)}; on screen: ${screenSummary(elements)}` };
  if (e.index >= 1) return { ok: true, action: make(e.index), element: e };
  // A text-only element (no index): a person taps where it is drawn.
  if (allowPoint)
    return {
      ok: true,
      action: { name: 'Click_by_Coordinate', params: { x: e.center[0], y: e.center[1], unit: 'px' } },
      element: e,
    };
  return { ok: false, reason: `the element matching ${describeTarget(t)} cannot be acted on (it has no index)` };
}

/** The action for one step on this screen (a `Scroll … until` step resolves one scroll at a time). */
export function resolveStep(step: SolutionStep, elements: readonly UiElement[]): Resolved {
  switch (step.action) {
    case 'Click':
      return onElement(step.target, elements, (index) => ({ name: 'Click', params: { index } }), true);
    case 'Long_Press':
      return onElement(step.target, elements, (index) => ({ name: 'Long_Press', params: { index } }), false);
    case 'Double_Click':
      return onElement(step.target, elements, (index) => ({ name: 'Double_Click', params: { index } }), false);
    case 'Box_Input':
      return onElement(
        step.target,
        elements,
        (index) => ({ name: 'Box_Input', params: { index, text: step.text } }),
        false,
      );
    case 'Type':
      return { ok: true, action: { name: 'Type', params: { text: step.text } }, element: null };
    case 'Scroll': {
      const e = step.target ? findTarget(elements, step.target, { interactiveOnly: true }) : mainScrollable(elements);
      if (!e)
        return {
          ok: false,
          reason: step.target
            ? `no element matches ${describeTarget(step.target)}`
            : `nothing on screen scrolls; on screen: ${screenSummary(elements)}`,
        };
      return {
        ok: true,
        action: {
          name: 'Scroll',
          params: { index: e.index, direction: step.direction, distance: step.distance ?? 'medium' },
        },
        element: e,
      };
    }
    case 'Swipe':
      return {
        ok: true,
        action: { name: 'Swipe', params: { direction: step.direction, distance: step.distance ?? 'medium' } },
        element: null,
      };
    case 'Back':
    case 'Home':
    case 'Enter':
      return { ok: true, action: { name: step.action, params: {} }, element: null };
    case 'Wait':
      return { ok: true, action: { name: 'Wait', params: { seconds: step.seconds ?? 1 } }, element: null };
    case 'Open_App':
      return { ok: true, action: { name: 'Open_App', params: { app: step.app } }, element: null };
    case 'Ask_User':
      return { ok: true, action: { name: 'Ask_User', params: { question: step.question } }, element: null };
    case 'Finish':
      return {
        ok: true,
        action: { name: 'Finish', params: step.message === undefined ? {} : { message: step.message } },
        element: null,
      };
  }
}
