/** Shop's main screen: the home feed (search box, categories, deals, recommendations) and the tab bar. */
import { svg } from '../../phone/page/icons.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { ScrollList, SectionHeader, Toolbar } from '../../phone/page/widgets.ts';
import { cartTab } from './cart.ts';
import { CATEGORIES } from './catalog-data.ts';
import type { CategoryId } from './catalog-data.ts';
import {
  Glyph,
  Picture,
  PriceText,
  cartCount,
  categoryName,
  openProduct,
  productTitle,
  soldText,
  switchTab,
  withPromo,
} from './common.ts';
import { catalogue, money } from './model.ts';
import type { ShopCtx } from './model.ts';
import { ordersTab } from './orders.ts';

export function openSearch(ctx: ShopCtx, query = ''): void {
  ctx.ui.query = query;
  ctx.navigate('search', undefined, { activity: '.SearchActivity' });
  ctx.focus('query');
}

export function openCategory(ctx: ShopCtx, category: CategoryId): void {
  ctx.ui.search = { query: '', category, sort: 'best', freeShipping: false, highRating: false };
  ctx.navigate('results', undefined, { activity: '.SearchResultActivity' });
}

function homeFeed(ctx: ShopCtx): VNode {
  const products = catalogue(ctx.data.seed);
  const deals = products.filter((p) => p.originalPrice !== null).sort((a, b) => b.sold - a.sold);
  // Recommendations: a seeded order that still mixes categories.
  const recommended = [...products].sort(
    (a, b) => ((a.id * 37 + ctx.data.seed) % 101) - ((b.id * 37 + ctx.data.seed) % 101),
  );
  return ScrollList(
    { id: 'home_feed', kind: 'scroll' },
    h(
      'View',
      { key: 'banner', class: 'sp-banner', ax: 'skip' },
      h('span', { class: 'sp-banner-big' }, ctx.t('618 Mid-Year Sale')),
      h('span', { class: 'sp-banner-sub' }, ctx.t('Up to 30% off · Free shipping over ¥99')),
    ),
    h(
      'GridView',
      { key: 'cats', id: 'category_grid', class: 'sp-cats' },
      CATEGORIES.map((c) =>
        h(
          'LinearLayout',
          { key: c.id, id: 'category_item', class: 'sp-cat', onTap: () => openCategory(ctx, c.id) },
          h('View', { class: 'sp-cat-icon', ax: 'skip' }, Glyph(c.glyph, 26)),
          h('TextView', { id: 'category_name', class: 'sp-cat-name' }, categoryName(ctx, c.id)),
        ),
      ),
    ),
    SectionHeader(ctx.t('Flash deals'), 'deals_header'),
    h(
      'HorizontalScrollView',
      { key: 'deals', id: 'deals_list', scroll: 'h', class: 'sp-deals' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'sp-deal-row' },
        deals.map((p) =>
          h(
            'LinearLayout',
            {
              key: p.id,
              id: 'deal_item',
              class: 'sp-deal',
              desc: `${productTitle(ctx, p)}, ${money(p.price)}`,
              onTap: () => openProduct(ctx, p.id),
            },
            Picture(p, p.colours[0]?.id ?? null, { size: 88, skip: true }),
            PriceText(p.price, { id: 'deal_price', cls: 'small' }),
            p.originalPrice ? h('TextView', { class: 'sp-strike', ax: 'skip' }, money(p.originalPrice)) : null,
            p.originalPrice
              ? h(
                  'TextView',
                  { class: 'sp-off-tag', ax: 'skip' },
                  `-${Math.round((1 - p.price / p.originalPrice) * 100)}%`,
                )
              : null,
          ),
        ),
      ),
    ),
    SectionHeader(ctx.t('Recommended for you'), 'recommended_header'),
    h(
      'GridView',
      { key: 'grid', id: 'recommended_grid', class: 'sp-grid' },
      recommended.map((p) =>
        h(
          'LinearLayout',
          { key: p.id, id: 'product_card', class: 'sp-card', onTap: () => openProduct(ctx, p.id) },
          h(
            'View',
            { class: 'sp-card-pic', ax: 'skip' },
            Picture(p, p.colours[0]?.id ?? null, { size: 120, skip: true }),
          ),
          h('TextView', { id: 'product_title', class: 'sp-card-title' }, productTitle(ctx, p)),
          h(
            'LinearLayout',
            { orientation: 'horizontal', class: 'sp-card-foot' },
            PriceText(p.price, { id: 'product_price', cls: 'small' }),
            h('TextView', { id: 'product_sold', class: 'sp-muted small' }, soldText(ctx, p.sold)),
          ),
        ),
      ),
    ),
  );
}

/** The tab bar, with the cart's item count as a badge. */
function bottomNav(ctx: ShopCtx): VNode {
  const count = cartCount(ctx);
  const item = (tab: ShopCtx['ui']['tab'], icon: string, label: string, badge = 0): VNode =>
    h(
      'FrameLayout',
      {
        key: tab,
        id: `tab_${tab}`,
        desc: badge ? ctx.t('{label}, {n} items', { label: ctx.t(label), n: badge }) : ctx.t(label),
        selected: ctx.ui.tab === tab,
        onTap: () => switchTab(ctx, tab),
        class: `tab ${ctx.ui.tab === tab ? 'selected' : ''}`,
      },
      h(
        'span',
        { class: 'tab-icon', ax: 'skip' },
        h('span', { class: 'tab-pill', ax: 'skip' }),
        h('span', { class: 'icon-glyph', ax: 'skip', html: svg(icon) }),
        badge ? h('span', { class: 'sp-badge', ax: 'skip' }, badge > 99 ? '99+' : String(badge)) : null,
      ),
      h('TextView', { class: 'tab-label', id: 'navigation_bar_item_large_label_view' }, ctx.t(label)),
    );
  return h(
    'FrameLayout',
    { id: 'bottom_navigation', class: 'tabs tabs-bottom' },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'tabs-row' },
      item('home', 'home', 'Home'),
      item('cart', 'cart', 'Cart', count),
      item('orders', 'note', 'Orders'),
    ),
  );
}

export function mainScreen(ctx: ShopCtx): VNode {
  const tab = ctx.ui.tab;
  let top: VNode;
  if (tab === 'home') {
    top = h(
      'LinearLayout',
      { key: 'top-home', orientation: 'horizontal', class: 'sp-top' },
      h('TextView', { class: 'sp-logo', id: 'app_title' }, ctx.t('Shop')),
      h(
        'LinearLayout',
        {
          orientation: 'horizontal',
          id: 'search_box',
          class: 'grow sp-searchbox',
          desc: ctx.t('Search'),
          onTap: () => openSearch(ctx),
        },
        h('span', { class: 'sp-sb-icon', ax: 'skip', html: svg('search') }),
        h('TextView', { id: 'search_hint', class: 'sp-sb-hint' }, ctx.t('Search products')),
      ),
    );
  } else {
    top = Toolbar(ctx, { title: tab === 'cart' ? ctx.t('Cart ({n})', { n: cartCount(ctx) }) : ctx.t('My orders') });
  }
  const body = tab === 'home' ? homeFeed(ctx) : tab === 'cart' ? cartTab(ctx) : ordersTab(ctx);
  return withPromo(
    ctx,
    h(
      'LinearLayout',
      { class: 'fill sp-screen' },
      top,
      h('FrameLayout', { class: 'grow body', id: 'main_content' }, body),
      bottomNav(ctx),
    ),
  );
}
