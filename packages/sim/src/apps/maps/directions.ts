/**
 * Maps' directions (.DirectionsActivity): from and to (your location, home, work or a place,
 * picked on .ChoosePlaceActivity), swap, a tab per travel mode with its time, the routes
 * offered (fastest first; tolls, traffic, fares) on a map preview, the selected route's steps
 * and Start, which begins navigation (navigation.ts).
 */
import { formatTime } from '../../phone/page/i18n.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  EditText,
  EmptyState,
  Icon,
  IconButton,
  ListItem,
  ScrollList,
  Toolbar,
} from '../../phone/page/widgets.ts';
import { fitView, mapView } from './map-view.ts';
import { MODES, formatDistance, localAddress, noteTrip, placeName, pointOf, streetName } from './model.ts';
import type { Endpoint, MapsCtx, Mode } from './model.ts';
import { PLACES, placeById } from './places.ts';
import { routesFor } from './routes.ts';
import type { RouteOption, Step } from './routes.ts';
import { knownLocation } from './rows.ts';

export const MODE_LABEL: Record<Mode, string> = { drive: 'Drive', transit: 'Transit', walk: 'Walk', bike: 'Bike' };
export const MODE_ICON: Record<Mode, string> = { drive: 'car', transit: 'bus', walk: 'walk', bike: 'bike' };

export function endpointName(ctx: MapsCtx, e: Endpoint): string {
  if (e === 'here') return ctx.t('Your location');
  if (e === 'home') return ctx.t('Home');
  if (e === 'work') return ctx.t('Work');
  const p = placeById(e);
  return p ? placeName(p, ctx.locale) : '';
}

