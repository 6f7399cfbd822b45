/** Weather's stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { int, oneOfIds } from '../schema-kit.ts';
import { CITIES } from './cities.ts';
import type { WeatherData } from './model.ts';

const city = oneOfIds(
  CITIES.map((c) => c.id),
  'weather city',
);

export const weatherStore: AppStore = {
  schema: z
    .strictObject({
      seed: int(0, 2 ** 32 - 1),
      cities: z.array(city).min(1),
      current: city,
      unit: z.enum(['C', 'F']),
    })
    .superRefine((d, ctx) => {
      if (!d.cities.includes(d.current))
        ctx.addIssue({ code: 'custom', path: ['current'], message: 'expected one of cities' });
      if (new Set(d.cities).size !== d.cities.length)
        ctx.addIssue({ code: 'custom', path: ['cities'], message: 'a city is listed twice' });
    }) satisfies z.ZodType<WeatherData>,
};
