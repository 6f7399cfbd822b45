/**
 * Railway's timetable: trains generated per seed along real-shaped lines (Beijing–Shanghai,
 * Beijing–Guangzhou, Shanghai–Wuhan, …) with plausible speeds, dwell times and fares, plus
 * fixed trains that every seed has (G104 Shanghai Hongqiao → Beijing South via Nanjing South).
 * Trains run daily; times are minutes after midnight of the day the train leaves its origin.
 */
import { hashString, mulberry32, shuffle } from '../../phone/page/rng.ts';
import { stationById } from './stations.ts';

export type TrainKind = 'G' | 'D' | 'Z' | 'K';
export type SeatClass = 'business' | 'first' | 'second' | 'soft-sleeper' | 'hard-sleeper' | 'hard-seat';

export interface Stop {
  station: string;
  km: number;
  /** Minutes after midnight of the origin day; null at the origin. */
  arrive: number | null;
  /** Null at the terminus. */
  depart: number | null;
}

export interface Train {
  code: string;
  kind: TrainKind;
  stops: Stop[];
  classes: SeatClass[];
}

/** One train between two of its stops: what a search result or a ticket is about. */
export interface Leg {
  train: Train;
  from: number;
  to: number;
}

export const CLASSES_BY_KIND: Record<TrainKind, SeatClass[]> = {
  G: ['business', 'first', 'second'],
  D: ['first', 'second'],
  Z: ['soft-sleeper', 'hard-sleeper', 'hard-seat'],
  K: ['soft-sleeper', 'hard-sleeper', 'hard-seat'],
};

/** Yuan per km (G second class Shanghai–Beijing comes out at the real ¥553). */
const RATES: Record<TrainKind, Partial<Record<SeatClass, number>>> = {
  G: { business: 1.3263, first: 0.7079, second: 0.4196 },
  D: { first: 0.37, second: 0.31 },
  Z: { 'soft-sleeper': 0.33, 'hard-sleeper': 0.21, 'hard-seat': 0.121 },
  K: { 'soft-sleeper': 0.3, 'hard-sleeper': 0.19, 'hard-seat': 0.11 },
};

interface RouteDef {
  kind: TrainKind;
  /** Station ids with their distance from the first one, in the "down" direction. */
  line: Array<[string, number]>;
  /** Number ranges; odd numbers run down the line, even numbers up (the national convention). */
  numbers: Array<[number, number]>;
  perDirection: number;
  /** First and last departures from the origin, minutes after midnight. */
  window: [number, number];
  /** Chance that a train stops at an intermediate station. */
  keep: number;
  /** Average speed between stops, km/h. */
  speed: number;
}

const JINGHU: Array<[string, number]> = [
  ['BJS', 0],
  ['TJS', 122],
  ['JNW', 406],
  ['XZE', 692],
  ['NJS', 1023],
  ['CZN', 1153],
  ['WXE', 1210],
  ['SZN', 1237],
  ['SHH', 1318],
];

