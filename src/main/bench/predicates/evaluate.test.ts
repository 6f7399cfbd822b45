import { describe, expect, it } from 'vitest';
import type { Predicate } from '../../../shared/bench/task-predicates.ts';
import { evaluatePredicate } from './evaluate.ts';
import type { EvalContext, PhoneState } from './evaluate.ts';

const alarm = (id: number, hour: number, minute: number, extra: Record<string, unknown> = {}) => ({
  id,
  hour,
  minute,
  label: '',
  enabled: true,
  repeat: [],
  vibrate: false,
  ringtone: 'Default',
  ...extra,
});

function phone(clock: unknown, extra: Record<string, unknown> = {}): PhoneState {
  return {
    device: { foreground: { packageName: 'com.android.launcher3', activity: '.Launcher' }, wifi: true },
    packages: { 'com.android.deskclock': clock, ...extra },
  };
}

const start = phone(
  { alarms: [alarm(1, 7, 0), alarm(2, 8, 30, { label: 'Gym' })], worldClocks: [] },
  {
    'com.android.messaging': {
      conversations: [
        {
          id: 1,
          name: 'Alice Wang',
          address: '158 1667 1855',
          messages: [{ from: 'me', text: 'Hi', type: 'sent', at: 1 }],
        },
      ],
    },
  },
);

function ctx(now: PhoneState, more: Partial<EvalContext> = {}): EvalContext {
  return { now, start, screen: null, answer: null, ...more };
}
const check = (p: Predicate, c: EvalContext) => evaluatePredicate(p, c);

describe('state checks', () => {
  const made = phone({
    alarms: [
      alarm(1, 7, 0),
      alarm(2, 8, 30, { label: 'Gym' }),
      alarm(3, 18, 30, { label: 'work ', repeat: ['THU', 'MON', 'TUE', 'WED'], vibrate: true }),
    ],
    worldClocks: [],
  });

  it('some / new: only alarms made during the episode count', () => {
    const p: Predicate = {
      app: 'clock',
      path: 'alarms',
      new: true,
      some: { hour: 18, minute: 30, label: { $ieq: 'Work' }, repeat: { $setEq: ['MON', 'TUE', 'WED', 'THU'] } },
    };
    expect(check(p, ctx(made))).toBe(true);
    expect(check(p, ctx(start))).toBe(false);
    // An alarm that was already there does not count as new.
    expect(check({ app: 'clock', path: 'alarms', new: true, some: { hour: 7 } }, ctx(made))).toBe(false);
    expect(check({ app: 'clock', path: 'alarms', some: { $new: true, hour: 18 } }, ctx(made))).toBe(true);
  });

  it('every / none / count / where', () => {
    expect(check({ app: 'clock', path: 'alarms', every: { enabled: true } }, ctx(made))).toBe(true);
    expect(check({ app: 'clock', path: 'alarms', none: { hour: { $gt: 20 } } }, ctx(made))).toBe(true);
    expect(check({ app: 'clock', path: 'alarms', count: 3 }, ctx(made))).toBe(true);
    expect(check({ app: 'clock', path: 'alarms', where: { hour: { $lt: 12 } }, count: { $gte: 2 } }, ctx(made))).toBe(
      true,
    );
    expect(check({ app: 'clock', path: 'alarms', where: { label: 'Gym' }, every: { minute: 30 } }, ctx(made))).toBe(
      true,
    );
    expect(check({ app: 'clock', path: 'worldClocks', count: 0 }, ctx(made))).toBe(true);
    // A test that needs a list fails on anything else.
    expect(check({ app: 'clock', path: 'alarms[0]', some: {} }, ctx(made))).toBe(false);
  });

  it('unchanged: the whole value, or the elements a filter kept at the start', () => {
    const edited = phone({
      alarms: [alarm(1, 7, 0, { enabled: false }), alarm(2, 8, 30, { label: 'Gym' })],
      worldClocks: [],
    });
    expect(check({ app: 'clock', path: 'alarms', unchanged: true }, ctx(start))).toBe(true);
    expect(check({ app: 'clock', path: 'alarms', unchanged: true }, ctx(edited))).toBe(false);
    expect(check({ app: 'clock', path: 'alarms', where: { id: 2 }, unchanged: true }, ctx(edited))).toBe(true);
    expect(check({ app: 'clock', path: 'alarms', where: { id: 1 }, unchanged: true }, ctx(edited))).toBe(false);
    const deleted = phone({ alarms: [alarm(1, 7, 0)], worldClocks: [] });
    expect(check({ app: 'clock', path: 'alarms', where: { id: 2 }, unchanged: true }, ctx(deleted))).toBe(false);
    expect(check({ app: 'clock', path: 'alarms[0]', is: { enabled: false, $unchanged: false } }, ctx(edited))).toBe(
      true,
    );
  });

  it('paths with negative indexes, dotted fields, is and exists', () => {
    expect(check({ app: 'clock', path: 'alarms[-1].label', is: 'Gym' }, ctx(start))).toBe(true);
    expect(check({ app: 'clock', path: 'alarms[5]', exists: false }, ctx(start))).toBe(true);
    expect(check({ app: 'device', path: 'foreground.packageName', is: 'com.android.launcher3' }, ctx(start))).toBe(
      true,
    );
    expect(
      check({ app: 'clock', path: 'alarms', some: { 'repeat[0]': { $exists: false }, hour: 7 } }, ctx(start)),
    ).toBe(true);
  });

  it('a new message inside a conversation that already existed (multiset by value)', () => {
    const sent = structuredClone(start);
    const conv = (sent.packages['com.android.messaging'] as { conversations: Array<{ messages: unknown[] }> })
      .conversations[0]!;
    conv.messages.push({ from: 'me', text: "I'll bring the BOOK.", type: 'sent', at: 2 });
    const p: Predicate = {
      app: 'messages',
      path: 'conversations',
      some: {
        address: { $digits: '15816671855' },
        messages: { $some: { $new: true, type: 'sent', text: { $icontains: 'bring the book' } } },
      },
    };
    expect(check(p, ctx(sent))).toBe(true);
    expect(check(p, ctx(start))).toBe(false);
    // The old "Hi" is not new even though the list grew.
    expect(check({ app: 'messages', path: 'conversations[0].messages', new: true, count: 1 }, ctx(sent))).toBe(true);
    expect(
      check({ app: 'messages', path: 'conversations[0].messages', where: { type: 'sent' }, count: 2 }, ctx(sent)),
    ).toBe(true);
  });

  it('logic: all / any / not and $or / $not / $and', () => {
    const a: Predicate = { app: 'clock', path: 'alarms', count: 2 };
    const b: Predicate = { app: 'clock', path: 'worldClocks', count: 1 };
    expect(check({ all: [a, b] }, ctx(start))).toBe(false);
    expect(check({ any: [a, b] }, ctx(start))).toBe(true);
    expect(check({ not: b }, ctx(start))).toBe(true);
    expect(
      check(
        {
          app: 'clock',
          path: 'alarms[1]',
          is: {
            label: { $or: ['Run', { $ieq: 'gym' }] },
            hour: { $not: 7 },
            $and: [{ minute: { $gte: 30 } }, { minute: { $lte: 30 } }],
          },
        },
        ctx(start),
      ),
    ).toBe(true);
  });
});

