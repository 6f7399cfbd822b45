import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../phone/page/rng.ts';
import {
  addDays,
  book,
  bookable,
  cancellable,
  departed,
  formDate,
  idCheckDigit,
  initialRailwayData,
  searchLegs,
  seatsLeft,
  validIdNumber,
} from './model.ts';
import { findCity, searchCities, stationById } from './stations.ts';
import {
  arriveOf,
  buildTimetable,
  clockText,
  dayOffset,
  departOf,
  durationOf,
  fareOf,
  findLegs,
  legFor,
  trainByCode,
} from './timetable.ts';

const NOW = new Date(2025, 5, 2, 9, 0).getTime();

describe('railway timetable', () => {
  it('has G104 Shanghai Hongqiao → Beijing South via Nanjing South on every seed, with fixed times', () => {
    for (const seed of [1, 2, 99, 123456]) {
      const g104 = trainByCode(seed, 'G104');
      expect(g104?.stops.map((s) => s.station)).toEqual(['SHH', 'SZN', 'NJS', 'XZE', 'JNW', 'TJS', 'BJS']);
      const nanjing = g104?.stops[2];
      expect(nanjing && clockText(nanjing.arrive ?? 0)).toBe('08:01');
      expect(findLegs(seed, 'shanghai', 'beijing').some((l) => l.train.code === 'G104')).toBe(true);
      expect(findLegs(seed, 'beijing', 'shanghai').some((l) => l.train.code === 'G104')).toBe(false);
    }
    const leg = legFor(1, 'G104', 'SHH', 'BJS');
    expect(leg && [clockText(departOf(leg)), clockText(arriveOf(leg)), durationOf(leg)]).toEqual([
      '06:50',
      '12:03',
      313,
    ]);
    expect(leg && fareOf(leg, 'second')).toBe(553);
    expect(leg && fareOf(leg, 'first')).toBe(933);
  });

  it('is deterministic per seed, different across seeds, with unique train codes and ordered times', () => {
    const a = buildTimetable(7);
    expect(buildTimetable(7)).toEqual(a);
    expect(buildTimetable(8).map((t) => t.code)).not.toEqual(a.map((t) => t.code));
    expect(new Set(a.map((t) => t.code)).size).toBe(a.length);
    expect(a.length).toBeGreaterThan(60);
    for (const train of a) {
      let last = -1;
      for (const stop of train.stops) {
        for (const t of [stop.arrive, stop.depart]) {
          if (t === null) continue;
          expect(t).toBeGreaterThan(last);
          last = t;
        }
      }
      expect(train.stops[0]?.arrive).toBeNull();
      expect(train.stops.at(-1)?.depart).toBeNull();
    }
  });

  it('finds trains between the cities of the brief, overnight ones arriving the next day', () => {
    const cities = ['shanghai', 'beijing', 'nanjing', 'hangzhou', 'suzhou', 'jinan', 'tianjin', 'wuhan'];
    for (const from of cities)
      for (const to of ['shanghai', 'beijing', 'nanjing'])
        if (from !== to) expect(findLegs(3, from, to).length, `${from}→${to}`).toBeGreaterThan(0);
    expect(findLegs(3, 'shanghai', 'wuhan').length).toBeGreaterThan(0);
    const overnight = findLegs(3, 'shanghai', 'beijing').filter((l) => l.train.kind === 'Z' || l.train.kind === 'K');
    expect(overnight.length).toBeGreaterThan(0);
    expect(overnight.every((l) => dayOffset(l) === 1)).toBe(true);
  });

  it('searches cities by English, Chinese, pinyin and initials', () => {
    expect(searchCities('nj').map((c) => c.id)).toContain('nanjing');
    expect(searchCities('南京')[0]?.id).toBe('nanjing');
    expect(searchCities('Shang')[0]?.id).toBe('shanghai');
    expect(searchCities('xian')[0]?.id).toBe('xian');
    expect(searchCities('zzz')).toEqual([]);
    expect(findCity('上海')?.id).toBe('shanghai');
    expect(stationById('NJS')?.zh).toBe('南京南');
  });
});

