/**
 * What a person did on the mirror (device pixels), as an action of MobA's action space, so it
 * can be recorded in the run with provenance. Element-level where the point lands on a numbered
 * element of the agent's latest screen (the form MobA's routes and training data use), else
 * coordinates or a swipe.
 */
import type { ActionCall } from '../../shared/actions.ts';
import type { MirrorInputParsed } from '../../shared/contract/mirror.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';

function elementAt(elements: readonly UiElement[], x: number, y: number, filter: (e: UiElement) => boolean = () => true): UiElement | undefined {
  let best: UiElement | undefined;
  let bestArea = Infinity;
  for (const e of elements) {
    if (e.index < 1 || !filter(e)) continue;
    const [x1, y1, x2, y2] = e.bounds;
    if (x < x1 || x >= x2 || y < y1 || y >= y2) continue;
    const area = (x2 - x1) * (y2 - y1);
    if (area < bestArea) {
      best = e;
      bestArea = area;
    }
  }
  return best;
}

const scrollable = (e: UiElement) => e.trueAttributes.includes('scrollable');

function distanceOf(length: number, extent: number): 'short' | 'medium' | 'long' {
  const r = length / Math.max(1, extent);
  return r < 0.25 ? 'short' : r < 0.5 ? 'medium' : 'long';
}

export function actionFromMirrorInput(input: MirrorInputParsed, elements: readonly UiElement[], screen: { width: number; height: number }): ActionCall | null {
  switch (input.type) {
    case 'tap': {
      const e = elementAt(elements, input.x, input.y);
      return e ? { name: 'Click', params: { index: e.index } } : { name: 'Click_by_Coordinate', params: { x: Math.round(input.x), y: Math.round(input.y), unit: 'px' } };
    }
    case 'longPress': {
      const e = elementAt(elements, input.x, input.y);
      return e ? { name: 'Long_Press', params: { index: e.index } } : null;
    }
    case 'swipe': {
      const dx = input.x2 - input.x1;
      const dy = input.y2 - input.y1;
      const horizontal = Math.abs(dx) > Math.abs(dy);
      const finger = horizontal ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
      const list = elementAt(elements, input.x1, input.y1, scrollable);
      if (list) {
        // Scroll names where the content comes from: the finger moves the other way.
        const from = ({ up: 'down', down: 'up', left: 'right', right: 'left' } as const)[finger];
        const extent = horizontal ? list.bounds[2] - list.bounds[0] : list.bounds[3] - list.bounds[1];
        return { name: 'Scroll', params: { index: list.index, direction: from, distance: distanceOf(Math.abs(horizontal ? dx : dy), extent) } };
      }
      return { name: 'Swipe', params: { direction: finger, distance: distanceOf(Math.abs(horizontal ? dx : dy), horizontal ? screen.width : screen.height) } };
    }
    case 'scroll': {
      const list = elementAt(elements, input.x, input.y, scrollable);
      const horizontal = Math.abs(input.dx) > Math.abs(input.dy);
      const direction = horizontal ? (input.dx > 0 ? 'right' : 'left') : input.dy > 0 ? 'down' : 'up';
      return list ? { name: 'Scroll', params: { index: list.index, direction, distance: 'short' } } : null;
    }
    case 'text':
      return { name: 'Type', params: { text: input.text } };
    case 'key':
      return input.keycode === 66 ? { name: 'Enter', params: {} } : input.keycode === 4 ? { name: 'Back', params: {} } : input.keycode === 3 ? { name: 'Home', params: {} } : null;
    case 'back':
      return { name: 'Back', params: {} };
    case 'home':
      return { name: 'Home', params: {} };
    case 'recents':
      return null;
  }
}