const ROUTES: readonly RouteDef[] = [
  {
    kind: 'G',
    line: JINGHU,
    numbers: [
      [1, 29],
      [101, 199],
    ],
    perDirection: 9,
    window: [6 * 60, 19 * 60 + 30],
    keep: 0.45,
    speed: 290,
  },
  {
    kind: 'G',
    line: [
      ['BJS', 0],
      ['TJS', 122],
      ['JNW', 406],
      ['XZE', 692],
      ['NJS', 1023],
      ['HZC', 1199],
      ['HZE', 1279],
    ],
    numbers: [[31, 60]],
    perDirection: 3,
    window: [7 * 60, 16 * 60],
    keep: 0.5,
    speed: 285,
  },
  {
    kind: 'G',
    line: [
      ['NJS', 0],
      ['CZN', 130],
      ['WXE', 187],
      ['SZN', 214],
      ['SHH', 295],
    ],
    numbers: [[7001, 7099]],
    perDirection: 8,
    window: [6 * 60 + 30, 21 * 60],
    keep: 0.6,
    speed: 240,
  },
  {
    kind: 'G',
    line: [
      ['SHH', 0],
      ['JXS', 84],
      ['HZE', 159],
      ['NGB', 314],
    ],
    numbers: [[7501, 7599]],
    perDirection: 5,
    window: [6 * 60 + 20, 20 * 60 + 30],
    keep: 0.6,
    speed: 250,
  },
  {
    kind: 'D',
    line: [
      ['SHH', 0],
      ['JXS', 84],
      ['HZE', 159],
      ['NGB', 314],
    ],
    numbers: [[5501, 5599]],
    perDirection: 3,
    window: [7 * 60, 19 * 60],
    keep: 0.9,
    speed: 190,
  },
  {
    kind: 'D',
    line: [
      ['SHH', 0],
      ['SZN', 81],
      ['WXE', 108],
      ['CZN', 165],
      ['NJS', 295],
      ['HFS', 451],
      ['HKN', 817],
    ],
    numbers: [[3001, 3099]],
    perDirection: 4,
    window: [6 * 60 + 40, 17 * 60],
    keep: 0.6,
    speed: 200,
  },
  {
    kind: 'G',
    line: [
      ['BJW', 0],
      ['SJP', 281],
      ['ZZE', 693],
      ['WHN', 1229],
      ['CSS', 1591],
      ['GZS', 2298],
    ],
    numbers: [[61, 99]],
    perDirection: 4,
    window: [7 * 60, 14 * 60],
    keep: 0.5,
    speed: 295,
  },
  {
    kind: 'G',
    line: [
      ['SHH', 0],
      ['SZN', 81],
      ['NJS', 295],
      ['XZE', 626],
      ['ZZE', 988],
      ['XAN', 1511],
    ],
    numbers: [[1901, 1999]],
    perDirection: 2,
    window: [7 * 60, 13 * 60],
    keep: 0.5,
    speed: 285,
  },
  {
    kind: 'Z',
    line: [
      ['BJP', 0],
      ['TJP', 137],
      ['JNP', 497],
      ['XZP', 814],
      ['NJP', 1157],
      ['SZP', 1375],
      ['SHP', 1463],
    ],
    numbers: [[21, 29]],
    perDirection: 1,
    window: [19 * 60, 21 * 60],
    keep: 0.3,
    speed: 125,
  },
  {
    kind: 'K',
    line: [
      ['BJP', 0],
      ['TJP', 137],
      ['JNP', 497],
      ['XZP', 814],
      ['NJP', 1157],
      ['SZP', 1375],
      ['SHP', 1463],
    ],
    numbers: [[101, 199]],
    perDirection: 2,
    window: [7 * 60, 16 * 60],
    keep: 1,
    speed: 75,
  },
];

