/** Shop's product page: photos, price, variants (colour and size chips), quantity, add to cart, buy now. */
import { formatDateMedium } from '../../phone/page/i18n.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, EmptyState, IconButton, Scaffold, ScrollList, Toolbar } from '../../phone/page/widgets.ts';
import { PHOTO_COUNT } from './art.ts';
import { CATEGORIES } from './catalog-data.ts';
import {
  Glyph,
  GlyphButton,
  Picture,
  cartCount,
  colourName,
  goBack,
  productTitle,
  soldText,
  toMain,
  withPromo,
} from './common.ts';
import { addToCart, money, productById, unitPrice } from './model.ts';
import type { Product, ProductPick, ShopCtx } from './model.ts';

const DAY = 86_400_000;

export function pickFor(ctx: ShopCtx, p: Product): ProductPick {
  const key = String(p.id);
  let pick = ctx.ui.picks[key];
  if (!pick) {
    pick = { colour: p.colours[0]?.id ?? null, option: p.options?.options[0]?.[0] ?? null, qty: 1, image: 0 };
    ctx.ui.picks[key] = pick;
  }
  return pick;
}

/** Quantity stepper: − count +, with the resource ids shopping apps use. */
export function Stepper(
  ctx: ShopCtx,
  o: { value: number; onChange: (n: number) => void; min?: number; max?: number; label: string },
): VNode {
  const min = o.min ?? 1;
  const max = o.max ?? 99;
  return h(
    'LinearLayout',
    { orientation: 'horizontal', class: 'sp-stepper', id: 'quantity_stepper' },
    h(
      'FrameLayout',
      { class: 'sp-step-btn', ax: 'flatten' },
      GlyphButton({
        id: 'decrease',
        glyph: 'minus',
        desc: ctx.t('Decrease quantity of {label}', { label: o.label }),
        enabled: o.value > min,
        onTap: () => o.onChange(o.value - 1),
      }),
    ),
    h('TextView', { id: 'quantity', class: 'sp-qty' }, String(o.value)),
    h(
      'FrameLayout',
      { class: 'sp-step-btn', ax: 'flatten' },
      GlyphButton({
        id: 'increase',
        glyph: 'plus',
        desc: ctx.t('Increase quantity of {label}', { label: o.label }),
        enabled: o.value < max,
        onTap: () => o.onChange(o.value + 1),
      }),
    ),
  );
}

function deliveryText(ctx: ShopCtx, p: Product): string {
  const by = formatDateMedium(new Date(ctx.now() + 3 * DAY), ctx.locale);
  return `${p.freeShipping ? ctx.t('Free shipping') : ctx.t('Shipping {fee}', { fee: money(800) })} · ${ctx.t('Delivery by {date}', { date: by })}`;
}

function variantChip(o: {
  key: string;
  id: string;
  text: string;
  selected: boolean;
  onTap: () => void;
  desc?: string;
}): VNode {
  return h(
    'TextView',
    {
      key: o.key,
      id: o.id,
      desc: o.desc,
      class: `chip sp-variant ${o.selected ? 'selected' : ''}`,
      checkable: true,
      checked: o.selected,
      onTap: o.onTap,
    },
    o.text,
  );
}

function photoPager(ctx: ShopCtx, p: Product, pick: ProductPick): VNode {
  const photo = (delta: number): void => {
    pick.image = (pick.image + delta + PHOTO_COUNT) % PHOTO_COUNT;
  };
  return h(
    'ViewPager',
    {
      key: 'photos',
      id: 'product_images',
      class: 'sp-photos',
      desc: ctx.t('Photo {i} of {n}', { i: pick.image + 1, n: PHOTO_COUNT }),
      onSwipe: (dir) => (dir === 'left' ? photo(1) : dir === 'right' ? photo(-1) : undefined),
    },
    Picture(p, pick.colour, { size: 280, view: pick.image, id: 'product_image' }),
    h(
      'View',
      { class: 'sp-dots', ax: 'skip' },
      Array.from({ length: PHOTO_COUNT }, (_, i) =>
        h('span', { key: i, class: `sp-dot ${i === pick.image ? 'on' : ''}` }),
      ),
    ),
  );
}

/** Price (with the original price and the discount), title, rating and shipping. */
function summaryRows(ctx: ShopCtx, p: Product, price: number, title: string): VNode[] {
  return [
    h(
      'LinearLayout',
      { key: 'price', orientation: 'horizontal', class: 'sp-price-row big' },
      h('TextView', { id: 'product_price', class: 'sp-price big' }, money(price)),
      p.originalPrice
        ? h('TextView', { id: 'original_price', class: 'sp-strike' }, money(p.originalPrice + (price - p.price)))
        : null,
      p.originalPrice
        ? h(
            'TextView',
            { id: 'discount_tag', class: 'sp-off-tag' },
            `-${Math.round((1 - p.price / p.originalPrice) * 100)}%`,
          )
        : null,
    ),
    h('TextView', { key: 'title', id: 'product_title', class: 'sp-title' }, title),
    h(
      'LinearLayout',
      { key: 'rate', orientation: 'horizontal', class: 'sp-rate-row' },
      h(
        'TextView',
        { id: 'product_rating', class: 'sp-rating' },
        `★ ${p.rating.toFixed(1)}  ${ctx.t('({n} reviews)', { n: p.reviews })}`,
      ),
      h('TextView', { id: 'product_sold', class: 'sp-muted' }, soldText(ctx, p.sold)),
    ),
    h(
      'LinearLayout',
      { key: 'ship', orientation: 'horizontal', class: 'sp-ship' },
      Glyph('truck', 20, 'sp-muted'),
      h('TextView', { id: 'shipping_info', class: 'grow' }, deliveryText(ctx, p)),
    ),
  ];
}

