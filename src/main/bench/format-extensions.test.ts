/**
 * The task format's later fields, piece by piece: JSON Patch set-up operations, comparisons of
 * two state values, clock parameters, parameters after set-up, repeated steps, disturbances
 * (every kind, as the phone takes them) and their validation.
 */
import { DISTURBANCE_SPEC } from '@moba/sim/disturbances';
import { describe, expect, it } from 'vitest';
import { BenchTask } from '../../shared/bench/task-schema.ts';
import type { DISTURBANCE_KINDS, SolutionStep } from '../../shared/bench/task-steps.ts';
import type { Observation } from '../../shared/schemas/perception.ts';
import { walkSolution } from './agents/solution-walk.ts';
import { buildInstance, drawParams } from './instance.ts';
import { evaluatePredicate } from './predicates/evaluate.ts';
import type { PhoneState } from './predicates/evaluate.ts';
import { mergePatchBetween, mergePatchFor, phoneDisturbances } from './setup-data.ts';
import { checkTask } from './task-validate.ts';

const state = (bank: unknown, time = '2025-06-06T01:00:00.000Z'): PhoneState => ({
  device: { time, timezone: 'Asia/Shanghai' },
  packages: { 'com.moba.bank': bank, 'com.moba.notes': { notes: [{ id: 1, title: 'A' }], nextId: 2 } },
});

describe('JSON Patch set-up operations', () => {
  const data = { notes: [{ id: 1, title: 'A' }], nextId: 2, theme: 'light' };

  it('append, remove and replace, written as the merge patch that makes the result', () => {
    const patch = mergePatchFor(
      data,
      [
        { op: 'add', path: '/notes/-', value: { id: 5, title: 'B' } },
        { op: 'replace', path: '/nextId', value: 6 },
        { op: 'remove', path: '/theme' },
      ],
      'setup patch notes',
    );
    expect(patch).toEqual({
      notes: [
        { id: 1, title: 'A' },
        { id: 5, title: 'B' },
      ],
      nextId: 6,
      theme: null,
    });
    expect(data.notes).toHaveLength(1);
  });

  it('names the operation that cannot apply', () => {
    expect(() => mergePatchFor(data, [{ op: 'remove', path: '/notes/7' }], 'setup patch notes')).toThrow(
      /setup patch notes: ops\[0\] \(remove \/notes\/7\) cannot apply/,
    );
    expect(() =>
      mergePatchFor(
        data,
        [
          { op: 'test', path: '/theme', value: 'light' },
          { op: 'test', path: '/theme', value: 'dark' },
        ],
        'x',
      ),
    ).toThrow(/ops\[1\] \(test \/theme\)/);
  });

  it('a merge patch between two values deletes what went and keeps what stayed out of it', () => {
    expect(mergePatchBetween({ a: 1, b: { c: 1, d: 2 } }, { a: 1, b: { c: 1 }, e: [1] })).toEqual({
      b: { d: null },
      e: [1],
    });
  });
});

describe('comparisons of two state values', () => {
  const start = state({ accounts: [{ balance: 500 }, { balance: 20 }] });
  const now = state({ accounts: [{ balance: 380 }, { balance: 140 }] });
  const ctx = { now, start, screen: null, answer: null };
  const ref = (i: number, at?: 'start') => ({ app: 'bank', path: `accounts[${i}].balance`, ...(at ? { at } : {}) });

  it('compares now with the start, with an offset, and two values now', () => {
    expect(evaluatePredicate({ compare: { left: ref(0), op: 'eq', right: ref(0, 'start'), by: -120 } }, ctx)).toBe(
      true,
    );
    expect(evaluatePredicate({ compare: { left: ref(0), op: 'eq', right: ref(0, 'start'), by: -100 } }, ctx)).toBe(
      false,
    );
    expect(evaluatePredicate({ compare: { left: ref(0), op: 'gt', right: ref(1) } }, ctx)).toBe(true);
    expect(evaluatePredicate({ compare: { left: ref(1), op: 'gte', right: ref(0) } }, ctx)).toBe(false);
    expect(evaluatePredicate({ compare: { left: ref(1), op: 'ne', right: ref(1, 'start') } }, ctx)).toBe(true);
  });

  it('is false for a missing value or values of different types', () => {
    expect(evaluatePredicate({ compare: { left: ref(5), op: 'ne', right: ref(0) } }, ctx)).toBe(false);
    const mixed = { app: 'notes', path: 'notes[0].title' };
    expect(evaluatePredicate({ compare: { left: mixed, op: 'lt', right: ref(0) } }, ctx)).toBe(false);
  });
});