const hm = (text: string): number => {
  const [h, m] = text.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** Trains every seed has, with fixed times (tasks and tests name them). */
export const FIXED_TRAINS: readonly Train[] = [
  {
    code: 'G104',
    kind: 'G',
    classes: CLASSES_BY_KIND.G,
    stops: [
      { station: 'SHH', km: 0, arrive: null, depart: hm('06:50') },
      { station: 'SZN', km: 81, arrive: hm('07:13'), depart: hm('07:15') },
      { station: 'NJS', km: 295, arrive: hm('08:01'), depart: hm('08:04') },
      { station: 'XZE', km: 626, arrive: hm('09:17'), depart: hm('09:19') },
      { station: 'JNW', km: 912, arrive: hm('10:21'), depart: hm('10:24') },
      { station: 'TJS', km: 1196, arrive: hm('11:26'), depart: hm('11:28') },
      { station: 'BJS', km: 1318, arrive: hm('12:03'), depart: null },
    ],
  },
];

function runTrain(
  code: string,
  route: RouteDef,
  line: Array<[string, number]>,
  start: number,
  rng: () => number,
): Train {
  const kept = line.filter((_, i) => i === 0 || i === line.length - 1 || rng() < route.keep);
  const slow = route.kind === 'Z' || route.kind === 'K';
  const stops: Stop[] = [];
  let t = start;
  kept.forEach(([station, km], i) => {
    if (i === 0) {
      stops.push({ station, km, arrive: null, depart: t });
      return;
    }
    const prevKm = kept[i - 1]?.[1] ?? 0;
    t += Math.round(((km - prevKm) / route.speed) * 60) + (slow ? 6 : 4);
    const arrive = t;
    if (i === kept.length - 1) {
      stops.push({ station, km, arrive, depart: null });
      return;
    }
    const dwell = slow ? 4 + Math.floor(rng() * 9) : rng() < 0.25 ? 3 + Math.floor(rng() * 3) : 2;
    t += dwell;
    stops.push({ station, km, arrive, depart: t });
  });
  return { code, kind: route.kind, stops, classes: CLASSES_BY_KIND[route.kind] };
}

/** Every train of a seed's timetable, fixed ones included, sorted by code. Pure. */
export function buildTimetable(seed: number): Train[] {
  const rng = mulberry32(seed ^ hashString('railway-timetable'));
  const used = new Set(FIXED_TRAINS.map((t) => t.code));
  const trains: Train[] = [...FIXED_TRAINS];
  for (const route of ROUTES) {
    for (const down of [true, false]) {
      const total = route.line[route.line.length - 1]?.[1] ?? 0;
      const line: Array<[string, number]> = down
        ? route.line
        : [...route.line].reverse().map(([s, km]) => [s, total - km]);
      const pool: number[] = [];
      for (const [lo, hi] of route.numbers) {
        for (let n = lo; n <= hi; n++) if (n % 2 === (down ? 1 : 0) && !used.has(`${route.kind}${n}`)) pool.push(n);
      }
      const numbers = shuffle(pool, rng)
        .slice(0, route.perDirection)
        .sort((a, b) => a - b);
      for (const n of numbers) used.add(`${route.kind}${n}`);
      const span = route.window[1] - route.window[0];
      const starts = numbers.map(() => route.window[0] + Math.floor(rng() * span)).sort((a, b) => a - b);
      numbers.forEach((n, i) =>
        trains.push(runTrain(`${route.kind}${n}`, route, line, starts[i] ?? route.window[0], rng)),
      );
    }
  }
  return trains.sort(compareCodes);
}

/** G before D before Z before K, then by number (no locale collation: same order everywhere). */
export function compareCodes(a: Train, b: Train): number {
  const order = 'GDZK';
  return order.indexOf(a.kind) - order.indexOf(b.kind) || Number(a.code.slice(1)) - Number(b.code.slice(1));
}

const cache = new Map<number, Train[]>();

/** The seed's timetable, built once per seed. */
export function timetable(seed: number): Train[] {
  let trains = cache.get(seed);
  if (!trains) {
    trains = buildTimetable(seed);
    if (cache.size > 8) cache.clear();
    cache.set(seed, trains);
  }
  return trains;
}

export function trainByCode(seed: number, code: string): Train | undefined {
  return timetable(seed).find((t) => t.code === code);
}

const cityOf = (stationId: string): string => stationById(stationId)?.city ?? '';

/** Trains from one city to another (the first stop in each city), by departure time of day. */
export function findLegs(seed: number, fromCity: string, toCity: string): Leg[] {
  const legs: Leg[] = [];
  if (fromCity === toCity) return legs;
  for (const train of timetable(seed)) {
    const from = train.stops.findIndex((s) => cityOf(s.station) === fromCity);
    if (from < 0) continue;
    const to = train.stops.findIndex((s, i) => i > from && cityOf(s.station) === toCity);
    if (to < 0) continue;
    legs.push({ train, from, to });
  }
  return legs.sort((a, b) => (departOf(a) % 1440) - (departOf(b) % 1440) || compareCodes(a.train, b.train));
}

/** The leg of `code` between two stations (for orders and the booking screen). */
export function legFor(seed: number, code: string, fromStation: string, toStation: string): Leg | undefined {
  const train = trainByCode(seed, code);
  if (!train) return undefined;
  const from = train.stops.findIndex((s) => s.station === fromStation);
  const to = train.stops.findIndex((s) => s.station === toStation);
  return from >= 0 && to > from ? { train, from, to } : undefined;
}

export function departOf(leg: Leg): number {
  return leg.train.stops[leg.from]?.depart ?? 0;
}

export function arriveOf(leg: Leg): number {
  return leg.train.stops[leg.to]?.arrive ?? 0;
}

export function durationOf(leg: Leg): number {
  return arriveOf(leg) - departOf(leg);
}

/** Days between boarding and arriving (1 for an overnight train). */
export function dayOffset(leg: Leg): number {
  return Math.floor(arriveOf(leg) / 1440) - Math.floor(departOf(leg) / 1440);
}

export function distanceOf(leg: Leg): number {
  return (leg.train.stops[leg.to]?.km ?? 0) - (leg.train.stops[leg.from]?.km ?? 0);
}

/** The fare in yuan, rounded to ¥0.5 like printed fares. */
export function fareOf(leg: Leg, seat: SeatClass): number {
  const rate = RATES[leg.train.kind][seat] ?? 0;
  return Math.max(5, Math.round(distanceOf(leg) * rate * 2) / 2);
}

/**
 * Seats left for sale before this phone's own bookings: seeded per train, date and class
 * (business class often sells out, second class seldom). G104's first and second classes
 * always have seats, so tasks about it can always be done.
 */
export function baseSeatsLeft(seed: number, code: string, date: string, seat: SeatClass): number {
  const rng = mulberry32(seed ^ hashString(`${code}|${date}|${seat}`));
  let r = rng();
  if (code === 'G104' && (seat === 'first' || seat === 'second')) r = 0.5 + r / 2;
  const tiers: Record<SeatClass, [number, number, number]> = {
    business: [0.3, 0.75, 12],
    first: [0.12, 0.4, 60],
    second: [0.06, 0.25, 200],
    'soft-sleeper': [0.3, 0.7, 24],
    'hard-sleeper': [0.2, 0.5, 90],
    'hard-seat': [0.1, 0.3, 150],
  };
  const [soldOut, few, max] = tiers[seat];
  if (r < soldOut) return 0;
  if (r < few || max <= 20) return 1 + Math.floor(rng() * Math.min(20, max));
  return 21 + Math.floor(rng() * (max - 20));
}

/** "HH:MM" of minutes after midnight (wrapping past midnight). */
export function clockText(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
