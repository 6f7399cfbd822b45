/**
 * Maps' state — where the phone is, home and work, the places' ratings and other people's
 * reviews (seeded), your own reviews, saved lists, recent searches, recent trips, a
 * navigation in progress, settings — and the rules: search, distances, opening hours, the
 * rating a place shows with your review counted.
 */
import type { AppContext, Locale } from '../../phone/page/types.ts';
import {
  CATEGORIES,
  ELEVATED_NAME,
  ELEVATED_NAME_ZH,
  EW_STREETS,
  EW_STREETS_ZH,
  NS_STREETS,
  NS_STREETS_ZH,
  PLACES,
  addressOf,
} from './places.ts';
import type { Category, PlaceInfo } from './places.ts';

export interface Point {
  x: number;
  y: number;
}

export interface OtherReview {
  author: string;
  rating: number;
  text: string;
  /** Device time (epoch ms) it was written. */
  date: number;
}

/** A place's seeded standing: its average rating and review count before yours. */
export interface PlaceStats {
  id: number;
  rating: number;
  count: number;
  reviews: OtherReview[];
}

export interface MyReview {
  id: number;
  place: number;
  rating: number;
  text: string;
  date: number;
}

export type ListKind = 'favourites' | 'want' | 'starred' | 'custom';

export interface SavedList {
  id: number;
  name: string;
  kind: ListKind;
  /** Place ids, most recently saved first. */
  places: number[];
}

/** Where a trip starts or ends: your location, home, work or a place id. */
export type Endpoint = 'here' | 'home' | 'work' | number;
export const MODES = ['drive', 'transit', 'walk', 'bike'] as const;
export type Mode = (typeof MODES)[number];

export interface Trip {
  from: Endpoint;
  to: Endpoint;
  mode: Mode;
  at: number;
}

export interface Navigation {
  from: Endpoint;
  to: Endpoint;
  mode: Mode;
  /** Which of the offered routes (0 = the first listed). */
  route: number;
  startedAt: number;
}

export interface MapsSettings {
  units: 'km' | 'mi';
  avoidTolls: boolean;
  avoidHighways: boolean;
  /** The travel mode directions open with. */
  mode: Mode;
  mapType: 'default' | 'satellite' | 'terrain';
  traffic: boolean;
  /** Keep recent searches and trips. */
  saveHistory: boolean;
}

export interface MapsData {
  /** The phone's position in the city (metres from the north-west corner). */
  location: Point;
  home: Point | null;
  work: Point | null;
  places: PlaceStats[];
  reviews: MyReview[];
  nextReviewId: number;
  lists: SavedList[];
  nextListId: number;
  /** Recent searches, newest first (at most 10). */
  searches: string[];
  /** Recent trips started, newest first (at most 10). */
  trips: Trip[];
  navigation: Navigation | null;
  settings: MapsSettings;
}

export type ResultSort = 'relevance' | 'distance' | 'rating';

export interface MapsUi {
  tab: 'explore' | 'saved';
  /** The search whose results show ('' = none), or a category chip. */
  query: string;
  category: Category | null;
  openNow: boolean;
  topRated: boolean;
  sort: ResultSort;
  /** The map's centre (metres) and zoom level (0 far … 4 near; ZOOM_METRES_PER_DP). */
  cx: number;
  cy: number;
  zoom: number;
  /** The place whose card shows over the map. */
  selected: number | null;
  /** Whether the map shows the results list (false: the map alone with the results' pins). */
  list: boolean;
  /** "Your location" was asked for and waits for the permission answer. */
  locating: boolean;
  /** The search field's text. */
  draft: string;
  /** The directions being planned. */
  trip: { from: Endpoint; to: Endpoint; mode: Mode; route: number };
  /** The review being written. */
  review: { rating: number; text: string };
  /** The text of the place picker's search field. */
  pick: string;
}

export type MapsCtx = AppContext<MapsData, MapsUi>;

export const ZOOM_METRES_PER_DP = [48, 24, 12, 6, 3] as const;
/** The zoom a place or your location opens at, and the one street names appear from. */
export const NEAR_ZOOM = 3;
export const MAX_ZOOM = ZOOM_METRES_PER_DP.length - 1;

export const CATEGORY_LABEL: Record<Category, string> = {
  restaurant: 'Restaurants',
  cafe: 'Cafés',
  hotel: 'Hotels',
  park: 'Parks',
  museum: 'Museums',
  hospital: 'Hospitals',
  station: 'Stations',
  mall: 'Shopping',
  bank: 'Banks',
  library: 'Libraries',
};

export const CATEGORY_NAME: Record<Category, string> = {
  restaurant: 'Restaurant',
  cafe: 'Café',
  hotel: 'Hotel',
  park: 'Park',
  museum: 'Museum',
  hospital: 'Hospital',
  station: 'Station',
  mall: 'Shopping mall',
  bank: 'Bank',
  library: 'Library',
};

