/**
 * What a person did on the mirror (device pixels), as an action of MobA's action space, so it
 * can be recorded in the run with provenance. Element-level where the point lands on a numbered
 * element of the agent's latest screen (the form MobA's routes and training data use), else
 * coordinates or a swipe — the same mapping as the cockpit's screen (src/shared/elements).
 */
import { KEYCODE } from '@moba/base';
import type { ActionCall } from '../../shared/actions.ts';
import type { MirrorInputParsed } from '../../shared/contract/mirror.ts';
import { elementAt, isScrollable } from '../../shared/elements/element-at.ts';
import { clickAction, dragAction } from '../../shared/elements/screen-input.ts';
import type { ScreenSize } from '../../shared/elements/screen-input.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';

/** @returns null for input the action space has no action for (recents, volume keys, a long press off every element) */
export function actionFromMirrorInput(
  input: MirrorInputParsed,
  elements: readonly UiElement[],
  screen: ScreenSize,
): ActionCall | null {
  switch (input.type) {
    case 'tap':
      return clickAction(elements, input.x, input.y, screen);
    case 'longPress': {
      const e = elementAt(elements, input.x, input.y);
      return e ? { name: 'Long_Press', params: { index: e.index } } : null;
    }
    case 'swipe':
      return dragAction(elements, [input.x1, input.y1], [input.x2, input.y2], screen);
    case 'scroll': {
      // A wheel turn: content comes from where the wheel points, one short step.
      const list = elementAt(elements, input.x, input.y, isScrollable);
      const horizontal = Math.abs(input.dx) > Math.abs(input.dy);
      const direction = horizontal ? (input.dx > 0 ? 'right' : 'left') : input.dy > 0 ? 'down' : 'up';
      return list ? { name: 'Scroll', params: { index: list.index, direction, distance: 'short' } } : null;
    }
    case 'text':
      return { name: 'Type', params: { text: input.text } };
    case 'key':
      return input.keycode === KEYCODE.ENTER
        ? { name: 'Enter', params: {} }
        : input.keycode === KEYCODE.BACK
          ? { name: 'Back', params: {} }
          : input.keycode === KEYCODE.HOME
            ? { name: 'Home', params: {} }
            : null;
    case 'back':
      return { name: 'Back', params: {} };
    case 'home':
      return { name: 'Home', params: {} };
    case 'recents':
      return null;
  }
}
