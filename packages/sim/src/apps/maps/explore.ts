/**
 * Maps' Explore tab: the map under a search bar and category chips, map controls (layers,
 * zoom, your location), the results of a search as a list sheet (filters: open now, top
 * rated; sort) or as pins, and the card of a tapped pin.
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Chip,
  Dialog,
  EmptyState,
  Icon,
  IconButton,
  RadioButton,
  ScrollList,
  SwitchItem,
} from '../../phone/page/widgets.ts';
import { centreOn, fitView, mapView } from './map-view.ts';
import {
  CATEGORY_LABEL,
  MAX_ZOOM,
  NEAR_ZOOM,
  ZOOM_METRES_PER_DP,
  minuteOfDay,
  placeName,
  searchPlaces,
} from './model.ts';
import type { MapsCtx, MapsSettings, Point, ResultSort } from './model.ts';
import { CATEGORIES, placeById } from './places.ts';
import type { Category } from './places.ts';
import { distanceText, knownLocation, openPlace, placeRow, statusText, summaryLine } from './rows.ts';

export const searching = (ctx: MapsCtx): boolean => ctx.ui.query !== '' || ctx.ui.category !== null;

export function clearSearch(ctx: MapsCtx): void {
  Object.assign(ctx.ui, {
    query: '',
    category: null,
    selected: null,
    openNow: false,
    topRated: false,
    sort: 'relevance',
  });
}

function results(ctx: MapsCtx): number[] {
  return searchPlaces(ctx.data, { ...ctx.ui, origin: knownLocation(ctx), minute: minuteOfDay(ctx.now()) });
}

/** Shows a search's results and moves the map over them (above the results sheet). */
export function showResults(ctx: MapsCtx, query: string, category: Category | null): void {
  Object.assign(ctx.ui, { query, category, selected: null, list: true });
  const points = results(ctx).map((id) => placeById(id) as Point);
  if (!points.length) return;
  // The sheet covers the map's lower half: fit the results into the strip above it.
  const view = fitView(points, 360, 300);
  const mpd = ZOOM_METRES_PER_DP[view.zoom] ?? 12;
  centreOn(ctx, { x: Math.round(view.cx), y: Math.round(view.cy + 200 * mpd) }, view.zoom);
}

export function openSearch(ctx: MapsCtx): void {
  ctx.ui.draft = ctx.ui.query;
  ctx.navigate('search', undefined, { activity: '.SearchActivity' });
  ctx.focus('search', 'end');
}

export function openDirections(ctx: MapsCtx, to: number | 'home' | 'work'): void {
  ctx.ui.trip = { from: 'here', to, mode: ctx.data.settings.mode, route: 0 };
  ctx.navigate('directions', undefined, { activity: '.DirectionsActivity' });
}

/** Your location on the map; the system asks for the permission first when Maps has none. */
export function locate(ctx: MapsCtx): void {
  const here = knownLocation(ctx);
  if (here) {
    centreOn(ctx, here, Math.max(ctx.ui.zoom, NEAR_ZOOM));
    return;
  }
  ctx.ui.locating = true;
  ctx.requestPermission('location');
}

/** Once the permission is answered, a pending "your location" centres the map (or gives up). */
export function settleLocating(ctx: MapsCtx): void {
  if (!ctx.ui.locating) return;
  const answer = ctx.permission('location');
  if (answer === 'unset') return;
  ctx.ui.locating = false;
  const here = knownLocation(ctx);
  if (here) centreOn(ctx, here, Math.max(ctx.ui.zoom, NEAR_ZOOM));
}

