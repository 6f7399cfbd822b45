/**
 * Maps' map: the city drawn as one picture (streets, the elevated road, parks, the river; the
 * traffic layer colours the streets), street names at closer zooms, the places as pins, your
 * position as a blue dot and a route as a line. Like a real map view it exposes little to the
 * accessibility tree: the pins (content-desc = the place's name) and the blue dot. A drag pans
 * the map by the distance the finger moved.
 */
import { svg } from '../../phone/page/icons.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { CATEGORY_ICON, MAX_ZOOM, NEAR_ZOOM, ZOOM_METRES_PER_DP, placeName, streetName } from './model.ts';
import type { MapsCtx, MapsSettings, Point } from './model.ts';
import { BLOCK, CITY_SIZE, ELEVATED_Y, EW_STREETS, NS_STREETS, PLACES } from './places.ts';
import { trafficOn } from './routes.ts';
import type { Traffic } from './routes.ts';

const MARGIN = 400;
const EXTENT = CITY_SIZE + 2 * MARGIN;
const RIVER = CITY_SIZE + 150;

interface Palette {
  land: string;
  street: string;
  edge: string;
  elevated: string;
  park: string;
  water: string;
}

const PALETTE: Record<MapsSettings['mapType'], Palette> = {
  default: {
    land: '#f2efe9',
    street: '#ffffff',
    edge: '#d9d4ca',
    elevated: '#f7c566',
    park: '#c8e6b0',
    water: '#a9d6f5',
  },
  satellite: {
    land: '#46523c',
    street: '#a39f90',
    edge: '#2f362a',
    elevated: '#c9a456',
    park: '#2f5a2a',
    water: '#1d3a55',
  },
  terrain: {
    land: '#ece3cd',
    street: '#ffffff',
    edge: '#d4c7a8',
    elevated: '#efc06a',
    park: '#b3d694',
    water: '#9ccbe9',
  },
};

const TRAFFIC_COLOUR: Record<Traffic, string> = { light: '#34a853', moderate: '#f4a300', heavy: '#e53935' };

const PARK_SIZE: Record<string, [number, number]> = { 'Century Park': [900, 700] };

const cache = new Map<string, string>();

/** The whole city as an SVG in metres (viewBox includes a margin round the grid). */
function citySvg(type: MapsSettings['mapType'], traffic: boolean, hour: number): string {
  const key = `${type}|${traffic ? hour : -1}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const c = PALETTE[type];
  const parts: string[] = [
    `<rect x="${-MARGIN}" y="${-MARGIN}" width="${EXTENT}" height="${EXTENT}" fill="${c.land}"/>`,
    `<path d="M${RIVER} ${-MARGIN}H${CITY_SIZE + MARGIN}V${CITY_SIZE + MARGIN}H${-MARGIN}V${RIVER}H${RIVER}Z" fill="${c.water}"/>`,
  ];
  for (const p of PLACES.filter((x) => x.category === 'park')) {
    const [w, ht] = PARK_SIZE[p.name] ?? [520, 360];
    parts.push(`<rect x="${p.x - w / 2}" y="${p.y - ht / 2}" width="${w}" height="${ht}" rx="40" fill="${c.park}"/>`);
  }
  const line = (x1: number, y1: number, x2: number, y2: number, colour: string, width: number): string =>
    `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${colour}" stroke-width="${width}"/>`;
  for (const pass of [
    [c.edge, 50],
    [c.street, 34],
  ] as const)
    for (let i = 0; i * BLOCK <= CITY_SIZE; i++) {
      parts.push(line(-MARGIN, i * BLOCK, RIVER, i * BLOCK, pass[0], pass[1]));
      parts.push(line(i * BLOCK, -MARGIN, i * BLOCK, RIVER, pass[0], pass[1]));
    }
  parts.push(line(-MARGIN, ELEVATED_Y, RIVER, ELEVATED_Y, c.elevated, 70));
  if (traffic)
    for (let i = 0; i * BLOCK <= CITY_SIZE; i++) {
      const ew = EW_STREETS[i] ?? '';
      const ns = NS_STREETS[i] ?? '';
      parts.push(line(0, i * BLOCK, CITY_SIZE, i * BLOCK, TRAFFIC_COLOUR[trafficOn(ew, hour)], 16));
      parts.push(line(i * BLOCK, 0, i * BLOCK, CITY_SIZE, TRAFFIC_COLOUR[trafficOn(ns, hour)], 16));
    }
  const out = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-MARGIN} ${-MARGIN} ${EXTENT} ${EXTENT}" width="100%" height="100%" preserveAspectRatio="none">${parts.join('')}</svg>`;
  if (cache.size > 16) cache.clear();
  cache.set(key, out);
  return out;
}

export interface Viewport {
  cx: number;
  cy: number;
  zoom: number;
}

/** CSS placing a point of the city relative to the map's centre. */
function at(v: Viewport, x: number, y: number): string {
  const mpd = ZOOM_METRES_PER_DP[v.zoom] ?? 12;
  const dx = (x - v.cx) / mpd;
  const dy = (y - v.cy) / mpd;
  return `left:calc(50% + ${dx.toFixed(1)}dp);top:calc(50% + ${dy.toFixed(1)}dp)`;
}

