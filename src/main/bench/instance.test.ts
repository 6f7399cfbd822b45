import { describe, expect, it } from 'vitest';
import { BenchTask } from '../../shared/bench/task-schema.ts';
import { buildInstance, deviceDate, drawParams, instanceSeed, stepBudget } from './instance.ts';
import type { PhoneState } from './predicates/evaluate.ts';

const initial: PhoneState = {
  device: { time: '2025-06-02T01:00:00.000Z', timezone: 'Asia/Shanghai' },
  packages: {
    'com.android.contacts': {
      contacts: [
        { id: 1, name: 'Alice Wang', starred: true },
        { id: 2, name: 'Bob Zhang', starred: false },
        { id: 3, name: 'Carol Li', starred: false },
      ],
    },
    'com.moba.weather': { forecast: { tomorrow: { condition: 'Rain', high: 24 } } },
  },
};

const task = BenchTask.parse({
  id: 'demo.params',
  version: 1,
  category: 'medium',
  apps: ['contacts', 'clock'],
  goal: { en: 'Star {who} and set an alarm at {shown} on {day}', zh: '收藏{who}，并在{day}{shown}设闹钟' },
  params: {
    who: { pick: { app: 'contacts', path: 'contacts', where: { starred: false }, field: 'name' } },
    hour: {
      if: { app: 'weather', path: 'forecast.tomorrow.condition', is: { $icontains: 'rain' } },
      then: 10,
      else: 8,
    },
    early: { sum: ['{hour}', -2] },
    hhmm: { time: { hour: '{early}', minute: 15 } },
    shown: { format: 'time', of: 'hhmm' },
    date: { date: { days: 1 } },
    day: { format: 'weekday', of: 'date' },
    greeting: { oneOf: [{ en: 'Hello', zh: '你好' }] },
    line: { text: '{greeting}, {who}' },
  },
  milestones: [
    { id: 'star', check: { app: 'contacts', path: 'contacts', some: { name: '{who}', starred: true } } },
    { id: 'said', check: { answer: { $icontains: '{greeting}' } } },
  ],
  solution: [
    { action: 'Open_App', app: 'Contacts' },
    { action: 'Click', target: { text: '{who}' } },
  ],
});

describe('task instances', () => {
  it('draws parameters from the seed and the initial state, in order', () => {
    const p = drawParams(task.params, 7, initial);
    expect(['Bob Zhang', 'Carol Li']).toContain(p.who);
    expect(p).toMatchObject({
      hour: 10,
      early: 8,
      hhmm: '08:15',
      shown: { en: '8:15 AM', zh: '上午8:15' },
      date: '2025-06-03',
      day: { en: 'Tuesday', zh: '星期二' },
    });
    expect(p.line).toEqual({ en: `Hello, ${p.who}`, zh: `你好, ${p.who}` });
    // The same seed draws the same values; over many seeds both candidates appear.
    expect(drawParams(task.params, 7, initial)).toEqual(p);
    const names = new Set(Array.from({ length: 20 }, (_, i) => drawParams(task.params, i, initial).who));
    expect(names).toEqual(new Set(['Bob Zhang', 'Carol Li']));
  });

  it('fills goals and checks in the episode language, keeping types', () => {
    const i = buildInstance(task, { seed: 7, locale: 'zh', initial });
    expect(i.goal).toBe(`收藏${String(i.params.who)}，并在星期二上午8:15设闹钟`);
    expect(i.goals.en).toBe(`Star ${String(i.params.who)} and set an alarm at 8:15 AM on Tuesday`);
    expect(i.milestones[0]).toMatchObject({ when: 'final', check: { some: { name: i.params.who } } });
    expect(i.milestones[1]).toMatchObject({ when: 'reached', check: { answer: { $icontains: '你好' } } });
    expect(i.solution[1]).toEqual({ action: 'Click', target: { text: i.params.who } });
    expect(i.budget).toEqual({ maxSteps: 5, timeoutS: 600 });
  });

  it("fills the task's knowledge hint in the episode language; none when the task has none", () => {
    expect(buildInstance(task, { seed: 7, locale: 'zh', initial }).knowledge).toBeNull();
    const hinted = BenchTask.parse({
      ...task,
      knowledge: { en: '{who} is under Contacts', zh: '{who}在联系人里' },
    });
    const i = buildInstance(hinted, { seed: 7, locale: 'zh', initial });
    expect(i.knowledge).toBe(`${String(i.params.who)}在联系人里`);
    const plain = BenchTask.parse({ ...task, knowledge: 'Alarms are in Clock' });
    expect(buildInstance(plain, { seed: 7, locale: 'en', initial }).knowledge).toBe('Alarms are in Clock');
    expect(BenchTask.safeParse({ ...task, knowledge: '' }).success).toBe(false);
  });

  it('fails clearly when the state has nothing to pick', () => {
    const none: PhoneState = {
      ...initial,
      packages: { ...initial.packages, 'com.android.contacts': { contacts: [{ id: 1, name: 'A', starred: true }] } },
    };
    expect(() => drawParams(task.params, 1, none)).toThrow(
      /params\.who: nothing in contacts contacts matches on this seed/,
    );
  });

  it('seeds, budgets and the device date', () => {
    expect(instanceSeed(30, 'a', 0)).toBe(instanceSeed(30, 'a', 0));
    expect(instanceSeed(30, 'a', 0)).not.toBe(instanceSeed(30, 'a', 1));
    expect(instanceSeed(30, 'a', 0)).toBeLessThan(2 ** 31);
    expect(stepBudget(task, 7)).toBe(14);
    expect(stepBudget({ ...task, budget: { maxSteps: 3 } })).toBe(3);
    expect(deviceDate({ device: { time: '2025-06-02T17:00:00.000Z', timezone: 'Asia/Shanghai' }, packages: {} })).toBe(
      '2025-06-03',
    );
  });
});
