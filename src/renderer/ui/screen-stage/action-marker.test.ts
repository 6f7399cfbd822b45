import { describe, expect, it } from 'vitest';
import { boxElement } from '../../../../test/support/ui-elements.ts';
import { actionMarker } from './action-marker.ts';
import { DISTANCE_SHARE } from '../../../shared/elements/screen-input.ts';

const el = boxElement;

const screen = { width: 1080, height: 2400 };
const list = el(1, [0, 200, 1080, 2000], ['scrollable']);
const row = el(2, [0, 400, 1080, 600]);
const save = el(3, [700, 2100, 1000, 2300]);
const label = el(-1, [0, 0, 1080, 150], []);
const elements = [list, row, save, label];

describe('action markers', () => {
  it('draws element actions as boxes, coordinates as points and swipes as arrows from the centre', () => {
    expect(actionMarker({ name: 'Click', params: { index: 3 } }, elements, screen)).toMatchObject({
      kind: 'box',
      bounds: save.bounds,
      point: [850, 2200],
    });
    expect(
      actionMarker({ name: 'Click_by_Coordinate', params: { x: 500, y: 250, unit: 'grid' } }, elements, screen),
    ).toMatchObject({ kind: 'point', point: [540, 600] });
    const swipe = actionMarker({ name: 'Swipe', params: { direction: 'up', distance: 'medium' } }, elements, screen);
    expect(swipe).toMatchObject({ kind: 'arrow' });
    if (swipe.kind === 'arrow') {
      expect(swipe.from[1]).toBeGreaterThan(swipe.to[1]);
      expect(swipe.from[0]).toBe(540);
    }
    // A swipe with a start begins there: a point in pixels, or the start element's centre.
    expect(
      actionMarker(
        { name: 'Swipe', params: { direction: 'left', distance: 'medium', x: 900, y: 500, unit: 'px' } },
        elements,
        screen,
      ),
    ).toMatchObject({ kind: 'arrow', from: [900, 500], to: [900 - DISTANCE_SHARE.medium * 1080, 500] });
    expect(
      actionMarker({ name: 'Swipe', params: { direction: 'up', distance: 'short', index: 3 } }, elements, screen),
    ).toMatchObject({ kind: 'arrow', from: [850, 2200] });
    const scroll = actionMarker(
      { name: 'Scroll', params: { index: 1, direction: 'down', distance: 'medium' } },
      elements,
      screen,
    );
    if (scroll.kind !== 'arrow') throw new Error('expected an arrow');
    // Content from below: the finger moves up.
    expect(scroll.to[1]).toBeLessThan(scroll.from[1]);
    expect(actionMarker({ name: 'Click', params: { index: 42 } }, elements, screen)).toEqual({
      kind: 'none',
      label: 'Click: no element 42 on this screen',
    });
    expect(actionMarker({ name: 'Back', params: {} }, elements, screen)).toEqual({ kind: 'none', label: 'Back' });
  });

  it("draws the GUI-native models' point gestures at their points, a point swipe as an arrow between them", () => {
    expect(
      actionMarker(
        { name: 'Long_Press_by_Coordinate', params: { x: 540, y: 500, seconds: 2, unit: 'px' } },
        elements,
        screen,
      ),
    ).toMatchObject({ kind: 'point', point: [540, 500] });
    expect(
      actionMarker({ name: 'Double_Click_by_Coordinate', params: { x: 250, y: 500, unit: 'grid' } }, elements, screen),
    ).toMatchObject({ kind: 'point', point: [270, 1200] });
    expect(
      actionMarker(
        { name: 'Swipe_by_Coordinate', params: { x1: 540, y1: 1800, x2: 540, y2: 600, unit: 'px' } },
        elements,
        screen,
      ),
    ).toMatchObject({ kind: 'arrow', from: [540, 1800], to: [540, 600] });
    expect(
      actionMarker(
        { name: 'Swipe_by_Coordinate', params: { x1: 540, y1: 1800, x2: 540, y2: 2600, unit: 'px' } },
        elements,
        screen,
      ),
    ).toMatchObject({ kind: 'none', label: expect.stringContaining('off the screen') });
  });
});
