import type { CandidateAction, UiElement } from '../../shared/schemas/perception.ts';
import { elementLabel, isEditable, scrollAxis } from './element-info.ts';

const DIRECTIONS = {
  vertical: ['up', 'down'],
  horizontal: ['left', 'right'],
  unknown: ['up', 'down', 'left', 'right'],
} as const;

/**
 * The actions the screen makes possible, ReachAgent-style: each interactive element offers
 * `Click` (clickable), `Long_Press` (long-clickable), `Box_Input` (a text field) and `Scroll`
 * (scrollable; `detail` is the direction: up/down for vertical lists, left/right for horizontal
 * ones, all four when the axis is unknown). Text-only elements (index -1) offer nothing.
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
    if (has.has('scrollable'))
      for (const d of DIRECTIONS[scrollAxis(e)]) out.push({ action: 'Scroll', detail: d, ...base });
  }
  return out;
}
