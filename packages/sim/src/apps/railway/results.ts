/** Railway's search results: the trains between two cities on a day, sorted and filtered. */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, EmptyState, ScrollList, Toolbar } from '../../phone/page/widgets.ts';
import { availabilityText, cityName, dateText, durationText, fareText, seatName, stationName } from './format.ts';
import { addDays, bookable, departed, recordSearch, searchLegs, seatsLeft, todayOf } from './model.ts';
import type { RailCtx, SortKey } from './model.ts';
import { arriveOf, clockText, dayOffset, departOf, durationOf, fareOf } from './timetable.ts';
import type { Leg } from './timetable.ts';

/** Checks and records a search and points the results screen at it; false (with a toast) when invalid. */
export function prepareSearch(
  ctx: RailCtx,
  o: { from: string; to: string; date: string; highSpeedOnly: boolean },
): boolean {
  if (o.from === o.to) {
    ctx.toast(ctx.t('Departure and arrival cities must be different'));
    return false;
  }
  ctx.ui.results = { from: o.from, to: o.to, date: o.date, sort: 'depart', highSpeedOnly: o.highSpeedOnly };
  recordSearch(ctx.data, { from: o.from, to: o.to, date: o.date });
  return true;
}

export const TRAINS_ROUTE = { screen: 'trains', activity: '.TrainListActivity' } as const;

/** The form's Search button: the results screen for a valid search. */
export function runSearch(ctx: RailCtx, o: { from: string; to: string; date: string; highSpeedOnly: boolean }): void {
  if (prepareSearch(ctx, o)) ctx.navigate(TRAINS_ROUTE.screen, undefined, { activity: TRAINS_ROUTE.activity });
}

export function openTrain(ctx: RailCtx, leg: Leg, date: string): void {
  ctx.navigate(
    'train',
    { code: leg.train.code, date, from: leg.train.stops[leg.from]?.station, to: leg.train.stops[leg.to]?.station },
    { activity: '.TrainDetailActivity' },
  );
}

function trainItem(ctx: RailCtx, leg: Leg, date: string): VNode {
  const gone = departed(leg, date, ctx.now());
  const offset = dayOffset(leg);
  const code = leg.train.code;
  return h(
    'LinearLayout',
    { key: code, id: 'train_item', class: `rw-train ${gone ? 'gone' : ''}`, onTap: () => openTrain(ctx, leg, date) },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'rw-train-row' },
      h(
        'LinearLayout',
        { class: 'rw-end' },
        h('TextView', { id: 'depart_time', class: 'rw-time' }, clockText(departOf(leg))),
        h(
          'TextView',
          { id: 'depart_station', class: 'rw-station' },
          stationName(ctx, leg.train.stops[leg.from]?.station ?? ''),
        ),
      ),
      h(
        'LinearLayout',
        { class: 'grow rw-mid' },
        h('TextView', { id: 'train_number', class: 'rw-code' }, code),
        h('View', { class: 'rw-arrow', ax: 'skip' }),
        h('TextView', { id: 'duration', class: 'rw-dur' }, durationText(ctx, durationOf(leg))),
      ),
      h(
        'LinearLayout',
        { class: 'rw-end right' },
        h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'rw-time-row' },
          h('TextView', { id: 'arrive_time', class: 'rw-time' }, clockText(arriveOf(leg))),
          offset
            ? h(
                'TextView',
                { id: 'arrive_next_day', class: 'rw-plus', desc: ctx.t('Arrives the next day') },
                `+${offset}`,
              )
            : null,
        ),
        h(
          'TextView',
          { id: 'arrive_station', class: 'rw-station' },
          stationName(ctx, leg.train.stops[leg.to]?.station ?? ''),
        ),
      ),
    ),
    gone
      ? h('TextView', { id: 'train_status', class: 'rw-gone' }, ctx.t('Departed'))
      : h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'rw-seats' },
          leg.train.classes.map((seat) => {
            const left = seatsLeft(ctx.data, code, date, seat);
            return h(
              'TextView',
              { key: seat, id: 'seat_info', class: `rw-seat ${left === 0 ? 'none' : ''}` },
              `${seatName(ctx, seat)} ${fareText(fareOf(leg, seat))} · ${availabilityText(ctx, left)}`,
            );
          }),
        ),
  );
}

const SORTS: ReadonlyArray<[SortKey, string]> = [
  ['depart', 'Earliest departure'],
  ['duration', 'Shortest trip'],
  ['price', 'Lowest price'],
];

export function trainsScreen(ctx: RailCtx): VNode {
  const r = ctx.ui.results;
  const legs = searchLegs(ctx.data, r);
  const today = todayOf(ctx.now());
  const shift = (days: number): void => {
    r.date = addDays(r.date, days);
    recordSearch(ctx.data, { from: r.from, to: r.to, date: r.date });
  };
  const chip = (key: string, text: string, selected: boolean, onTap: () => void, id: string): VNode =>
    h(
      'TextView',
      { key, id, class: `chip ${selected ? 'selected' : ''}`, checkable: true, checked: selected, onTap },
      text,
    );
  return h(
    'LinearLayout',
    { class: 'fill rw-screen' },
    Toolbar(ctx, { nav: 'back', title: `${cityName(ctx, r.from)} → ${cityName(ctx, r.to)}`, id: 'toolbar' }),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'rw-datebar', id: 'date_bar' },
      Button({
        id: 'prev_day',
        text: ctx.t('Previous day'),
        variant: 'text',
        enabled: r.date > today,
        onTap: () => shift(-1),
      }),
      h(
        'TextView',
        {
          id: 'results_date',
          class: 'grow rw-date',
          onTap: () => ctx.navigate('date', { target: 'results' }, { activity: '.DateSelectActivity' }),
        },
        dateText(ctx, r.date, true),
      ),
      Button({
        id: 'next_day',
        text: ctx.t('Next day'),
        variant: 'text',
        enabled: bookable(addDays(r.date, 1), ctx.now()),
        onTap: () => shift(1),
      }),
    ),
    h(
      'HorizontalScrollView',
      { class: 'rw-chips', scroll: 'h', id: 'filter_bar' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'rw-chip-row' },
        SORTS.map(([key, label]) => chip(key, ctx.t(label), r.sort === key, () => (r.sort = key), `sort_${key}`)),
        chip('hs', ctx.t('G/D only'), r.highSpeedOnly, () => (r.highSpeedOnly = !r.highSpeedOnly), 'filter_high_speed'),
      ),
    ),
    h(
      'TextView',
      { id: 'result_count', class: 'rw-count' },
      legs.length === 1 ? ctx.t('1 train') : ctx.t('{n} trains', { n: legs.length }),
    ),
    h(
      'FrameLayout',
      { class: 'grow body' },
      legs.length
        ? ScrollList(
            { id: 'train_list', class: 'rw-list' },
            legs.map((leg) => trainItem(ctx, leg, r.date)),
          )
        : EmptyState('train', ctx.t('No trains found'), 'empty_view'),
    ),
  );
}
