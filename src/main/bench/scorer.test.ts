import { describe, expect, it } from 'vitest';
import type { InstanceMilestone } from './instance.ts';
import type { PhoneState } from './predicates/evaluate.ts';
import { EpisodeScorer } from './scorer.ts';

const phone = (alarms: unknown[], wifi = true): PhoneState => ({
  device: { wifi },
  packages: { 'com.android.deskclock': { alarms } },
});
const alarm = (id: number, hour: number, label = '') => ({ id, hour, label });

const milestones: InstanceMilestone[] = [
  { id: 'made', when: 'final', check: { app: 'clock', path: 'alarms', new: true, some: { hour: 7 } } },
  {
    id: 'labelled',
    when: 'final',
    check: { app: 'clock', path: 'alarms', new: true, some: { hour: 7, label: 'Run' } },
  },
  { id: 'seen', when: 'reached', check: { screen: { app: 'clock', text: 'Run' } } },
  { id: 'said', when: 'reached', check: { answer: { $time: '07:00' } } },
];
const invariants = [{ id: 'wifi-kept', check: { app: 'device' as const, path: 'wifi', is: true } }];
const start = phone([alarm(1, 9)]);
const screen = (texts: string[]) => ({
  packageName: 'com.android.deskclock',
  activity: '.DeskClock',
  elements: texts.map((text) => ({ text, contentDesc: '', resourceId: '' })),
});

describe('scoring an episode step by step', () => {
  it('records the step of each milestone; final ones must hold at the end', () => {
    const s = new EpisodeScorer(milestones, invariants, start);
    s.onState(1, phone([alarm(1, 9), alarm(2, 7)]));
    s.onScreen(1, screen(['7:00 AM']));
    s.onState(2, phone([alarm(1, 9), alarm(2, 7, 'Run')]));
    s.onScreen(2, screen(['7:00 AM', 'Run']));
    s.onState(3, phone([alarm(1, 9), alarm(2, 7, 'Run')]));
    s.onAnswer(4, 'Your alarm rings at 7:00 AM.');
    const r = s.finish(4, phone([alarm(1, 9), alarm(2, 7, 'Run')]));
    expect(r.milestones.map((m) => [m.id, m.reached, m.step])).toEqual([
      ['made', true, 1],
      ['labelled', true, 2],
      ['seen', true, 2],
      ['said', true, 4],
    ]);
    expect(r).toMatchObject({
      reached: 4,
      total: 4,
      complete: true,
      stepsToLast: 4,
      satisfiedAtStart: [],
      invariants: [{ id: 'wifi-kept', held: true }],
    });
    expect(r.trace.find((t) => t.step === 2)?.holding).toEqual(['made', 'labelled', 'seen']);
  });

  it('a final milestone undone later is lost; one that came back counts from its return; invariants gate completion', () => {
    const s = new EpisodeScorer(milestones.slice(0, 2), invariants, start);
    s.onState(1, phone([alarm(1, 9), alarm(2, 7, 'Run')]));
    s.onState(2, phone([alarm(1, 9)]));
    s.onState(3, phone([alarm(1, 9), alarm(3, 7)]));
    const r = s.finish(3, phone([alarm(1, 9), alarm(3, 7)], false));
    expect(r.milestones.map((m) => [m.id, m.reached, m.step, m.lastHeld])).toEqual([
      ['made', true, 3, 3],
      ['labelled', false, null, 1],
    ]);
    expect(r).toMatchObject({
      reached: 1,
      complete: false,
      stepsToLast: 3,
      invariants: [{ id: 'wifi-kept', held: false }],
    });
  });

  it('reports milestones that already hold at the start (a broken task)', () => {
    const s = new EpisodeScorer(
      [{ id: 'any-alarm', when: 'final', check: { app: 'clock', path: 'alarms', count: { $gte: 1 } } }],
      [],
      start,
    );
    const r = s.finish(0, start);
    expect(r).toMatchObject({ satisfiedAtStart: ['any-alarm'], reached: 1, stepsToLast: 0 });
  });
});
