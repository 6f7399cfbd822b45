/** Shop's orders: the list (a main-screen tab), an order's details, and cancelling an unshipped one. */
import { formatDateMedium, formatTime } from '../../phone/page/i18n.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, Dialog, EmptyState, ScrollList, Toolbar } from '../../phone/page/widgets.ts';
import { Picture, PriceText, goBack, openProduct, productTitle, variantText } from './common.ts';
import { money, productById } from './model.ts';
import type { ShopCtx, ShopOrder } from './model.ts';

const STATUS: Record<ShopOrder['status'], string> = {
  paid: 'To be shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

function when(ctx: ShopCtx, ms: number): string {
  const d = new Date(ms);
  return `${formatDateMedium(d, ctx.locale)} ${formatTime(d.getHours(), d.getMinutes(), { locale: ctx.locale, is24Hour: ctx.is24Hour })}`;
}

function itemCount(order: ShopOrder): number {
  return order.items.reduce((n, i) => n + i.qty, 0);
}

export function ordersTab(ctx: ShopCtx): VNode {
  if (ctx.data.orders.length === 0) return EmptyState('note', ctx.t('No orders yet'), 'empty_orders');
  return ScrollList(
    { id: 'order_list' },
    ctx.data.orders.map((o) => {
      const first = o.items[0];
      const p = first ? productById(ctx.data.seed, first.productId) : undefined;
      const more = o.items.length - 1;
      return h(
        'LinearLayout',
        {
          key: o.id,
          id: 'order_item',
          class: 'sp-order',
          onTap: () => ctx.navigate('order', { id: o.id }, { activity: '.OrderDetailActivity' }),
        },
        h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'sp-order-top' },
          h('TextView', { id: 'order_date', class: 'grow sp-muted' }, when(ctx, o.placedAt)),
          h('TextView', { id: 'order_status', class: `sp-status ${o.status}` }, ctx.t(STATUS[o.status])),
        ),
        p && first
          ? h(
              'LinearLayout',
              { orientation: 'horizontal', class: 'sp-order-mid' },
              Picture(p, first.colour, { size: 64, skip: true }),
              h(
                'TextView',
                { id: 'order_title', class: 'grow sp-line-title' },
                more > 0
                  ? ctx.t('{title} and {n} more', { title: productTitle(ctx, p), n: more })
                  : productTitle(ctx, p),
              ),
            )
          : null,
        h(
          'TextView',
          { id: 'order_total', class: 'sp-order-total' },
          ctx.t('{n} items, total {amount}', { n: itemCount(o), amount: money(o.total) }),
        ),
      );
    }),
  );
}

export function orderScreen(ctx: ShopCtx): VNode {
  const order = ctx.data.orders.find((o) => o.id === ctx.route.params?.id);
  const toolbar = Toolbar(ctx, { nav: 'back', onNav: () => goBack(ctx), title: ctx.t('Order details') });
  if (!order)
    return h(
      'LinearLayout',
      { class: 'fill sp-screen' },
      toolbar,
      h('FrameLayout', { class: 'grow body' }, EmptyState('note', ctx.t('No orders yet'))),
    );
  const address = ctx.data.addresses.find((a) => a.id === order.addressId);
  const row = (label: string, value: string, id: string): VNode =>
    h(
      'LinearLayout',
      { key: id, orientation: 'horizontal', class: 'sp-sum-row' },
      h('TextView', { class: 'grow sp-sum-label' }, label),
      h('TextView', { id, class: 'sp-sum-value' }, value),
    );
  return h(
    'LinearLayout',
    { class: 'fill sp-screen' },
    toolbar,
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'order_scroll', kind: 'scroll', class: 'sp-checkout' },
        h(
          'LinearLayout',
          { key: 'status', class: `sp-status-banner ${order.status}` },
          h('TextView', { id: 'order_status', class: 'sp-status-big' }, ctx.t(STATUS[order.status])),
          h('TextView', { id: 'order_number', class: 'sp-status-sub' }, ctx.t('Order {id}', { id: order.id })),
        ),
        address
          ? h(
              'LinearLayout',
              { key: 'addr', class: 'sp-box sp-addr-col', id: 'order_address' },
              h('TextView', { id: 'address_name', class: 'sp-addr-name' }, `${address.name}  ${address.phone}`),
              h('TextView', { id: 'address_text', class: 'sp-muted' }, ctx.locale === 'zh' ? address.zh : address.en),
            )
          : null,
        h(
          'LinearLayout',
          { key: 'items', class: 'sp-box', id: 'order_items' },
          order.items.map((item, i) => {
            const p = productById(ctx.data.seed, item.productId);
            if (!p) return null;
            return h(
              'LinearLayout',
              {
                key: i,
                orientation: 'horizontal',
                id: 'order_product',
                class: 'sp-co-item',
                onTap: () => openProduct(ctx, p.id),
              },
              Picture(p, item.colour, { size: 64, skip: true }),
              h(
                'LinearLayout',
                { class: 'grow' },
                h('TextView', { id: 'item_title', class: 'sp-line-title' }, productTitle(ctx, p)),
                h(
                  'TextView',
                  { id: 'item_variant', class: 'sp-variant-text' },
                  variantText(ctx, item.colour, item.option),
                ),
              ),
              h(
                'LinearLayout',
                { class: 'sp-co-right' },
                PriceText(item.unitPrice, { id: 'item_price', cls: 'small' }),
                h('TextView', { id: 'item_quantity', class: 'sp-muted' }, `×${item.qty}`),
              ),
            );
          }),
        ),
        h(
          'LinearLayout',
          { key: 'sum', class: 'sp-box' },
          row(ctx.t('Subtotal'), money(order.subtotal), 'summary_subtotal'),
          row(ctx.t('Shipping'), order.shipping ? money(order.shipping) : ctx.t('Free'), 'summary_shipping'),
          order.discount ? row(ctx.t('Discount'), `−${money(order.discount)}`, 'summary_discount') : null,
          row(ctx.t('Total'), money(order.total), 'summary_total'),
        ),
        h(
          'LinearLayout',
          { key: 'meta', class: 'sp-box' },
          row(ctx.t('Order number'), order.id, 'order_id'),
          row(ctx.t('Placed on'), when(ctx, order.placedAt), 'order_time'),
          row(ctx.t('Payment'), ctx.t('MobA Pay'), 'order_payment'),
          row(ctx.t('Delivery'), ctx.t(order.delivery === 'express' ? 'Express' : 'Standard'), 'order_delivery'),
          order.note ? row(ctx.t('Note'), order.note, 'order_note') : null,
        ),
        order.status === 'paid'
          ? h(
              'LinearLayout',
              { key: 'act', class: 'sp-pad' },
              Button({
                id: 'cancel_order',
                text: ctx.t('Cancel order'),
                variant: 'outlined',
                onTap: () => ctx.openDialog('cancel-order', { id: order.id }),
              }),
            )
          : null,
      ),
    ),
  );
}

export function cancelOrderDialog(ctx: ShopCtx, dialog: DialogState): VNode {
  const order = ctx.data.orders.find((o) => o.id === dialog.data.id);
  return Dialog({
    title: ctx.t('Cancel this order?'),
    message: order ? ctx.t('{amount} will be refunded to MobA Pay.', { amount: money(order.total) }) : '',
    negative: { text: ctx.t('Keep order'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Cancel order'),
      onTap: () => {
        if (order && order.status === 'paid') order.status = 'cancelled';
        ctx.closeDialog();
        ctx.toast(ctx.t('Order cancelled'));
      },
    },
  });
}
