/**
 * Maps (com.moba.maps/.MainActivity): a city map (pan, zoom, map types, traffic) with places
 * as pins, search and categories with filters, place pages (hours on the device clock,
 * reviews you write, edit and delete), saved lists, home and work, directions by car,
 * transit, on foot and by bike, and turn-by-turn navigation. "Your location" needs the
 * location permission (the system asks). A VIEW intent with a `geo:` URI (`geo:0,0?q=coffee`)
 * opens a search.
 */
import { defineApp } from '../../phone/page/types.ts';
import type { Route } from '../../phone/page/types.ts';
import { chooseScreen, directionsScreen } from './directions.ts';
import { clearSearch, layersDialog, searching, showResults, sortDialog } from './explore.ts';
import { mainScreen } from './main.ts';
import { MAPS_CSS } from './maps-css.ts';
import { distance, isOpen, localAddress, minuteOfDay, noteSearch, ratingOf } from './model.ts';
import type { MapsCtx, MapsData, MapsUi, Point } from './model.ts';
import { navigationScreen } from './navigation.ts';
import { deleteReviewDialog, placeMenuDialog, placeScreen, reviewScreen, saveDialog } from './place.ts';
import { PLACES, placeById } from './places.ts';
import { deleteListDialog, editAddressDialog, listScreen, newListDialog, renameListDialog } from './saved.ts';
import { searchScreen } from './search.ts';
import { initialMapsData } from './seed.ts';
import { clearHistoryDialog, modeDialog, settingsScreen, unitsDialog } from './settings.ts';
import { MAPS_STRINGS } from './strings.ts';

const NAVIGATION: Route = { screen: 'navigate', activity: '.NavigationActivity' };

/** `geo:0,0?q=coffee` → "coffee"; `geo:lat,lng` without a query → "". */
function geoQuery(uri: string): string {
  const m = /[?&]q=([^&]*)/.exec(uri);
  return m ? decodeURIComponent((m[1] ?? '').replace(/\+/g, ' ')).trim() : '';
}

const spot = (p: Point | null) => (p ? { x: p.x, y: p.y, address: localAddress(p, 'en') } : null);

export const mapsApp = defineApp<MapsData, MapsUi>({
  packageName: 'com.moba.maps',
  icon: { bg: '#34a853', fg: '#ffffff', glyph: 'map-pin' },
  strings: MAPS_STRINGS,
  css: MAPS_CSS,
  initialData: initialMapsData,
  initialUi: () => ({
    tab: 'explore',
    query: '',
    category: null,
    openNow: false,
    topRated: false,
    sort: 'relevance',
    cx: 3000,
    cy: 3000,
    zoom: 2,
    selected: null,
    list: true,
    locating: false,
    draft: '',
    trip: { from: 'here', to: 1, mode: 'drive', route: 0 },
    review: { rating: 0, text: '' },
    pick: '',
  }),
  launch(ctx: MapsCtx, request, resuming): Route[] | null {
    const main: Route = { screen: 'main' };
    if (request.data?.startsWith('geo:')) {
      const q = geoQuery(request.data);
      ctx.ui.tab = 'explore';
      if (q) {
        noteSearch(ctx.data, q);
        showResults(ctx, q, null);
      }
      return [main];
    }
    if (request.activity.endsWith('NavigationActivity') && ctx.data.navigation) return [main, NAVIGATION];
    if (resuming) return null;
    ctx.ui.tab = 'explore';
    return ctx.data.navigation ? [main, NAVIGATION] : [main];
  },
  screens: {
    main: mainScreen,
    search: searchScreen,
    place: placeScreen,
    review: reviewScreen,
    directions: directionsScreen,
    choose: chooseScreen,
    navigate: navigationScreen,
    list: listScreen,
    settings: settingsScreen,
  },
  dialogs: {
    layers: layersDialog,
    sort: sortDialog,
    save: saveDialog,
    'place-menu': placeMenuDialog,
    'delete-review': deleteReviewDialog,
    'new-list': newListDialog,
    'rename-list': renameListDialog,
    'delete-list': deleteListDialog,
    'edit-address': editAddressDialog,
    units: unitsDialog,
    mode: modeDialog,
    'clear-history': clearHistoryDialog,
  },
  onBack(ctx) {
    if (ctx.route.screen !== 'main') return false;
    if (ctx.ui.tab !== 'explore') ctx.ui.tab = 'explore';
    else if (ctx.ui.selected !== null && searching(ctx)) Object.assign(ctx.ui, { selected: null, list: true });
    else if (searching(ctx) || ctx.ui.selected !== null) clearSearch(ctx);
    else return false;
    return true;
  },
  publicState: (data) => {
    const minute = minuteOfDay(Date.now());
    const nav = data.navigation;
    return {
      location: spot(data.location),
      home: spot(data.home),
      work: spot(data.work),
      places: PLACES.map((p) => ({
        id: p.id,
        name: p.name,
        category: p.category,
        ...ratingOf(data, p.id),
        distance: Math.round(distance(data.location, p)),
        openNow: isOpen(p, minute),
      })),
      reviews: data.reviews.map((r) => ({ ...r, name: placeById(r.place)?.name ?? '' })),
      lists: data.lists.map((l) => ({
        ...l,
        places: l.places.map((id) => ({ id, name: placeById(id)?.name ?? '' })),
      })),
      searches: [...data.searches],
      trips: data.trips.map((t) => ({ ...t })),
      navigation: nav
        ? { ...nav, toName: typeof nav.to === 'number' ? (placeById(nav.to)?.name ?? '') : nav.to }
        : null,
      settings: { ...data.settings },
    };
  },
});