export const CATEGORY_ICON: Record<Category, string> = {
  restaurant: 'restaurant',
  cafe: 'cafe',
  hotel: 'hotel',
  park: 'park',
  museum: 'business',
  hospital: 'hospital',
  station: 'train',
  mall: 'shop',
  bank: 'bank',
  library: 'bookmark',
};

/** Words that find a category (English and Chinese). */
const CATEGORY_WORDS: Record<Category, readonly string[]> = {
  restaurant: ['restaurant', 'food', 'eat', 'dinner', 'lunch', '餐厅', '美食', '饭店'],
  cafe: ['cafe', 'café', 'coffee', '咖啡'],
  hotel: ['hotel', 'stay', 'inn', '酒店', '住宿'],
  park: ['park', 'garden', '公园'],
  museum: ['museum', 'gallery', 'art', '博物馆', '美术馆'],
  hospital: ['hospital', 'clinic', 'doctor', '医院', '门诊'],
  station: ['station', 'train', 'metro', 'subway', '车站', '地铁', '火车'],
  mall: ['mall', 'shopping', 'shop', '商场', '购物'],
  bank: ['bank', 'atm', '银行'],
  library: ['library', 'books', '图书馆'],
};

export const placeName = (p: PlaceInfo, locale: Locale): string => (locale === 'zh' ? p.nameZh : p.name);

/** A street's name in the language shown (`A · B` names two streets). */
export function streetName(name: string, locale: Locale): string {
  if (locale !== 'zh') return name;
  if (name.includes(' · '))
    return name
      .split(' · ')
      .map((n) => streetName(n, locale))
      .join(' · ');
  if (name === ELEVATED_NAME) return ELEVATED_NAME_ZH;
  const ew = EW_STREETS.indexOf(name);
  if (ew >= 0) return EW_STREETS_ZH[ew] ?? name;
  const ns = NS_STREETS.indexOf(name);
  return ns >= 0 ? (NS_STREETS_ZH[ns] ?? name) : name;
}

export function localAddress(pt: Point, locale: Locale): string {
  const [num, ...street] = addressOf(pt.x, pt.y).split(' ');
  const name = streetName(street.join(' '), locale);
  return locale === 'zh' ? `${name}${num}号` : `${num} ${name}`;
}

export const distance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y);

