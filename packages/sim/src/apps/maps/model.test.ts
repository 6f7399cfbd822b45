import { describe, expect, it } from 'vitest';
import { hashString, mulberry32 } from '../../phone/page/rng.ts';
import { deleteReview, isOpen, ratingOf, saveReview, searchPlaces } from './model.ts';
import type { SearchOptions } from './model.ts';
import { PLACES, addressOf, placeById } from './places.ts';
import { progressOf, routesFor } from './routes.ts';
import { initialMapsData } from './seed.ts';

const now = new Date(2025, 5, 2, 9, 0, 0).getTime();
const seeded = (seed: number) => initialMapsData({ seed, rng: mulberry32(seed ^ hashString('com.moba.maps')), now });
const search = (o: Partial<SearchOptions>): SearchOptions => ({
  query: '',
  category: null,
  openNow: false,
  topRated: false,
  sort: 'relevance',
  origin: null,
  minute: 9 * 60,
  ...o,
});

describe('maps model', () => {
  it('has a fixed city and draws the location, home, work, ratings and lists per seed', () => {
    expect(PLACES.length).toBe(33);
    expect(placeById(11)).toMatchObject({ name: 'Shanghai Museum', category: 'museum' });
    expect(addressOf(3600, 2550)).toBe('1800 Yan’an Road');
    expect(seeded(4)).toEqual(seeded(4));
    expect(seeded(4).location).not.toEqual(seeded(5).location);
    expect(seeded(4).places.map((p) => p.rating)).not.toEqual(seeded(5).places.map((p) => p.rating));
    expect(seeded(4).lists.map((l) => l.kind)).toEqual(['favourites', 'want', 'starred', 'custom']);
  });

  it('finds places by name, category words in English and Chinese, and filters by opening hours', () => {
    const data = seeded(1);
    const names = (o: Partial<SearchOptions>) => searchPlaces(data, search(o)).map((id) => placeById(id)?.name);
    expect(names({ query: 'dumplings' })).toEqual(['Yang’s Dumplings']);
    expect(names({ query: '咖啡' }).length).toBe(4);
    expect(names({ query: 'hospital', minute: 20 * 60, openNow: true })).toEqual(
      expect.arrayContaining(['City Hospital', 'Ruijin Hospital']),
    );
    expect(names({ query: 'hospital', minute: 20 * 60, openNow: true })).not.toContain('Fudan Clinic');
    expect(isOpen(placeById(4)!, 18 * 60 + 59)).toBe(true);
    expect(isOpen(placeById(4)!, 19 * 60)).toBe(false);
  });

  it('counts your review in the rating shown, and takes it out again', () => {
    const data = seeded(2);
    const before = ratingOf(data, 5);
    saveReview(data, 5, 1, ' too salty ', now);
    const after = ratingOf(data, 5);
    expect(after.count).toBe(before.count + 1);
    expect(after.rating).toBeLessThanOrEqual(before.rating);
    expect(data.reviews).toEqual([{ id: 1, place: 5, rating: 1, text: 'too salty', date: now }]);
    saveReview(data, 5, 5, '', now + 1);
    expect(data.reviews).toHaveLength(1);
    expect(deleteReview(data, 5)).toBe(true);
    expect(ratingOf(data, 5)).toEqual(before);
  });

  it('offers the toll expressway only when tolls are allowed, fastest first; navigation progress', () => {
    const settings = seeded(1).settings;
    const from = { x: 200, y: 2000 };
    const to = { x: 5600, y: 3000 };
    const drive = routesFor(from, to, 'drive', settings, 10);
    expect(drive.some((r) => r.toll > 0)).toBe(true);
    expect(drive.map((r) => r.duration)).toEqual([...drive.map((r) => r.duration)].sort((a, b) => a - b));
    const noTolls = routesFor(from, to, 'drive', { ...settings, avoidTolls: true }, 10);
    expect(noTolls.some((r) => r.toll > 0)).toBe(false);
    const walk = routesFor(from, to, 'walk', settings, 10)[0]!;
    expect(walk.distance).toBe(5400 + 1000);
    expect(progressOf(walk, 0)).toMatchObject({ step: 0, arrived: false, left: walk.duration });
    expect(progressOf(walk, walk.duration + 1)).toMatchObject({ arrived: true, left: 0 });
  });
});