/** "12 min", "1 h 5 min". */
export function durationText(ctx: MapsCtx, seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return ctx.t('{n} min', { n: minutes });
  return ctx.t('{h} h {m} min', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

export function clockText(ctx: MapsCtx, at: number): string {
  const d = new Date(at);
  return formatTime(d.getHours(), d.getMinutes(), { locale: ctx.locale, is24Hour: ctx.is24Hour });
}

/** The routes between two endpoints now (empty when either is unknown or they coincide). */
export function routesBetween(ctx: MapsCtx, from: Endpoint, to: Endpoint, mode: Mode): RouteOption[] {
  const a = from === 'here' ? knownLocation(ctx) : pointOf(ctx.data, from);
  const b = to === 'here' ? knownLocation(ctx) : pointOf(ctx.data, to);
  if (!a || !b) return [];
  return routesFor(a, b, mode, ctx.data.settings, new Date(ctx.now()).getHours());
}

/** A map that shows a whole route, its start as a dot and a place it ends at as a pin. */
export function routePreview(
  ctx: MapsCtx,
  route: RouteOption,
  trip: { from: Endpoint; to: Endpoint },
  cls: string,
  height: number,
): VNode {
  const to = trip.to;
  return h(
    'FrameLayout',
    { class: cls },
    mapView(ctx, {
      pins: typeof to === 'number' ? [to] : [],
      only: true,
      here: route.path[0] ?? null,
      hereLabel: endpointName(ctx, trip.from),
      route: route.path,
      view: fitView(route.path, 400, height),
      onPin: (id) => ctx.navigate('place', { id }, { activity: '.PlaceActivity' }),
    }),
  );
}

/** One step of a route in words. */
export function stepText(ctx: MapsCtx, s: Step, next?: Step): string {
  const street = s.street ? streetName(s.street, ctx.locale) : '';
  const dir = s.dir ? ctx.t(s.dir) : '';
  switch (s.kind) {
    case 'head':
      if (street) return ctx.t('Head {dir} on {street}', { dir, street });
      return next?.street
        ? ctx.t('Head {dir} toward {street}', { dir, street: streetName(next.street, ctx.locale) })
        : ctx.t('Head {dir}', { dir });
    case 'turn':
      if (!street)
        return ctx.t(s.turn === 'left' ? 'Turn left toward your destination' : 'Turn right toward your destination');
      return ctx.t(s.turn === 'left' ? 'Turn left onto {street}' : 'Turn right onto {street}', { street });
    case 'elevated':
      return ctx.t('Take {street} {dir}', { street, dir });
    case 'exit':
      return ctx.t('Exit onto {street}', { street });
    case 'walk-to-stop':
      return ctx.t('Walk to the {street} stop', { street });
    case 'bus':
      return ctx.t('Bus {line} {dir} on {street}, {n} stops', { line: s.line ?? '', dir, street, n: s.stops ?? 0 });
    case 'walk':
      return ctx.t('Walk to your destination');
    default:
      return ctx.t('Arrive at your destination');
  }
}

function endpointRow(ctx: MapsCtx, which: 'from' | 'to'): VNode {
  const e = ctx.ui.trip[which];
  return h(
    'TextView',
    {
      id: `${which}_field`,
      class: 'mp-endpoint',
      desc: `${ctx.t(which === 'from' ? 'From' : 'To')}: ${endpointName(ctx, e)}`,
      onTap: () => ((ctx.ui.pick = ''), ctx.navigate('choose', { which }, { activity: '.ChoosePlaceActivity' })),
    },
    endpointName(ctx, e),
  );
}

function routeCard(ctx: MapsCtx, r: RouteOption, i: number): VNode {
  const t = ctx.ui.trip;
  const notes = [
    i === 0 ? ctx.t('Fastest route') : '',
    r.toll ? ctx.t('Has tolls (¥{n})', { n: r.toll }) : '',
    r.traffic && r.traffic !== 'light' ? ctx.t(r.traffic === 'heavy' ? 'Heavy traffic' : 'Moderate traffic') : '',
    r.fare ? ctx.t('Fare ¥{n}', { n: r.fare }) : '',
  ].filter(Boolean);
  return h(
    'LinearLayout',
    {
      key: `r${i}`,
      id: 'route_option',
      class: `mp-route ${t.route === i ? 'selected' : ''}`,
      selected: t.route === i,
      desc: `${durationText(ctx, r.duration)}, ${formatDistance(r.distance, ctx.data.settings.units)}`,
      onTap: () => (t.route = i),
    },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mp-row-line' },
      h('TextView', { id: 'route_duration', class: 'mp-route-time' }, durationText(ctx, r.duration)),
      h('TextView', { id: 'route_distance', class: 'mp-sub' }, formatDistance(r.distance, ctx.data.settings.units)),
    ),
    h(
      'TextView',
      { id: 'route_via', class: 'mp-sub' },
      ctx.t('via {street}', { street: streetName(r.via, ctx.locale) }),
    ),
    notes.length ? h('TextView', { id: 'route_notes', class: 'mp-sub mp-note' }, notes.join(' · ')) : null,
  );
}

function prompt(icon: string, text: string, button: VNode): VNode {
  return h(
    'LinearLayout',
    { class: 'grow mp-missing' },
    Icon(icon, { size: 56, class: 'muted' }),
    h('TextView', { id: 'missing_text', class: 'mp-missing-text' }, text),
    button,
  );
}

function missing(ctx: MapsCtx): VNode | null {
  const t = ctx.ui.trip;
  if ((t.from === 'here' || t.to === 'here') && !knownLocation(ctx))
    return prompt(
      'my-location',
      ctx.t('Maps needs your location for these directions'),
      Button({ id: 'enable_location', text: ctx.t('Use my location'), onTap: () => ctx.requestPermission('location') }),
    );
  for (const which of ['home', 'work'] as const)
    if ((t.from === which || t.to === which) && !ctx.data[which])
      return prompt(
        which,
        ctx.t(which === 'home' ? 'Your home address is not set' : 'Your work address is not set'),
        Button({
          id: `set_${which}`,
          text: ctx.t('Set location'),
          onTap: () => ((ctx.ui.pick = ''), ctx.navigate('choose', { which }, { activity: '.ChoosePlaceActivity' })),
        }),
      );
  return null;
}

/** A chip per travel mode with the best time by it. */
function modeTabs(ctx: MapsCtx): VNode {
  const t = ctx.ui.trip;
  return h(
    'LinearLayout',
    { id: 'travel_modes', orientation: 'horizontal', class: 'mp-modes' },
    MODES.map((m) => {
      const best = routesBetween(ctx, t.from, t.to, m)[0];
      return h(
        'LinearLayout',
        {
          key: m,
          id: `mode_${m}`,
          orientation: 'horizontal',
          class: `mp-mode ${t.mode === m ? 'selected' : ''}`,
          desc: ctx.t(MODE_LABEL[m]),
          selected: t.mode === m,
          onTap: () => Object.assign(t, { mode: m, route: 0 }),
        },
        Icon(MODE_ICON[m], { size: 20 }),
        h('TextView', { id: 'mode_time', class: 'mp-mode-time' }, best ? durationText(ctx, best.duration) : '—'),
      );
    }),
  );
}

export function startNavigation(ctx: MapsCtx): void {
  const t = ctx.ui.trip;
  const now = ctx.now();
  ctx.data.navigation = { from: t.from, to: t.to, mode: t.mode, route: t.route, startedAt: now };
  noteTrip(ctx.data, { from: t.from, to: t.to, mode: t.mode, at: now });
  ctx.navigate('navigate', undefined, { activity: '.NavigationActivity', replace: true });
}

export function directionsScreen(ctx: MapsCtx): VNode {
  const t = ctx.ui.trip;
  const options = routesBetween(ctx, t.from, t.to, t.mode);
  if (t.route >= options.length) t.route = 0;
  const chosen = options[t.route];
  const gap = missing(ctx);
  const steps = chosen?.steps ?? [];
  return h(
    'LinearLayout',
    { class: 'fill maps-app' },
    Toolbar(ctx, { title: ctx.t('Directions'), nav: 'back' }),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mp-endpoints' },
      h('LinearLayout', { class: 'grow mp-endpoint-col' }, endpointRow(ctx, 'from'), endpointRow(ctx, 'to')),
      IconButton({
        id: 'swap_button',
        icon: 'swap',
        desc: ctx.t('Swap start and destination'),
        onTap: () => Object.assign(t, { from: t.to, to: t.from, route: 0 }),
      }),
    ),
    modeTabs(ctx),
    gap ??
      h(
        'FrameLayout',
        { class: 'grow body', key: `${t.mode}|${t.from}|${t.to}` },
        options.length && chosen
          ? ScrollList(
              { id: 'routes_list' },
              routePreview(ctx, chosen, t, 'mp-preview', 180),
              options.map((r, i) => routeCard(ctx, r, i)),
              steps.map((s, i) =>
                ListItem({
                  key: `s${i}`,
                  id: 'step_item',
                  title: stepText(ctx, s, steps[i + 1]),
                  summary: s.distance ? formatDistance(s.distance, ctx.data.settings.units) : undefined,
                }),
              ),
            )
          : EmptyState('directions', ctx.t('No routes found'), 'empty_view'),
      ),
    chosen && !gap
      ? h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'mp-start-bar' },
          h(
            'TextView',
            { id: 'arrival_time', class: 'grow mp-sub' },
            ctx.t('Arrive at {time}', { time: clockText(ctx, ctx.now() + chosen.duration * 1000) }),
          ),
          Button({ id: 'start_navigation', text: ctx.t('Start'), onTap: () => startNavigation(ctx) }),
        )
      : null,
  );
}

