import { describe, expect, it } from 'vitest';
import type { UiElement } from '../../shared/schemas/perception.ts';
import { pointerAction } from '../../shared/elements/screen-input.ts';
import { actionFromMirrorInput } from './mirror-input.ts';

const el = (index: number, bounds: [number, number, number, number], attrs: string[] = ['clickable']): UiElement => ({
  index,
  bounds,
  center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2],
  text: '',
  contentDesc: '',
  resourceId: '',
  className: 'View',
  packageName: 'p',
  trueAttributes: attrs,
});
const elements = [el(1, [0, 0, 1080, 2000], ['scrollable']), el(2, [100, 100, 500, 300]), el(3, [120, 120, 200, 200])];
const screen = { width: 1080, height: 2400 };

describe('what a person did on the mirror, as an action', () => {
  it('taps the smallest numbered element under the point, else a pixel coordinate', () => {
    expect(actionFromMirrorInput({ type: 'tap', x: 150, y: 150 }, elements, screen)).toEqual({
      name: 'Click',
      params: { index: 3 },
    });
    expect(actionFromMirrorInput({ type: 'tap', x: 600, y: 2300 }, elements, screen)).toEqual({
      name: 'Click_by_Coordinate',
      params: { x: 600, y: 2300, unit: 'px' },
    });
  });

  it('turns a drag inside a list into a Scroll named by where the content comes from, elsewhere a Swipe', () => {
    expect(
      actionFromMirrorInput({ type: 'swipe', x1: 540, y1: 1500, x2: 540, y2: 500, durationMs: 300 }, elements, screen),
    ).toEqual({ name: 'Scroll', params: { index: 1, direction: 'down', distance: 'long' } });
    expect(
      actionFromMirrorInput({ type: 'swipe', x1: 900, y1: 2200, x2: 300, y2: 2210, durationMs: 300 }, elements, screen),
    ).toEqual({ name: 'Swipe', params: { direction: 'left', distance: 'long' } });
  });

  it('maps a drag on the mirror to the same action as the same drag on the cockpit’s screen', () => {
    const drags: Array<[number, number, number, number]> = [
      [540, 1500, 540, 700],
      [900, 2200, 420, 2210],
      [540, 1900, 540, 1300],
      [100, 2100, 600, 2110],
      [300, 150, 700, 160],
    ];
    for (const [x1, y1, x2, y2] of drags) {
      expect(actionFromMirrorInput({ type: 'swipe', x1, y1, x2, y2, durationMs: 300 }, elements, screen)).toEqual(
        pointerAction(elements, [x1, y1], [x2, y2], screen),
      );
    }
  });

  it('maps keys and text; what the action space lacks is not recorded', () => {
    expect(actionFromMirrorInput({ type: 'text', text: 'hi' }, elements, screen)).toEqual({
      name: 'Type',
      params: { text: 'hi' },
    });
    expect(actionFromMirrorInput({ type: 'key', keycode: 66 }, elements, screen)).toEqual({
      name: 'Enter',
      params: {},
    });
    expect(actionFromMirrorInput({ type: 'back' }, elements, screen)).toEqual({ name: 'Back', params: {} });
    expect(actionFromMirrorInput({ type: 'recents' }, elements, screen)).toBeNull();
    expect(actionFromMirrorInput({ type: 'key', keycode: 24 }, elements, screen)).toBeNull();
  });
});
