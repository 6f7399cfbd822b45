/**
 * Directions on Maps' street grid. A route runs along the streets in straight legs; driving
 * offers the way along the street nearest the start, the way along the street nearest the
 * destination and, unless tolls or highways are avoided, the toll expressway on Yan’an Road.
 * Transit takes an east–west bus and then a north–south one. Drive times follow the traffic
 * on each street at the device's hour (rush hours are busier).
 */
import { hashString } from '../../phone/page/rng.ts';
import type { MapsSettings, Mode, Point } from './model.ts';
import { BLOCK, ELEVATED_NAME, ELEVATED_Y, EW_STREETS, NS_STREETS } from './places.ts';

export type Dir = 'north' | 'south' | 'east' | 'west';
export type Traffic = 'light' | 'moderate' | 'heavy';

export interface Step {
  kind: 'head' | 'turn' | 'elevated' | 'exit' | 'walk-to-stop' | 'bus' | 'walk' | 'arrive';
  street?: string;
  dir?: Dir;
  turn?: 'left' | 'right';
  /** Bus line and stops ridden (transit). */
  line?: string;
  stops?: number;
  /** Metres and seconds of this step. */
  distance: number;
  duration: number;
}

export interface RouteOption {
  /** The street most of the route runs on. */
  via: string;
  distance: number;
  duration: number;
  /** Toll in yuan (0: none); the transit fare for buses. */
  toll: number;
  fare: number;
  highway: boolean;
  /** Drive routes: the worst traffic on the way. */
  traffic: Traffic | null;
  steps: Step[];
  path: Point[];
}

interface Leg {
  from: Point;
  to: Point;
  street: string | null;
  elevated: boolean;
}

const SPEED: Record<Mode, number> = { drive: 10, transit: 5, walk: 1.4, bike: 4.2 };
const ELEVATED_SPEED = 16.7;
const TRAFFIC_FACTOR: Record<Traffic, number> = { light: 1, moderate: 0.7, heavy: 0.45 };
const TOLL = 15;
const BUS_FARE = 2;
const WAIT = 300;
const TRANSFER_WAIT = 240;

export const snap = (v: number): number => Math.round(v / BLOCK) * BLOCK;

/** The traffic on a street at an hour: fixed per street, one level busier in rush hours. */
export function trafficOn(street: string, hour: number): Traffic {
  if (hour < 6) return 'light';
  const rush = hour === 7 || hour === 8 || hour === 17 || hour === 18 ? 1 : 0;
  return (['light', 'moderate', 'heavy'] as const)[Math.min(2, (hashString(street) % 3) + rush)] ?? 'light';
}

function streetAt(a: Point, b: Point): string | null {
  if (a.y === b.y && a.y % BLOCK === 0) return EW_STREETS[a.y / BLOCK] ?? null;
  if (a.x === b.x && a.x % BLOCK === 0) return NS_STREETS[a.x / BLOCK] ?? null;
  return null;
}

const clampCity = (v: number): number => Math.max(0, Math.min(EW_STREETS.length - 1, v / BLOCK)) * BLOCK;

/** Straight legs through the corners, without empty legs, with each leg's street. */
function legsOf(points: Point[], elevatedFrom = -1): Leg[] {
  const legs: Leg[] = [];
  for (let i = 1; i < points.length; i++) {
    const from = points[i - 1] as Point;
    const to = points[i] as Point;
    if (from.x === to.x && from.y === to.y) continue;
    const elevated = i - 1 === elevatedFrom;
    const street = elevated ? ELEVATED_NAME : streetAt(from, to);
    const last = legs.at(-1);
    const sameLine = last !== undefined && (last.from.y === last.to.y) === (from.y === to.y);
    if (last && sameLine && last.street === street && last.elevated === elevated) last.to = to;
    else legs.push({ from, to, street, elevated });
  }
  return legs;
}

const lengthOf = (l: Leg): number => Math.abs(l.to.x - l.from.x) + Math.abs(l.to.y - l.from.y);

function dirOf(l: Leg): Dir {
  if (l.from.x === l.to.x) return l.to.y > l.from.y ? 'south' : 'north';
  return l.to.x > l.from.x ? 'east' : 'west';
}

const VEC: Record<Dir, [number, number]> = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };

function turnOf(a: Dir, b: Dir): 'left' | 'right' {
  const [ax, ay] = VEC[a];
  const [bx, by] = VEC[b];
  return ax * by - ay * bx > 0 ? 'right' : 'left';
}

function legSeconds(l: Leg, mode: Mode, hour: number): number {
  const d = lengthOf(l);
  if (mode !== 'drive') return d / SPEED[mode];
  if (l.elevated) return d / ELEVATED_SPEED;
  if (!l.street) return d / (SPEED.drive / 2);
  return d / (SPEED.drive * TRAFFIC_FACTOR[trafficOn(l.street, hour)]);
}

function stepsOf(legs: Leg[], mode: Mode, hour: number): Step[] {
  const steps: Step[] = legs.map((l, i) => {
    const base = { distance: lengthOf(l), duration: legSeconds(l, mode, hour), dir: dirOf(l) };
    const street = l.street ?? undefined;
    if (l.elevated) return { kind: 'elevated', street, ...base };
    const prev = legs[i - 1];
    if (!prev) return { kind: 'head', street, ...base };
    const turn = turnOf(dirOf(prev), base.dir);
    return { kind: prev.elevated ? 'exit' : 'turn', street, turn, ...base };
  });
  steps.push({ kind: 'arrive', distance: 0, duration: 0 });
  return steps;
}

