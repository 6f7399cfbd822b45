/** Railway's stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). Fares in yuan. */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, hhmm, id, int, isoDate, oneOfIds, raiseCounter, uniqueList } from '../schema-kit.ts';
import { validIdNumber } from './model.ts';
import type { RailwayData } from './model.ts';
import { CITIES, STATIONS } from './stations.ts';

const city = oneOfIds(
  CITIES.map((c) => c.id),
  'railway city',
);
const station = oneOfIds(
  STATIONS.map((s) => s.id),
  'station',
);
const passengerType = z.enum(['adult', 'child', 'student']);

const passenger = z.strictObject({
  id,
  name: z.string().min(2),
  idNumber: z.string().refine(validIdNumber, 'expected an 18-character ID number (17 digits and a digit or X)'),
  phone: z.string().regex(/^(1\d{10})?$/, "expected an 11-digit mobile number starting with 1, or ''"),
  type: passengerType,
});

const order = z.strictObject({
  id: z.string().min(1),
  train: z.string().regex(/^[GDZTK]\d{1,4}$/, 'expected a train code like G104'),
  date: isoDate,
  from: city,
  to: city,
  fromStation: station,
  toStation: station,
  depart: hhmm,
  arrive: hhmm,
  arriveDayOffset: int(0, 1),
  seatClass: z.enum(['business', 'first', 'second', 'soft-sleeper', 'hard-sleeper', 'hard-seat']),
  tickets: z
    .array(z.strictObject({ passengerId: id, name: z.string().min(1), car: int(1, 20), seat: z.string().min(1) }))
    .min(1),
  /** Yuan; half yuan happen (sleeper berths). */
  price: z.number().min(0),
  total: z.number().min(0),
  status: z.enum(['paid', 'cancelled']),
  createdAt: epochMs,
});

export const railwayStore: AppStore = {
  schema: z.strictObject({
    seed: int(0, 2 ** 32 - 1),
    form: z.strictObject({ from: city, to: city, date: isoDate.nullable(), highSpeedOnly: z.boolean() }),
    searches: z.array(z.strictObject({ from: city, to: city, date: isoDate })).max(20),
    passengers: uniqueList(passenger),
    nextPassengerId: id,
    orders: uniqueList(order),
  }) satisfies z.ZodType<RailwayData>,
  normalize: (data: RailwayData) => raiseCounter(data as never, 'nextPassengerId', data.passengers, (p) => p.id),
};