describe('clock parameters and parameters after set-up', () => {
  // 2025-06-06 09:00 in Shanghai is a Friday.
  const initial = state({ accounts: [] });

  it('name days from the device today', () => {
    const p = drawParams(
      {
        today: { clock: 'today' },
        tomorrow: { clock: 'tomorrow' },
        fri: { clock: 'next friday' },
        phrase: { oneOf: ['friday next week'] },
        picked: { clock: '{phrase}' },
      },
      1,
      initial,
    );
    expect(p).toMatchObject({
      today: '2025-06-06',
      tomorrow: '2025-06-07',
      fri: '2025-06-13',
      picked: '2025-06-13',
    });
  });

  it('are drawn from the state after the set-up, on top of the others', () => {
    const task = BenchTask.parse({
      id: 'demo.late',
      version: 1,
      category: 'easy',
      apps: ['notes'],
      goal: { en: 'Open {title} ({n})', zh: '打开{title}（{n}）' },
      params: { n: { int: [1, 3] } },
      paramsAfterSetup: { title: { pick: { app: 'notes', path: 'notes', where: { id: 9 }, field: 'title' } } },
      milestones: [{ id: 'x', check: { answer: '{title}' } }],
      solution: [{ action: 'Finish', message: '{title}' }],
    });
    const before = buildInstance(task, { seed: 3, locale: 'en', initial });
    expect(before.goal).toContain('{title}');
    const after = structuredClone(initial);
    (after.packages['com.moba.notes'] as { notes: unknown[] }).notes.push({ id: 9, title: 'Packing' });
    const i = buildInstance(task, { seed: 3, locale: 'en', initial, afterSetup: after });
    expect(i.goal).toBe(`Open Packing (${before.params.n})`);
    expect(i.solution).toEqual([{ action: 'Finish', message: 'Packing' }]);
  });
});

describe('repeated steps', () => {
  const screen = (texts: string[]): { observation: Observation } => ({
    observation: {
      elements: texts.map((text, index) => ({
        index,
        text,
        contentDesc: '',
        resourceId: '',
        className: 'android.widget.Button',
        clickable: true,
        bounds: [0, index * 100, 100, index * 100 + 90],
        center: [50, index * 100 + 45],
      })),
    } as unknown as Observation,
  });

  async function walk(step: SolutionStep, screens: string[][]) {
    let i = 0;
    const clicks: number[] = [];
    const end = await walkSolution([step], {
      observe: async () => screen(screens[Math.min(i, screens.length - 1)]!),
      perform: async () => {
        clicks.push(i++);
        return { ok: true, error: null };
      },
    });
    return { end, clicks: clicks.length };
  }

  it('a number of times, or until an element shows (not at all when it already does)', async () => {
    const plus = { action: 'Click', target: { text: '+' } } as const;
    expect((await walk({ ...plus, repeat: { times: 3 } }, [['+']])).clicks).toBe(3);
    const until = { ...plus, repeat: { until: { text: '15' } } };
    expect(
      await walk(until, [
        ['+', '12'],
        ['+', '13'],
        ['+', '14'],
        ['+', '15'],
      ]),
    ).toMatchObject({
      clicks: 3,
      end: { ok: true },
    });
    expect((await walk(until, [['+', '15']])).clicks).toBe(0);
  });

  it('fails the walk when the element never shows within max', async () => {
    const r = await walk({ action: 'Click', target: { text: '+' }, repeat: { until: { text: '15' }, max: 2 } }, [
      ['+'],
    ]);
    expect(r.clicks).toBe(2);
    expect(r.end).toMatchObject({ ok: false, failure: { reason: 'text="15" did not show after 2 repetitions' } });
  });
});

