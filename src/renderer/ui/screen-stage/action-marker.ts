/**
 * Where to draw an action's marker over a screenshot: the element's box, the tapped point, or
 * a finger path for swipes and scrolls. All in device pixels; which element a click lands in
 * and what a click or drag means as an action are in src/shared/elements.
 */
import { ACTIONS, targetIndex } from '../../../shared/actions.ts';
import type { ActionCall, ActionDefinition, Direction } from '../../../shared/actions.ts';
import type { Pt } from '../../../shared/elements/element-at.ts';
import { DISTANCE_SHARE, oppositeDirection } from '../../../shared/elements/screen-input.ts';
import type { ScreenSize } from '../../../shared/elements/screen-input.ts';
import { coordinateProblem, toPixels } from '../../../shared/elements/coordinates.ts';
import type { UiElement } from '../../../shared/schemas/perception.ts';

const UNIT: Record<Direction, Pt> = { up: [0, -1], down: [0, 1], left: [-1, 0], right: [1, 0] };

export type Marker =
  | { kind: 'box'; bounds: readonly [number, number, number, number]; label: string; point: Pt }
  | { kind: 'point'; point: Pt; label: string }
  | { kind: 'arrow'; from: Pt; to: Pt; label: string; bounds?: readonly [number, number, number, number] }
  | { kind: 'none'; label: string };

/**
 * Where an action acts, for drawing it over the screenshot: the element's box (and its centre),
 * the tapped point, or the finger path of a swipe or scroll (scroll: content comes from
 * `direction`, so the finger moves the other way).
 */
export function actionMarker(action: ActionCall, elements: readonly UiElement[], screen: ScreenSize): Marker {
  const label = action.name.replace(/_/g, ' ');
  const index = targetIndex(action);
  const element = index === undefined ? undefined : elements.find((e) => e.index === index);
  if (action.name === 'Scroll' && element) {
    const [x1, y1, x2, y2] = element.bounds;
    const finger = UNIT[oppositeDirection(action.params.direction)];
    const span = finger[0] !== 0 ? x2 - x1 : y2 - y1;
    const c: Pt = [element.center[0], element.center[1]];
    const half = (DISTANCE_SHARE[action.params.distance] * span) / 2;
    return {
      kind: 'arrow',
      from: [c[0] - finger[0] * half, c[1] - finger[1] * half],
      to: [c[0] + finger[0] * half, c[1] + finger[1] * half],
      label: `Scroll ${action.params.direction}`,
      bounds: element.bounds,
    };
  }
  if (element && action.name !== 'Swipe')
    return {
      kind: 'box',
      bounds: element.bounds,
      label: `${label} [${element.index}]`,
      point: [element.center[0], element.center[1]],
    };
  if (
    action.name === 'Click_by_Coordinate' ||
    action.name === 'Long_Press_by_Coordinate' ||
    action.name === 'Double_Click_by_Coordinate'
  ) {
    const { x, y, unit } = action.params;
    if (coordinateProblem(x, y, unit, screen)) return { kind: 'none', label: `${label}: off the screen` };
    return { kind: 'point', point: toPixels(x, y, unit, screen), label };
  }
  if (action.name === 'Swipe_by_Coordinate') {
    const { x1, y1, x2, y2, unit } = action.params;
    if (coordinateProblem(x1, y1, unit, screen) || coordinateProblem(x2, y2, unit, screen))
      return { kind: 'none', label: `${label}: off the screen` };
    return { kind: 'arrow', from: toPixels(x1, y1, unit, screen), to: toPixels(x2, y2, unit, screen), label };
  }
  if (action.name === 'Swipe') {
    const { x, y, unit = 'grid' } = action.params;
    const u = UNIT[action.params.direction];
    const extent = u[0] !== 0 ? screen.width : screen.height;
    const length = DISTANCE_SHARE[action.params.distance] * extent;
    const start: Pt | undefined = element
      ? [element.center[0], element.center[1]]
      : x !== undefined && y !== undefined && !coordinateProblem(x, y, unit, screen)
        ? toPixels(x, y, unit, screen)
        : undefined;
    const label = `Swipe ${action.params.direction}`;
    if (start) return { kind: 'arrow', from: start, to: [start[0] + u[0] * length, start[1] + u[1] * length], label };
    if (index !== undefined || x !== undefined)
      return { kind: 'none', label: `${label}: its start is not on this screen` };
    const half = length / 2;
    const c: Pt = [screen.width / 2, screen.height / 2];
    return {
      kind: 'arrow',
      from: [c[0] - u[0] * half, c[1] - u[1] * half],
      to: [c[0] + u[0] * half, c[1] + u[1] * half],
      label,
    };
  }
  if ((ACTIONS[action.name] as ActionDefinition).elementParam && index !== undefined)
    return { kind: 'none', label: `${label}: no element ${index} on this screen` };
  return { kind: 'none', label };
}
