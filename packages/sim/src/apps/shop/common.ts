/**
 * Shop's shared pieces: names in the device language, product pictures, navigation that
 * counts screen visits (the promotion pop-up is scheduled by visit counts), and the pop-up.
 */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, IconButton } from '../../phone/page/widgets.ts';
import { glyphSvg, productArt } from './art.ts';
import { CATEGORIES, COLOURS } from './catalog-data.ts';
import type { CategoryId } from './catalog-data.ts';
import { claimPromo, countVisit, dismissPromo, money } from './model.ts';
import type { Product, ShopCtx } from './model.ts';

export function productTitle(ctx: ShopCtx, p: Product): string {
  return ctx.locale === 'zh' ? p.zh : p.en;
}

export function categoryName(ctx: ShopCtx, id: CategoryId | null): string {
  const cat = CATEGORIES.find((c) => c.id === id);
  if (!cat) return '';
  return ctx.locale === 'zh' ? cat.zh : cat.en;
}

export function colourName(ctx: ShopCtx, id: string | null): string {
  const c = id ? COLOURS[id] : undefined;
  if (!c) return '';
  return ctx.locale === 'zh' ? c.zh : c.en;
}

/** "Black · 256GB" (what a cart line or order item is). */
export function variantText(ctx: ShopCtx, colour: string | null, option: string | null): string {
  return [colourName(ctx, colour), option ?? ''].filter(Boolean).join(' · ');
}

export function colourHex(p: Product, colour: string | null): string {
  return (colour ? COLOURS[colour]?.hex : undefined) ?? p.tint;
}

/** A product picture (an ImageView, or decoration when `skip`). */
export function Picture(
  p: Product,
  colour: string | null,
  o: { size?: number; view?: number; id?: string; skip?: boolean; cls?: string } = {},
): VNode {
  const size = o.size ?? 96;
  return h('ImageView', {
    id: o.id,
    ax: o.skip ? 'skip' : undefined,
    class: `sp-pic ${o.cls ?? ''}`,
    style: `width:${size}dp;height:${size}dp`,
    html: productArt(p.art, colourHex(p, colour), o.view ?? 0),
  });
}

export function Glyph(name: string, size = 24, cls = ''): VNode {
  return h('span', {
    class: `sp-glyph ${cls}`,
    ax: 'skip',
    style: `width:${size}dp;height:${size}dp`,
    html: glyphSvg(name),
  });
}

/** An ImageButton drawing one of the shop's own glyphs (the system set has no minus sign). */
export function GlyphButton(o: {
  id: string;
  glyph: string;
  desc: string;
  onTap: () => void;
  enabled?: boolean;
}): VNode {
  const on = o.enabled !== false;
  return h(
    'ImageButton',
    { id: o.id, desc: o.desc, onTap: on ? o.onTap : undefined, enabled: on ? undefined : false, class: 'icon-btn' },
    h('span', { class: 'icon-glyph', ax: 'skip', html: glyphSvg(o.glyph) }),
  );
}

export function PriceText(fen: number, o: { id?: string; cls?: string } = {}): VNode {
  return h('TextView', { id: o.id, class: `sp-price ${o.cls ?? ''}` }, money(fen));
}

export function soldText(ctx: ShopCtx, sold: number): string {
  if (sold >= 10000) return ctx.t('{n}k+ sold', { n: Math.floor(sold / 1000) });
  return ctx.t('{n} sold', { n: sold });
}

// ------------------------------------------------------------------ navigation and visits

/** Shows the home tab and counts the visit (which may open the pop-up). */
export function enterHome(ctx: ShopCtx): void {
  ctx.ui.tab = 'home';
  countVisit(ctx.data, 'home');
}

export function switchTab(ctx: ShopCtx, tab: ShopCtx['ui']['tab']): void {
  if (tab === ctx.ui.tab) return;
  if (tab === 'home') enterHome(ctx);
  else ctx.ui.tab = tab;
}

export function openProduct(ctx: ShopCtx, id: number): void {
  ctx.navigate('product', { id }, { activity: '.ProductDetailActivity' });
  countVisit(ctx.data, 'product');
}

/** Up/back within the app: returning to the home tab is a visit to home. */
export function goBack(ctx: ShopCtx): void {
  if (ctx.stackDepth === 2 && ctx.ui.tab === 'home') countVisit(ctx.data, 'home');
  ctx.back();
}

/** Back to the main screen (popping everything above it), on a tab. */
export function toMain(ctx: ShopCtx, tab: ShopCtx['ui']['tab']): void {
  for (let depth = ctx.stackDepth; depth > 1; depth--) ctx.back();
  if (tab === 'home') enterHome(ctx);
  else ctx.ui.tab = tab;
}

export function cartCount(ctx: ShopCtx): number {
  return ctx.data.cart.reduce((n, l) => n + l.qty, 0);
}

// ------------------------------------------------------------------ the promotion pop-up

/** Whether the pop-up is on the screen being shown. */
export function promoVisible(ctx: ShopCtx): boolean {
  const open = ctx.data.promo.open;
  if (open === 'home') return ctx.route.screen === 'main' && ctx.ui.tab === 'home';
  if (open === 'product') return ctx.route.screen === 'product';
  return false;
}

/**
 * The pop-up, drawn over the whole app window as many shopping apps do (not a system
 * dialog): a scrim that swallows taps, a card with a close button and a claim button.
 */
export function PromoOverlay(ctx: ShopCtx): VNode | null {
  if (!promoVisible(ctx)) return null;
  const home = ctx.data.promo.open === 'home';
  return h(
    'FrameLayout',
    { key: 'promo', id: 'promo_overlay', class: 'sp-promo-layer' },
    h('View', { class: 'sp-promo-scrim', ax: 'skip' }),
    h(
      'LinearLayout',
      { id: 'promo_dialog', class: 'sp-promo-card' },
      h(
        'View',
        { class: 'sp-promo-art', ax: 'skip' },
        h('span', { class: 'sp-promo-big' }, '618'),
        h('span', { class: 'sp-promo-sub' }, ctx.t('MID-YEAR SALE')),
      ),
      h(
        'TextView',
        { id: 'promo_title', class: 'sp-promo-title' },
        ctx.t(home ? '618 Mid-Year Sale is on!' : 'A coupon just for you'),
      ),
      h(
        'TextView',
        { id: 'promo_message', class: 'sp-promo-msg' },
        ctx.t('{amount} off orders over {min}. Today only.', { amount: money(5000), min: money(29900) }),
      ),
      Button({
        id: 'promo_claim',
        text: ctx.t('Claim coupon'),
        class: 'sp-promo-btn',
        onTap: () => (claimPromo(ctx.data), ctx.toast(ctx.t('Coupon claimed'))),
      }),
    ),
    h(
      'FrameLayout',
      { class: 'sp-promo-close', ax: 'flatten' },
      IconButton({ id: 'promo_close', icon: 'close', desc: ctx.t('Close'), onTap: () => dismissPromo(ctx.data) }),
    ),
  );
}

/** A screen with the pop-up layer over it (the wrapper is always there so scroll offsets survive). */
export function withPromo(ctx: ShopCtx, screen: VNode): VNode {
  return h('FrameLayout', { class: 'fill', ax: 'flatten' }, screen, PromoOverlay(ctx));
}
