import { describe, expect, it } from 'vitest';
import { addMonths, eventsOn, initialCalendarData, occursOn } from './model.ts';
import type { CalendarEvent } from './model.ts';

const base: CalendarEvent = {
  id: 1,
  title: 't',
  date: '2025-06-02',
  start: '10:00',
  endDate: '2025-06-02',
  end: '11:00',
  allDay: false,
  repeat: 'none',
  location: '',
  description: '',
  reminderMinutes: null,
};

describe('calendar model', () => {
  it('expands repeats', () => {
    expect(occursOn(base, '2025-06-02')).toBe(true);
    expect(occursOn(base, '2025-06-09')).toBe(false);
    expect(occursOn({ ...base, repeat: 'weekly' }, '2025-06-09')).toBe(true);
    expect(occursOn({ ...base, repeat: 'weekly' }, '2025-06-10')).toBe(false);
    expect(occursOn({ ...base, repeat: 'weekly' }, '2025-05-26')).toBe(false);
    expect(occursOn({ ...base, repeat: 'monthly' }, '2025-07-02')).toBe(true);
    expect(occursOn({ ...base, repeat: 'yearly' }, '2026-06-02')).toBe(true);
    expect(occursOn({ ...base, repeat: 'daily' }, '2025-06-03')).toBe(true);
  });

  it('covers every day of a multi-day event', () => {
    const trip = { ...base, allDay: true, start: null, end: null, endDate: '2025-06-04' };
    expect(
      ['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05'].map((d) => occursOn(trip, d)),
    ).toEqual([false, true, true, true, false]);
  });

  it('lists a day with all-day events first, then by start time', () => {
    const data = initialCalendarData();
    expect(eventsOn(data, '2025-06-16').map((e) => e.title)).toEqual(['Trip to Beijing', 'Team standup']);
    expect(addMonths('2025-12-01', 1)).toBe('2026-01-01');
  });
});
