/**
 * Shop (com.moba.shop/.MainActivity): a home feed with categories and deals, search with
 * sorting and filters, product pages with colour/size variants and quantity, a cart, checkout
 * with address, delivery, coupon and a payment button, and orders. A promotion pop-up shows
 * on scheduled visits (per seed) to the home feed and product pages. `am start … --es query
 * <text>` opens search results, `--ei product <id>` a product page.
 */
import { defineApp } from '../../phone/page/types.ts';
import type { LaunchRequest, Route } from '../../phone/page/types.ts';
import { cartDialogs, checkoutScreen, paidScreen } from './cart.ts';
import { countVisit, dismissPromo, initialShopData, productById, searchProducts, totals, unitPrice } from './model.ts';
import type { CartLine, ShopCtx, ShopData, ShopUi } from './model.ts';
import { enterHome, promoVisible } from './common.ts';
import { mainScreen } from './home.ts';
import { cancelOrderDialog, orderScreen } from './orders.ts';
import { productScreen } from './product.ts';
import { resultsScreen, searchScreen } from './search.ts';
import { SHOP_CSS } from './shop-css.ts';
import { SHOP_STRINGS } from './strings.ts';

const yuan = (fen: number): number => Math.round(fen) / 100;

function fromIntent(ctx: ShopCtx, request: LaunchRequest): Route[] | null {
  const query = request.extras?.query;
  if (typeof query === 'string' && query.trim()) {
    ctx.ui.tab = 'home';
    ctx.ui.query = query.trim();
    ctx.ui.search = { query: query.trim(), category: null, sort: 'best', freeShipping: false, highRating: false };
    ctx.data.lastSearch = { ...ctx.ui.search, results: searchProducts(ctx.data.seed, ctx.ui.search).length };
    return [{ screen: 'main' }, { screen: 'results', activity: '.SearchResultActivity' }];
  }
  const id = Number(request.extras?.product);
  if (Number.isInteger(id) && productById(ctx.data.seed, id)) {
    ctx.ui.tab = 'home';
    countVisit(ctx.data, 'product');
    return [{ screen: 'main' }, { screen: 'product', params: { id }, activity: '.ProductDetailActivity' }];
  }
  return null;
}

function lineState(
  data: ShopData,
  l: Pick<CartLine, 'productId' | 'colour' | 'option' | 'qty'>,
): Record<string, unknown> {
  const p = productById(data.seed, l.productId);
  return {
    productId: l.productId,
    title: p?.en ?? '',
    colour: l.colour,
    option: l.option,
    quantity: l.qty,
    unitPrice: p ? yuan(unitPrice(p, l.option)) : 0,
  };
}

export const shopApp = defineApp<ShopData, ShopUi>({
  packageName: 'com.moba.shop',
  icon: { bg: '#ff6d00', fg: '#ffffff', glyph: 'shop' },
  strings: SHOP_STRINGS,
  css: SHOP_CSS,
  initialData: initialShopData,
  initialUi: () => ({
    tab: 'home',
    query: '',
    search: { query: '', category: null, sort: 'best', freeShipping: false, highRating: false },
    picks: {},
    buyNow: null,
    checkout: { source: 'cart', addressId: 1, delivery: 'standard', note: '' },
  }),
  launch(ctx, request, resuming): Route[] | null {
    // A pop-up does not survive the app's process being restarted.
    if (!resuming) ctx.data.promo.open = null;
    const routed = fromIntent(ctx, request);
    if (routed) return routed;
    if (!resuming) {
      enterHome(ctx);
      return [{ screen: 'main' }];
    }
    if (ctx.route.screen === 'main' && ctx.ui.tab === 'home') countVisit(ctx.data, 'home');
    return null;
  },
  screens: {
    main: mainScreen,
    search: searchScreen,
    results: resultsScreen,
    product: productScreen,
    checkout: checkoutScreen,
    paid: paidScreen,
    order: orderScreen,
  },
  dialogs: { ...cartDialogs, 'cancel-order': cancelOrderDialog },
  onBack(ctx) {
    if (promoVisible(ctx)) {
      dismissPromo(ctx.data);
      return true;
    }
    if (ctx.route.screen === 'main' && ctx.ui.tab !== 'home') {
      enterHome(ctx);
      return true;
    }
    if (ctx.stackDepth === 2 && ctx.ui.tab === 'home') countVisit(ctx.data, 'home');
    return false;
  },
  publicState: (data) => {
    const selected = data.cart.filter((l) => l.selected);
    return {
      cart: data.cart.map((l) => ({ ...lineState(data, l), selected: l.selected })),
      cartTotal: yuan(totals(data, selected, 'standard').subtotal),
      orders: data.orders.map((o) => ({
        id: o.id,
        status: o.status,
        placedAt: o.placedAt,
        items: o.items.map((i) => ({ ...lineState(data, i), unitPrice: yuan(i.unitPrice) })),
        address: data.addresses.find((a) => a.id === o.addressId)?.en ?? '',
        delivery: o.delivery,
        subtotal: yuan(o.subtotal),
        shipping: yuan(o.shipping),
        discount: yuan(o.discount),
        total: yuan(o.total),
        note: o.note,
      })),
      lastSearch: data.lastSearch ? { ...data.lastSearch } : null,
      searchHistory: [...data.searchHistory],
      coupons: data.coupons.map((c) => ({
        id: c.id,
        amount: yuan(c.amount),
        minSpend: yuan(c.minSpend),
        used: c.used,
      })),
      popup: {
        open: data.promo.open,
        shown: data.promo.shown,
        dismissed: data.promo.dismissed,
        claimed: data.promo.claimed,
        visits: { ...data.visits },
        schedule: { home: [...data.promo.homeAt], product: [...data.promo.productAt] },
      },
    };
  },
});
