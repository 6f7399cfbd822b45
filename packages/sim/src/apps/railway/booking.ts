/**
 * Railway's booking: seat class, passengers (saved ones, or a new one), the total, and a
 * confirmation with the payment button; then the order.
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, Dialog, EmptyState, Scaffold, ScrollList, SectionHeader, Toolbar } from '../../phone/page/widgets.ts';
import { svg } from '../../phone/page/icons.ts';
import { availabilityText, dateText, fareText, passengerTypeText, seatName, stationName } from './format.ts';
import { openAddPassenger } from './passengers.ts';
import { book, maskId, seatsLeft } from './model.ts';
import type { RailCtx } from './model.ts';
import { stationById } from './stations.ts';
import { clockText, departOf, fareOf, legFor } from './timetable.ts';
import type { Leg } from './timetable.ts';
import { legHeader } from './train.ts';

function bookingLeg(ctx: RailCtx): Leg | undefined {
  const b = ctx.ui.booking;
  return b ? legFor(ctx.data.seed, b.train, b.fromStation, b.toStation) : undefined;
}

function submit(ctx: RailCtx): void {
  const b = ctx.ui.booking;
  const leg = bookingLeg(ctx);
  if (!b || !leg) return;
  if (b.passengerIds.length === 0) {
    ctx.toast(ctx.t('Select at least one passenger'));
    return;
  }
  if (seatsLeft(ctx.data, b.train, b.date, b.seat) < b.passengerIds.length) {
    ctx.toast(ctx.t('Not enough seats left'));
    return;
  }
  ctx.openDialog('confirm-booking');
}

export function bookScreen(ctx: RailCtx): VNode {
  const b = ctx.ui.booking;
  const leg = bookingLeg(ctx);
  if (!b || !leg)
    return Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Book tickets'),
      body: EmptyState('train', ctx.t('No trains found')),
    });
  const seatOptions = leg.train.classes.map((seat) => {
    const left = seatsLeft(ctx.data, b.train, b.date, seat);
    const on = b.seat === seat;
    const text = `${seatName(ctx, seat)} · ${fareText(fareOf(leg, seat))} · ${availabilityText(ctx, left)}`;
    return h(
      'RadioButton',
      {
        key: seat,
        id: 'seat_option',
        checkable: true,
        checked: on,
        enabled: left > 0 ? undefined : false,
        text,
        onTap: left > 0 ? () => (b.seat = seat) : undefined,
        class: `radio ${on ? 'on' : ''} ${left > 0 ? '' : 'disabled'}`,
      },
      h('span', { class: 'rb-circle', ax: 'skip' }, h('span', { class: 'rb-dot', ax: 'skip' })),
      h('span', { class: 'rb-text', ax: 'skip' }, text),
    );
  });
  const passengers = ctx.data.passengers.map((p) => {
    const on = b.passengerIds.includes(p.id);
    return h(
      'CheckBox',
      {
        key: p.id,
        id: 'passenger_option',
        checkable: true,
        checked: on,
        text: p.name,
        desc: `${p.name}, ${passengerTypeText(ctx, p.type)}`,
        class: `rw-pax ${on ? 'on' : ''}`,
        onTap: () => {
          b.passengerIds = on ? b.passengerIds.filter((id) => id !== p.id) : [...b.passengerIds, p.id];
        },
      },
      h('span', { class: 'cb-box rw-cb', ax: 'skip', html: on ? svg('check') : '' }),
      h(
        'span',
        { class: 'rw-pax-texts', ax: 'skip' },
        h('span', { class: 'rw-pax-name' }, p.name),
        h('span', { class: 'rw-pax-id' }, `${maskId(p.idNumber)} · ${passengerTypeText(ctx, p.type)}`),
      ),
    );
  });
  const total = fareOf(leg, b.seat) * b.passengerIds.length;
  return h(
    'LinearLayout',
    { class: 'fill rw-screen' },
    Toolbar(ctx, { nav: 'back', title: ctx.t('Book tickets') }),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'booking_scroll', kind: 'scroll' },
        legHeader(ctx, leg, b.date),
        SectionHeader(ctx.t('Seat class'), 'seat_header'),
        h('LinearLayout', { key: 'seats', id: 'seat_options', class: 'rw-card' }, seatOptions),
        SectionHeader(ctx.t('Passengers'), 'passenger_header'),
        h(
          'LinearLayout',
          { key: 'pax', id: 'passenger_options', class: 'rw-card' },
          passengers,
          h(
            'LinearLayout',
            { class: 'rw-pad-row' },
            Button({
              id: 'add_passenger',
              text: ctx.t('Add passenger'),
              variant: 'outlined',
              onTap: () => openAddPassenger(ctx, true),
            }),
          ),
        ),
        h(
          'TextView',
          { key: 'terms', class: 'rw-terms' },
          ctx.t(
            'By submitting you agree to the ticketing rules. Tickets can be cancelled before departure for a full refund.',
          ),
        ),
      ),
    ),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'rw-bottom', id: 'bottom_bar' },
      h(
        'LinearLayout',
        { class: 'grow' },
        h('TextView', { class: 'rw-total-label' }, ctx.t('Total')),
        h('TextView', { id: 'total_price', class: 'rw-total' }, fareText(total)),
      ),
      Button({ id: 'submit_order', text: ctx.t('Submit order'), onTap: () => submit(ctx), class: 'rw-submit' }),
    ),
  );
}

export function confirmBookingDialog(ctx: RailCtx, _dialog: DialogState): VNode {
  const b = ctx.ui.booking;
  const leg = bookingLeg(ctx);
  if (!b || !leg)
    return Dialog({
      message: ctx.t('No trains found'),
      positive: { text: ctx.t('OK'), onTap: () => ctx.closeDialog() },
    });
  const names = ctx.data.passengers.filter((p) => b.passengerIds.includes(p.id)).map((p) => p.name);
  const total = fareOf(leg, b.seat) * names.length;
  const lines = [
    `${leg.train.code} · ${dateText(ctx, b.date)} ${clockText(departOf(leg))}`,
    `${stationName(ctx, b.fromStation)} → ${stationName(ctx, b.toStation)}`,
    `${seatName(ctx, b.seat)} × ${names.length}`,
    names.join(ctx.locale === 'zh' ? '、' : ', '),
  ];
  return Dialog({
    title: ctx.t('Confirm booking'),
    message: lines.join('\n'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Pay {amount}', { amount: fareText(total) }),
      onTap: () => {
        const passengers = ctx.data.passengers.filter((p) => b.passengerIds.includes(p.id));
        const result = book(ctx.data, {
          leg,
          date: b.date,
          from: stationById(b.fromStation)?.city ?? b.fromStation,
          to: stationById(b.toStation)?.city ?? b.toStation,
          seat: b.seat,
          passengers,
          now: ctx.now(),
          random: () => ctx.random(),
        });
        ctx.closeDialog();
        if ('error' in result) {
          ctx.toast(ctx.t(result.error));
          return;
        }
        ctx.ui.booking = null;
        ctx.ui.tab = 'orders';
        for (let depth = ctx.stackDepth; depth > 1; depth--) ctx.back();
        ctx.navigate('order', { id: result.id }, { activity: '.OrderDetailActivity' });
        ctx.toast(ctx.t('Booking successful'));
      },
    },
  });
}
