/**
 * AppAgent's element documentation. The model-written docs (exploration and demonstrations
 * watched by the reflection call, stored as `element` memories) are keyed by the element's
 * stable identity (`elementKey`) and shown beside its tag. Where no model-written doc exists,
 * a fixed template over recorded routes stands in: a demonstration
 * (the demo recorder's expert route) names the element each step acted on, e.g.
 * `ImageButton "Add alarm"`; an element on the current screen with the same label in the same
 * app gets a note of what the demonstration used it for. The notes go next to the element's
 * tag in the prompt, as AppAgent's docs do, with the demonstration's provenance (`from …`).
 */
import type { UiElement } from '../../../../shared/schemas/perception.ts';
import { elementLabel, shortClassName } from '../../../perception/element-info.ts';
import type { Demonstration, ElementDoc } from '../../ports.ts';

const MAX_PER_ELEMENT = 2;
/** AppAgent appends a content description this short to the resource id, so list rows differ. */
const SHORT_DESC = 20;

/**
 * An element's stable identity in its app, as AppAgent keys its docs: the resource id (with a
 * short content description), else the content description or text with the class; null when
 * the element has none of them (nothing stable to document it under).
 */
export function elementKey(e: Pick<UiElement, 'resourceId' | 'contentDesc' | 'text' | 'className'>): string | null {
  const desc = e.contentDesc.trim();
  const text = e.text.trim();
  const cls = shortClassName(e.className) || e.className;
  if (e.resourceId) return desc && desc.length < SHORT_DESC ? `id ${e.resourceId} "${desc}"` : `id ${e.resourceId}`;
  if (desc) return `desc "${desc.slice(0, 200)}" ${cls}`;
  if (text) return `text "${text.slice(0, 200)}" ${cls}`;
  return null;
}

/** A model-written doc as prompt lines: one per documented kind of action, with its provenance. */
function modelDocLines(doc: ElementDoc): string[] {
  const parts: Array<[string, string | undefined]> = [
    ['tap', doc.docs.tap],
    ['long press', doc.docs.longPress],
    ['swipe', doc.docs.swipe],
    ['text', doc.docs.typing],
  ];
  const lines = parts.flatMap(([k, v]) => (v ? [`${k}: ${v}`] : []));
  if (lines.length && doc.from) lines[lines.length - 1] += ` (from ${doc.from})`;
  return lines;
}

/**
 * The docs shown beside each tag: the model-written doc of the element where one exists (its
 * stable identity in the app), else the template over demonstrations.
 */
export function promptDocs(
  elements: readonly UiElement[],
  modelDocs: readonly ElementDoc[],
  demonstrations: readonly Demonstration[],
  app: string | null,
): Map<number, string[]> {
  const docs = elementDocs(elements, demonstrations, app);
  if (!app || !modelDocs.length) return docs;
  const byKey = new Map(modelDocs.filter((d) => d.app === app).map((d) => [d.element, d]));
  for (const e of elements) {
    const key = elementKey(e);
    const doc = key ? byKey.get(key) : undefined;
    const lines = doc ? modelDocLines(doc) : [];
    if (lines.length) docs.set(e.index, lines);
  }
  return docs;
}

function quotedLabel(element: string): string | null {
  const m = /["“]([^"”]+)["”]/.exec(element);
  return m ? m[1]!.trim().toLowerCase() : null;
}

/**
 * @returns per element index, the documentation lines (at most two), for elements a
 *   demonstration acted on in the same app
 */
export function elementDocs(
  elements: readonly UiElement[],
  demonstrations: readonly Demonstration[],
  app: string | null,
): Map<number, string[]> {
  const docs = new Map<number, string[]>();
  const byLabel = new Map<string, UiElement[]>();
  for (const e of elements) {
    const label = elementLabel(e).trim().toLowerCase();
    if (!label) continue;
    const list = byLabel.get(label);
    if (list) list.push(e);
    else byLabel.set(label, [e]);
  }
  for (const demo of demonstrations) {
    for (const step of demo.steps) {
      if (!step.element) continue;
      const stepApp = step.app ?? demo.app;
      if (app && stepApp && stepApp !== app) continue;
      const label = quotedLabel(step.element);
      if (!label) continue;
      for (const e of byLabel.get(label) ?? []) {
        const lines = docs.get(e.index) ?? [];
        if (lines.length >= MAX_PER_ELEMENT) continue;
        const line = `In a demonstration of "${demo.goal}"${demo.from ? ` (from ${demo.from})` : ''} it was used to ${step.subGoal.replace(/^[A-Z]/, (c) => c.toLowerCase())} (${step.action}).`;
        if (!lines.includes(line)) lines.push(line);
        docs.set(e.index, lines);
      }
    }
  }
  return docs;
}