describe('railway bookings', () => {
  const seedCtx = { seed: 1, rng: mulberry32(42), now: NOW };

  it('sells tickets 15 days ahead from the device clock and stops selling before departure', () => {
    expect(bookable('2025-06-02', NOW)).toBe(true);
    expect(bookable('2025-06-16', NOW)).toBe(true);
    expect(bookable('2025-06-17', NOW)).toBe(false);
    expect(bookable('2025-06-01', NOW)).toBe(false);
    const data = initialRailwayData(seedCtx);
    expect(formDate(data, NOW)).toBe('2025-06-02');
    data.form.date = '2025-06-01';
    expect(formDate(data, NOW)).toBe('2025-06-02');
    const leg = legFor(data.seed, 'G104', 'SHH', 'NJS');
    if (!leg) throw new Error('no G104');
    expect(departed(leg, '2025-06-02', NOW)).toBe(true);
    expect(departed(leg, '2025-06-03', NOW)).toBe(false);
  });

  it('books, counts seats, refuses double bookings and cancels', () => {
    const data = initialRailwayData(seedCtx);
    expect(data.orders).toHaveLength(1);
    const leg = legFor(data.seed, 'G104', 'SHH', 'NJS');
    if (!leg) throw new Error('no G104');
    const date = addDays('2025-06-02', 3);
    const before = seatsLeft(data, 'G104', date, 'second');
    const random = mulberry32(5);
    const passengers = data.passengers.slice(0, 2);
    const order = book(data, {
      leg,
      date,
      from: 'shanghai',
      to: 'nanjing',
      seat: 'second',
      passengers,
      now: NOW,
      random,
    });
    if ('error' in order) throw new Error(order.error);
    expect(order).toMatchObject({
      train: 'G104',
      fromStation: 'SHH',
      toStation: 'NJS',
      depart: '06:50',
      arrive: '08:01',
      price: 124,
      total: 248,
      status: 'paid',
    });
    expect(order.tickets.map((t) => t.car).every((car) => car >= 4 && car <= 16)).toBe(true);
    expect(seatsLeft(data, 'G104', date, 'second')).toBe(before - 2);
    expect(
      book(data, {
        leg,
        date,
        from: 'shanghai',
        to: 'nanjing',
        seat: 'first',
        passengers: passengers.slice(0, 1),
        now: NOW,
        random,
      }),
    ).toEqual({ error: 'A passenger already has a ticket on this train' });
    expect(
      book(data, { leg, date, from: 'shanghai', to: 'nanjing', seat: 'first', passengers: [], now: NOW, random }),
    ).toEqual({ error: 'Select at least one passenger' });
    expect(cancellable(order, NOW)).toBe(true);
    expect(cancellable(order, new Date(2025, 5, 5, 7, 0).getTime())).toBe(false);
  });

  it('sorts results by duration and price and filters high-speed trains', () => {
    const data = initialRailwayData(seedCtx);
    const base = { from: 'shanghai', to: 'beijing', date: '2025-06-03', highSpeedOnly: false };
    const byDuration = searchLegs(data, { ...base, sort: 'duration' }).map(durationOf);
    expect(byDuration).toEqual([...byDuration].sort((a, b) => a - b));
    const cheapest = searchLegs(data, { ...base, sort: 'price' })[0];
    expect(cheapest?.train.kind === 'K' || cheapest?.train.kind === 'Z').toBe(true);
    expect(
      searchLegs(data, { ...base, sort: 'depart', highSpeedOnly: true }).every(
        (l) => l.train.kind === 'G' || l.train.kind === 'D',
      ),
    ).toBe(true);
  });

  it('validates ID numbers and computes the check character', () => {
    expect(idCheckDigit('11010519491231002')).toBe('X');
    expect(validIdNumber('11010519491231002X')).toBe(true);
    expect(validIdNumber('1101051949123100')).toBe(false);
    const data = initialRailwayData(seedCtx);
    for (const p of data.passengers) expect(p.idNumber.slice(17)).toBe(idCheckDigit(p.idNumber.slice(0, 17)));
  });
});
