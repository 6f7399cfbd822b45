import { describe, expect, it } from 'vitest';
import { ACTION_NAMES } from '../actions.ts';
import type { ActionCall } from '../actions.ts';
import type { UiElement } from '../schemas/perception.ts';
import { ANDROID_WORLD_MAPPING, AndroidWorldAction, toAndroidWorld } from './android-world.ts';

const el = (index: number, bounds: [number, number, number, number]): UiElement => ({
  index,
  bounds,
  center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2],
  text: `e${index}`,
  contentDesc: '',
  resourceId: '',
  className: 'android.widget.Button',
  packageName: 'p',
  trueAttributes: ['clickable'],
});
// A text-only element first: indexed forms count positions in the list, not MobA indices.
const elements = [{ ...el(-1, [0, 0, 100, 50]), index: -1 }, el(1, [0, 100, 200, 201]), el(2, [100, 300, 300, 500])];
const screen = { width: 1000, height: 2000 };
const aw = (call: ActionCall) => toAndroidWorld(call, elements, screen);

describe('AndroidWorld mapping', () => {
  it('documents every product action', () => {
    expect(Object.keys(ANDROID_WORLD_MAPPING).sort()).toEqual([...ACTION_NAMES].sort());
  });

  it('gives element actions at the centre and by position in the element list', () => {
    expect(aw({ name: 'Click', params: { index: 2 } })).toEqual({
      coordinates: { action_type: 'click', x: 200, y: 400 },
      indexed: { action_type: 'click', index: 2 },
    });
    expect(aw({ name: 'Long_Press', params: { index: 1 } }).coordinates).toEqual({
      action_type: 'long_press',
      x: 100,
      y: 151,
    });
    expect(aw({ name: 'Double_Click', params: { index: 1 } }).indexed).toEqual({ action_type: 'double_tap', index: 1 });
    expect(aw({ name: 'Scroll', params: { index: 2, direction: 'down', distance: 'long' } })).toEqual({
      coordinates: { action_type: 'scroll', x: 200, y: 400, direction: 'down' },
      indexed: { action_type: 'scroll', index: 2, direction: 'down' },
    });
    expect(aw({ name: 'Box_Input', params: { index: 2, text: '工作' } }).indexed).toEqual({
      action_type: 'input_text',
      index: 2,
      text: '工作',
      clear_text: true,
    });
    // An index not on the screen keeps only the action type.
    expect(aw({ name: 'Click', params: { index: 9 } })).toEqual({
      coordinates: { action_type: 'click' },
      indexed: null,
    });
  });

  it('maps the rest without a target', () => {
    expect(aw({ name: 'Click_by_Coordinate', params: { x: 500, y: 250, unit: 'grid' } }).coordinates).toEqual({
      action_type: 'click',
      x: 500,
      y: 500,
    });
    expect(aw({ name: 'Click_by_Coordinate', params: { x: 33.4, y: 80, unit: 'px' } }).coordinates).toEqual({
      action_type: 'click',
      x: 33,
      y: 80,
    });
    expect(aw({ name: 'Swipe', params: { direction: 'left', distance: 'short' } }).coordinates).toEqual({
      action_type: 'swipe',
      direction: 'left',
    });
    expect(aw({ name: 'Type', params: { text: 'hi' } }).coordinates).toEqual({ action_type: 'input_text', text: 'hi' });
    expect(aw({ name: 'Back', params: {} }).coordinates).toEqual({ action_type: 'navigate_back' });
    expect(aw({ name: 'Home', params: {} }).coordinates).toEqual({ action_type: 'navigate_home' });
    expect(aw({ name: 'Enter', params: {} }).coordinates).toEqual({ action_type: 'keyboard_enter' });
    expect(aw({ name: 'Wait', params: { seconds: 3 } }).coordinates).toEqual({ action_type: 'wait' });
    expect(aw({ name: 'Open_App', params: { app: 'Clock' } }).coordinates).toEqual({
      action_type: 'open_app',
      app_name: 'Clock',
    });
    expect(aw({ name: 'Close_App', params: { packageName: 'com.a.b' } }).coordinates).toEqual({
      action_type: 'unknown',
      text: 'Close_App(com.a.b)',
    });
    expect(aw({ name: 'Finish', params: { message: '23°' } }).coordinates).toEqual({
      action_type: 'status',
      goal_status: 'complete',
      text: '23°',
    });
    expect(aw({ name: 'Failed', params: {} }).coordinates).toEqual({
      action_type: 'status',
      goal_status: 'infeasible',
    });
  });

  it('never gives both an index and a point, as AndroidWorld requires', () => {
    const calls: ActionCall[] = [
      { name: 'Click', params: { index: 1 } },
      { name: 'Scroll', params: { index: 2, direction: 'up', distance: 'medium' } },
      { name: 'Box_Input', params: { index: 1, text: 'x' } },
    ];
    for (const c of calls) {
      const { indexed, coordinates } = aw(c);
      expect(AndroidWorldAction.parse(coordinates)).toBeTruthy();
      expect(indexed && ('x' in indexed || 'y' in indexed)).toBe(false);
    }
  });
});
