/**
 * MobA's actions in AndroidWorld's JSON action schema (`action_type`, `index`, `x`, `y`,
 * `text`, `direction`, `app_name`, `goal_status`, `clear_text`), the action format most mobile
 * agent datasets and evaluators read. Every product action has a mapping; the table in
 * `docs/datasets.md` is generated from `ANDROID_WORLD_MAPPING` below, so the two never drift.
 *
 * Two forms are produced, because AndroidWorld allows either an element index or a point on
 * one action, never both:
 * - coordinates (`x`, `y` in device pixels, the element's centre): executable as is on any
 *   screen of the recorded size;
 * - indexed (`index`): the 0-based position of the target in the dataset record's `elements`
 *   array, the way AndroidWorld's index points into its own list of UI elements. Null for
 *   actions without a target element.
 */
import { z } from 'zod';
import type { ActionCall, ActionName } from '../actions.ts';
import type { UiElement } from '../schemas/perception.ts';

export const ANDROID_WORLD_ACTION_TYPES = [
  'click',
  'double_tap',
  'long_press',
  'scroll',
  'swipe',
  'input_text',
  'keyboard_enter',
  'navigate_home',
  'navigate_back',
  'open_app',
  'wait',
  'status',
  'answer',
  'unknown',
] as const;

/** One AndroidWorld JSON action; absent keys are omitted, as AndroidWorld's own `json_str` does. */
export const AndroidWorldAction = z
  .object({
    action_type: z.enum(ANDROID_WORLD_ACTION_TYPES),
    index: z.number().int().min(0).optional(),
    x: z.number().int().optional(),
    y: z.number().int().optional(),
    text: z.string().optional(),
    direction: z.enum(['up', 'down', 'left', 'right']).optional(),
    app_name: z.string().optional(),
    goal_status: z.enum(['complete', 'infeasible']).optional(),
    clear_text: z.boolean().optional(),
  })
  .strict()
  .meta({ description: "An action in AndroidWorld's JSON action schema (android_world/env/json_action.py)." });
export type AndroidWorldAction = z.infer<typeof AndroidWorldAction>;

/** How each product action maps, in words: the documentation's table. */
export const ANDROID_WORLD_MAPPING: Readonly<Record<ActionName, string>> = {
  Click: '`click` at the element\'s centre (`x`, `y`); indexed form `{"action_type":"click","index":i}`',
  Click_by_Coordinate:
    '`click` at the point in device pixels (0–1000 grid points are scaled to the screen); no indexed form',
  Double_Click: "`double_tap` at the element's centre; indexed form with `index`",
  Long_Press: "`long_press` at the element's centre; indexed form with `index`",
  Long_Press_by_Coordinate: '`long_press` at the point in device pixels; the seconds have no counterpart',
  Double_Click_by_Coordinate: '`double_tap` at the point in device pixels',
  Swipe_by_Coordinate:
    "`swipe` in the direction of the finger's larger movement (AndroidWorld swipes have a direction, not points)",
  Scroll:
    '`scroll` with the same `direction` (both mean "bring the content further in that direction into view") and the element: `index` in the indexed form, its centre as `x`, `y` in the coordinate form; the distance has no counterpart',
  Swipe:
    '`swipe` with the same `direction` (the finger moves that way in both); the distance and a start element or point have no counterpart (AndroidWorld swipes across the whole screen)',
  Type: "`input_text` with `text` and no target: the text goes into the focused field (AndroidWorld's executor taps a target first, so replaying needs one)",
  Box_Input:
    '`input_text` with `text`, `clear_text: true` and the box as target (centre or `index`); both tap, type and press Enter',
  Back: '`navigate_back`',
  Home: '`navigate_home`',
  Enter: '`keyboard_enter`',
  Switch_App: '`unknown` with `text` `Switch_App()` (AndroidWorld has no Overview key)',
  Wait: '`wait` (AndroidWorld waits one second; the seconds have no counterpart)',
  Open_App: '`open_app` with `app_name` = the name or description given',
  Close_App:
    '`unknown` with `text` = the product call, e.g. `Close_App(com.android.settings)` (AndroidWorld has no action that stops an app)',
  Ask_User: '`unknown` with `text` = the question (AndroidWorld has no action that asks the user)',
  Finish:
    '`status` with `goal_status: "complete"`; a message (the answer to the user) goes into `text` — AndroidWorld agents send it as a separate `answer` action first',
  Failed: '`status` with `goal_status: "infeasible"`; the reason goes into `text`',
};

