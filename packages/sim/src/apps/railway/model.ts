/**
 * Railway's state (search form, search history, saved passengers, orders) and the pure rules
 * around it: bookable dates from the device clock, seats left after this phone's bookings,
 * booking and cancelling.
 */
import { isoDate, parseIsoDate } from '../../phone/page/i18n.ts';
import type { AppContext, SeedContext } from '../../phone/page/types.ts';
import { arriveOf, baseSeatsLeft, clockText, dayOffset, departOf, fareOf, findLegs } from './timetable.ts';
import type { Leg, SeatClass } from './timetable.ts';

export type PassengerType = 'adult' | 'child' | 'student';

export interface Passenger {
  id: number;
  name: string;
  idNumber: string;
  phone: string;
  type: PassengerType;
}

export interface Ticket {
  passengerId: number;
  name: string;
  car: number;
  /** "12F" for a seat, "07L" / "07M" / "07U" for a lower / middle / upper berth. */
  seat: string;
}

export interface RailOrder {
  id: string;
  train: string;
  /** Boarding date, YYYY-MM-DD. */
  date: string;
  /** City ids. */
  from: string;
  to: string;
  fromStation: string;
  toStation: string;
  depart: string;
  arrive: string;
  /** 1 when the train arrives the day after boarding. */
  arriveDayOffset: number;
  seatClass: SeatClass;
  tickets: Ticket[];
  /** Fare per ticket, yuan. */
  price: number;
  total: number;
  status: 'paid' | 'cancelled';
  /** Device time of booking, epoch ms. */
  createdAt: number;
}

export interface SearchRecord {
  from: string;
  to: string;
  date: string;
}

export interface RailwayData {
  /** The seed the timetable and seat counts derive from. */
  seed: number;
  form: { from: string; to: string; date: string | null; highSpeedOnly: boolean };
  /** Searches run, most recent first (at most 20). */
  searches: SearchRecord[];
  passengers: Passenger[];
  nextPassengerId: number;
  orders: RailOrder[];
}

export type SortKey = 'depart' | 'duration' | 'price';

export interface RailwayUi {
  tab: 'home' | 'orders' | 'me';
  stationQuery: string;
  results: { from: string; to: string; date: string; sort: SortKey; highSpeedOnly: boolean };
  booking: {
    train: string;
    fromStation: string;
    toStation: string;
    date: string;
    seat: SeatClass;
    passengerIds: number[];
  } | null;
  /** The passenger editor: `id` null for a new passenger, else the saved one being edited. */
  draft: { id: number | null; name: string; idNumber: string; phone: string; type: PassengerType; error: string };
  /** Where a new passenger goes: into the booking being made, or only into the list. */
  draftFor: 'booking' | 'list';
}

export type RailCtx = AppContext<RailwayData, RailwayUi>;

/** Tickets go on sale 15 days ahead (today + 14), like the national ticketing system. */
export const PRESALE_DAYS = 15;

const NAMES = [
  'Li Ming',
  'Wang Fang',
  'Zhang Wei',
  'Liu Yang',
  'Chen Jing',
  'Zhao Lei',
  'Sun Li',
  'Zhou Jie',
  'Wu Xia',
  'Huang Tao',
];
const REGIONS = ['310104', '310115', '320102', '330106', '110105', '420106'];

/** The ISO 7064 MOD 11-2 check character of a mainland ID number's first 17 digits. */
export function idCheckDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i] ?? 0) * (weights[i] ?? 0);
  return '10X98765432'[sum % 11] ?? '0';
}

function seededId(rng: () => number): string {
  const region = REGIONS[Math.floor(rng() * REGIONS.length)] ?? '310104';
  const birth = new Date(1975 + Math.floor(rng() * 30), Math.floor(rng() * 12), 1 + Math.floor(rng() * 28));
  const body = `${region}${isoDate(birth).replace(/-/g, '')}${String(Math.floor(rng() * 1000)).padStart(3, '0')}`;
  return body + idCheckDigit(body);
}

/** 17 digits and a digit or X. */
export function validIdNumber(text: string): boolean {
  return /^\d{17}[\dXx]$/.test(text.trim());
}

export interface PassengerFields {
  name: string;
  idNumber: string;
  phone: string;
  type: PassengerType;
}

/**
 * Checks a passenger's fields (trimmed, the ID's X upper-cased) against the saved ones;
 * `editing` is the id of the passenger being changed (it may keep its own ID number).
 * @returns the cleaned fields, or the error text key.
 */
