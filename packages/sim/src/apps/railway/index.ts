/**
 * Railway (com.moba.railway/.MainActivity): search trains between cities on a day (station
 * pickers with search, a date picker on the device clock), results with seat classes, fares
 * and availability, a train's full timetable, booking for saved or new passengers, my orders
 * and cancelling, saved passengers (add, edit, remove). `am start … --es from Shanghai --es to Beijing [--es date 2025-06-05]`
 * opens the results directly.
 */
import { defineApp } from '../../phone/page/types.ts';
import type { LaunchRequest, Route } from '../../phone/page/types.ts';
import { bookScreen, confirmBookingDialog } from './booking.ts';
import { mainScreen } from './home.ts';
import { bookable, formDate, initialRailwayData } from './model.ts';
import type { RailCtx, RailwayData, RailwayUi } from './model.ts';
import { cancelOrderDialog, orderScreen } from './orders.ts';
import { deletePassengerDialog, passengerScreen } from './passengers.ts';
import { dateScreen, stationScreen } from './pickers.ts';
import { RAILWAY_CSS } from './railway-css.ts';
import { TRAINS_ROUTE, prepareSearch, trainsScreen } from './results.ts';
import { findCity } from './stations.ts';
import { RAILWAY_STRINGS } from './strings.ts';
import { trainScreen } from './train.ts';

function extra(request: LaunchRequest, key: string): string | undefined {
  const value = request.extras?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** Search extras (from/to as city names in English, Chinese or pinyin; date YYYY-MM-DD). */
function searchFromIntent(ctx: RailCtx, request: LaunchRequest): Route[] | null {
  const from = findCity(extra(request, 'from') ?? '');
  const to = findCity(extra(request, 'to') ?? '');
  if (!from && !to) return null;
  if (from) ctx.data.form.from = from.id;
  if (to) ctx.data.form.to = to.id;
  const date = extra(request, 'date');
  if (date && bookable(date, ctx.now())) ctx.data.form.date = date;
  ctx.ui.tab = 'home';
  if (!from || !to) return [{ screen: 'main' }];
  const ok = prepareSearch(ctx, {
    from: from.id,
    to: to.id,
    date: formDate(ctx.data, ctx.now()),
    highSpeedOnly: ctx.data.form.highSpeedOnly,
  });
  return ok ? [{ screen: 'main' }, { ...TRAINS_ROUTE }] : [{ screen: 'main' }];
}

export const railwayApp = defineApp<RailwayData, RailwayUi>({
  packageName: 'com.moba.railway',
  icon: { bg: '#2e5c9a', fg: '#ffffff', glyph: 'train' },
  strings: RAILWAY_STRINGS,
  css: RAILWAY_CSS,
  initialData: initialRailwayData,
  initialUi: () => ({
    tab: 'home',
    stationQuery: '',
    results: { from: 'shanghai', to: 'beijing', date: '', sort: 'depart', highSpeedOnly: false },
    booking: null,
    draft: { id: null, name: '', idNumber: '', phone: '', type: 'adult', error: '' },
    draftFor: 'list',
  }),
  launch(ctx, request, resuming): Route[] | null {
    const searched = searchFromIntent(ctx, request);
    if (searched) return searched;
    return resuming ? null : [{ screen: 'main' }];
  },
  screens: {
    main: mainScreen,
    station: stationScreen,
    date: dateScreen,
    trains: trainsScreen,
    train: trainScreen,
    book: bookScreen,
    passenger: passengerScreen,
    order: orderScreen,
  },
  dialogs: {
    'confirm-booking': confirmBookingDialog,
    'cancel-order': cancelOrderDialog,
    'delete-passenger': deletePassengerDialog,
  },
  onBack(ctx) {
    if (ctx.route.screen === 'station') ctx.ui.stationQuery = '';
    if (ctx.route.screen === 'book') ctx.ui.booking = null;
    return false;
  },
  publicState: (data) => ({
    form: { ...data.form },
    searches: data.searches.map((s) => ({ ...s })),
    lastSearch: data.searches[0] ? { ...data.searches[0] } : null,
    passengers: data.passengers.map((p) => ({ ...p })),
    orders: data.orders.map((o) => ({
      ...o,
      passengers: o.tickets.map((t) => t.name),
      tickets: o.tickets.map((t) => ({ ...t })),
    })),
  }),
});
