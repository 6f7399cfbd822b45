import type { CandidateAction, UiElement } from '../../shared/schemas/perception.ts';
import { DIRECTIONS } from '../../shared/actions.ts';
import { elementLabel, isEditable } from './element-info.ts';

/**
 * The actions the screen makes possible, ReachAgent-style: each interactive element offers
 * `Click` (clickable), `Long_Press` (long-clickable), `Box_Input` (a text field) and `Scroll`
 * (scrollable; `detail` is the direction: all four, as in ReachAgent's action space, §3.2 — a
 * list's axis is not always what its class says). Text-only elements (index -1) offer nothing.
 * Ordered by element index, then Click, Long_Press, Box_Input, Scroll.
 *
 * @returns candidates whose `text` is the element's label, for showing and matching
 */
export function candidateActions(elements: readonly UiElement[]): CandidateAction[] {
  const out: CandidateAction[] = [];
  const interactive = elements.filter((e) => e.index > 0).sort((a, b) => a.index - b.index);
  for (const e of interactive) {
    const has = new Set(e.trueAttributes);
    const text = elementLabel(e);
    const base = { elementIndex: e.index, text };
    if (has.has('clickable')) out.push({ action: 'Click', ...base });
    if (has.has('long-clickable')) out.push({ action: 'Long_Press', ...base });
    if (isEditable(e)) out.push({ action: 'Box_Input', ...base });
    if (has.has('scrollable')) for (const d of DIRECTIONS) out.push({ action: 'Scroll', detail: d, ...base });
  }
  return out;
}