export function checkPassenger(
  data: RailwayData,
  fields: PassengerFields,
  editing: number | null,
): PassengerFields | { error: string } {
  const name = fields.name.trim();
  const idNumber = fields.idNumber.trim().toUpperCase();
  const phone = fields.phone.trim();
  if (name.length < 2) return { error: 'Enter the passenger name as on the ID card' };
  if (!validIdNumber(idNumber)) return { error: 'Enter a valid 18-character ID number' };
  if (phone && !/^1\d{10}$/.test(phone)) return { error: 'Enter an 11-digit mobile number' };
  if (data.passengers.some((p) => p.idNumber === idNumber && p.id !== editing))
    return { error: 'This passenger is already saved' };
  return { name, idNumber, phone, type: fields.type };
}

/**
 * Removes a saved passenger. The account holder (the first passenger) cannot be removed, nor a
 * passenger with a paid ticket for a train that has not left yet. Orders keep the names.
 * @returns null when removed, else the reason's text key.
 */
export function removePassenger(data: RailwayData, id: number, now: number): string | null {
  if (data.passengers[0]?.id === id) return 'The account holder cannot be removed';
  if (data.orders.some((o) => cancellable(o, now) && o.tickets.some((t) => t.passengerId === id)))
    return 'This passenger has tickets for an upcoming trip';
  data.passengers = data.passengers.filter((p) => p.id !== id);
  return null;
}

export function maskId(id: string): string {
  return id.length === 18 ? `${id.slice(0, 4)}**********${id.slice(14)}` : id;
}

export function addDays(date: string, n: number): string {
  const d = parseIsoDate(date);
  return isoDate(new Date(d.getFullYear(), d.getMonth(), d.getDate() + n));
}

export function todayOf(now: number): string {
  return isoDate(new Date(now));
}

/** Whether tickets for `date` are on sale on the device's today. */
export function bookable(date: string, now: number): boolean {
  const today = todayOf(now);
  return date >= today && date <= addDays(today, PRESALE_DAYS - 1);
}

/** The date the search form shows: the chosen one while it is still on sale, else today. */
export function formDate(data: RailwayData, now: number): string {
  const chosen = data.form.date;
  return chosen && bookable(chosen, now) ? chosen : todayOf(now);
}

/** Epoch ms when a leg leaves on `date` (device local time). */
export function departureTime(leg: Leg, date: string): number {
  const d = parseIsoDate(date);
  const minutes = departOf(leg) % 1440;
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), Math.floor(minutes / 60), minutes % 60).getTime();
}

/** Sales close five minutes before departure. */
export function departed(leg: Leg, date: string, now: number): boolean {
  return departureTime(leg, date) - 5 * 60_000 <= now;
}

export function seatsLeft(data: RailwayData, code: string, date: string, seat: SeatClass): number {
  const booked = data.orders
    .filter((o) => o.status === 'paid' && o.train === code && o.date === date && o.seatClass === seat)
    .reduce((n, o) => n + o.tickets.length, 0);
  return Math.max(0, baseSeatsLeft(data.seed, code, date, seat) - booked);
}

/** A search's legs, filtered and sorted as the results screen shows them. */
export function searchLegs(
  data: RailwayData,
  o: { from: string; to: string; date: string; sort: SortKey; highSpeedOnly: boolean },
): Leg[] {
  let legs = findLegs(data.seed, o.from, o.to);
  if (o.highSpeedOnly) legs = legs.filter((l) => l.train.kind === 'G' || l.train.kind === 'D');
  const cheapest = (l: Leg): number => Math.min(...l.train.classes.map((c) => fareOf(l, c)));
  const by: Record<SortKey, (l: Leg) => number> = {
    depart: (l) => departOf(l) % 1440,
    duration: (l) => arriveOf(l) - departOf(l),
    price: cheapest,
  };
  const key = by[o.sort];
  return [...legs].sort((a, b) => key(a) - key(b) || (departOf(a) % 1440) - (departOf(b) % 1440));
}

export function recordSearch(data: RailwayData, record: SearchRecord): void {
  data.searches = [
    record,
    ...data.searches.filter((s) => s.from !== record.from || s.to !== record.to || s.date !== record.date),
  ].slice(0, 20);
}

/** Car and seat for a ticket: business in car 1, first class in 2–3, second class in 4–16. */
export function assignSeat(seat: SeatClass, random: () => number): { car: number; seat: string } {
  const pick = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
  const row = String(pick(1, 17)).padStart(2, '0');
  switch (seat) {
    case 'business':
      return { car: 1, seat: `0${pick(1, 6)}${'ACF'[pick(0, 2)]}` };
    case 'first':
      return { car: pick(2, 3), seat: `${row}${'ACDF'[pick(0, 3)]}` };
    case 'second':
      return { car: pick(4, 16), seat: `${row}${'ABCDF'[pick(0, 4)]}` };
    case 'hard-seat':
      return { car: pick(2, 7), seat: String(pick(1, 118)).padStart(3, '0') };
    case 'soft-sleeper':
      return { car: pick(8, 9), seat: `${String(pick(1, 9)).padStart(2, '0')}${'LU'[pick(0, 1)]}` };
    case 'hard-sleeper':
      return { car: pick(10, 15), seat: `${String(pick(1, 11)).padStart(2, '0')}${'LMU'[pick(0, 2)]}` };
  }
}

