import { describe, expect, it } from 'vitest';
import {
  SEEDED_FIRST_DAY,
  addDays,
  localDay,
  localToEpoch,
  namedDays,
  relativeDay,
  seededLocalStart,
  weekdayOf,
} from './time.ts';

describe('the phone calendar', () => {
  it('draws a start time from the seed: the same for the same seed, spread over a year, 07:00–20:00', () => {
    expect(seededLocalStart(7)).toBe(seededLocalStart(7));
    const starts = Array.from({ length: 400 }, (_, seed) => seededLocalStart(seed));
    const days = new Set(starts.map((s) => s.slice(0, 10)));
    expect(days.size).toBeGreaterThan(200);
    for (const s of starts) {
      expect(s).toMatch(/^\d{4}-\d{2}-\d{2}T(0[7-9]|1\d|20):[0-5]0$/);
      expect(s.slice(0, 10) >= SEEDED_FIRST_DAY && s.slice(0, 10) <= addDays(SEEDED_FIRST_DAY, 363)).toBe(true);
    }
    expect(new Set(starts.map((s) => weekdayOf(s.slice(0, 10)))).size).toBe(7);
    expect(new Set(starts.map((s) => s.slice(5, 7))).size).toBe(12);
  });

  it('converts local times and reads them back in a zone', () => {
    const ms = localToEpoch('2025-06-02T09:00', 'Asia/Shanghai');
    expect(ms).toBe(Date.UTC(2025, 5, 2, 1, 0));
    expect(localDay(ms, 'Asia/Shanghai')).toEqual({
      date: '2025-06-02',
      time: '09:00',
      weekday: 'MON',
      local: '2025-06-02T09:00:00',
    });
    expect(localDay(localToEpoch('2025-03-30T03:30', 'Europe/London'), 'Europe/London').time).toBe('03:30');
    expect(() => localToEpoch('June 2', 'Asia/Shanghai')).toThrow(/Not a local time/);
  });

  it('names days relative to today, Monday-to-Sunday weeks, in English and Chinese', () => {
    const mon = '2025-06-02';
    const fri = '2025-06-06';
    expect(relativeDay(mon, 'Tomorrow')).toBe('2025-06-03');
    expect(relativeDay(mon, '后天')).toBe('2025-06-04');
    expect(relativeDay(mon, '+10d')).toBe('2025-06-12');
    expect(relativeDay(mon, 'in 1 day')).toBe('2025-06-03');
    expect(relativeDay(mon, 'next friday')).toBe('2025-06-06');
    expect(relativeDay(fri, 'next friday')).toBe('2025-06-13');
    expect(relativeDay(fri, 'this monday')).toBe('2025-06-02');
    expect(relativeDay(mon, 'friday next week')).toBe('2025-06-13');
    expect(relativeDay(mon, '下周五')).toBe('2025-06-13');
    expect(relativeDay(mon, '本周五')).toBe('2025-06-06');
    expect(relativeDay('2025-06-08', 'next week')).toBe('2025-06-09');
    expect(relativeDay('2025-06-08', 'this weekend')).toBe('2025-06-07');
    expect(relativeDay('2025-12-31', 'tomorrow')).toBe('2026-01-01');
    expect(() => relativeDay(mon, 'someday')).toThrow(/Unknown day "someday"/);
    const named = namedDays(fri);
    expect(named).toMatchObject({ today: fri, tomorrow: '2025-06-07', weekday: 'FRI', nextFri: '2025-06-13' });
    expect(named.thisMon).toBe('2025-06-02');
    expect(named.sunNextWeek).toBe('2025-06-15');
  });
});
