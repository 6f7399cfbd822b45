/**
 * Shop's cart (a main-screen tab), checkout ("Confirm order": address, items, delivery,
 * coupon, note, totals and the payment button), the payment result, and their dialogs.
 */
import { formatDateMedium } from '../../phone/page/i18n.ts';
import { svg } from '../../phone/page/icons.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EditText,
  EmptyState,
  Icon,
  IconButton,
  RadioButton,
  ScrollList,
  Toolbar,
} from '../../phone/page/widgets.ts';
import { Glyph, Picture, PriceText, goBack, openProduct, productTitle, toMain, variantText } from './common.ts';
import { EXPRESS_FEE, money, placeOrder, productById, totals, unitPrice } from './model.ts';
import type { CartLine, ShopCtx } from './model.ts';
import { Stepper } from './product.ts';

const DAY = 86_400_000;

function CheckMark(o: { id: string; checked: boolean; desc: string; onToggle: () => void; text?: string }): VNode {
  return h(
    'CheckBox',
    {
      id: o.id,
      desc: o.desc,
      checkable: true,
      checked: o.checked,
      onTap: o.onToggle,
      class: `checkbox sp-check ${o.checked ? 'on' : ''}`,
      text: o.text ?? '',
    },
    h('span', { class: 'cb-box sp-round', ax: 'skip', html: o.checked ? svg('check') : '' }),
    o.text ? h('span', { class: 'cb-text', ax: 'skip' }, o.text) : null,
  );
}

function cartLine(ctx: ShopCtx, line: CartLine): VNode | null {
  const p = productById(ctx.data.seed, line.productId);
  if (!p) return null;
  const title = productTitle(ctx, p);
  return h(
    'LinearLayout',
    { key: line.line, id: 'cart_item', orientation: 'horizontal', class: 'sp-cart-line' },
    CheckMark({
      id: 'item_checkbox',
      checked: line.selected,
      desc: ctx.t('Select {title}', { title }),
      onToggle: () => (line.selected = !line.selected),
    }),
    h(
      'FrameLayout',
      { class: 'sp-line-pic', onTap: () => openProduct(ctx, p.id), ax: 'flatten' },
      Picture(p, line.colour, { size: 84, id: 'item_image' }),
    ),
    h(
      'LinearLayout',
      { class: 'grow sp-line-texts' },
      h('TextView', { id: 'item_title', class: 'sp-line-title' }, title),
      variantText(ctx, line.colour, line.option)
        ? h('TextView', { id: 'item_variant', class: 'sp-variant-text' }, variantText(ctx, line.colour, line.option))
        : null,
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'sp-line-foot' },
        PriceText(unitPrice(p, line.option), { id: 'item_price', cls: 'grow' }),
        Stepper(ctx, { value: line.qty, label: title, onChange: (n) => (line.qty = n) }),
      ),
    ),
    IconButton({
      id: 'remove_item',
      icon: 'delete',
      desc: ctx.t('Remove {title}', { title }),
      onTap: () => ctx.openDialog('remove-item', { line: line.line }),
    }),
  );
}

