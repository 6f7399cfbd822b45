/** Maps' stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). Positions are metres. */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, id, int, raiseCounter, uniqueList } from '../schema-kit.ts';
import { MODES } from './model.ts';
import type { MapsData } from './model.ts';
import { CITY_SIZE, PLACES } from './places.ts';

const placeId = int(1, PLACES.length);
const point = z.strictObject({ x: int(0, CITY_SIZE), y: int(0, CITY_SIZE) });
const stars = int(1, 5);
const mode = z.enum(MODES);
const endpoint = z.union([z.enum(['here', 'home', 'work']), placeId]);

const placeStats = z.strictObject({
  id: placeId,
  rating: z.number().min(1).max(5),
  count: int(0),
  reviews: z.array(z.strictObject({ author: z.string().min(1), rating: stars, text: z.string(), date: epochMs })),
});

export const mapsStore: AppStore = {
  schema: z
    .strictObject({
      location: point,
      home: point.nullable(),
      work: point.nullable(),
      places: uniqueList(placeStats),
      reviews: uniqueList(
        z.strictObject({ id, place: placeId, rating: stars, text: z.string().max(500), date: epochMs }),
      ),
      nextReviewId: id,
      lists: uniqueList(
        z.strictObject({
          id,
          name: z.string().min(1).max(40),
          kind: z.enum(['favourites', 'want', 'starred', 'custom']),
          places: z.array(placeId),
        }),
      ),
      nextListId: id,
      searches: z.array(z.string().min(1)).max(10),
      trips: z.array(z.strictObject({ from: endpoint, to: endpoint, mode, at: epochMs })).max(10),
      navigation: z
        .strictObject({ from: endpoint, to: endpoint, mode, route: int(0, 2), startedAt: epochMs })
        .nullable(),
      settings: z.strictObject({
        units: z.enum(['km', 'mi']),
        avoidTolls: z.boolean(),
        avoidHighways: z.boolean(),
        mode,
        mapType: z.enum(['default', 'satellite', 'terrain']),
        traffic: z.boolean(),
        saveHistory: z.boolean(),
      }),
    })
    .superRefine((d, ctx) => {
      const seen = new Set<number>();
      d.reviews.forEach((r, i) => {
        if (seen.has(r.place))
          ctx.addIssue({ code: 'custom', path: ['reviews', i, 'place'], message: 'one review per place' });
        seen.add(r.place);
      });
      d.lists.forEach((l, i) => {
        if (new Set(l.places).size !== l.places.length)
          ctx.addIssue({ code: 'custom', path: ['lists', i, 'places'], message: 'a place is in a list once' });
      });
    }) satisfies z.ZodType<MapsData>,
  normalize: (data: MapsData) => {
    raiseCounter(data as never, 'nextReviewId', data.reviews, (r) => r.id);
    raiseCounter(data as never, 'nextListId', data.lists, (l) => l.id);
  },
};
