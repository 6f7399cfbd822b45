import { describe, expect, it } from 'vitest';
import {
  ACTION_NAMES,
  ACTIONS,
  MOBA_ACTION_NAMES,
  describeActions,
  formatAction,
  parseAction,
  targetIndex,
  validateAction,
} from './actions.ts';
import type { ActionCall } from './actions.ts';

describe('action definitions', () => {
  it('parses what models and people write', () => {
    expect(parseAction('Click(3)')).toEqual({ ok: true, action: { name: 'Click', params: { index: 3 } } });
    expect(parseAction('  `Box_Input(15, "工作")`. ')).toEqual({
      ok: true,
      action: { name: 'Box_Input', params: { index: 15, text: '工作' } },
    });
    expect(parseAction("Scroll(4, 'down')")).toEqual({
      ok: true,
      action: { name: 'Scroll', params: { index: 4, direction: 'down', distance: 'medium' } },
    });
    expect(parseAction('Scroll(element_index=4, direction=up, distance=long)')).toMatchObject({
      ok: true,
      action: { params: { index: 4, direction: 'up', distance: 'long' } },
    });
    expect(parseAction('Click_by_Coordinate(500, 250)')).toMatchObject({
      ok: true,
      action: { params: { x: 500, y: 250, unit: 'grid' } },
    });
    expect(parseAction('back')).toEqual({ ok: true, action: { name: 'Back', params: {} } });
    expect(parseAction('Open_App("Clock")')).toMatchObject({
      ok: true,
      action: { name: 'Open_App', params: { app: 'Clock' } },
    });
    expect(parseAction('Type("say \\"hi\\", ok")')).toMatchObject({
      ok: true,
      action: { params: { text: 'say "hi", ok' } },
    });
    expect(parseAction('Finish()')).toEqual({ ok: true, action: { name: 'Finish', params: {} } });
    expect(parseAction('Close_App(package_name="com.android.deskclock")')).toMatchObject({
      ok: true,
      action: { params: { packageName: 'com.android.deskclock' } },
    });
  });

  it('explains what is wrong', () => {
    expect(parseAction('Tap(3)')).toMatchObject({ ok: false, error: expect.stringMatching(/Unknown action Tap/) });
    expect(parseAction('Click()')).toMatchObject({ ok: false, error: expect.stringMatching(/index/) });
    expect(parseAction('Click(0)')).toMatchObject({ ok: false });
    expect(parseAction('Click(3, 4)')).toMatchObject({ ok: false, error: expect.stringMatching(/takes 1 argument/) });
    expect(parseAction('Scroll(2, sideways)')).toMatchObject({ ok: false, error: expect.stringMatching(/direction/) });
    expect(parseAction('Type("unterminated)')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/unterminated/),
    });
    expect(parseAction('')).toMatchObject({ ok: false });
  });

  it('formats back to the same call', () => {
    for (const src of [
      'Click(3)',
      'Box_Input(15, "工作")',
      'Scroll(4, down, long)',
      'Swipe(left, short)',
      'Swipe(up, long, 4)',
      'Swipe(left, medium, x=900, y=500, unit=px)',
      'Back()',
      'Open_App("Clock")',
      'Click_by_Coordinate(10, 20)',
      'Click_by_Coordinate(10, 20, px)',
    ]) {
      const r = parseAction(src);
      expect(r.ok).toBe(true);
      if (r.ok) expect(parseAction(formatAction(r.action))).toEqual(r);
    }
    expect(formatAction({ name: 'Click', params: { index: 7 } })).toBe('Click(7)');
    // A start point after the left-out start element is written by name.
    expect(
      formatAction({ name: 'Swipe', params: { direction: 'left', distance: 'long', x: 900, y: 500, unit: 'px' } }),
    ).toBe('Swipe(left, long, x=900, y=500, unit=px)');
  });

  it('a Swipe starts at the centre, at an element or at a point, never half a point or both', () => {
    expect(parseAction('Swipe(up)')).toEqual({
      ok: true,
      action: { name: 'Swipe', params: { direction: 'up', distance: 'medium' } },
    });
    expect(parseAction('Swipe(up, short, element=3)')).toMatchObject({ ok: true, action: { params: { index: 3 } } });
    expect(targetIndex({ name: 'Swipe', params: { direction: 'up', distance: 'short', index: 3 } })).toBe(3);
    expect(parseAction('Swipe(up, short, x=500)')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/both x and y/),
    });
    expect(parseAction('Swipe(up, short, 3, 500, 500)')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not both/),
    });
  });

  it('validates structured actions and knows their targets', () => {
    expect(validateAction({ name: 'Long_Press', params: { index: 2 } })).toMatchObject({ ok: true });
    expect(validateAction({ name: 'Long_Press', params: {} })).toMatchObject({ ok: false });
    expect(validateAction({ name: 'Nope', params: {} })).toMatchObject({ ok: false });
    expect(targetIndex({ name: 'Box_Input', params: { index: 9, text: 'x' } })).toBe(9);
    expect(targetIndex({ name: 'Home', params: {} })).toBeUndefined();
  });

  it("lists MobA's actions for prompts, system first; the GUI-native models' gestures only when asked", () => {
    const text = describeActions();
    for (const n of MOBA_ACTION_NAMES) expect(text).toContain(ACTIONS[n].signature);
    expect(text.indexOf('System actions')).toBeLessThan(text.indexOf('Single actions'));
    const native = ACTION_NAMES.filter((n) => !MOBA_ACTION_NAMES.includes(n));
    expect(native).toEqual([
      'Long_Press_by_Coordinate',
      'Double_Click_by_Coordinate',
      'Swipe_by_Coordinate',
      'Switch_App',
      'Ask_User',
    ]);
    for (const n of native) expect(text).not.toContain(ACTIONS[n].signature);
    for (const n of native) expect(describeActions(ACTION_NAMES)).toContain(ACTIONS[n].signature);
  });

  it('formats and parses the point gestures and Ask_User both ways', () => {
    const calls = [
      { name: 'Long_Press_by_Coordinate', params: { x: 540, y: 1200, seconds: 2, unit: 'px' } },
      { name: 'Double_Click_by_Coordinate', params: { x: 500, y: 500, unit: 'grid' } },
      { name: 'Swipe_by_Coordinate', params: { x1: 540, y1: 1800, x2: 540, y2: 600, unit: 'px' } },
      { name: 'Ask_User', params: { question: 'Which "Work" alarm, the 6:30 or the 7:00?' } },
    ] as const;
    for (const call of calls) {
      const text = formatAction(call as ActionCall);
      expect(parseAction(text)).toEqual({ ok: true, action: call });
    }
    expect(formatAction(calls[1] as ActionCall)).toBe('Double_Click_by_Coordinate(500, 500)');
    expect(parseAction('Long_Press_by_Coordinate(10, 20)')).toEqual({
      ok: true,
      action: { name: 'Long_Press_by_Coordinate', params: { x: 10, y: 20, seconds: 1, unit: 'grid' } },
    });
  });
});