export function cartTab(ctx: ShopCtx): VNode {
  const cart = ctx.data.cart;
  if (cart.length === 0) {
    return h(
      'FrameLayout',
      { class: 'fill' },
      EmptyState('cart', ctx.t('Your cart is empty'), 'empty_cart'),
      h(
        'FrameLayout',
        { class: 'sp-empty-action' },
        Button({
          id: 'go_shopping',
          text: ctx.t('Go shopping'),
          variant: 'outlined',
          onTap: () => toMain(ctx, 'home'),
        }),
      ),
    );
  }
  const selected = cart.filter((l) => l.selected);
  const t = totals(ctx.data, selected, 'standard');
  const all = selected.length === cart.length;
  return h(
    'LinearLayout',
    { class: 'fill' },
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'cart_list' },
        cart.map((l) => cartLine(ctx, l)),
      ),
    ),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'sp-cart-bar', id: 'cart_bar' },
      CheckMark({
        id: 'select_all',
        checked: all,
        text: ctx.t('All'),
        desc: ctx.t('Select all'),
        onToggle: () => cart.forEach((l) => (l.selected = !all)),
      }),
      h(
        'LinearLayout',
        { class: 'grow sp-cart-sum' },
        h('TextView', { id: 'cart_total', class: 'sp-cart-total' }, `${ctx.t('Total')}: ${money(t.subtotal)}`),
        t.coupon
          ? h(
              'TextView',
              { id: 'cart_coupon_hint', class: 'sp-muted small' },
              ctx.t('Coupon −{amount} at checkout', { amount: money(t.coupon.amount) }),
            )
          : null,
      ),
      Button({
        id: 'checkout_button',
        text: ctx.t('Check out ({n})', { n: t.count }),
        class: 'sp-accent sp-bar-btn',
        enabled: t.count > 0,
        onTap: () => {
          ctx.ui.buyNow = null;
          ctx.ui.checkout = { source: 'cart', addressId: ctx.data.defaultAddress, delivery: 'standard', note: '' };
          ctx.navigate('checkout', undefined, { activity: '.CheckoutActivity' });
        },
      }),
    ),
  );
}

function checkoutLines(ctx: ShopCtx): CartLine[] {
  if (ctx.ui.checkout.source === 'buy-now') return ctx.ui.buyNow ? [ctx.ui.buyNow] : [];
  return ctx.data.cart.filter((l) => l.selected);
}

function summaryRow(label: string, value: string, id: string, cls = ''): VNode {
  return h(
    'LinearLayout',
    { key: id, orientation: 'horizontal', class: `sp-sum-row ${cls}` },
    h('TextView', { class: 'grow sp-sum-label' }, label),
    h('TextView', { id, class: 'sp-sum-value' }, value),
  );
}

function addressCard(ctx: ShopCtx): VNode | null {
  const address = ctx.data.addresses.find((a) => a.id === ctx.ui.checkout.addressId) ?? ctx.data.addresses[0];
  if (!address) return null;
  return h(
    'LinearLayout',
    {
      key: 'addr',
      orientation: 'horizontal',
      id: 'address_card',
      class: 'sp-box sp-addr',
      onTap: () => ctx.openDialog('address'),
    },
    Icon('location', { size: 24, class: 'sp-accent-fg' }),
    h(
      'LinearLayout',
      { class: 'grow' },
      h('TextView', { id: 'address_name', class: 'sp-addr-name' }, `${address.name}  ${address.phone}`),
      h('TextView', { id: 'address_text', class: 'sp-muted' }, ctx.locale === 'zh' ? address.zh : address.en),
    ),
    Icon('chevron-right', { size: 20, class: 'muted' }),
  );
}

function checkoutItems(ctx: ShopCtx, lines: CartLine[]): VNode {
  return h(
    'LinearLayout',
    { key: 'items', class: 'sp-box', id: 'order_items' },
    lines.map((l) => {
      const p = productById(ctx.data.seed, l.productId);
      if (!p) return null;
      return h(
        'LinearLayout',
        { key: l.line, orientation: 'horizontal', id: 'checkout_item', class: 'sp-co-item' },
        Picture(p, l.colour, { size: 64, skip: true }),
        h(
          'LinearLayout',
          { class: 'grow' },
          h('TextView', { id: 'item_title', class: 'sp-line-title' }, productTitle(ctx, p)),
          h('TextView', { id: 'item_variant', class: 'sp-variant-text' }, variantText(ctx, l.colour, l.option)),
        ),
        h(
          'LinearLayout',
          { class: 'sp-co-right' },
          PriceText(unitPrice(p, l.option), { id: 'item_price', cls: 'small' }),
          h('TextView', { id: 'item_quantity', class: 'sp-muted' }, `×${l.qty}`),
        ),
      );
    }),
  );
}

