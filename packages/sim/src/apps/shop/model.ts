/**
 * Shop's state and rules: the seed's catalogue (prices, ratings, sales, deals), search with
 * sorting and filters, the cart and its totals, orders, and when the promotion pop-up shows.
 * Money is in fen (1/100 yuan) so totals are exact.
 */
import type { AppContext, SeedContext } from '../../phone/page/types.ts';
import { hashString, mulberry32 } from '../../phone/page/rng.ts';
import { CATEGORIES, COLOURS, TEMPLATES } from './catalog-data.ts';
import type { CategoryId, Colour, OptionSet } from './catalog-data.ts';

export interface Product {
  id: number;
  cat: CategoryId;
  art: string;
  en: string;
  zh: string;
  brand: string;
  /** Fen, for the first option. */
  price: number;
  /** The struck-through price of a deal, or null. */
  originalPrice: number | null;
  rating: number;
  reviews: number;
  sold: number;
  freeShipping: boolean;
  colours: Colour[];
  tint: string;
  options: OptionSet | null;
  tags: string;
}

export interface CartLine {
  line: number;
  productId: number;
  colour: string | null;
  option: string | null;
  qty: number;
  selected: boolean;
}

export interface Address {
  id: number;
  name: string;
  phone: string;
  en: string;
  zh: string;
}

export interface Coupon {
  id: string;
  /** Fen off, when the subtotal reaches minSpend. */
  amount: number;
  minSpend: number;
  used: boolean;
}

export type OrderStatus = 'paid' | 'shipped' | 'delivered' | 'cancelled';

export interface OrderItem {
  productId: number;
  colour: string | null;
  option: string | null;
  qty: number;
  unitPrice: number;
}

export interface ShopOrder {
  id: string;
  placedAt: number;
  status: OrderStatus;
  items: OrderItem[];
  addressId: number;
  delivery: 'standard' | 'express';
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
  note: string;
}

export type SortKey = 'best' | 'sales' | 'price-asc' | 'price-desc' | 'rating';

export interface SearchSpec {
  query: string;
  category: CategoryId | null;
  sort: SortKey;
  freeShipping: boolean;
  highRating: boolean;
}

export interface ShopData {
  /** The seed the catalogue derives from. */
  seed: number;
  cart: CartLine[];
  nextLine: number;
  orders: ShopOrder[];
  addresses: Address[];
  defaultAddress: number;
  coupons: Coupon[];
  searchHistory: string[];
  lastSearch: (SearchSpec & { results: number }) | null;
  /** How many times each screen was shown (the pop-up schedule counts these). */
  visits: { home: number; product: number };
  promo: {
    homeAt: number[];
    productAt: number[];
    shown: number;
    dismissed: number;
    claimed: number;
    open: 'home' | 'product' | null;
  };
}

export interface ProductPick {
  colour: string | null;
  option: string | null;
  qty: number;
  image: number;
}

export interface ShopUi {
  tab: 'home' | 'cart' | 'orders';
  /** The search field's text. */
  query: string;
  search: SearchSpec;
  picks: Record<string, ProductPick>;
  /** "Buy now" skips the cart: the one line being bought. */
  buyNow: CartLine | null;
  checkout: { source: 'cart' | 'buy-now'; addressId: number; delivery: 'standard' | 'express'; note: string };
}

export type ShopCtx = AppContext<ShopData, ShopUi>;

export const COUPON_618: Omit<Coupon, 'used'> = { id: '618-50', amount: 5000, minSpend: 29900 };
export const EXPRESS_FEE = 1200;
export const SHIPPING_FEE = 800;
export const FREE_SHIPPING_FROM = 9900;

/** A price ending in 9 (¥2,899.00, ¥38.90): how shops price things. */
function shopPrice(yuan: number): number {
  if (yuan >= 100) return (Math.round(yuan / 10) * 10 - 1) * 100;
  return Math.max(990, Math.round(yuan) * 100 - 10);
}

export function buildCatalogue(seed: number): Product[] {
  return TEMPLATES.map((t, i) => {
    const rng = mulberry32(seed ^ hashString(`shop-product-${i}`));
    const price = shopPrice(t.base * (0.88 + rng() * 0.24));
    const deal = rng() < 0.35;
    const off = [0.1, 0.15, 0.2, 0.25, 0.3][Math.floor(rng() * 5)] ?? 0.2;
    const colours = t.colours.map((c) => COLOURS[c]).filter((c): c is Colour => c !== undefined);
    return {
      id: i + 1,
      cat: t.cat,
      art: t.art,
      en: t.en,
      zh: t.zh,
      brand: t.brand,
      price,
      originalPrice: deal ? shopPrice(price / 100 / (1 - off)) : null,
      rating: Math.round((3.8 + rng() * 1.1) * 10) / 10,
      reviews: 20 + Math.floor(rng() ** 2 * 20000),
      sold: 50 + Math.floor(rng() ** 2 * 60000),
      freeShipping: price >= FREE_SHIPPING_FROM || rng() < 0.5,
      colours,
      tint: t.tint ?? colours[0]?.hex ?? '#999999',
      options: t.options ?? null,
      tags: t.tags,
    };
  });
}