export interface BookingRequest {
  leg: Leg;
  date: string;
  from: string;
  to: string;
  seat: SeatClass;
  passengers: Passenger[];
  now: number;
  random: () => number;
}

/** Adds a paid order. @returns the order, or an error key when it cannot be booked. */
export function book(data: RailwayData, r: BookingRequest): RailOrder | { error: string } {
  if (r.passengers.length === 0) return { error: 'Select at least one passenger' };
  if (!bookable(r.date, r.now) || departed(r.leg, r.date, r.now)) return { error: 'This train is no longer on sale' };
  if (seatsLeft(data, r.leg.train.code, r.date, r.seat) < r.passengers.length)
    return { error: 'Not enough seats left' };
  const clash = data.orders.find(
    (o) =>
      o.status === 'paid' &&
      o.train === r.leg.train.code &&
      o.date === r.date &&
      o.tickets.some((t) => r.passengers.some((p) => p.id === t.passengerId)),
  );
  if (clash) return { error: 'A passenger already has a ticket on this train' };
  const price = fareOf(r.leg, r.seat);
  const order: RailOrder = {
    id: `E${String(Math.floor(r.random() * 1e9)).padStart(9, '0')}`,
    train: r.leg.train.code,
    date: r.date,
    from: r.from,
    to: r.to,
    fromStation: r.leg.train.stops[r.leg.from]?.station ?? '',
    toStation: r.leg.train.stops[r.leg.to]?.station ?? '',
    depart: clockText(departOf(r.leg)),
    arrive: clockText(arriveOf(r.leg)),
    arriveDayOffset: dayOffset(r.leg),
    seatClass: r.seat,
    tickets: r.passengers.map((p) => ({ passengerId: p.id, name: p.name, ...assignSeat(r.seat, r.random) })),
    price,
    total: price * r.passengers.length,
    status: 'paid',
    createdAt: r.now,
  };
  data.orders.unshift(order);
  return order;
}

/** Whether an order can still be cancelled (paid, and its train has not left yet). */
export function cancellable(order: RailOrder, now: number): boolean {
  if (order.status !== 'paid') return false;
  const d = parseIsoDate(order.date);
  const [h, m] = order.depart.split(':').map(Number);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate(), h ?? 0, m ?? 0).getTime() > now;
}

export function initialRailwayData(seed: SeedContext): RailwayData {
  const rng = seed.rng;
  const timetableSeed = Math.floor(rng() * 2 ** 32) >>> 0;
  const first = Math.floor(rng() * NAMES.length);
  const second = (first + 1 + Math.floor(rng() * (NAMES.length - 1))) % NAMES.length;
  const phone = (): string =>
    `1${['38', '39', '58', '86', '37'][Math.floor(rng() * 5)]}${String(Math.floor(rng() * 1e8)).padStart(8, '0')}`;
  const passengers: Passenger[] = [
    { id: 1, name: NAMES[first] ?? 'Li Ming', idNumber: seededId(rng), phone: phone(), type: 'adult' },
    { id: 2, name: NAMES[second] ?? 'Wang Fang', idNumber: seededId(rng), phone: phone(), type: 'adult' },
  ];
  const data: RailwayData = {
    seed: timetableSeed,
    form: { from: 'shanghai', to: 'beijing', date: null, highSpeedOnly: false },
    searches: [],
    passengers,
    nextPassengerId: 3,
    orders: [],
  };
  // One upcoming trip, so "cancel my ticket" has something to act on from the start.
  const date = addDays(todayOf(seed.now), 3);
  const leg = searchLegs(data, { from: 'shanghai', to: 'hangzhou', date, sort: 'depart', highSpeedOnly: true }).find(
    (l) => l.train.kind === 'G' && departOf(l) >= 9 * 60,
  );
  const holder = passengers[0];
  if (leg && holder) {
    const booked = book(data, {
      leg,
      date,
      from: 'shanghai',
      to: 'hangzhou',
      seat: 'second',
      passengers: [holder],
      now: seed.now,
      random: rng,
    });
    if (!('error' in booked)) booked.createdAt = Math.floor(seed.now / 60_000) * 60_000 - 2 * 86_400_000;
  }
  return data;
}
