import { describe, expect, it } from 'vitest';
import type { MemoryItem } from '../../../shared/schemas/memory.ts';
import { formValues, itemJson, memoryFields, patchFrom, patchFromJson } from './memory-form.ts';

const route = {
  kind: 'route',
  id: 'route:1',
  source: 'expert',
  createdAt: 1,
  updatedAt: 1,
  goal: 'Turn on Wi-Fi',
  steps: [{ subGoal: 'Open Settings', action: 'Open_App("Settings")' }],
} as unknown as MemoryItem;

describe('memory editor fields', () => {
  it('labels every field of every kind in words, not schema names', () => {
    const action = memoryFields('action');
    expect(action.find((f) => f.name === 'taskGoal')?.label).toBe('Whole task');
    expect(action.find((f) => f.name === 'screenKey')?.hint).toMatch(/stable key/);
    expect(memoryFields('answer').find((f) => f.name === 'text')?.label).toBe('Answer');
    expect(memoryFields('user').find((f) => f.name === 'text')?.label).toBe('What to remember');
  });

  it("edits a route's steps as a table and a shortcut's steps (nested arguments) as JSON", () => {
    const steps = memoryFields('route').find((f) => f.name === 'steps');
    expect(steps?.kind).toBe('rows');
    expect(steps?.kind === 'rows' && steps.columns.map((c) => c.label)).toEqual([
      'Sub-goal',
      'Action',
      'Element',
      'App (package)',
      'Screen (activity)',
      'Action memory',
    ]);
    expect(memoryFields('shortcut').find((f) => f.name === 'steps')?.kind).toBe('json');
    expect(memoryFields('tips').find((f) => f.name === 'tips')?.kind).toBe('lines');
  });

  it('names a field by its label when the form cannot be saved', () => {
    const before = formValues(route);
    expect(patchFrom('route', before, { ...before, goal: ' ' })).toEqual({ ok: false, error: 'Goal cannot be empty' });
    expect(patchFrom('route', before, { ...before, steps: '[{' })).toMatchObject({
      ok: false,
      error: /^Steps: not valid JSON/,
    });
    const steps = JSON.stringify([{ subGoal: 'Open Settings', action: 'Click(3)' }]);
    expect(patchFrom('route', before, { ...before, steps })).toEqual({
      ok: true,
      patch: { steps: [{ subGoal: 'Open Settings', action: 'Click(3)' }] },
    });
  });

  it('saves from the advanced JSON view only what changed, and removes a left-out optional field', () => {
    const text = itemJson({ ...route, app: 'com.android.settings' } as MemoryItem);
    const edited = JSON.parse(text) as Record<string, unknown>;
    delete edited.app;
    edited.goal = 'Turn Wi-Fi on';
    expect(patchFromJson({ ...route, app: 'com.android.settings' } as MemoryItem, JSON.stringify(edited))).toEqual({
      ok: true,
      patch: { goal: 'Turn Wi-Fi on', app: null },
    });
    expect(patchFromJson(route, '{"goal": "x", "colour": 1}')).toEqual({
      ok: false,
      error: 'colour is not a field of this kind of memory',
    });
    expect(patchFromJson(route, '{"steps": []}')).toEqual({ ok: false, error: 'Goal (goal) is required' });
    expect(patchFromJson(route, '[1]')).toMatchObject({ ok: false });
  });
});