const cache = new Map<number, Product[]>();

export function catalogue(seed: number): Product[] {
  let products = cache.get(seed);
  if (!products) {
    products = buildCatalogue(seed);
    if (cache.size > 8) cache.clear();
    cache.set(seed, products);
  }
  return products;
}

export function productById(seed: number, id: number): Product | undefined {
  return catalogue(seed)[id - 1];
}

export function unitPrice(product: Product, option: string | null): number {
  const delta = product.options?.options.find(([name]) => name === option)?.[1] ?? 0;
  return product.price + delta * 100;
}

/** Words of a query; all must match the product (English, Chinese, brand, tags, category). */
export function searchProducts(seed: number, spec: SearchSpec): Product[] {
  const words = spec.query.toLowerCase().split(/\s+/).filter(Boolean);
  const scored: Array<{ p: Product; score: number }> = [];
  for (const p of catalogue(seed)) {
    if (spec.category && p.cat !== spec.category) continue;
    if (spec.freeShipping && !p.freeShipping) continue;
    if (spec.highRating && p.rating < 4.5) continue;
    const cat = CATEGORIES.find((c) => c.id === p.cat);
    const title = `${p.en} ${p.zh}`.toLowerCase();
    const rest = `${p.brand} ${p.tags} ${cat?.en ?? ''} ${cat?.zh ?? ''}`.toLowerCase();
    let score = 0;
    let all = true;
    for (const w of words) {
      if (title.includes(w)) score += 2;
      else if (rest.includes(w)) score += 1;
      else all = false;
    }
    if (all) scored.push({ p, score });
  }
  const by: Record<SortKey, (a: { p: Product; score: number }, b: { p: Product; score: number }) => number> = {
    best: (a, b) => b.score - a.score || b.p.sold - a.p.sold,
    sales: (a, b) => b.p.sold - a.p.sold,
    'price-asc': (a, b) => a.p.price - b.p.price,
    'price-desc': (a, b) => b.p.price - a.p.price,
    rating: (a, b) => b.p.rating - a.p.rating || b.p.reviews - a.p.reviews,
  };
  return scored.sort((a, b) => by[spec.sort](a, b) || a.p.id - b.p.id).map((x) => x.p);
}

/** Adds to the cart, merging with a line of the same product and variant. */
export function addToCart(
  data: ShopData,
  item: { productId: number; colour: string | null; option: string | null; qty: number },
): CartLine {
  const same = data.cart.find(
    (l) => l.productId === item.productId && l.colour === item.colour && l.option === item.option,
  );
  if (same) {
    same.qty = Math.min(99, same.qty + item.qty);
    same.selected = true;
    return same;
  }
  const line: CartLine = { line: data.nextLine++, ...item, selected: true };
  data.cart.push(line);
  return line;
}

export interface Totals {
  subtotal: number;
  shipping: number;
  discount: number;
  total: number;
  count: number;
  coupon: Coupon | null;
}

/** What checkout charges for some lines: subtotal, shipping, the best unused coupon, total. */
export function totals(data: ShopData, lines: CartLine[], delivery: 'standard' | 'express'): Totals {
  let subtotal = 0;
  let count = 0;
  let allFree = true;
  for (const l of lines) {
    const p = productById(data.seed, l.productId);
    if (!p) continue;
    subtotal += unitPrice(p, l.option) * l.qty;
    count += l.qty;
    if (!p.freeShipping) allFree = false;
  }
  const base = allFree || subtotal >= FREE_SHIPPING_FROM || count === 0 ? 0 : SHIPPING_FEE;
  const shipping = base + (delivery === 'express' && count > 0 ? EXPRESS_FEE : 0);
  const coupon =
    data.coupons.filter((c) => !c.used && subtotal >= c.minSpend).sort((a, b) => b.amount - a.amount)[0] ?? null;
  const discount = coupon ? coupon.amount : 0;
  return { subtotal, shipping, discount, total: subtotal + shipping - discount, count, coupon };
}

