/** Railway's train details: the leg, its seat classes with fares, and every stop with times. */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, EmptyState, Scaffold, ScrollList, SectionHeader } from '../../phone/page/widgets.ts';
import { availabilityText, dateText, durationText, fareText, seatName, stationName } from './format.ts';
import { departed, seatsLeft } from './model.ts';
import type { RailCtx } from './model.ts';
import { arriveOf, clockText, dayOffset, departOf, durationOf, fareOf, legFor, trainByCode } from './timetable.ts';
import type { Leg, SeatClass } from './timetable.ts';

function routeLeg(ctx: RailCtx): { leg: Leg; date: string } | undefined {
  const p = ctx.route.params ?? {};
  const code = String(p.code ?? '');
  const date = String(p.date ?? '');
  const train = trainByCode(ctx.data.seed, code);
  if (!train) return undefined;
  const leg = legFor(ctx.data.seed, code, String(p.from ?? ''), String(p.to ?? '')) ?? {
    train,
    from: 0,
    to: train.stops.length - 1,
  };
  return { leg, date };
}

export function startBooking(ctx: RailCtx, leg: Leg, date: string, seat: SeatClass): void {
  const holder = ctx.data.passengers[0];
  ctx.ui.booking = {
    train: leg.train.code,
    fromStation: leg.train.stops[leg.from]?.station ?? '',
    toStation: leg.train.stops[leg.to]?.station ?? '',
    date,
    seat,
    passengerIds: holder ? [holder.id] : [],
  };
  ctx.navigate('book', undefined, { activity: '.BookingActivity' });
}

/** The card at the top of the details and booking screens. */
export function legHeader(ctx: RailCtx, leg: Leg, date: string): VNode {
  const offset = dayOffset(leg);
  return h(
    'LinearLayout',
    { key: 'header', class: 'rw-header', id: 'train_header' },
    h('TextView', { id: 'header_date', class: 'rw-header-date' }, `${dateText(ctx, date, true)} · ${leg.train.code}`),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'rw-train-row' },
      h(
        'LinearLayout',
        { class: 'rw-end' },
        h('TextView', { id: 'header_depart_time', class: 'rw-time big' }, clockText(departOf(leg))),
        h(
          'TextView',
          { id: 'header_depart_station', class: 'rw-station' },
          stationName(ctx, leg.train.stops[leg.from]?.station ?? ''),
        ),
      ),
      h(
        'LinearLayout',
        { class: 'grow rw-mid' },
        h('TextView', { id: 'header_train_number', class: 'rw-code' }, leg.train.code),
        h('View', { class: 'rw-arrow', ax: 'skip' }),
        h('TextView', { id: 'header_duration', class: 'rw-dur' }, durationText(ctx, durationOf(leg))),
      ),
      h(
        'LinearLayout',
        { class: 'rw-end right' },
        h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'rw-time-row' },
          h('TextView', { id: 'header_arrive_time', class: 'rw-time big' }, clockText(arriveOf(leg))),
          offset ? h('TextView', { class: 'rw-plus', desc: ctx.t('Arrives the next day') }, `+${offset}`) : null,
        ),
        h(
          'TextView',
          { id: 'header_arrive_station', class: 'rw-station' },
          stationName(ctx, leg.train.stops[leg.to]?.station ?? ''),
        ),
      ),
    ),
  );
}

export function trainScreen(ctx: RailCtx): VNode {
  const found = routeLeg(ctx);
  if (!found)
    return Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Train details'),
      body: EmptyState('train', ctx.t('No trains found')),
    });
  const { leg, date } = found;
  const gone = date === '' || departed(leg, date, ctx.now());
  const seats = leg.train.classes.map((seat) => {
    const left = date ? seatsLeft(ctx.data, leg.train.code, date, seat) : 0;
    return h(
      'LinearLayout',
      { key: seat, id: 'seat_row', orientation: 'horizontal', class: 'rw-seat-row' },
      h(
        'LinearLayout',
        { class: 'grow' },
        h('TextView', { id: 'seat_class', class: 'rw-seat-name' }, seatName(ctx, seat)),
        h(
          'TextView',
          { id: 'seat_left', class: `rw-seat-left ${left === 0 ? 'none' : ''}` },
          availabilityText(ctx, left),
        ),
      ),
      h('TextView', { id: 'seat_price', class: 'rw-price' }, fareText(fareOf(leg, seat))),
      Button({
        id: `book_${seat.replace('-', '_')}`,
        text: ctx.t('Book'),
        enabled: !gone && left > 0,
        onTap: () => startBooking(ctx, leg, date, seat),
        class: 'rw-book',
      }),
    );
  });
  const stops = leg.train.stops.map((stop, i) => {
    const inLeg = i >= leg.from && i <= leg.to;
    const dwell = stop.arrive !== null && stop.depart !== null ? stop.depart - stop.arrive : null;
    return h(
      'LinearLayout',
      {
        key: stop.station,
        id: 'stop_item',
        orientation: 'horizontal',
        class: `rw-stop ${inLeg ? 'on' : ''} ${i === leg.from || i === leg.to ? 'end' : ''}`,
        selected: i === leg.from || i === leg.to ? true : undefined,
      },
      h('TextView', { id: 'stop_index', class: 'rw-stop-i' }, String(i + 1)),
      h('TextView', { id: 'stop_station', class: 'grow rw-stop-name' }, stationName(ctx, stop.station)),
      h('TextView', { id: 'stop_arrive', class: 'rw-stop-t' }, stop.arrive === null ? '----' : clockText(stop.arrive)),
      h('TextView', { id: 'stop_depart', class: 'rw-stop-t' }, stop.depart === null ? '----' : clockText(stop.depart)),
      h('TextView', { id: 'stop_dwell', class: 'rw-stop-d' }, dwell === null ? '----' : ctx.t('{n} min', { n: dwell })),
    );
  });
  return Scaffold(ctx, {
    nav: 'back',
    title: ctx.t('Train {code}', { code: leg.train.code }),
    subtitle: date ? dateText(ctx, date) : undefined,
    body: ScrollList(
      { id: 'train_detail_scroll', kind: 'scroll', class: 'rw-screen' },
      legHeader(ctx, leg, date),
      gone && date
        ? h(
            'TextView',
            { key: 'gone', id: 'train_status', class: 'rw-gone pad' },
            ctx.t('This train is no longer on sale'),
          )
        : null,
      SectionHeader(ctx.t('Seats and fares'), 'seats_header'),
      h('LinearLayout', { key: 'seats', id: 'seat_list', class: 'rw-card' }, seats),
      SectionHeader(ctx.t('Timetable'), 'timetable_header'),
      h(
        'LinearLayout',
        { key: 'stops', id: 'stop_list', class: 'rw-card' },
        h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'rw-stop head', ax: 'skip' },
          h('span', { class: 'rw-stop-i' }, '#'),
          h('span', { class: 'grow rw-stop-name' }, ctx.t('Station')),
          h('span', { class: 'rw-stop-t' }, ctx.t('Arrives')),
          h('span', { class: 'rw-stop-t' }, ctx.t('Departs')),
          h('span', { class: 'rw-stop-d' }, ctx.t('Stop')),
        ),
        stops,
      ),
    ),
  });
}