describe('value operators', () => {
  const v = (value: unknown, cond: unknown) =>
    check({ app: 'device', path: 'x', is: cond as never }, ctx({ device: { x: value }, packages: {} }));
  it.each([
    ['Work', { $ieq: ' work.' }, true],
    ['Work out', { $icontains: ['work', 'OUT'] }, true],
    ['G104', { $regex: '^G\\d+$' }, true],
    ['g104', { $regex: { pattern: '^G', flags: 'i' } }, true],
    ['See you at 7', { $fuzzy: 'see you at seven' }, false],
    ['See you at 7pm', { $fuzzy: { text: 'see you at 7 pm', min: 0.85 } }, true],
    ['158 1667 1855', { $digits: 15816671855 }, true],
    ['It arrives at 8:01 AM', { $time: '08:01' }, true],
    ['It arrives at 8:01 PM', { $time: '08:01' }, false],
    ['Tomorrow, June 3', { $date: '2025-06-03' }, true],
    ['high 28°, low 21°', { $number: 28 }, true],
    ['about 27.6 degrees', { $number: { eq: 28, tol: 0.5 } }, true],
    [5, { $gt: 4, $lte: '5' }, false],
    ['2025-06-04', { $gt: '2025-06-03' }, true],
    ['5', { $gte: 5 }, true],
    [3, { $in: [1, 2, 3] }, true],
    [3, { $nin: [1, 2, 3] }, false],
    [null, { $exists: false }, true],
    ['abc', { $len: 3 }, true],
    [['a', 'b', 'a'], { $includes: ['a', 'b'] }, true],
    [['a', 'b', 'a'], { $setEq: ['a', 'b'] }, false],
    [{ a: 1, b: [1] }, { $eq: { b: [1], a: 1 } }, true],
    [{ a: 1 }, { $ne: { a: 1 } }, false],
    [[{ n: 1 }, { n: 5 }], { $where: { n: { $gt: 2 } }, $count: 1, $every: { n: 5 } }, true],
    [[], { $every: { n: 5 }, $none: {} }, true],
    ['x', { $some: {} }, false],
  ])('%j %j → %s', (value, cond, expected) => {
    expect(v(value, cond)).toBe(expected);
  });
});

describe('screen and answer checks', () => {
  const screen = {
    packageName: 'com.moba.railway',
    activity: '.TrainDetailActivity',
    elements: [{ text: 'G104\n06:50 → 12:03', contentDesc: '', resourceId: 'com.moba.railway:id/train_no' }],
  };
  it('match the package, activity (as a suffix), an element text line and an id', () => {
    expect(
      check(
        { screen: { app: 'railway', activity: 'TrainDetailActivity', text: 'G104', id: 'train_no' } },
        ctx(start, { screen }),
      ),
    ).toBe(true);
    expect(check({ screen: { app: 'railway', text: { $time: '12:03' } } }, ctx(start, { screen }))).toBe(true);
    expect(check({ screen: { app: 'clock' } }, ctx(start, { screen }))).toBe(false);
    expect(check({ screen: { text: 'G105' } }, ctx(start, { screen }))).toBe(false);
    expect(check({ screen: { app: 'railway' } }, ctx(start))).toBe(false);
  });

  it('an answer check needs an answer', () => {
    expect(check({ answer: { $time: '08:01' } }, ctx(start, { answer: 'It reaches Nanjing South at 8:01 AM.' }))).toBe(
      true,
    );
    expect(check({ answer: { $icontains: 'nanjing' } }, ctx(start))).toBe(false);
  });
});