/** "850 m", "1.2 km", "0.4 mi", "500 ft". */
export function formatDistance(metres: number, units: 'km' | 'mi'): string {
  if (units === 'mi') {
    const miles = metres / 1609.344;
    return miles < 0.1 ? `${Math.round((metres * 3.28084) / 50) * 50} ft` : `${miles.toFixed(1)} mi`;
  }
  return metres < 1000 ? `${Math.round(metres / 10) * 10} m` : `${(metres / 1000).toFixed(1)} km`;
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Open at this minute of the day (`closes` 23:59 is open round the clock). */
export function isOpen(p: PlaceInfo, minuteOfDay: number): boolean {
  const open = minutesOf(p.opens);
  const close = minutesOf(p.closes);
  if (open === 0 && close === 23 * 60 + 59) return true;
  return minuteOfDay >= open && minuteOfDay < close;
}

export const allDay = (p: PlaceInfo): boolean => p.opens === '00:00' && p.closes === '23:59';

export function minuteOfDay(now: number): number {
  const d = new Date(now);
  return d.getHours() * 60 + d.getMinutes();
}

export const statsOf = (data: MapsData, id: number): PlaceStats | undefined => data.places.find((p) => p.id === id);
export const myReviewOf = (data: MapsData, place: number): MyReview | undefined =>
  data.reviews.find((r) => r.place === place);

/** The rating a place shows: the seeded average with your review counted, one decimal. */
export function ratingOf(data: MapsData, id: number): { rating: number; count: number } {
  const s = statsOf(data, id);
  const mine = myReviewOf(data, id);
  const count = (s?.count ?? 0) + (mine ? 1 : 0);
  if (!count) return { rating: 0, count: 0 };
  const sum = (s?.rating ?? 0) * (s?.count ?? 0) + (mine?.rating ?? 0);
  return { rating: Math.round((sum / count) * 10) / 10, count };
}

/** A search names a category: one of its words, or the start of one (4 letters or more). */
function namesCategory(category: Category, query: string): boolean {
  return CATEGORY_WORDS[category].some(
    (c) =>
      query === c ||
      query.split(/\s+/).includes(c) ||
      (query.length >= 4 && c.startsWith(query)) ||
      (/\p{Script=Han}/u.test(c) && query.includes(c)),
  );
}

function matches(p: PlaceInfo, words: readonly string[]): boolean {
  const hay = `${p.name} ${p.nameZh} ${addressOf(p.x, p.y)}`.toLowerCase();
  return words.every((w) => hay.includes(w)) || namesCategory(p.category, words.join(' '));
}

export interface SearchOptions {
  query: string;
  category: Category | null;
  openNow: boolean;
  topRated: boolean;
  sort: ResultSort;
  /** Where distances are measured from (null: your location is unknown). */
  origin: Point | null;
  minute: number;
}

/** Place ids matching a search or a category, filtered and sorted. */
export function searchPlaces(data: MapsData, o: SearchOptions): number[] {
  const words = o.query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = PLACES.filter(
    (p) =>
      (o.category === null || p.category === o.category) &&
      (words.length === 0 || matches(p, words)) &&
      (!o.openNow || isOpen(p, o.minute)) &&
      (!o.topRated || ratingOf(data, p.id).rating >= 4.5),
  );
  const origin = o.origin;
  const byDistance = (a: PlaceInfo, b: PlaceInfo): number => (origin ? distance(origin, a) - distance(origin, b) : 0);
  const byRating = (a: PlaceInfo, b: PlaceInfo): number => ratingOf(data, b.id).rating - ratingOf(data, a.id).rating;
  const nameHit = (p: PlaceInfo): number =>
    words.length && words.every((w) => `${p.name} ${p.nameZh}`.toLowerCase().includes(w)) ? 0 : 1;
  const order =
    o.sort === 'rating'
      ? (a: PlaceInfo, b: PlaceInfo) => byRating(a, b) || byDistance(a, b) || a.id - b.id
      : o.sort === 'distance' && origin
        ? (a: PlaceInfo, b: PlaceInfo) => byDistance(a, b) || a.id - b.id
        : (a: PlaceInfo, b: PlaceInfo) => nameHit(a) - nameHit(b) || byDistance(a, b) || byRating(a, b) || a.id - b.id;
  return found.sort(order).map((p) => p.id);
}

/** Search-as-you-type: places whose names start a word with the text, then categories. */
export function suggestions(text: string): { places: number[]; categories: Category[] } {
  const q = text.trim().toLowerCase();
  if (!q) return { places: [], categories: [] };
  const places = PLACES.filter((p) => `${p.name} ${p.nameZh}`.toLowerCase().includes(q))
    .slice(0, 6)
    .map((p) => p.id);
  const categories = CATEGORIES.filter((c) => CATEGORY_WORDS[c].some((w) => w.startsWith(q) || q.startsWith(w)));
  return { places, categories };
}

export function noteSearch(data: MapsData, query: string): void {
  const q = query.trim();
  if (!q || !data.settings.saveHistory) return;
  data.searches = [q, ...data.searches.filter((s) => s.toLowerCase() !== q.toLowerCase())].slice(0, 10);
}

export function noteTrip(data: MapsData, trip: Trip): void {
  if (!data.settings.saveHistory) return;
  const same = (t: Trip): boolean => t.from === trip.from && t.to === trip.to && t.mode === trip.mode;
  data.trips = [trip, ...data.trips.filter((t) => !same(t))].slice(0, 10);
}

/** Saves a place in a list or takes it out; returns whether it is now in the list. */
export function toggleSaved(data: MapsData, listId: number, place: number): boolean {
  const list = data.lists.find((l) => l.id === listId);
  if (!list) return false;
  if (list.places.includes(place)) {
    list.places = list.places.filter((p) => p !== place);
    return false;
  }
  list.places.unshift(place);
  return true;
}

export const listsWith = (data: MapsData, place: number): SavedList[] =>
  data.lists.filter((l) => l.places.includes(place));

export function createList(data: MapsData, name: string): SavedList | null {
  const n = name.trim();
  if (!n) return null;
  const list: SavedList = { id: data.nextListId++, name: n, kind: 'custom', places: [] };
  data.lists.push(list);
  return list;
}

/** Writes or rewrites your review of a place (one per place). */
export function saveReview(data: MapsData, place: number, rating: number, text: string, now: number): MyReview {
  const stars = Math.max(1, Math.min(5, Math.round(rating)));
  const existing = myReviewOf(data, place);
  if (existing) {
    Object.assign(existing, { rating: stars, text: text.trim(), date: now });
    return existing;
  }
  const review: MyReview = { id: data.nextReviewId++, place, rating: stars, text: text.trim(), date: now };
  data.reviews.unshift(review);
  return review;
}

export function deleteReview(data: MapsData, place: number): boolean {
  const before = data.reviews.length;
  data.reviews = data.reviews.filter((r) => r.place !== place);
  return data.reviews.length < before;
}

/** An endpoint's position (null: home or work not set). */
export function pointOf(data: MapsData, e: Endpoint): Point | null {
  if (e === 'here') return data.location;
  if (e === 'home') return data.home;
  if (e === 'work') return data.work;
  const p = PLACES[e - 1];
  return p ? { x: p.x, y: p.y } : null;
}
