/** Railway's orders: the list (a main-screen tab), an order's details, and cancelling it. */
import { isoDate } from '../../phone/page/i18n.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, Dialog, EmptyState, Scaffold, ScrollList, SectionHeader } from '../../phone/page/widgets.ts';
import { dateText, fareText, seatName, seatText, stationName } from './format.ts';
import { cancellable } from './model.ts';
import type { RailCtx, RailOrder } from './model.ts';

function statusText(ctx: RailCtx, order: RailOrder): string {
  if (order.status === 'cancelled') return ctx.t('Cancelled');
  return cancellable(order, ctx.now()) ? ctx.t('Paid') : ctx.t('Completed');
}

function openOrder(ctx: RailCtx, order: RailOrder): void {
  ctx.navigate('order', { id: order.id }, { activity: '.OrderDetailActivity' });
}

export function ordersTab(ctx: RailCtx): VNode {
  const orders = ctx.data.orders;
  if (orders.length === 0) return EmptyState('train', ctx.t('No orders yet'), 'empty_view');
  return ScrollList(
    { id: 'order_list', class: 'rw-list' },
    orders.map((o) =>
      h(
        'LinearLayout',
        { key: o.id, id: 'order_item', class: `rw-order ${o.status}`, onTap: () => openOrder(ctx, o) },
        h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'rw-order-top' },
          h('TextView', { id: 'order_date', class: 'grow rw-order-date' }, `${dateText(ctx, o.date)} · ${o.train}`),
          h('TextView', { id: 'order_status', class: `rw-status ${o.status}` }, statusText(ctx, o)),
        ),
        h(
          'TextView',
          { id: 'order_route', class: 'rw-order-route' },
          `${stationName(ctx, o.fromStation)} ${o.depart} → ${stationName(ctx, o.toStation)} ${o.arrive}${o.arriveDayOffset ? ' +1' : ''}`,
        ),
        h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'rw-order-bottom' },
          h(
            'TextView',
            { id: 'order_passengers', class: 'grow rw-muted' },
            `${o.tickets.map((t) => t.name).join(ctx.locale === 'zh' ? '、' : ', ')} · ${seatName(ctx, o.seatClass)}`,
          ),
          h('TextView', { id: 'order_total', class: 'rw-price' }, fareText(o.total)),
        ),
      ),
    ),
  );
}

export function orderScreen(ctx: RailCtx): VNode {
  const order = ctx.data.orders.find((o) => o.id === ctx.route.params?.id);
  if (!order)
    return Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Order details'),
      body: EmptyState('train', ctx.t('No orders yet')),
    });
  const row = (label: string, value: string, id: string): VNode =>
    h(
      'LinearLayout',
      { key: id, orientation: 'horizontal', class: 'rw-kv' },
      h('TextView', { class: 'rw-kv-k' }, label),
      h('TextView', { id, class: 'grow rw-kv-v' }, value),
    );
  return Scaffold(ctx, {
    nav: 'back',
    title: ctx.t('Order details'),
    body: ScrollList(
      { id: 'order_scroll', kind: 'scroll', class: 'rw-screen' },
      h(
        'LinearLayout',
        { key: 'status', class: `rw-status-banner ${order.status}` },
        h('TextView', { id: 'order_status', class: 'rw-status-big' }, statusText(ctx, order)),
        h('TextView', { id: 'order_number', class: 'rw-status-sub' }, ctx.t('Order number {id}', { id: order.id })),
      ),
      h(
        'LinearLayout',
        { key: 'trip', class: 'rw-card', id: 'trip_card' },
        h('TextView', { id: 'order_train', class: 'rw-trip-code' }, `${order.train} · ${dateText(ctx, order.date)}`),
        h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'rw-train-row' },
          h(
            'LinearLayout',
            { class: 'rw-end' },
            h('TextView', { id: 'order_depart_time', class: 'rw-time big' }, order.depart),
            h('TextView', { id: 'order_from', class: 'rw-station' }, stationName(ctx, order.fromStation)),
          ),
          h('View', { class: 'grow rw-arrow wide', ax: 'skip' }),
          h(
            'LinearLayout',
            { class: 'rw-end right' },
            h(
              'TextView',
              { id: 'order_arrive_time', class: 'rw-time big' },
              `${order.arrive}${order.arriveDayOffset ? ' +1' : ''}`,
            ),
            h('TextView', { id: 'order_to', class: 'rw-station' }, stationName(ctx, order.toStation)),
          ),
        ),
        Button({
          id: 'view_timetable',
          text: ctx.t('View timetable'),
          variant: 'text',
          onTap: () =>
            ctx.navigate(
              'train',
              { code: order.train, date: order.date, from: order.fromStation, to: order.toStation },
              { activity: '.TrainDetailActivity' },
            ),
        }),
      ),
      SectionHeader(ctx.t('Tickets'), 'tickets_header'),
      h(
        'LinearLayout',
        { key: 'tickets', class: 'rw-card', id: 'ticket_list' },
        order.tickets.map((t) =>
          h(
            'LinearLayout',
            { key: t.passengerId, id: 'ticket_item', orientation: 'horizontal', class: 'rw-ticket' },
            h(
              'LinearLayout',
              { class: 'grow' },
              h('TextView', { id: 'ticket_passenger', class: 'rw-pax-name' }, t.name),
              h(
                'TextView',
                { id: 'ticket_seat', class: 'rw-muted' },
                `${seatName(ctx, order.seatClass)} · ${seatText(ctx, t, order.seatClass)}`,
              ),
            ),
            h('TextView', { id: 'ticket_price', class: 'rw-price' }, fareText(order.price)),
          ),
        ),
      ),
      h(
        'LinearLayout',
        { key: 'sum', class: 'rw-card' },
        row(ctx.t('Total'), fareText(order.total), 'order_total'),
        row(ctx.t('Booked on'), dateText(ctx, isoDate(new Date(order.createdAt))), 'order_created'),
      ),
      cancellable(order, ctx.now())
        ? h(
            'LinearLayout',
            { key: 'actions', class: 'rw-pad-row' },
            Button({
              id: 'cancel_order',
              text: ctx.t('Cancel order'),
              variant: 'outlined',
              onTap: () => ctx.openDialog('cancel-order', { id: order.id }),
            }),
          )
        : null,
    ),
  });
}

export function cancelOrderDialog(ctx: RailCtx, dialog: DialogState): VNode {
  const order = ctx.data.orders.find((o) => o.id === dialog.data.id);
  return Dialog({
    title: ctx.t('Cancel this order?'),
    message: order
      ? ctx.t('Your tickets for {train} on {date} will be cancelled and {amount} refunded.', {
          train: order.train,
          date: dateText(ctx, order.date),
          amount: fareText(order.total),
        })
      : '',
    negative: { text: ctx.t('Keep order'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Cancel order'),
      onTap: () => {
        if (order && cancellable(order, ctx.now())) order.status = 'cancelled';
        ctx.closeDialog();
        ctx.toast(ctx.t('Order cancelled'));
      },
    },
  });
}