function streetLabels(ctx: MapsCtx, v: Viewport): VNode[] {
  if (v.zoom < NEAR_ZOOM - 1) return [];
  const every = v.zoom >= NEAR_ZOOM ? 1 : 2;
  const nearest = (v: number): number => Math.round(v / BLOCK / every) * BLOCK * every;
  const labels: VNode[] = [];
  for (let i = 0; i < EW_STREETS.length; i += every) {
    const y = i * BLOCK;
    const x = nearest(v.cx) + BLOCK / 2;
    labels.push(
      h(
        'span',
        { key: `ew${i}`, class: 'mp-street', ax: 'skip', style: at(v, x, y) },
        streetName(EW_STREETS[i] ?? '', ctx.locale),
      ),
    );
  }
  for (let i = 0; i < NS_STREETS.length; i += every) {
    const x = i * BLOCK;
    const y = nearest(v.cy) + BLOCK / 2;
    labels.push(
      h(
        'span',
        { key: `ns${i}`, class: 'mp-street v', ax: 'skip', style: at(v, x, y) },
        streetName(NS_STREETS[i] ?? '', ctx.locale),
      ),
    );
  }
  return labels;
}

function routeSvg(path: readonly Point[]): string {
  const d = path.map((p, i) => `${i ? 'L' : 'M'}${p.x} ${p.y}`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${-MARGIN} ${-MARGIN} ${EXTENT} ${EXTENT}" width="100%" height="100%" preserveAspectRatio="none"><path d="${d}" fill="none" stroke="#ffffff" stroke-width="60" stroke-linejoin="round" stroke-linecap="round"/><path d="${d}" fill="none" stroke="#1a73e8" stroke-width="38" stroke-linejoin="round" stroke-linecap="round"/></svg>`;
}

export interface MapViewOptions {
  /** Places drawn as red pins (the rest as small dots, unless `only`). */
  pins: readonly number[];
  only?: boolean;
  /** Your position, when the app may know it. */
  here: Point | null;
  /** What the dot is called (default: your location). */
  hereLabel?: string;
  route?: readonly Point[];
  onPin: (id: number) => void;
  /** A fixed view (a preview that does not pan) instead of the map's own centre and zoom. */
  view?: Viewport;
}

/** The closest view that shows every point (a route, results) in a box of `width` × `height` dp. */
export function fitView(points: readonly Point[], width: number, height: number): Viewport {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const w = Math.max(...xs) - Math.min(...xs);
  const ht = Math.max(...ys) - Math.min(...ys);
  let zoom = MAX_ZOOM;
  while (
    zoom > 0 &&
    (w / (ZOOM_METRES_PER_DP[zoom] ?? 1) > width * 0.8 || ht / (ZOOM_METRES_PER_DP[zoom] ?? 1) > height * 0.8)
  )
    zoom--;
  return { cx: (Math.max(...xs) + Math.min(...xs)) / 2, cy: (Math.max(...ys) + Math.min(...ys)) / 2, zoom };
}

/** Pans the map by a finger's drag (dp) and keeps the centre over the city. */
export function pan(ctx: MapsCtx, moved: { dx: number; dy: number }): void {
  const mpd = ZOOM_METRES_PER_DP[ctx.ui.zoom] ?? 12;
  ctx.ui.cx = Math.round(Math.max(0, Math.min(CITY_SIZE, ctx.ui.cx - moved.dx * mpd)));
  ctx.ui.cy = Math.round(Math.max(0, Math.min(CITY_SIZE, ctx.ui.cy - moved.dy * mpd)));
}

export function centreOn(ctx: MapsCtx, p: Point, zoom?: number): void {
  ctx.ui.cx = p.x;
  ctx.ui.cy = p.y;
  if (zoom !== undefined) ctx.ui.zoom = zoom;
}

export function mapView(ctx: MapsCtx, o: MapViewOptions): VNode {
  const v = o.view ?? ctx.ui;
  const mpd = ZOOM_METRES_PER_DP[v.zoom] ?? 12;
  const size = `width:${(EXTENT / mpd).toFixed(1)}dp;height:${(EXTENT / mpd).toFixed(1)}dp`;
  const corner = at(v, -MARGIN, -MARGIN);
  const s = ctx.data.settings;
  const red = new Set(o.pins);
  const shown = PLACES.filter((p) => red.has(p.id) || !o.only);
  return h(
    'FrameLayout',
    {
      id: 'map_view',
      class: `mp-map ${s.mapType}`,
      desc: ctx.t('Map'),
      onSwipe: o.view ? undefined : (_dir, moved) => pan(ctx, moved),
    },
    h('span', {
      class: 'mp-layer',
      ax: 'skip',
      style: `${corner};${size}`,
      html: citySvg(s.mapType, s.traffic, new Date(ctx.now()).getHours()),
    }),
    o.route?.length
      ? h('span', { class: 'mp-layer', ax: 'skip', style: `${corner};${size}`, html: routeSvg(o.route) })
      : null,
    streetLabels(ctx, v),
    shown.map((p) =>
      h(
        'ImageView',
        {
          key: `p${p.id}`,
          id: red.has(p.id) ? 'map_pin' : 'map_poi',
          class: `${red.has(p.id) ? 'mp-pin' : 'mp-poi'} ${ctx.ui.selected === p.id ? 'selected' : ''}`,
          style: at(v, p.x, p.y),
          desc: placeName(p, ctx.locale),
          text: '',
          selected: ctx.ui.selected === p.id,
          onTap: () => o.onPin(p.id),
        },
        h('span', {
          class: 'mp-pin-glyph',
          ax: 'skip',
          html: svg(red.has(p.id) ? 'map-pin' : CATEGORY_ICON[p.category]),
        }),
        red.has(p.id) || v.zoom >= NEAR_ZOOM
          ? h('span', { class: 'mp-pin-label', ax: 'skip' }, placeName(p, ctx.locale))
          : null,
      ),
    ),
    o.here
      ? h('ImageView', {
          id: 'my_location_dot',
          class: 'mp-here',
          desc: o.hereLabel ?? ctx.t('Your location'),
          style: at(v, o.here.x, o.here.y),
        })
      : null,
  );
}
