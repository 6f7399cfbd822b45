/** Railway's display text: names in the device language, fares, durations, seats, dates. */
import { formatDateMedium, monthLong, parseIsoDate, weekdayShort } from '../../phone/page/i18n.ts';
import type { RailCtx, Ticket } from './model.ts';
import { addDays, todayOf } from './model.ts';
import { cityById, stationById } from './stations.ts';
import type { SeatClass } from './timetable.ts';

export function cityName(ctx: RailCtx, id: string): string {
  const city = cityById(id);
  if (!city) return id;
  return ctx.locale === 'zh' ? city.zh : city.en;
}

export function stationName(ctx: RailCtx, id: string): string {
  const station = stationById(id);
  if (!station) return id;
  return ctx.locale === 'zh' ? station.zh : station.en;
}

const SEAT_NAMES: Record<SeatClass, string> = {
  business: 'Business class',
  first: 'First class',
  second: 'Second class',
  'soft-sleeper': 'Soft sleeper',
  'hard-sleeper': 'Hard sleeper',
  'hard-seat': 'Hard seat',
};

export function seatName(ctx: RailCtx, seat: SeatClass): string {
  return ctx.t(SEAT_NAMES[seat]);
}

/** "Available" above 20 seats, else the count, else "Sold out" (as ticket apps show it). */
export function availabilityText(ctx: RailCtx, left: number): string {
  if (left <= 0) return ctx.t('Sold out');
  if (left > 20) return ctx.t('Available');
  return ctx.t('{n} left', { n: left });
}

/** "¥553" or "¥66.5". */
export function fareText(yuan: number): string {
  return `¥${Number.isInteger(yuan) ? yuan : yuan.toFixed(1)}`;
}

export function durationText(ctx: RailCtx, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return ctx.t('{m}m', { m });
  return ctx.t('{h}h {m}m', { h, m });
}

/** "Mon, Jun 2" / "6月2日周一", plus "Today"/"Tomorrow" when it is. */
export function dateText(ctx: RailCtx, date: string, withRelative = false): string {
  const base = formatDateMedium(parseIsoDate(date), ctx.locale);
  if (!withRelative) return base;
  const today = todayOf(ctx.now());
  if (date === today) return `${base} · ${ctx.t('Today')}`;
  if (date === addDays(today, 1)) return `${base} · ${ctx.t('Tomorrow')}`;
  return base;
}

/** The date picker's day description, the same form as the platform picker ("05 June 2025"). */
export function dayDesc(ctx: RailCtx, date: string): string {
  const d = parseIsoDate(date);
  if (ctx.locale === 'zh') return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;
  return `${String(d.getDate()).padStart(2, '0')} ${monthLong('en', d.getMonth())} ${d.getFullYear()}`;
}

export function shortDate(ctx: RailCtx, date: string): { day: string; weekday: string } {
  const d = parseIsoDate(date);
  const day =
    ctx.locale === 'zh'
      ? `${d.getMonth() + 1}月${d.getDate()}日`
      : `${monthLong('en', d.getMonth()).slice(0, 3)} ${d.getDate()}`;
  return { day, weekday: weekdayShort(ctx.locale, d.getDay()) };
}

const BERTHS: Record<string, string> = { L: 'lower', M: 'middle', U: 'upper' };

/** "Car 05, Seat 12F" / "05车12F号", or a berth: "Car 10, Berth 07 lower" / "10车07号下铺". */
export function seatText(ctx: RailCtx, ticket: Ticket, seat: SeatClass): string {
  const car = String(ticket.car).padStart(2, '0');
  if (seat === 'soft-sleeper' || seat === 'hard-sleeper') {
    const berth = BERTHS[ticket.seat.slice(-1)] ?? 'lower';
    return ctx.t(`Car {car}, Berth {n} ${berth}`, { car, n: ticket.seat.slice(0, -1) });
  }
  return ctx.t('Car {car}, Seat {seat}', { car, seat: ticket.seat });
}

export function passengerTypeText(ctx: RailCtx, type: string): string {
  return ctx.t(type === 'child' ? 'Child' : type === 'student' ? 'Student' : 'Adult');
}
