/**
 * "Copy as action": the calls of the action space that would act on an element, as the agent
 * and the action editor write them — what a person pastes into the editor, a task file's
 * reference solution or a script.
 */
import { formatAction } from '../../../shared/actions.ts';
import type { ActionCall } from '../../../shared/actions.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';

function isTextField(e: UiElement): boolean {
  return /EditText|AutoCompleteTextView|SearchView/.test(e.className) || e.trueAttributes.includes('editable');
}

/** The actions on this element (numbered elements), and a tap on its centre in pixels (any element). */
export function actionsFor(e: UiElement): string[] {
  const calls: ActionCall[] = [];
  if (e.index >= 1) {
    const index = e.index;
    calls.push({ name: 'Click', params: { index } });
    if (isTextField(e)) calls.push({ name: 'Box_Input', params: { index, text: '…' } });
    if (e.trueAttributes.includes('long-clickable')) calls.push({ name: 'Long_Press', params: { index } });
    if (e.trueAttributes.includes('scrollable'))
      calls.push({ name: 'Scroll', params: { index, direction: 'down', distance: 'medium' } });
  }
  calls.push({
    name: 'Click_by_Coordinate',
    params: { x: Math.round(e.center[0]), y: Math.round(e.center[1]), unit: 'px' },
  });
  return calls.map(formatAction);
}