function option(points: Point[], mode: Mode, hour: number, elevatedFrom = -1): RouteOption | null {
  const legs = legsOf(points, elevatedFrom);
  if (!legs.length) return null;
  const steps = stepsOf(legs, mode, hour);
  const longest = [...legs].sort((a, b) => lengthOf(b) - lengthOf(a))[0] as Leg;
  const streets = legs.filter((l) => l.street && !l.elevated).map((l) => trafficOn(l.street as string, hour));
  const worst = streets.includes('heavy') ? 'heavy' : streets.includes('moderate') ? 'moderate' : 'light';
  return {
    via: longest.street ?? '',
    distance: steps.reduce((s, x) => s + x.distance, 0),
    duration: Math.round(steps.reduce((s, x) => s + x.duration, 0)),
    toll: elevatedFrom >= 0 ? TOLL : 0,
    fare: 0,
    highway: elevatedFrom >= 0,
    traffic: mode === 'drive' ? worst : null,
    steps,
    path: [legs[0]?.from as Point, ...legs.map((l) => l.to)],
  };
}

function transit(s: Point, t: Point): RouteOption | null {
  const ya = clampCity(snap(s.y));
  const xb = clampCity(snap(t.x));
  const yt = clampCity(snap(t.y));
  const east = Math.abs(xb - s.x);
  const south = Math.abs(yt - ya);
  if (east < BLOCK && south < BLOCK) return null;
  const steps: Step[] = [];
  const ew = EW_STREETS[ya / BLOCK] ?? '';
  const ns = NS_STREETS[xb / BLOCK] ?? '';
  const walk = (distance: number): number => distance / SPEED.walk;
  let at: Point = { x: s.x, y: ya };
  const path: Point[] = [s, at];
  if (s.y !== ya)
    steps.push({ kind: 'walk-to-stop', street: ew, distance: Math.abs(s.y - ya), duration: walk(Math.abs(s.y - ya)) });
  let rides = 0;
  if (east >= BLOCK) {
    rides++;
    const line = String(10 + ya / BLOCK);
    steps.push({
      kind: 'bus',
      street: ew,
      line,
      stops: Math.round(east / BLOCK),
      distance: east,
      duration: WAIT + east / SPEED.transit,
      dir: xb > s.x ? 'east' : 'west',
    });
    at = { x: xb, y: ya };
    path.push(at);
  }
  if (south >= BLOCK) {
    const line = String(50 + xb / BLOCK);
    const wait = rides ? TRANSFER_WAIT : WAIT;
    rides++;
    steps.push({
      kind: 'bus',
      street: ns,
      line,
      stops: Math.round(south / BLOCK),
      distance: south + Math.abs(at.x - xb),
      duration: wait + (south + Math.abs(at.x - xb)) / SPEED.transit,
      dir: yt > ya ? 'south' : 'north',
    });
    at = { x: xb, y: yt };
    path.push({ x: xb, y: ya }, at);
  }
  const last = Math.abs(t.x - at.x) + Math.abs(t.y - at.y);
  if (last) steps.push({ kind: 'walk', distance: last, duration: walk(last) });
  steps.push({ kind: 'arrive', distance: 0, duration: 0 });
  path.push({ x: at.x, y: t.y }, t);
  return {
    via: rides === 2 ? `${ew} · ${ns}` : east >= BLOCK ? ew : ns,
    distance: steps.reduce((sum, x) => sum + x.distance, 0),
    duration: Math.round(steps.reduce((sum, x) => sum + x.duration, 0)),
    toll: 0,
    fare: rides * BUS_FARE,
    highway: false,
    traffic: null,
    steps,
    path,
  };
}

/** The routes offered from `s` to `t` for a mode, fastest first. */
export function routesFor(s: Point, t: Point, mode: Mode, settings: MapsSettings, hour: number): RouteOption[] {
  if (mode === 'transit') {
    const r = transit(s, t);
    return r ? [r] : [];
  }
  const xa = snap(s.x);
  const ya = snap(s.y);
  const xb = snap(t.x);
  const yb = snap(t.y);
  const candidates = [
    option([s, { x: s.x, y: ya }, { x: xb, y: ya }, { x: xb, y: t.y }, t], mode, hour),
    option([s, { x: xa, y: s.y }, { x: xa, y: yb }, { x: t.x, y: yb }, t], mode, hour),
  ];
  const long = Math.abs(xb - xa) >= 4 * BLOCK;
  if (mode === 'drive' && long && !settings.avoidTolls && !settings.avoidHighways)
    candidates.push(
      option(
        [s, { x: xa, y: s.y }, { x: xa, y: ELEVATED_Y }, { x: xb, y: ELEVATED_Y }, { x: xb, y: t.y }, t],
        mode,
        hour,
        2,
      ),
    );
  const seen = new Set<string>();
  return candidates
    .filter((r): r is RouteOption => r !== null)
    .filter((r) => {
      const key = `${r.via}|${r.distance}|${r.highway}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.duration - b.duration || a.distance - b.distance)
    .slice(0, mode === 'drive' ? 3 : 2);
}

/** Where a navigation stands after `elapsed` seconds: the current step and seconds left. */
export function progressOf(route: RouteOption, elapsed: number): { step: number; left: number; arrived: boolean } {
  let t = 0;
  for (let i = 0; i < route.steps.length; i++) {
    t += (route.steps[i] as Step).duration;
    if (elapsed < t) return { step: i, left: Math.max(0, route.duration - elapsed), arrived: false };
  }
  return { step: route.steps.length - 1, left: 0, arrived: true };
}
