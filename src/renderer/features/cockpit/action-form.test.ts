import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, ACTIONS, parseAction } from '../../../shared/actions.ts';
import { buildAction, checkOnScreen, convertUnit, paramFields, switchAction, valuesOf } from './action-form.ts';

describe('action editor fields', () => {
  it('derives a field for every argument of every action, typed from its zod schema', () => {
    for (const name of ACTION_NAMES) expect(paramFields(name).map((f) => f.name)).toEqual([...ACTIONS[name].args]);
    expect(paramFields('Scroll')).toEqual([
      { name: 'index', kind: 'element', optional: false },
      { name: 'direction', kind: 'enum', optional: false, options: ['up', 'down', 'left', 'right'] },
      { name: 'distance', kind: 'enum', optional: true, options: ['short', 'medium', 'long'], defaultValue: 'medium' },
    ]);
    expect(paramFields('Wait')).toEqual([{ name: 'seconds', kind: 'number', optional: true, defaultValue: 2 }]);
    expect(paramFields('Finish')[0]).toMatchObject({ kind: 'text', optional: true, multiline: true });
  });

  it('builds valid actions and reports what is wrong in the contract’s words', () => {
    expect(buildAction('Click', { index: '7' })).toEqual({ ok: true, action: { name: 'Click', params: { index: 7 } } });
    expect(buildAction('Box_Input', { index: '3', text: '工作' })).toEqual({
      ok: true,
      action: { name: 'Box_Input', params: { index: 3, text: '工作' } },
    });
    expect(buildAction('Click', {})).toEqual({ ok: false, error: 'index is required' });
    const bad = buildAction('Click', { index: '0' });
    expect(bad.ok).toBe(false);
    expect(buildAction('Click', { index: 'x' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('expected a number'),
    });
    expect(buildAction('Swipe', { direction: 'up' })).toEqual({
      ok: true,
      action: { name: 'Swipe', params: { direction: 'up', distance: 'medium' } },
    });
  });

  it('keeps what still fits when the action kind changes', () => {
    const v = valuesOf({ name: 'Click', params: { index: 5 } });
    expect(switchAction(v, 'Click', 'Long_Press')).toEqual({ index: '5' });
    expect(switchAction(v, 'Click', 'Scroll')).toEqual({ index: '5', distance: 'medium' });
    expect(switchAction({ direction: 'left', distance: 'long' }, 'Swipe', 'Scroll')).toEqual({
      direction: 'left',
      distance: 'long',
    });
    expect(switchAction(v, 'Click', 'Back')).toEqual({});
  });
});

describe('points in the action editor', () => {
  const screen = { width: 1080, height: 2400 };

  it('edits a point in pixels of the screenshot by default, the grid only when chosen', () => {
    expect(paramFields('Click_by_Coordinate').find((f) => f.name === 'unit')).toMatchObject({
      kind: 'enum',
      options: ['grid', 'px'],
      defaultValue: 'px',
    });
    expect(switchAction({ index: '5' }, 'Click', 'Click_by_Coordinate')).toEqual({ unit: 'px' });
    // The model's grid point opens in pixels, at the same place.
    expect(valuesOf({ name: 'Click_by_Coordinate', params: { x: 500, y: 250, unit: 'grid' } }, screen)).toEqual({
      x: '540',
      y: '600',
      unit: 'px',
    });
    expect(convertUnit({ x: '540', y: '600', unit: 'px' }, 'grid', screen)).toEqual({
      x: '500',
      y: '250',
      unit: 'grid',
    });
  });

  it('says a point is off the screen while it is typed, not when it runs', () => {
    expect(buildAction('Click_by_Coordinate', { x: '540', y: '1537', unit: 'px' }, screen)).toEqual({
      ok: true,
      action: { name: 'Click_by_Coordinate', params: { x: 540, y: 1537, unit: 'px' } },
    });
    expect(buildAction('Click_by_Coordinate', { x: '540', y: '1537', unit: 'grid' }, screen)).toEqual({
      ok: false,
      error: '(540, 1537) is outside the 0–1000 grid. Use the unit “pixels of the screenshot” for points in pixels.',
    });
    expect(buildAction('Click_by_Coordinate', { x: '540', y: '2400', unit: 'px' }, screen)).toEqual({
      ok: false,
      error: '(540, 2400) px is outside the 1080x2400 screen.',
    });
    expect(checkOnScreen(parseAction('Click_by_Coordinate(540, 1537)'), screen)).toMatchObject({ ok: false });
    expect(checkOnScreen(parseAction('Click_by_Coordinate(540, 1537, px)'), screen)).toMatchObject({ ok: true });
  });
});
