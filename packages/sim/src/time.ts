/**
 * The phone's calendar, for tasks that speak of "today", "tomorrow" or "next Friday": the
 * start time a seed draws (`seededLocalStart`), local dates in the phone's time zone, and days
 * named relative to the device's today (`relativeDay`). Pure and light (`@moba/sim/time`):
 * a benchmark computes the dates a task needs from `sim-state`'s `device.date` with these, and
 * `adb shell sim-clock date <phrase>` answers the same on the phone.
 */
import { MobaError } from '@moba/base';

export const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The first day a seed can draw: Monday 6 January 2025. Seeds draw one of the 364 days from it. */
export const SEEDED_FIRST_DAY = '2025-01-06';
const SEEDED_DAYS = 364;
/** Seeded times of day: 07:00 to 20:00 in 10-minute steps. */
const SEEDED_FIRST_MINUTE = 7 * 60;
const SEEDED_STEPS = 79;

function hash32(seed: number, salt: number): number {
  let a = ((seed >>> 0) ^ salt) >>> 0;
  a = Math.imul(a ^ (a >>> 16), 0x45d9f3b) >>> 0;
  a = Math.imul(a ^ (a >>> 16), 0x45d9f3b) >>> 0;
  return (a ^ (a >>> 16)) >>> 0;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * The local start time seed N draws: day `SEEDED_FIRST_DAY + (h1 mod 364)`, time
 * `07:00 + 10 min × (h2 mod 79)`, where h1 and h2 are two 32-bit hashes of the seed — any day of
 * 52 weeks (every weekday, every month of the year), between 07:00 and 20:00. Same seed, same
 * start, on every machine.
 * @returns local wall time `YYYY-MM-DDTHH:MM`
 */
export function seededLocalStart(seed: number): string {
  const day = addDays(SEEDED_FIRST_DAY, hash32(seed, 0x7d1e) % SEEDED_DAYS);
  const minute = SEEDED_FIRST_MINUTE + 10 * (hash32(seed, 0x51a7) % SEEDED_STEPS);
  return `${day}T${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function partsIn(epochMs: number, timeZone: string): LocalParts {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(epochMs))
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/**
 * Epoch ms of a local wall time (`2025-06-02T09:00`, seconds optional) in an IANA time zone.
 * @throws MobaError INVALID_INPUT for text that is not such a time
 */
export function localToEpoch(local: string, timeZone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) throw new MobaError('INVALID_INPUT', `Not a local time (YYYY-MM-DDTHH:MM): ${local}`);
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  // The zone's offset at that moment, found by reading the guess back in the zone.
  const offsetAt = (epoch: number): number => {
    const p = partsIn(epoch, timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - epoch;
  };
  const first = asUtc - offsetAt(asUtc);
  return asUtc - offsetAt(first);
}

/** What the phone's calendar says at a moment: local date, time of day and weekday. */
export interface LocalDay {
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM` (24 h) */
  time: string;
  weekday: Weekday;
  /** `YYYY-MM-DDTHH:MM:SS` */
  local: string;
}

export function localDay(epochMs: number, timeZone: string): LocalDay {
  const p = partsIn(epochMs, timeZone);
  const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  const time = `${pad(p.hour)}:${pad(p.minute)}`;
  return { date, time, weekday: weekdayOf(date), local: `${date}T${time}:${pad(p.second)}` };
}

function dayNumber(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new MobaError('INVALID_INPUT', `Not a date (YYYY-MM-DD): ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000;
}

function fromDayNumber(n: number): string {
  const d = new Date(n * 86_400_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function addDays(date: string, n: number): string {
  return fromDayNumber(dayNumber(date) + n);
}

export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[(((dayNumber(date) + 4) % 7) + 7) % 7] as Weekday;
}

const WEEKDAY_WORDS: Record<string, Weekday> = {
  sunday: 'SUN',
  sun: 'SUN',
  日: 'SUN',
  天: 'SUN',
  monday: 'MON',
  mon: 'MON',
  一: 'MON',
  tuesday: 'TUE',
  tue: 'TUE',
  tues: 'TUE',
  二: 'TUE',
  wednesday: 'WED',
  wed: 'WED',
  三: 'WED',
  thursday: 'THU',
  thu: 'THU',
  thur: 'THU',
  thurs: 'THU',
  四: 'THU',
  friday: 'FRI',
  fri: 'FRI',
  五: 'FRI',
  saturday: 'SAT',
  sat: 'SAT',
  六: 'SAT',
};

/** Monday-based index: MON 0 … SUN 6 (weeks start on Monday, as on Chinese calendars). */
const mondayIndex = (w: Weekday): number => (WEEKDAYS.indexOf(w) + 6) % 7;

/** The day of `weekday` in the Monday-to-Sunday week `weeks` weeks after the one with `today`. */
function inWeek(today: string, weekday: Weekday, weeks: number): string {
  const monday = addDays(today, -mondayIndex(weekdayOf(today)));
  return addDays(monday, 7 * weeks + mondayIndex(weekday));
}

/** The first `weekday` strictly after `today`. */
function nextWeekday(today: string, weekday: Weekday): string {
  const ahead = (WEEKDAYS.indexOf(weekday) - WEEKDAYS.indexOf(weekdayOf(today)) + 7) % 7;
  return addDays(today, ahead === 0 ? 7 : ahead);
}

function weekdayFrom(word: string): Weekday | undefined {
  return WEEKDAY_WORDS[word.toLowerCase()];
}

/**
 * A day named relative to `today` (`YYYY-MM-DD`), in English or Chinese:
 * - `today` `tomorrow` `yesterday` `day after tomorrow` · 今天 明天 昨天 后天 大后天
 * - `+3d` `-2d` `in 3 days` · 3天后
 * - `next friday`: the first Friday **after** today (on a Friday, a week later) · `this friday`:
 *   the Friday of this Monday-to-Sunday week (it may have passed) · 本周五 / 这周五
 * - `friday next week` / `next week friday`: the Friday of next week (Monday to Sunday) ·
 *   下周五 / 下星期五 (Chinese "下周" is next week's day, never this week's)
 * - `next week`: next week's Monday · 下周
 * - `this weekend`: this week's Saturday · 周末
 * @throws MobaError INVALID_INPUT naming the phrase when it is not one of these
 */
export function relativeDay(today: string, phrase: string): string {
  const p = phrase.trim().toLowerCase().replace(/\s+/g, ' ');
  const fixed: Record<string, number> = {
    today: 0,
    今天: 0,
    tomorrow: 1,
    明天: 1,
    yesterday: -1,
    昨天: -1,
    'day after tomorrow': 2,
    'the day after tomorrow': 2,
    后天: 2,
    大后天: 3,
  };
  if (p in fixed) return addDays(today, fixed[p] ?? 0);
  let m = /^([+-]\d+)\s*d$/.exec(p) ?? /^in (\d+) days?$/.exec(p) ?? /^(\d+)\s*天后$/.exec(p);
  if (m) return addDays(today, Number(m[1]));
  if (p === 'next week' || p === '下周' || p === '下星期') return inWeek(today, 'MON', 1);
  if (p === 'this weekend' || p === 'weekend' || p === '周末' || p === '这周末' || p === '本周末')
    return inWeek(today, 'SAT', 0);
  m = /^next ([a-z]+)$/.exec(p);
  if (m && weekdayFrom(m[1] ?? '')) return nextWeekday(today, weekdayFrom(m[1] ?? '') as Weekday);
  m = /^this ([a-z]+)$/.exec(p) ?? /^(?:本|这)(?:周|星期|礼拜)([一二三四五六日天])$/.exec(p);
  if (m && weekdayFrom(m[1] ?? '')) return inWeek(today, weekdayFrom(m[1] ?? '') as Weekday, 0);
  m =
    /^([a-z]+) next week$/.exec(p) ??
    /^next week ([a-z]+)$/.exec(p) ??
    /^下(?:周|星期|个星期|礼拜)([一二三四五六日天])$/.exec(p);
  if (m && weekdayFrom(m[1] ?? '')) return inWeek(today, weekdayFrom(m[1] ?? '') as Weekday, 1);
  throw new MobaError(
    'INVALID_INPUT',
    `Unknown day "${phrase}": use today, tomorrow, yesterday, day after tomorrow, +Nd, in N days, next <weekday>, this <weekday>, <weekday> next week, next week, this weekend (or 今天, 明天, 后天, 下周五, 本周五…)`,
  );
}

/** The days a task most often names, from `today`: for `sim-clock date` and task parameters. */
export function namedDays(today: string): Record<string, string> {
  const out: Record<string, string> = {
    today,
    tomorrow: addDays(today, 1),
    dayAfterTomorrow: addDays(today, 2),
    yesterday: addDays(today, -1),
    weekday: weekdayOf(today),
  };
  for (const w of WEEKDAYS) {
    const name = w.charAt(0) + w.slice(1).toLowerCase();
    out[`next${name}`] = nextWeekday(today, w);
    out[`this${name}`] = inWeek(today, w, 0);
    out[`${w.toLowerCase()}NextWeek`] = inWeek(today, w, 1);
  }
  return out;
}
