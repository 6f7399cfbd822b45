/**
 * Maps' seeded data: where the phone is (on a street), home and work, every place's average
 * rating and review count with two reviews by other people (drawn from pools per category),
 * saved lists with a few places, two recent searches and two recent trips. Dates are whole
 * minutes back from the device's start.
 */
import { pick, shuffle } from '../../phone/page/rng.ts';
import type { SeedContext } from '../../phone/page/types.ts';
import type { MapsData, OtherReview, PlaceStats, Point } from './model.ts';
import { BLOCK, PLACES } from './places.ts';
import type { Category } from './places.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

const AUTHORS = [
  'Chen Yu',
  'Sophie Martin',
  'Wang Lei',
  'Daniel Kim',
  'Li Na',
  'Zhou Ping',
  'Emma Brown',
  'Sun Hao',
  'Lucas Silva',
  'Huang Min',
  'Priya Shah',
  'Zhao Xin',
];

/** Review lines per category: [rating it goes with, text]. */
const LINES: Record<Category, ReadonlyArray<readonly [number, string]>> = {
  restaurant: [
    [5, 'Excellent food and friendly staff. Book ahead on weekends.'],
    [4, 'Tasty dishes, a bit noisy at dinner time.'],
    [3, 'Fine, but we waited forty minutes for a table.'],
    [5, 'The best meal we had in the city.'],
    [2, 'Overpriced for the portions.'],
  ],
  cafe: [
    [5, 'Great flat white and quiet corners to work.'],
    [4, 'Good coffee, few seats in the afternoon.'],
    [3, 'Coffee is fine, the Wi-Fi is slow.'],
    [5, 'Lovely pastries, friendly baristas.'],
  ],
  hotel: [
    [5, 'Spotless rooms and a great view.'],
    [4, 'Comfortable beds, breakfast could be better.'],
    [3, 'Convenient location, thin walls.'],
  ],
  park: [
    [5, 'Beautiful in the morning, lots of people doing tai chi.'],
    [4, 'Nice walk, busy on Sundays.'],
    [4, 'Good place for kids, clean toilets.'],
  ],
  museum: [
    [5, 'A whole day is not enough. Free audio guide.'],
    [4, 'Great collection, long queue at the entrance.'],
    [3, 'Interesting but crowded.'],
  ],
  hospital: [
    [3, 'Long waits but competent doctors.'],
    [4, 'Well organised, registration by app works.'],
    [2, 'Hard to find the right building.'],
  ],
  station: [
    [4, 'Clean and well signposted.'],
    [3, 'Very crowded at rush hour.'],
    [4, 'Easy transfers, many shops inside.'],
  ],
  mall: [
    [4, 'Lots of shops and a good food court.'],
    [5, 'Great cinema on the top floor.'],
    [3, 'Parking is expensive.'],
  ],
  bank: [
    [3, 'Queues at lunch time, take a number early.'],
    [4, 'Helpful staff, English spoken.'],
  ],
  library: [
    [5, 'Quiet reading rooms, easy to get a card.'],
    [4, 'Good study spot, fills up before exams.'],
  ],
};

const int = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

function placeStats(r: () => number, anchor: number): PlaceStats[] {
  return PLACES.map((p) => {
    const rating = Math.round((3.4 + r() * 1.5) * 10) / 10;
    const lines = shuffle([...LINES[p.category]], r).slice(0, 2);
    const reviews: OtherReview[] = lines.map(([stars, text]) => ({
      author: pick(r, AUTHORS),
      rating: stars,
      text,
      date: anchor - int(r, 60, 60 * 24 * 300) * MINUTE,
    }));
    reviews.sort((a, b) => b.date - a.date);
    return { id: p.id, rating, count: int(r, 12, 2400), reviews };
  });
}

/** A point on an east–west street, between `lo` and `hi` blocks from the west. */
function onStreet(r: () => number, lo: number, hi: number): Point {
  return { x: int(r, lo * BLOCK, hi * BLOCK), y: int(r, 2, 10) * BLOCK };
}

export function initialMapsData(seed: SeedContext): MapsData {
  const r = seed.rng;
  const anchor = Math.floor(seed.now / MINUTE) * MINUTE;
  const location = onStreet(r, 2, 10);
  const home = { x: int(r, 1, 11) * BLOCK, y: int(r, 200, 5800) };
  const work = onStreet(r, 3, 11);
  const ids = shuffle(
    PLACES.map((p) => p.id),
    r,
  );
  const take = (n: number): number[] => ids.splice(0, n);
  return {
    location,
    home,
    work,
    places: placeStats(r, anchor),
    reviews: [],
    nextReviewId: 1,
    lists: [
      { id: 1, name: 'Favourites', kind: 'favourites', places: take(3) },
      { id: 2, name: 'Want to go', kind: 'want', places: take(2) },
      { id: 3, name: 'Starred places', kind: 'starred', places: take(1) },
      { id: 4, name: 'Weekend ideas', kind: 'custom', places: take(2) },
    ],
    nextListId: 5,
    searches: [pick(r, ['coffee', 'hot pot', 'museum']), pick(r, ['pharmacy', 'park', 'hotel'])],
    trips: [
      { from: 'home', to: 'work', mode: 'transit', at: anchor - int(r, 1, 3) * DAY },
      { from: 'here', to: take(1)[0] ?? 1, mode: pick(r, ['drive', 'walk'] as const), at: anchor - int(r, 4, 9) * DAY },
    ],
    navigation: null,
    settings: {
      units: 'km',
      avoidTolls: false,
      avoidHighways: false,
      mode: 'drive',
      mapType: 'default',
      traffic: false,
      saveHistory: true,
    },
  };
}