function searchBar(ctx: MapsCtx): VNode {
  const on = searching(ctx);
  const label = ctx.ui.query || (ctx.ui.category ? ctx.t(CATEGORY_LABEL[ctx.ui.category]) : '');
  return h(
    'LinearLayout',
    {
      id: 'search_bar',
      orientation: 'horizontal',
      class: 'mp-searchbar',
      onTap: () => openSearch(ctx),
    },
    on
      ? IconButton({ id: 'search_back', icon: 'back', desc: ctx.t('Back'), onTap: () => clearSearch(ctx) })
      : h('span', { class: 'mp-sb-icon', ax: 'skip' }, Icon('search', { size: 22 })),
    h(
      'TextView',
      { id: 'search_text', class: `grow mp-sb-text ${label ? '' : 'hint'}` },
      label || ctx.t('Search here'),
    ),
    on
      ? IconButton({ id: 'search_clear', icon: 'close', desc: ctx.t('Clear search'), onTap: () => clearSearch(ctx) })
      : IconButton({
          id: 'action_settings',
          icon: 'settings',
          desc: ctx.t('Settings'),
          onTap: () => ctx.navigate('settings', undefined, { activity: '.SettingsActivity' }),
        }),
  );
}

function categoryChips(ctx: MapsCtx): VNode {
  return h(
    'HorizontalScrollView',
    { id: 'category_chips', scroll: 'h', class: 'mp-chips-scroll' },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mp-chips' },
      CATEGORIES.map((c) =>
        Chip({
          key: c,
          id: `chip_${c}`,
          text: ctx.t(CATEGORY_LABEL[c]),
          selected: ctx.ui.category === c,
          onTap: () => (ctx.ui.category === c ? clearSearch(ctx) : showResults(ctx, '', c)),
        }),
      ),
    ),
  );
}

function controls(ctx: MapsCtx, raised: boolean): VNode {
  return h(
    'LinearLayout',
    { id: 'map_controls', class: `mp-controls ${raised ? 'raised' : ''}` },
    IconButton({ id: 'layers_button', icon: 'layers', desc: ctx.t('Layers'), onTap: () => ctx.openDialog('layers') }),
    IconButton({
      id: 'zoom_in',
      icon: 'zoom-in',
      desc: ctx.t('Zoom in'),
      enabled: ctx.ui.zoom < MAX_ZOOM,
      onTap: () => (ctx.ui.zoom = Math.min(MAX_ZOOM, ctx.ui.zoom + 1)),
    }),
    IconButton({
      id: 'zoom_out',
      icon: 'zoom-out',
      desc: ctx.t('Zoom out'),
      enabled: ctx.ui.zoom > 0,
      onTap: () => (ctx.ui.zoom = Math.max(0, ctx.ui.zoom - 1)),
    }),
    IconButton({ id: 'my_location', icon: 'my-location', desc: ctx.t('Your location'), onTap: () => locate(ctx) }),
  );
}

function placeCard(ctx: MapsCtx, id: number): VNode | null {
  const p = placeById(id);
  if (!p) return null;
  const status = statusText(ctx, p);
  const far = distanceText(ctx, p);
  return h(
    'LinearLayout',
    { id: 'place_card', class: 'mp-card', desc: placeName(p, ctx.locale), onTap: () => openPlace(ctx, id) },
    h('TextView', { id: 'card_title', class: 'mp-card-title' }, placeName(p, ctx.locale)),
    h('TextView', { id: 'card_summary', class: 'mp-sub' }, summaryLine(ctx, p)),
    h(
      'TextView',
      { id: 'card_status', class: `mp-sub ${status.open ? 'mp-open' : 'mp-closed'}` },
      far ? `${far} · ${status.text}` : status.text,
    ),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mp-actions' },
      Button({
        id: 'card_directions',
        text: ctx.t('Directions'),
        variant: 'filled',
        onTap: () => openDirections(ctx, id),
      }),
      Button({
        id: 'card_save',
        text: ctx.t('Save'),
        variant: 'outlined',
        onTap: () => ctx.openDialog('save', { place: id }),
      }),
    ),
  );
}

const SORT_LABEL: Record<ResultSort, string> = { relevance: 'Relevance', distance: 'Distance', rating: 'Rating' };

