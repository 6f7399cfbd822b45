/**
 * ReachAgent's action alignment as a strategy option (`actionSpace: 'candidates'`): the element
 * actions the UI dump offers (`candidateActions`: clickable → Click, long-clickable →
 * Long_Press, editable → Box_Input, scrollable → Scroll in four directions) are the only element
 * actions accepted; actions that need no element (open or close an app, Back, Home, Enter, Wait,
 * typing into the focused field, Finish, Failed) remain; taps by coordinates and whole-screen
 * swipes do not.
 */
import { formatAction, targetIndex } from '../../shared/actions.ts';
import type { ActionCall, ActionName } from '../../shared/actions.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { candidateActions } from './candidate-actions.ts';

const WITHOUT_ELEMENT: ReadonlySet<ActionName> = new Set([
  'Open_App',
  'Close_App',
  'Back',
  'Home',
  'Enter',
  'Wait',
  'Type',
  'Finish',
  'Failed',
]);

export interface ReachActionSpace {
  /** The candidates as a prompt lists them, e.g. `Click(3) — "OK"`, `Scroll(5, down)`. */
  lines: string[];
  /** Why an action is outside the space, or null when it is inside. */
  refuse(action: ActionCall): string | null;
}

export function reachActionSpace(elements: readonly UiElement[]): ReachActionSpace {
  const candidates = candidateActions(elements);
  const keys = new Set(candidates.map((c) => `${c.action}:${c.elementIndex}:${c.detail ?? ''}`));
  const lines = candidates.map((c) => {
    const call =
      c.action === 'Scroll'
        ? `Scroll(${c.elementIndex}, ${c.detail})`
        : c.action === 'Box_Input'
          ? `Box_Input(${c.elementIndex}, "…")`
          : `${c.action}(${c.elementIndex})`;
    return c.text ? `${call} — ${JSON.stringify(c.text)}` : call;
  });
  return {
    lines,
    refuse(action) {
      if (WITHOUT_ELEMENT.has(action.name)) return null;
      const index = targetIndex(action);
      const detail = action.name === 'Scroll' ? action.params.direction : '';
      if (index !== undefined && keys.has(`${action.name}:${index}:${detail}`)) return null;
      return `${formatAction(action)} is not one of the candidate actions of this screen (ReachAgent's action space); choose one of: ${lines.slice(0, 30).join('; ')}`;
    },
  };
}
