import { describe, expect, it } from 'vitest';
import { addMonths, eventsOn, initialCalendarData, layoutDay, occursOn } from './model.ts';
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
    const data = initialCalendarData({ now: new Date(2025, 5, 2, 9, 0).getTime() });
    expect(eventsOn(data, '2025-06-16').map((e) => e.title)).toEqual(['Trip to Beijing', 'Team standup']);
    expect(addMonths('2025-12-01', 1)).toBe('2026-01-01');
  });

  it('places the seeded events in the days after the start day, whatever it is', () => {
    const dates = (start: Date) => initialCalendarData({ now: start.getTime() }).events.map((e) => [e.date, e.endDate]);
    expect(dates(new Date(2025, 5, 2, 9, 0))).toEqual([
      ['2025-06-02', '2025-06-02'],
      ['2025-06-03', '2025-06-03'],
      ['2025-06-05', '2025-06-05'],
      ['2025-06-06', '2025-06-06'],
      ['2025-06-08', '2025-06-08'],
      ['2025-06-16', '2025-06-18'],
    ]);
    expect(dates(new Date(2025, 11, 30, 19, 40))).toEqual([
      ['2025-12-30', '2025-12-30'],
      ['2025-12-31', '2025-12-31'],
      ['2026-01-02', '2026-01-02'],
      ['2026-01-03', '2026-01-03'],
      ['2026-01-05', '2026-01-05'],
      ['2026-01-13', '2026-01-15'],
    ]);
  });

  it('lays out overlapping events side by side, each in the first free column of its group', () => {
    const ev = (id: number, start: string, end: string, extra: Partial<CalendarEvent> = {}): CalendarEvent => ({
      ...base,
      id,
      start,
      end,
      ...extra,
    });
    const blocks = layoutDay(
      [
        ev(1, '09:00', '10:30'),
        ev(2, '09:30', '10:00'),
        ev(3, '10:00', '11:00'),
        ev(4, '10:30', '12:00'),
        ev(5, '13:00', '13:05'),
        ev(6, '00:00', '00:00', { allDay: true, start: null, end: null }),
        ev(7, '22:00', '08:00', { date: '2025-06-01', endDate: '2025-06-02' }),
      ],
      '2025-06-02',
    );
    const by = Object.fromEntries(blocks.map((b) => [b.event.id, [b.start, b.end, b.column, b.columns]]));
    expect(by).toEqual({
      7: [0, 480, 0, 1],
      1: [540, 630, 0, 2],
      2: [570, 600, 1, 2],
      3: [600, 660, 1, 2],
      4: [630, 720, 0, 2],
      5: [780, 795, 0, 1],
    });
  });
});
