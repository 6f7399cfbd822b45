/**
 * AppAgent's element documentation, learned from recorded demonstrations: a demonstration
 * (the demo recorder's expert route) names the element each step acted on, e.g.
 * `ImageButton "Add alarm"`; an element on the current screen with the same label in the same
 * app gets a note of what the demonstration used it for. The notes go next to the element's
 * tag in the prompt, as AppAgent's docs do, with the demonstration's provenance (`from …`).
 */
import type { UiElement } from '../../../../shared/schemas/perception.ts';
import { elementLabel } from '../../../perception/element-info.ts';
import type { Demonstration } from '../../ports.ts';

const MAX_PER_ELEMENT = 2;

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