describe('disturbances', () => {
  const one: Record<(typeof DISTURBANCE_KINDS)[number], object> = {
    notification: { kind: 'notification', app: 'messages', after: 2, message: { from: '10086', text: 'Bill: {n}' } },
    permission: { kind: 'permission', app: 'maps', permission: 'location' },
    rating: { kind: 'rating', app: 'shop', after: [1, 3] },
    login: { kind: 'login', app: 'mail', password: 'x1' },
    consent: { kind: 'consent', app: 'browser' },
    'slow-load': { kind: 'slow-load', seconds: 2 },
    interstitial: { kind: 'interstitial', closeAfter: 1 },
  };

  it('every kind goes to the phone in its own spec, the app by package', () => {
    const list = phoneDisturbances(Object.values(one) as never);
    for (const spec of list) expect(DISTURBANCE_SPEC.safeParse(spec).success, JSON.stringify(spec)).toBe(true);
    expect(list.map((d) => d.app ?? null)).toEqual([
      'com.android.messaging',
      'com.moba.maps',
      'com.moba.shop',
      'com.moba.mail',
      'com.moba.browser',
      null,
      null,
    ]);
  });

  const task = (extra: Record<string, unknown>) => ({
    id: 'demo.disturbed',
    version: 1,
    category: 'easy',
    apps: ['shop'],
    goal: { en: 'Open Shop {n}', zh: '打开商店{n}' },
    params: { n: { int: [1, 2] } },
    milestones: [{ id: 'open', check: { screen: { app: 'shop' } } }],
    solution: [{ action: 'Open_App', app: 'Shop' }],
    ...extra,
  });
  const problems = (t: object) => checkTask(t).problems.map((p) => `${p.path}: ${p.message}`);

  it('are checked against the simulator’s spec, naming the field', () => {
    expect(checkTask(task({ disturbances: Object.values(one) })).ok).toBe(true);
    expect(problems(task({ disturbances: [{ kind: 'permission', app: 'maps', permission: 'bluetooth' }] }))).toEqual([
      expect.stringMatching(/^disturbances\[0\]\.permission: /),
    ]);
    expect(problems(task({ disturbances: [{ kind: 'rating' }] }))).toEqual([
      expect.stringMatching(/^disturbances\[0\]\.app: /),
    ]);
    expect(problems(task({ disturbances: [{ kind: 'rating', app: 'shop', title: '{nope}' }] }))).toContain(
      'disturbances[0]: {nope} is not a parameter (parameters: n)',
    );
  });
});

describe('validation of the later fields', () => {
  const base = {
    id: 'demo.v',
    version: 1,
    category: 'easy',
    apps: ['notes'],
    goal: { en: 'Do it', zh: '做' },
    milestones: [{ id: 'x', check: { answer: 'y' } }],
    solution: [{ action: 'Finish', message: 'y' }],
  };
  const problems = (t: object) => checkTask({ ...base, ...t }).problems.map((p) => `${p.path}: ${p.message}`);

  it('a set-up that uses a parameter drawn after it, an unknown day, a question with no user to answer', () => {
    expect(
      problems({
        paramsAfterSetup: { late: { oneOf: [1] } },
        setup: [{ patch: 'notes', merge: { nextId: '{late}' } }],
      }),
    ).toEqual(['setup[0]: {late} is drawn after the set-up (paramsAfterSetup): the set-up cannot use it']);
    expect(problems({ params: { d: { clock: 'next fortnight' } } })).toEqual([
      expect.stringMatching(/^params\.d\.clock: Unknown day "next fortnight"/),
    ]);
    expect(problems({ solution: [{ action: 'Ask_User', question: 'Which?' }, ...base.solution] })).toEqual([
      'solution[0]: asks the user, but the task has no `user` facts to answer from',
    ]);
    expect(problems({ user: { facts: [{ id: 'a', about: ['which'], answer: '{who}' }] } })).toEqual([
      'user.facts[0].answer: {who} is not a parameter (the task has no params)',
    ]);
  });
});