/** Delivery, coupon and the note to the seller. */
function checkoutOptions(ctx: ShopCtx, t: ReturnType<typeof totals>): VNode {
  const c = ctx.ui.checkout;
  const eta = formatDateMedium(new Date(ctx.now() + (c.delivery === 'express' ? 1 : 3) * DAY), ctx.locale);
  return h(
    'LinearLayout',
    { key: 'opts', class: 'sp-box' },
    h(
      'LinearLayout',
      {
        orientation: 'horizontal',
        id: 'delivery_option',
        class: 'sp-opt-row',
        onTap: () => ctx.openDialog('delivery'),
      },
      h('TextView', { class: 'grow sp-sum-label' }, ctx.t('Delivery')),
      h(
        'TextView',
        { id: 'delivery_value', class: 'sp-sum-value' },
        `${ctx.t(c.delivery === 'express' ? 'Express' : 'Standard')} · ${ctx.t('arrives {date}', { date: eta })}`,
      ),
      Icon('chevron-right', { size: 20, class: 'muted' }),
    ),
    h(
      'LinearLayout',
      { orientation: 'horizontal', id: 'coupon_row', class: 'sp-opt-row' },
      Glyph('coupon', 20, 'sp-accent-fg'),
      h('TextView', { class: 'grow sp-sum-label' }, ctx.t('Coupon')),
      h(
        'TextView',
        { id: 'coupon_value', class: `sp-sum-value ${t.coupon ? 'sp-accent-fg' : 'sp-muted'}` },
        t.coupon ? `−${money(t.coupon.amount)}` : ctx.t('None available'),
      ),
    ),
    h(
      'FrameLayout',
      { class: 'sp-note' },
      EditText(ctx, {
        field: 'note',
        id: 'order_note',
        value: c.note,
        hint: ctx.t('Note to seller (optional)'),
        look: 'underline',
        maxLength: 100,
        onChange: (v) => (c.note = v),
      }),
    ),
  );
}

function payBar(ctx: ShopCtx, lines: CartLine[], t: ReturnType<typeof totals>): VNode {
  const c = ctx.ui.checkout;
  return h(
    'LinearLayout',
    { orientation: 'horizontal', class: 'sp-cart-bar', id: 'pay_bar' },
    h(
      'LinearLayout',
      { class: 'grow sp-cart-sum' },
      h('TextView', { class: 'sp-muted small' }, ctx.t('{n} items', { n: t.count })),
      h('TextView', { id: 'checkout_total', class: 'sp-cart-total' }, `${ctx.t('Total')}: ${money(t.total)}`),
    ),
    Button({
      id: 'btn_pay',
      text: ctx.t('Pay now'),
      class: 'sp-accent sp-bar-btn',
      enabled: lines.length > 0,
      onTap: () => {
        const order = placeOrder(ctx.data, {
          lines,
          fromCart: c.source === 'cart',
          addressId: c.addressId,
          delivery: c.delivery,
          note: c.note,
          now: ctx.now(),
          random: () => ctx.random(),
        });
        ctx.ui.buyNow = null;
        ctx.navigate('paid', { id: order.id }, { activity: '.PayResultActivity', replace: true });
      },
    }),
  );
}

export function checkoutScreen(ctx: ShopCtx): VNode {
  const lines = checkoutLines(ctx);
  const t = totals(ctx.data, lines, ctx.ui.checkout.delivery);
  return h(
    'LinearLayout',
    { class: 'fill sp-screen' },
    Toolbar(ctx, { nav: 'back', onNav: () => goBack(ctx), title: ctx.t('Confirm order') }),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'checkout_scroll', kind: 'scroll', class: 'sp-checkout' },
        addressCard(ctx),
        checkoutItems(ctx, lines),
        checkoutOptions(ctx, t),
        h(
          'LinearLayout',
          { key: 'sum', class: 'sp-box', id: 'price_summary' },
          summaryRow(ctx.t('Subtotal'), money(t.subtotal), 'summary_subtotal'),
          summaryRow(ctx.t('Shipping'), t.shipping ? money(t.shipping) : ctx.t('Free'), 'summary_shipping'),
          t.discount ? summaryRow(ctx.t('Discount'), `−${money(t.discount)}`, 'summary_discount') : null,
          summaryRow(ctx.t('Total'), money(t.total), 'summary_total', 'strong'),
        ),
      ),
    ),
    payBar(ctx, lines, t),
  );
}

