/** Calendar's state: events (plain JSON) and the view the user is on. */
import { isoDate, parseIsoDate } from '../../phone/page/i18n.ts';
import type { AppContext, SeedContext } from '../../phone/page/types.ts';

export type Repeat = 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly';
export const REPEATS: readonly Repeat[] = ['none', 'daily', 'weekly', 'monthly', 'yearly'];
export const REMINDERS: ReadonlyArray<number | null> = [null, 0, 10, 30, 60, 1440];

export interface CalendarEvent {
  id: number;
  title: string;
  /** Start date, YYYY-MM-DD (local). */
  date: string;
  /** HH:MM, null for all-day events. */
  start: string | null;
  endDate: string;
  end: string | null;
  allDay: boolean;
  repeat: Repeat;
  location: string;
  description: string;
  /** Minutes before the start; null = no reminder. */
  reminderMinutes: number | null;
}

export interface CalendarData {
  events: CalendarEvent[];
  nextId: number;
}

export type EventDraft = Omit<CalendarEvent, 'id'> & { id: number | null };

export interface CalendarUi {
  view: 'month' | 'day' | 'schedule';
  /** The selected day (YYYY-MM-DD). */
  selected: string;
  /** First day of the month shown in month view (YYYY-MM-01). */
  month: string;
  draft: EventDraft | null;
}

export type CalCtx = AppContext<CalendarData, CalendarUi>;

/**
 * The seeded events, placed in days after the device's start day (day 0): a weekly standup on
 * day 0, lunch on day 1, the dentist on day 3, a review on day 4, a birthday on day 6, a trip on
 * days 14–16 — with the default start (Monday 2 June 2025) that is 2, 3, 5, 6, 8 and 16–18 June.
 */
export function initialCalendarData(seed: Pick<SeedContext, 'now'>): CalendarData {
  const day0 = isoDate(new Date(seed.now));
  const ev = (
    id: number,
    title: string,
    day: number,
    start: string | null,
    end: string | null,
    extra: Partial<CalendarEvent> = {},
  ): CalendarEvent => ({
    id,
    title,
    date: addDays(day0, day),
    start,
    endDate: addDays(day0, day),
    end,
    allDay: start === null,
    repeat: 'none',
    location: '',
    description: '',
    reminderMinutes: start === null ? null : 30,
    ...extra,
  });
  return {
    events: [
      ev(1, 'Team standup', 0, '10:00', '10:30', {
        repeat: 'weekly',
        location: 'Room 301',
        reminderMinutes: 10,
      }),
      ev(2, 'Lunch with Alice', 1, '12:30', '13:30', { location: 'Green Bowl Café' }),
      ev(3, 'Dentist appointment', 3, '15:00', '16:00', {
        location: 'Smile Dental Clinic',
        description: 'Bring insurance card',
      }),
      ev(4, 'Project review', 4, '14:00', '15:30', { location: 'Room 502' }),
      ev(5, "Mom's birthday", 6, null, null, { repeat: 'yearly' }),
      ev(6, 'Trip to Beijing', 14, null, null, { endDate: addDays(day0, 16), location: 'Beijing' }),
    ],
    nextId: 7,
  };
}

export function toMinutes(hhmm: string | null): number {
  if (!hhmm) return 0;
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

export function fromMinutes(total: number): string {
  const t = ((total % 1440) + 1440) % 1440;
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

function daysBetween(a: string, b: string): number {
  return Math.round((parseIsoDate(b).getTime() - parseIsoDate(a).getTime()) / 86400000);
}

/** Whether the event (or one of its repeats) covers the day `date`. */
export function occursOn(event: CalendarEvent, date: string): boolean {
  if (date < event.date) return false;
  const span = Math.max(0, daysBetween(event.date, event.endDate));
  const offset = daysBetween(event.date, date);
  const first = parseIsoDate(event.date);
  const day = parseIsoDate(date);
  for (let back = 0; back <= span; back++) {
    const start = new Date(day.getFullYear(), day.getMonth(), day.getDate() - back);
    const startIso = isoDate(start);
    if (startIso < event.date) break;
    switch (event.repeat) {
      case 'none':
        if (offset <= span) return true;
        break;
      case 'daily':
        return true;
      case 'weekly':
        if (start.getDay() === first.getDay()) return true;
        break;
      case 'monthly':
        if (start.getDate() === first.getDate()) return true;
        break;
      case 'yearly':
        if (start.getDate() === first.getDate() && start.getMonth() === first.getMonth()) return true;
        break;
    }
  }
  return false;
}

export function eventsOn(data: CalendarData, date: string): CalendarEvent[] {
  return data.events
    .filter((e) => occursOn(e, date))
    .sort((a, b) => Number(b.allDay) - Number(a.allDay) || toMinutes(a.start) - toMinutes(b.start) || a.id - b.id);
}

export interface DayBlock {
  event: CalendarEvent;
  /** Minutes from the day's midnight. */
  start: number;
  end: number;
  /** The column the block is drawn in, and how many columns its group of overlapping events has. */
  column: number;
  columns: number;
}

/**
 * Lays out a day's timed events for the day view: events that overlap in time (directly or
 * through a chain) form a group drawn side by side, each in the first column free at its
 * start, so every event keeps a visible, tappable part. An event continuing past midnight runs
 * to the end of the day; a short one is drawn at least 15 minutes tall.
 */
export function layoutDay(events: readonly CalendarEvent[], date: string): DayBlock[] {
  const blocks = events
    .filter((e) => !e.allDay)
    .map((event) => {
      // A one-off event over several days fills the days between its first and its last.
      const spans = event.repeat === 'none' && event.endDate > event.date;
      const start = spans && date > event.date ? 0 : toMinutes(event.start);
      const end = spans && date < event.endDate ? 24 * 60 : Math.max(start + 15, toMinutes(event.end));
      return { event, start, end, column: 0, columns: 1 };
    })
    .sort((a, b) => a.start - b.start || b.end - a.end || a.event.id - b.event.id);
  let group: typeof blocks = [];
  let groupEnd = -1;
  const closeGroup = (): void => {
    const columns = Math.max(1, ...group.map((b) => b.column + 1));
    for (const b of group) b.columns = columns;
    group = [];
  };
  for (const block of blocks) {
    if (block.start >= groupEnd) closeGroup();
    const ends: number[] = [];
    for (const b of group) ends[b.column] = Math.max(ends[b.column] ?? 0, b.end);
    let column = 0;
    while ((ends[column] ?? 0) > block.start) column++;
    block.column = column;
    group.push(block);
    groupEnd = Math.max(groupEnd, block.end);
  }
  closeGroup();
  return blocks;
}

export function addDays(date: string, n: number): string {
  const d = parseIsoDate(date);
  return isoDate(new Date(d.getFullYear(), d.getMonth(), d.getDate() + n));
}

export function monthStart(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

export function addMonths(month: string, n: number): string {
  const d = parseIsoDate(month);
  return isoDate(new Date(d.getFullYear(), d.getMonth() + n, 1));
}

/** A new-event draft on `date`: the next full hour today, 9 am on other days, one hour long. */
export function newDraft(ctx: CalCtx, date: string): EventDraft {
  const now = new Date(ctx.now());
  const today = isoDate(now);
  const start = date === today ? Math.min(23 * 60, (now.getHours() + 1) * 60) : 9 * 60;
  return {
    id: null,
    title: '',
    date,
    start: fromMinutes(start),
    endDate: date,
    end: fromMinutes(Math.min(start + 60, 23 * 60 + 59)),
    allDay: false,
    repeat: 'none',
    location: '',
    description: '',
    reminderMinutes: 30,
  };
}