function resultsSheet(ctx: MapsCtx, ids: number[]): VNode {
  return h(
    'LinearLayout',
    { id: 'results_sheet', class: 'mp-sheet' },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'mp-sheet-head' },
      h('TextView', { id: 'results_count', class: 'grow mp-sheet-title' }, ctx.t('{n} results', { n: ids.length })),
      Button({ id: 'show_map', text: ctx.t('Map view'), variant: 'text', onTap: () => (ctx.ui.list = false) }),
    ),
    h(
      'HorizontalScrollView',
      { id: 'filter_chips', scroll: 'h', class: 'mp-chips-scroll flat' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'mp-chips' },
        Chip({
          id: 'filter_open_now',
          text: ctx.t('Open now'),
          selected: ctx.ui.openNow,
          onTap: () => (ctx.ui.openNow = !ctx.ui.openNow),
        }),
        Chip({
          id: 'filter_top_rated',
          text: ctx.t('Top rated'),
          selected: ctx.ui.topRated,
          onTap: () => (ctx.ui.topRated = !ctx.ui.topRated),
        }),
        Chip({
          id: 'sort_chip',
          text: `${ctx.t('Sort by')}: ${ctx.t(SORT_LABEL[ctx.ui.sort])}`,
          selected: ctx.ui.sort !== 'relevance',
          onTap: () => ctx.openDialog('sort'),
        }),
      ),
    ),
    h(
      'FrameLayout',
      { class: 'grow body', key: `${ctx.ui.query}|${ctx.ui.category}` },
      ids.length
        ? ScrollList(
            { id: 'results_list' },
            ids.map((id) => placeRow(ctx, id)),
          )
        : EmptyState('search', ctx.t('No results'), 'empty_view'),
    ),
  );
}

export function exploreTab(ctx: MapsCtx): VNode {
  const on = searching(ctx);
  const here = knownLocation(ctx);
  const found = on ? results(ctx) : [];
  const selected = ctx.ui.selected;
  const sheet = on && ctx.ui.list;
  return h(
    'FrameLayout',
    { class: 'fill' },
    mapView(ctx, {
      pins: on ? found : selected ? [selected] : [],
      only: on,
      here,
      onPin: (id) => Object.assign(ctx.ui, { selected: id, list: false }),
    }),
    h('LinearLayout', { class: 'mp-top' }, searchBar(ctx), categoryChips(ctx)),
    controls(ctx, sheet || selected !== null),
    sheet
      ? resultsSheet(ctx, found)
      : selected !== null
        ? placeCard(ctx, selected)
        : on
          ? h(
              'LinearLayout',
              { class: 'mp-float' },
              Button({
                id: 'show_list',
                text: ctx.t('Show list'),
                variant: 'filled',
                onTap: () => (ctx.ui.list = true),
              }),
            )
          : null,
  );
}

export function layersDialog(ctx: MapsCtx, _dialog: DialogState): VNode {
  const s = ctx.data.settings;
  const types: Array<[MapsSettings['mapType'], string]> = [
    ['default', 'Default'],
    ['satellite', 'Satellite'],
    ['terrain', 'Terrain'],
  ];
  return Dialog({
    title: ctx.t('Map type'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      types.map(([id, text]) =>
        RadioButton({
          key: id,
          id: `map_type_${id}`,
          text: ctx.t(text),
          checked: s.mapType === id,
          onSelect: () => (s.mapType = id),
        }),
      ),
      SwitchItem({
        id: 'traffic_layer',
        title: ctx.t('Traffic'),
        checked: s.traffic,
        onToggle: (v) => (s.traffic = v),
      }),
    ),
    positive: { text: ctx.t('Done'), onTap: () => ctx.closeDialog() },
  });
}

export function sortDialog(ctx: MapsCtx, _dialog: DialogState): VNode {
  const sorts: ResultSort[] = knownLocation(ctx) ? ['relevance', 'distance', 'rating'] : ['relevance', 'rating'];
  return Dialog({
    title: ctx.t('Sort by'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      sorts.map((id) =>
        RadioButton({
          key: id,
          id: `sort_${id}`,
          text: ctx.t(SORT_LABEL[id]),
          checked: ctx.ui.sort === id,
          onSelect: () => {
            ctx.ui.sort = id;
            ctx.closeDialog();
          },
        }),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}