export function paidScreen(ctx: ShopCtx): VNode {
  const order = ctx.data.orders.find((o) => o.id === ctx.route.params?.id);
  return h(
    'LinearLayout',
    { class: 'fill sp-screen sp-paid' },
    Toolbar(ctx, { nav: 'close', onNav: () => toMain(ctx, 'home'), title: ctx.t('Payment') }),
    h(
      'LinearLayout',
      { class: 'sp-paid-body' },
      h('View', { class: 'sp-paid-icon', ax: 'skip', html: svg('check') }),
      h('TextView', { id: 'pay_result', class: 'sp-paid-title' }, ctx.t('Payment successful')),
      order ? h('TextView', { id: 'paid_amount', class: 'sp-price big' }, money(order.total)) : null,
      order ? h('TextView', { id: 'order_number', class: 'sp-muted' }, ctx.t('Order {id}', { id: order.id })) : null,
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'sp-paid-actions' },
        Button({
          id: 'view_order',
          text: ctx.t('View order'),
          variant: 'outlined',
          onTap: () =>
            order && ctx.navigate('order', { id: order.id }, { activity: '.OrderDetailActivity', replace: true }),
        }),
        Button({
          id: 'continue_shopping',
          text: ctx.t('Continue shopping'),
          class: 'sp-accent',
          onTap: () => toMain(ctx, 'home'),
        }),
      ),
    ),
  );
}

export const cartDialogs = {
  'remove-item': (ctx: ShopCtx, dialog: DialogState): VNode =>
    Dialog({
      title: ctx.t('Remove item?'),
      message: ctx.t('This item will be removed from your cart.'),
      negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
      positive: {
        text: ctx.t('Remove'),
        onTap: () => {
          ctx.data.cart = ctx.data.cart.filter((l) => l.line !== dialog.data.line);
          ctx.closeDialog();
          ctx.toast(ctx.t('Removed from cart'));
        },
      },
    }),
  address: (ctx: ShopCtx, _dialog: DialogState): VNode =>
    Dialog({
      title: ctx.t('Shipping address'),
      body: h(
        'LinearLayout',
        { class: 'dialog-list' },
        ctx.data.addresses.map((a) =>
          RadioButton({
            key: a.id,
            id: 'address_option',
            text: `${a.name} · ${ctx.locale === 'zh' ? a.zh : a.en}`,
            checked: ctx.ui.checkout.addressId === a.id,
            onSelect: () => {
              ctx.ui.checkout.addressId = a.id;
              ctx.closeDialog();
            },
          }),
        ),
      ),
      negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    }),
  delivery: (ctx: ShopCtx, _dialog: DialogState): VNode =>
    Dialog({
      title: ctx.t('Delivery'),
      body: h(
        'LinearLayout',
        { class: 'dialog-list' },
        RadioButton({
          key: 's',
          id: 'delivery_standard',
          text: `${ctx.t('Standard')} · ${ctx.t('3 days')}`,
          checked: ctx.ui.checkout.delivery === 'standard',
          onSelect: () => ((ctx.ui.checkout.delivery = 'standard'), ctx.closeDialog()),
        }),
        RadioButton({
          key: 'e',
          id: 'delivery_express',
          text: `${ctx.t('Express')} · ${ctx.t('next day')} · +${money(EXPRESS_FEE)}`,
          checked: ctx.ui.checkout.delivery === 'express',
          onSelect: () => ((ctx.ui.checkout.delivery = 'express'), ctx.closeDialog()),
        }),
      ),
    }),
};
