import { describe, expect, it } from 'vitest';
import type { ActionCall } from '../../shared/actions.ts';
import { formatAction } from '../../shared/actions.ts';
import { MemoryDraft } from '../../shared/schemas/memory.ts';
import type { Observation, UiElement } from '../../shared/schemas/perception.ts';
import { DemoRecorder, actionForInput } from './demo-recorder.ts';

function el(index: number, bounds: [number, number, number, number], text: string, attrs = ['clickable']): UiElement {
  return {
    index,
    bounds,
    center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2],
    text,
    contentDesc: '',
    resourceId: `id/${text}`,
    className: 'android.widget.Button',
    packageName: 'com.android.deskclock',
    trueAttributes: attrs,
  };
}

function obs(elements: UiElement[], app = 'com.android.deskclock'): Observation {
  return {
    serial: 's',
    capturedAt: 0,
    source: 'screencap',
    screen: { width: 1080, height: 2400, rotation: 0 },
    screenshot: null,
    marked: null,
    xml: null,
    elements,
    elementsFrom: 'xml',
    currentApp: { packageName: app, activity: '.DeskClock' },
    keyboardShown: false,
    problems: [],
    timings: {},
  };
}

const home = obs([
  el(1, [0, 2000, 540, 2400], 'Alarm'),
  el(2, [0, 300, 1080, 1900], 'list', ['scrollable']),
  el(3, [40, 400, 1040, 600], 'Add alarm'),
]);

describe('demonstrations', () => {
  it('turns inputs into element-level actions of the action space', () => {
    expect(actionForInput({ type: 'tap', x: 500, y: 500 }, home)).toEqual({ name: 'Click', params: { index: 3 } });
    expect(actionForInput({ type: 'tap', x: 900, y: 2100 }, home)).toEqual({
      name: 'Click_by_Coordinate',
      params: { x: 900, y: 2100, unit: 'px' },
    });
    expect(actionForInput({ type: 'swipe', x1: 500, y1: 1700, x2: 500, y2: 1000 }, home)).toEqual({
      name: 'Scroll',
      params: { index: 2, direction: 'down', distance: 'long' },
    });
    expect(actionForInput({ type: 'swipe', x1: 900, y1: 2100, x2: 200, y2: 2100 }, home)).toEqual({
      name: 'Swipe',
      params: { direction: 'left', distance: 'long' },
    });
    expect(actionForInput({ type: 'text', text: 'Work' }, home)).toEqual({ name: 'Type', params: { text: 'Work' } });
    expect(actionForInput({ type: 'key', key: 'back' }, home)).toEqual({ name: 'Back', params: {} });
  });

  it('records what the person did with the element under the pointer and saves a valid expert route', async () => {
    const acted: string[] = [];
    const saved: Array<{ draft: unknown; source: string }> = [];
    const screens = [home, obs([el(1, [0, 100, 1080, 300], 'Label')]), obs([], 'com.android.deskclock')];
    let n = 0;
    const rec = new DemoRecorder({
      device: {
        observe: async () => screens[Math.min(n, screens.length - 1)]!,
        act: async (_s, action: ActionCall) => {
          acted.push(formatAction(action));
          n++;
          return {
            ok: true,
            action: formatAction(action),
            durationMs: 1,
            settleMs: 0,
            settled: true,
            detail: 'done',
            terminal: false,
          };
        },
      },
      memory: () => ({ create: (draft, source) => (saved.push({ draft, source }), { id: 'route:demo' }) }),
    });
    const d = await rec.start('s');
    await rec.input(d.demoId, { type: 'tap', x: 500, y: 500 });
    const after = await rec.input(d.demoId, { type: 'tap', x: 10, y: 150 });
    expect(after.steps.map((s) => [s.action, s.element])).toEqual([
      ['Click(3)', 'Button "Add alarm" (id Add alarm)'],
      ['Click(1)', 'Button "Label" (id Label)'],
    ]);
    expect(acted).toEqual(['Click(3)', 'Click(1)']);
    expect(rec.undo(d.demoId).steps).toHaveLength(1);
    await rec.input(d.demoId, { type: 'text', text: 'Work' });
    const r = rec.save(d.demoId, 'Create an alarm titled Work', ['Add an alarm']);
    expect(r).toEqual({ memoryId: 'route:demo', steps: 2 });
    expect(saved[0]!.source).toBe('expert');
    const draft = MemoryDraft.parse(saved[0]!.draft);
    expect(draft).toMatchObject({
      kind: 'route',
      goal: 'Create an alarm titled Work',
      app: 'com.android.deskclock',
      steps: [
        { subGoal: 'Add an alarm', action: 'Click(3)', element: 'Button "Add alarm" (id Add alarm)' },
        { action: 'Type("Work")' },
      ],
    });
    expect(() => rec.undo(d.demoId)).toThrow(/No demonstration/);
  });

  it('does not record a failed action and needs at least one step to save', async () => {
    const rec = new DemoRecorder({
      device: {
        observe: async () => home,
        act: async () => ({
          ok: false,
          action: 'Click(3)',
          error: { name: 'MobaError', code: 'DEVICE_OFFLINE', message: 'gone' },
          durationMs: 1,
          settleMs: 0,
          settled: false,
          detail: 'gone',
          terminal: false,
        }),
      },
      memory: () => null,
    });
    const d = await rec.start('s');
    await expect(rec.input(d.demoId, { type: 'tap', x: 500, y: 500 })).rejects.toMatchObject({ code: 'ACTION_FAILED' });
    expect(() => rec.save(d.demoId, 'task')).toThrow(/Nothing was recorded/);
  });
});