/** The colour and size chips (each only when the product has them). */
function variantSections(ctx: ShopCtx, p: Product, pick: ProductPick): VNode[] {
  const out: VNode[] = [];
  if (p.colours.length)
    out.push(
      h(
        'LinearLayout',
        { key: 'colours', class: 'sp-section', id: 'colour_section' },
        h(
          'TextView',
          { id: 'colour_label', class: 'sp-section-title' },
          `${ctx.t('Colour')}: ${colourName(ctx, pick.colour)}`,
        ),
        h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'sp-chip-wrap' },
          p.colours.map((c) =>
            variantChip({
              key: c.id,
              id: 'colour_option',
              text: ctx.locale === 'zh' ? c.zh : c.en,
              selected: pick.colour === c.id,
              onTap: () => (pick.colour = c.id),
            }),
          ),
        ),
      ),
    );
  if (p.options)
    out.push(
      h(
        'LinearLayout',
        { key: 'options', class: 'sp-section', id: 'size_section' },
        h(
          'TextView',
          { id: 'size_label', class: 'sp-section-title' },
          `${ctx.locale === 'zh' ? p.options.zh : ctx.t(p.options.en)}: ${pick.option ?? ''}`,
        ),
        h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'sp-chip-wrap' },
          p.options.options.map(([name]) =>
            variantChip({
              key: name,
              id: 'size_option',
              text: name,
              selected: pick.option === name,
              onTap: () => (pick.option = name),
            }),
          ),
        ),
      ),
    );
  return out;
}

function detailsSection(ctx: ShopCtx, p: Product): VNode {
  const category = CATEGORIES.find((c) => c.id === p.cat);
  return h(
    'LinearLayout',
    { key: 'about', class: 'sp-section', id: 'details_section' },
    h('TextView', { class: 'sp-section-title' }, ctx.t('Details')),
    h('TextView', { id: 'product_brand', class: 'sp-muted' }, `${ctx.t('Brand')}: ${p.brand}`),
    h(
      'TextView',
      { id: 'product_category', class: 'sp-muted' },
      `${ctx.t('Category')}: ${category ? (ctx.locale === 'zh' ? category.zh : category.en) : ''}`,
    ),
    h('TextView', { id: 'product_returns', class: 'sp-muted' }, ctx.t('7-day no-reason returns · Genuine guarantee')),
  );
}

function buyBar(ctx: ShopCtx, p: Product, pick: ProductPick): VNode {
  return h(
    'LinearLayout',
    { orientation: 'horizontal', class: 'sp-buybar', id: 'buy_bar' },
    Button({
      id: 'add_to_cart',
      text: ctx.t('Add to cart'),
      variant: 'tonal',
      class: 'grow sp-buy-btn',
      onTap: () => {
        addToCart(ctx.data, { productId: p.id, colour: pick.colour, option: pick.option, qty: pick.qty });
        ctx.toast(ctx.t('Added to cart'));
      },
    }),
    Button({
      id: 'buy_now',
      text: ctx.t('Buy now'),
      class: 'grow sp-buy-btn sp-accent',
      onTap: () => {
        ctx.ui.buyNow = {
          line: 0,
          productId: p.id,
          colour: pick.colour,
          option: pick.option,
          qty: pick.qty,
          selected: true,
        };
        ctx.ui.checkout = { source: 'buy-now', addressId: ctx.data.defaultAddress, delivery: 'standard', note: '' };
        ctx.navigate('checkout', undefined, { activity: '.CheckoutActivity' });
      },
    }),
  );
}

export function productScreen(ctx: ShopCtx): VNode {
  const p = productById(ctx.data.seed, Number(ctx.route.params?.id));
  if (!p) return Scaffold(ctx, { nav: 'back', body: EmptyState('shop', ctx.t('No products found')) });
  const pick = pickFor(ctx, p);
  const title = productTitle(ctx, p);
  const count = cartCount(ctx);
  const screen = h(
    'LinearLayout',
    { class: 'fill sp-screen' },
    Toolbar(ctx, {
      nav: 'back',
      onNav: () => goBack(ctx),
      title: ctx.t('Product details'),
      actions: [
        IconButton({
          id: 'action_cart',
          icon: 'cart',
          desc: count ? ctx.t('{label}, {n} items', { label: ctx.t('Cart'), n: count }) : ctx.t('Cart'),
          onTap: () => toMain(ctx, 'cart'),
        }),
      ],
    }),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'product_scroll', kind: 'scroll' },
        photoPager(ctx, p, pick),
        summaryRows(ctx, p, unitPrice(p, pick.option), title),
        variantSections(ctx, p, pick),
        h(
          'LinearLayout',
          { key: 'qty', orientation: 'horizontal', class: 'sp-section row' },
          h('TextView', { class: 'grow sp-section-title' }, ctx.t('Quantity')),
          Stepper(ctx, { value: pick.qty, label: title, onChange: (n) => (pick.qty = n) }),
        ),
        detailsSection(ctx, p),
      ),
    ),
    buyBar(ctx, p, pick),
  );
  return withPromo(ctx, screen);
}
