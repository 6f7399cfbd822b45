import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../phone/page/rng.ts';
import { TEMPLATES } from './catalog-data.ts';
import {
  addToCart,
  buildCatalogue,
  claimPromo,
  countVisit,
  dismissPromo,
  initialShopData,
  money,
  placeOrder,
  searchProducts,
  totals,
  unitPrice,
} from './model.ts';
import type { SearchSpec } from './model.ts';

const NOW = new Date(2025, 5, 2, 9, 0).getTime();
const fresh = (seed = 1): ReturnType<typeof initialShopData> =>
  initialShopData({ seed, rng: mulberry32(seed * 7919), now: NOW });
const spec = (query: string, extra: Partial<SearchSpec> = {}): SearchSpec => ({
  query,
  category: null,
  sort: 'best',
  freeShipping: false,
  highRating: false,
  ...extra,
});

describe('shop catalogue', () => {
  it('has ~40 products with names in both languages, deterministic per seed and varied across seeds', () => {
    const a = buildCatalogue(5);
    expect(a.length).toBe(TEMPLATES.length);
    expect(a.length).toBeGreaterThanOrEqual(40);
    expect(buildCatalogue(5)).toEqual(a);
    expect(buildCatalogue(6).map((p) => p.price)).not.toEqual(a.map((p) => p.price));
    for (const p of a) {
      expect(p.en).toMatch(/[A-Za-z]/);
      expect(p.zh).toMatch(/[\u4e00-\u9fff]/);
      expect(p.price % 10).toBe(0);
      expect(String(p.price / 100)).toMatch(/9(\.9)?$/);
      if (p.originalPrice !== null) expect(p.originalPrice).toBeGreaterThan(p.price);
      expect(p.rating).toBeGreaterThanOrEqual(3.8);
      expect(p.rating).toBeLessThanOrEqual(4.9);
    }
  });

  it('searches in English and Chinese, sorts and filters', () => {
    const seed = 5;
    expect(searchProducts(seed, spec('headphones')).map((p) => p.en)).toContain('Wireless Noise-Cancelling Headphones');
    expect(searchProducts(seed, spec('耳机')).length).toBeGreaterThanOrEqual(3);
    expect(searchProducts(seed, spec('running shoes'))[0]?.en).toBe('Breathable Running Shoes');
    expect(searchProducts(seed, spec('nothing-like-this'))).toEqual([]);
    const asc = searchProducts(seed, spec('', { category: 'phones', sort: 'price-asc' })).map((p) => p.price);
    expect(asc).toEqual([...asc].sort((x, y) => x - y));
    expect(asc.length).toBe(6);
    const desc = searchProducts(seed, spec('shoes', { sort: 'price-desc' })).map((p) => p.price);
    expect(desc).toEqual([...desc].sort((x, y) => y - x));
    expect(searchProducts(seed, spec('', { highRating: true })).every((p) => p.rating >= 4.5)).toBe(true);
    expect(searchProducts(seed, spec('', { freeShipping: true })).every((p) => p.freeShipping)).toBe(true);
  });
});

describe('shop cart and orders', () => {
  it('merges cart lines, prices options and totals with shipping and coupons', () => {
    const data = fresh();
    const phone = buildCatalogue(data.seed)[0];
    if (!phone) throw new Error('no product');
    addToCart(data, { productId: 1, colour: 'blue', option: '256GB', qty: 1 });
    addToCart(data, { productId: 1, colour: 'blue', option: '256GB', qty: 2 });
    addToCart(data, { productId: 1, colour: 'black', option: '128GB', qty: 1 });
    expect(data.cart.map((l) => [l.colour, l.option, l.qty])).toEqual([
      ['blue', '256GB', 3],
      ['black', '128GB', 1],
    ]);
    expect(unitPrice(phone, '256GB')).toBe(phone.price + 30000);
    const t = totals(data, data.cart, 'express');
    expect(t.subtotal).toBe(unitPrice(phone, '256GB') * 3 + phone.price);
    expect(t.shipping).toBe(1200);
    expect(t.count).toBe(4);
    expect(t.coupon).toBeNull();

    data.promo.open = 'home';
    claimPromo(data);
    const withCoupon = totals(data, data.cart, 'standard');
    expect(withCoupon.discount).toBe(5000);
    const order = placeOrder(data, {
      lines: data.cart.slice(0, 1),
      fromCart: true,
      addressId: 2,
      delivery: 'standard',
      note: ' ring twice ',
      now: NOW,
      random: mulberry32(1),
    });
    expect(order).toMatchObject({ status: 'paid', addressId: 2, note: 'ring twice', discount: 5000 });
    expect(order.total).toBe(order.subtotal - 5000);
    expect(order.id).toMatch(/^20250602\d{8}$/);
    expect(data.cart).toHaveLength(1);
    expect(data.coupons[0]?.used).toBe(true);
    expect(money(123456789)).toBe('¥1,234,567.89');
    expect(money(990)).toBe('¥9.90');
  });

  it('schedules the pop-up by visit counts and counts dismissals', () => {
    const data = fresh(3);
    expect(data.orders.map((o) => o.status)).toEqual(['delivered', 'delivered']);
    const first = data.promo.homeAt[0] ?? 0;
    expect([2, 3]).toContain(first);
    const shownAt: number[] = [];
    for (let visit = 1; visit <= 10; visit++) {
      if (countVisit(data, 'home')) {
        shownAt.push(visit);
        dismissPromo(data);
      }
    }
    expect(shownAt).toEqual([first, first + 4]);
    expect(data.promo).toMatchObject({ shown: 2, dismissed: 2, open: null });
    const seeds = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((s) => fresh(s).promo.homeAt[0]));
    expect(seeds.size).toBe(2);
  });
});