/** Picks a trip's start or end, or the home or work address. */
export function chooseScreen(ctx: MapsCtx): VNode {
  const which = String(ctx.route.params?.which ?? 'to') as 'from' | 'to' | 'home' | 'work';
  const forTrip = which === 'from' || which === 'to';
  const choose = (e: Endpoint): void => {
    if (forTrip) Object.assign(ctx.ui.trip, { [which]: e, route: 0 });
    else {
      const pt = e === 'here' ? ctx.data.location : pointOf(ctx.data, e);
      ctx.data[which] = pt ? { ...pt } : null;
      ctx.toast(ctx.t(which === 'home' ? 'Home set' : 'Work set'));
    }
    ctx.blur();
    ctx.back();
  };
  const q = ctx.ui.pick.trim().toLowerCase();
  const places = PLACES.filter((p) => !q || `${p.name} ${p.nameZh}`.toLowerCase().includes(q));
  const fixed: Array<'here' | 'home' | 'work'> = forTrip ? ['here', 'home', 'work'] : ['here'];
  const addressOf = (e: 'here' | 'home' | 'work'): string | undefined => {
    if (e === 'here') return undefined;
    const pt = ctx.data[e];
    return pt ? localAddress(pt, ctx.locale) : ctx.t('Not set');
  };
  return h(
    'LinearLayout',
    { class: 'fill maps-app' },
    Toolbar(ctx, {
      title: ctx.t(
        which === 'from'
          ? 'Choose start'
          : which === 'to'
            ? 'Choose destination'
            : which === 'home'
              ? 'Set home'
              : 'Set work',
      ),
      nav: 'back',
    }),
    h(
      'LinearLayout',
      { class: 'mp-pick-field' },
      EditText(ctx, {
        field: 'pick',
        id: 'pick_search',
        value: ctx.ui.pick,
        hint: ctx.t('Search for a place'),
        onChange: (v) => (ctx.ui.pick = v),
        onSubmit: () => ctx.blur(),
      }),
    ),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'pick_list' },
        q
          ? null
          : fixed.map((e) =>
              ListItem({
                key: String(e),
                id: 'pick_fixed',
                icon: e === 'here' ? 'my-location' : e === 'home' ? 'home' : 'work',
                title: endpointName(ctx, e),
                summary: addressOf(e),
                enabled: e === 'here' || ctx.data[e] !== null,
                onTap: () => choose(e),
              }),
            ),
        places.map((p) =>
          ListItem({
            key: `p${p.id}`,
            id: 'pick_place',
            icon: 'location',
            title: placeName(p, ctx.locale),
            summary: localAddress(p, ctx.locale),
            onTap: () => choose(p.id),
          }),
        ),
      ),
    ),
  );
}