export interface AndroidWorldForms {
  /** With points in device pixels: executable on a screen of the recorded size. */
  coordinates: AndroidWorldAction;
  /** With `index` into the record's elements, for actions that target an element; else null. */
  indexed: AndroidWorldAction | null;
}

/** A point in device pixels (0–1000 grid points scaled to the screen). */
function pixels(
  x: number,
  y: number,
  unit: 'grid' | 'px',
  screen: { width: number; height: number },
): { x: number; y: number } {
  return unit === 'grid'
    ? { x: Math.round((x / 1000) * screen.width), y: Math.round((y / 1000) * screen.height) }
    : { x: Math.round(x), y: Math.round(y) };
}

function centre(el: UiElement): { x: number; y: number } {
  return { x: Math.round(el.center[0]), y: Math.round(el.center[1]) };
}

/**
 * Both AndroidWorld forms of an action taken on a screen with these elements.
 * @param elements the screen's elements in the order the dataset record lists them
 */
export function toAndroidWorld(
  call: ActionCall,
  elements: readonly UiElement[],
  screen: { width: number; height: number },
): AndroidWorldForms {
  const targeted = (
    type: AndroidWorldAction['action_type'],
    index: number,
    extra: Partial<AndroidWorldAction> = {},
  ): AndroidWorldForms => {
    const position = elements.findIndex((e) => e.index === index);
    const el = position >= 0 ? elements[position]! : undefined;
    // An index that is not on the screen keeps its meaning in the product syntax only.
    if (!el) return { coordinates: { action_type: type, ...extra }, indexed: null };
    return {
      coordinates: { action_type: type, ...centre(el), ...extra },
      indexed: { action_type: type, index: position, ...extra },
    };
  };
  const plain = (a: AndroidWorldAction): AndroidWorldForms => ({ coordinates: a, indexed: null });
  switch (call.name) {
    case 'Click':
      return targeted('click', call.params.index);
    case 'Double_Click':
      return targeted('double_tap', call.params.index);
    case 'Long_Press':
      return targeted('long_press', call.params.index);
    case 'Click_by_Coordinate':
      return plain({ action_type: 'click', ...pixels(call.params.x, call.params.y, call.params.unit, screen) });
    case 'Long_Press_by_Coordinate':
      return plain({ action_type: 'long_press', ...pixels(call.params.x, call.params.y, call.params.unit, screen) });
    case 'Double_Click_by_Coordinate':
      return plain({ action_type: 'double_tap', ...pixels(call.params.x, call.params.y, call.params.unit, screen) });
    case 'Swipe_by_Coordinate': {
      const { x1, y1, x2, y2 } = call.params;
      const dx = x2 - x1;
      const dy = y2 - y1;
      const direction = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
      return plain({ action_type: 'swipe', direction });
    }
    case 'Ask_User':
      return plain({ action_type: 'unknown', text: call.params.question });
    case 'Scroll':
      return targeted('scroll', call.params.index, { direction: call.params.direction });
    case 'Swipe':
      return plain({ action_type: 'swipe', direction: call.params.direction });
    case 'Type':
      return plain({ action_type: 'input_text', text: call.params.text });
    case 'Box_Input':
      return targeted('input_text', call.params.index, { text: call.params.text, clear_text: true });
    case 'Back':
      return plain({ action_type: 'navigate_back' });
    case 'Home':
      return plain({ action_type: 'navigate_home' });
    case 'Enter':
      return plain({ action_type: 'keyboard_enter' });
    case 'Switch_App':
      return plain({ action_type: 'unknown', text: 'Switch_App()' });
    case 'Wait':
      return plain({ action_type: 'wait' });
    case 'Open_App':
      return plain({ action_type: 'open_app', app_name: call.params.app });
    case 'Close_App':
      return plain({ action_type: 'unknown', text: `Close_App(${call.params.packageName})` });
    case 'Finish':
      return plain({
        action_type: 'status',
        goal_status: 'complete',
        ...(call.params.message ? { text: call.params.message } : {}),
      });
    case 'Failed':
      return plain({
        action_type: 'status',
        goal_status: 'infeasible',
        ...(call.params.reason ? { text: call.params.reason } : {}),
      });
  }
}