/** Pays for the lines: a new order (status paid); cart lines bought are removed, the coupon used. */
export function placeOrder(
  data: ShopData,
  o: {
    lines: CartLine[];
    fromCart: boolean;
    addressId: number;
    delivery: 'standard' | 'express';
    note: string;
    now: number;
    random: () => number;
  },
): ShopOrder {
  const t = totals(data, o.lines, o.delivery);
  const d = new Date(o.now);
  const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
  const order: ShopOrder = {
    id: `${stamp}${String(Math.floor(o.random() * 1e8)).padStart(8, '0')}`,
    placedAt: o.now,
    status: 'paid',
    items: o.lines.map((l) => {
      const p = productById(data.seed, l.productId);
      return {
        productId: l.productId,
        colour: l.colour,
        option: l.option,
        qty: l.qty,
        unitPrice: p ? unitPrice(p, l.option) : 0,
      };
    }),
    addressId: o.addressId,
    delivery: o.delivery,
    subtotal: t.subtotal,
    shipping: t.shipping,
    discount: t.discount,
    total: t.total,
    note: o.note.trim(),
  };
  if (t.coupon) t.coupon.used = true;
  if (o.fromCart) {
    const bought = new Set(o.lines.map((l) => l.line));
    data.cart = data.cart.filter((l) => !bought.has(l.line));
  }
  data.orders.unshift(order);
  return order;
}

/** Counts a visit to a screen; @returns the pop-up to show now, if this visit is on the schedule. */
export function countVisit(data: ShopData, screen: 'home' | 'product'): 'home' | 'product' | null {
  data.visits[screen]++;
  const at = screen === 'home' ? data.promo.homeAt : data.promo.productAt;
  if (data.promo.open || !at.includes(data.visits[screen])) return null;
  data.promo.open = screen;
  data.promo.shown++;
  return screen;
}

export function dismissPromo(data: ShopData): void {
  if (!data.promo.open) return;
  data.promo.open = null;
  data.promo.dismissed++;
}

export function claimPromo(data: ShopData): void {
  if (!data.promo.open) return;
  data.promo.open = null;
  data.promo.claimed++;
  if (!data.coupons.some((c) => c.id === COUPON_618.id)) data.coupons.push({ ...COUPON_618, used: false });
}

/** "¥1,299.00". */
export function money(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const yuan = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

export function initialShopData(seed: SeedContext): ShopData {
  const rng = seed.rng;
  const catalogueSeed = Math.floor(rng() * 2 ** 32) >>> 0;
  const homeFirst = 2 + Math.floor(rng() * 2);
  const day = 86_400_000;
  const start = Math.floor(seed.now / 60_000) * 60_000;
  const data: ShopData = {
    seed: catalogueSeed,
    cart: [],
    nextLine: 1,
    orders: [],
    addresses: [
      {
        id: 1,
        name: 'Li Ming',
        phone: '138 0013 8000',
        en: 'Room 1502, Building 3, 88 Century Avenue, Pudong New Area, Shanghai',
        zh: '上海市浦东新区世纪大道88号3号楼1502室',
      },
      {
        id: 2,
        name: 'Li Ming',
        phone: '138 0013 8000',
        en: '12F, Tower B, 1 Zhongguancun Street, Haidian District, Beijing',
        zh: '北京市海淀区中关村大街1号B座12层',
      },
    ],
    defaultAddress: 1,
    coupons: [],
    searchHistory: ['headphones', 'running shoes'],
    lastSearch: null,
    visits: { home: 0, product: 0 },
    promo: {
      homeAt: [homeFirst, homeFirst + 4],
      productAt: [3 + Math.floor(rng() * 2)],
      shown: 0,
      dismissed: 0,
      claimed: 0,
      open: null,
    },
  };
  // Two earlier orders, so "my orders" has history to read.
  const past = (daysAgo: number, items: Array<[number, number]>): void => {
    const lines = items.map(([productId, qty], i) => {
      const p = productById(catalogueSeed, productId);
      return {
        line: -1 - i,
        productId,
        colour: p?.colours[0]?.id ?? null,
        option: p?.options?.options[0]?.[0] ?? null,
        qty,
        selected: true,
      };
    });
    const order = placeOrder(data, {
      lines,
      fromCart: false,
      addressId: 1,
      delivery: 'standard',
      note: '',
      now: start - daysAgo * day,
      random: rng,
    });
    order.status = 'delivered';
  };
  past(24, [[32, 2]]);
  past(9, [
    [13, 1],
    [9, 1],
  ]);
  return data;
}
