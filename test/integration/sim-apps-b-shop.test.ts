/**
 * Shop (com.moba.shop) driven through the SimulatedDevice interface like an agent: search
 * with the keyboard's action key, sorting and filters, a product's variants and quantity,
 * the cart, checkout up to the payment button (which the default guarded-mode rule stops
 * at), orders, the scheduled promotion pop-up, Chinese and dark mode, reset and determinism.
 */
import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../../src/shared/schemas/settings.ts';
import { createSimulatedPhone } from '@moba/sim';
import type { SharedBrowser, SimulatedPhone } from '@moba/sim';
import { useAppPhone } from '@moba/sim/vitest';
import { dump, scrollTo, tapOn } from '@moba/sim/testing';
import { decodePng, findNode, fractionOfColor, hexRgb, parseDump, requireNode } from '@moba/sim/testing';

const PKG = 'com.moba.shop';

interface ShopState {
  cart: Array<{
    productId: number;
    title: string;
    colour: string | null;
    option: string | null;
    quantity: number;
    unitPrice: number;
    selected: boolean;
  }>;
  cartTotal: number;
  orders: Array<{
    id: string;
    status: string;
    items: Array<{ title: string; colour: string | null; option: string | null; quantity: number; unitPrice: number }>;
    address: string;
    delivery: string;
    subtotal: number;
    shipping: number;
    discount: number;
    total: number;
    note: string;
  }>;
  lastSearch: {
    query: string;
    category: string | null;
    sort: string;
    freeShipping: boolean;
    highRating: boolean;
    results: number;
  } | null;
  searchHistory: string[];
  coupons: Array<{ id: string; amount: number; minSpend: number; used: boolean }>;
  popup: {
    open: string | null;
    shown: number;
    dismissed: number;
    claimed: number;
    visits: { home: number; product: number };
    schedule: { home: number[]; product: number[] };
  };
}

let browser: SharedBrowser;
let phone: SimulatedPhone;
useAppPhone({ seed: 11, ownBrowser: true }, (t) => {
  phone = t.phone;
  browser = t.browser!;
});

async function state(p: SimulatedPhone = phone): Promise<ShopState> {
  return (await p.state(PKG)) as ShopState;
}

async function launch(p: SimulatedPhone = phone): Promise<void> {
  await p.startActivity({ component: `${PKG}/.MainActivity` });
}

const yuan = (text: string): number => Number(text.replace(/[¥,]/g, ''));

/** Searches from the home feed, submitting with the soft keyboard's action key. */
async function search(query: string): Promise<void> {
  await tapOn(phone, { id: 'search_box' });
  await phone.text(query);
  await tapOn(phone, { desc: 'Enter', pkg: 'com.android.inputmethod.latin' });
}

describe('Shop', () => {
  it('searches with the keyboard action key, then sorts and filters the results', async () => {
    await launch();
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    await tapOn(phone, { id: 'search_box' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.SearchActivity' });
    expect(await phone.keyboardShown()).toBe(true);
    const field = requireNode(await dump(phone), { id: 'search_src_text' });
    expect(field.resourceId).toBe('com.moba.shop:id/search_src_text');
    expect(field.className).toBe('android.widget.EditText');
    expect(field.attrs.focused).toBe('true');
    await phone.text('shoes');
    expect(requireNode(await dump(phone), { text: 'Breathable Running Shoes', id: 'suggestion_text' })).toBeDefined();
    await tapOn(phone, { desc: 'Enter', pkg: 'com.android.inputmethod.latin' });

    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.SearchResultActivity' });
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'search_query' }).text).toBe('shoes');
    const count = Number(/^(\d+) results$/.exec(requireNode(xml, { id: 'result_count' }).text)?.[1]);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(requireNode(xml, { id: 'result_list' }).className).toBe('androidx.recyclerview.widget.RecyclerView');
    expect((await state()).lastSearch).toEqual({
      query: 'shoes',
      category: null,
      sort: 'best',
      freeShipping: false,
      highRating: false,
      results: count,
    });
    expect((await state()).searchHistory[0]).toBe('shoes');

    await tapOn(phone, { id: 'sort_price_asc' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'sort_price_asc' }).attrs.checked).toBe('true');
    const prices = parseDump(xml)
      .filter((n) => n.resourceId.endsWith(':id/product_price'))
      .map((n) => yuan(n.text));
    expect(prices.length).toBeGreaterThanOrEqual(3);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await tapOn(phone, { id: 'filter_rating' });
    xml = await dump(phone);
    const filtered = Number(/^(\d+) results?$/.exec(requireNode(xml, { id: 'result_count' }).text)?.[1] ?? 0);
    expect(filtered).toBeLessThanOrEqual(count);
    for (const rating of parseDump(xml).filter((n) => n.resourceId.endsWith(':id/product_rating')))
      expect(Number(/★ ([\d.]+)/.exec(rating.text)?.[1])).toBeGreaterThanOrEqual(4.5);
    expect((await state()).lastSearch).toMatchObject({
      query: 'shoes',
      sort: 'price-asc',
      highRating: true,
      results: filtered,
    });
  });

  it('buys a product variant through the cart up to the payment button, pays, and cancels the order', async () => {
    await launch();
    await search('headphones');
    await tapOn(phone, { text: 'Wireless Noise-Cancelling Headphones' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.ProductDetailActivity' });
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'product_images' }).className).toBe('androidx.viewpager.widget.ViewPager');
    expect(requireNode(xml, { id: 'colour_label' }).text).toBe('Colour: Black');
    const unit = yuan(requireNode(xml, { id: 'product_price' }).text);

    await tapOn(phone, { text: 'Blue', id: 'colour_option' });
    xml = await dump(phone);
    expect(requireNode(xml, { text: 'Blue', id: 'colour_option' }).attrs.checked).toBe('true');
    // The picture is drawn in the chosen colour, inside the bounds the dump reports.
    const image = requireNode(xml, { id: 'product_image' });
    const png = await decodePng(await phone.screencap());
    expect(fractionOfColor(png, image.bounds, hexRgb('#2f6fd6'), 10)).toBeGreaterThan(0.08);
    await tapOn(phone, { id: 'increase' });
    expect(requireNode(await dump(phone), { id: 'quantity' }).text).toBe('2');
    await tapOn(phone, { id: 'add_to_cart' });
    expect((await state()).cart).toEqual([
      {
        productId: 12,
        title: 'Wireless Noise-Cancelling Headphones',
        colour: 'blue',
        option: null,
        quantity: 2,
        unitPrice: unit,
        selected: true,
      },
    ]);
    expect(requireNode(await dump(phone), { id: 'action_cart' }).contentDesc).toBe('Cart, 2 items');

    // A second product from an intent, then removed from the cart again.
    await phone.startActivity({ component: `${PKG}/.MainActivity`, extras: { query: 'mug' } });
    await tapOn(phone, { text: 'Ceramic Coffee Mug' });
    await tapOn(phone, { id: 'add_to_cart' });
    await tapOn(phone, { id: 'action_cart' });
    expect(requireNode(await dump(phone), { id: 'toolbar' })).toBeDefined();
    expect((await state()).cart.map((l) => l.title)).toEqual([
      'Wireless Noise-Cancelling Headphones',
      'Ceramic Coffee Mug',
    ]);
    await tapOn(phone, { desc: 'Remove Ceramic Coffee Mug' });
    expect(requireNode(await dump(phone), { id: 'android:id/alertTitle' }).text).toBe('Remove item?');
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).cart.map((l) => l.title)).toEqual(['Wireless Noise-Cancelling Headphones']);

    await tapOn(phone, { desc: 'Increase quantity of Wireless Noise-Cancelling Headphones' });
    let s = await state();
    expect(s.cart[0]?.quantity).toBe(3);
    expect(s.cartTotal).toBeCloseTo(unit * 3, 2);
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'checkout_button' }).text).toBe('Check out (3)');

    await tapOn(phone, { id: 'checkout_button' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.CheckoutActivity' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'address_text' }).text).toContain('88 Century Avenue');
    expect(yuan(requireNode(xml, { id: 'summary_total' }).text)).toBeCloseTo(unit * 3, 2);
    await tapOn(phone, { id: 'address_card' });
    await tapOn(phone, { id: 'address_option', textStarts: 'Li Ming · 12F' });
    await tapOn(phone, { id: 'order_note' });
    await phone.text('Leave at the door');
    await phone.keyevent(4);

    // The payment button is what the default "Payments and purchases" rule of guarded mode
    // matches; the cart's "Check out" button is not.
    const pay = requireNode(await dump(phone), { id: 'btn_pay' });
    expect(pay.className).toBe('android.widget.Button');
    const rule = defaultSettings().agent.approvalRules.find((r) => r.id === 'payment');
    const pattern = new RegExp(rule?.pattern ?? '^$', 'iu');
    expect(pattern.test(pay.text)).toBe(true);
    expect(pattern.test('Check out (3)')).toBe(false);
    const shot = await decodePng(await phone.screencap());
    expect(fractionOfColor(shot, pay.bounds, hexRgb('#ff5a1f'), 8)).toBeGreaterThan(0.6);
    expect((await state()).orders).toHaveLength(2);

    await phone.tap(pay.center.x, pay.center.y);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.PayResultActivity' });
    s = await state();
    expect(s.cart).toEqual([]);
    expect(s.orders).toHaveLength(3);
    expect(s.orders[0]).toMatchObject({
      status: 'paid',
      delivery: 'standard',
      note: 'Leave at the door',
      address: '12F, Tower B, 1 Zhongguancun Street, Haidian District, Beijing',
      shipping: 0,
      discount: 0,
    });
    expect(s.orders[0]?.items).toEqual([
      {
        productId: 12,
        title: 'Wireless Noise-Cancelling Headphones',
        colour: 'blue',
        option: null,
        quantity: 3,
        unitPrice: unit,
      },
    ]);
    expect(s.orders[0]?.total).toBeCloseTo(unit * 3, 2);

    await tapOn(phone, { id: 'view_order' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.OrderDetailActivity' });
    expect(requireNode(await dump(phone), { id: 'order_status' }).text).toBe('To be shipped');
    const cancel = await scrollTo(phone, { id: 'cancel_order' });
    await phone.tap(cancel.center.x, cancel.center.y);
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).orders[0]?.status).toBe('cancelled');
    expect(findNode(await dump(phone), { id: 'cancel_order' })).toBeUndefined();
  });

  it('shows the promotion pop-up on the scheduled visits; it blocks taps and closes with X or Back', async () => {
    await launch();
    let s = await state();
    const [first, second] = s.popup.schedule.home;
    expect([2, 3]).toContain(first);
    expect(second).toBe((first ?? 0) + 4);
    expect(s.popup.visits.home).toBe(1);
    expect(findNode(await dump(phone), { id: 'promo_overlay' })).toBeUndefined();

    const visitHome = async (): Promise<void> => {
      await tapOn(phone, { id: 'tab_orders' });
      await tapOn(phone, { id: 'tab_home' });
    };
    while ((await state()).popup.visits.home < (first ?? 0)) {
      expect(findNode(await dump(phone), { id: 'promo_overlay' })).toBeUndefined();
      await visitHome();
    }
    let xml = await dump(phone);
    const overlay = requireNode(xml, { id: 'promo_overlay' });
    expect(overlay.packageName).toBe(PKG);
    expect(requireNode(xml, { id: 'promo_title' }).text).toBe('618 Mid-Year Sale is on!');
    const claim = requireNode(xml, { id: 'promo_claim' });
    const png = await decodePng(await phone.screencap());
    expect(
      fractionOfColor(
        png,
        {
          left: claim.bounds.left + 40,
          top: claim.bounds.top + 8,
          right: claim.bounds.right - 40,
          bottom: claim.bounds.top + 16,
        },
        hexRgb('#fff3c4'),
        8,
      ),
    ).toBeGreaterThan(0.9);
    expect((await state()).popup).toMatchObject({ open: 'home', shown: 1, dismissed: 0 });

    // The pop-up covers the feed: tapping a category under it does nothing.
    const category = requireNode(xml, { text: 'Phones', id: 'category_name' });
    await phone.tap(category.center.x, category.center.y);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });

    await tapOn(phone, { id: 'promo_close', desc: 'Close' });
    expect(findNode(await dump(phone), { id: 'promo_overlay' })).toBeUndefined();
    expect((await state()).popup).toMatchObject({ open: null, shown: 1, dismissed: 1 });

    while ((await state()).popup.visits.home < (second ?? 0)) await visitHome();
    expect(findNode(await dump(phone), { id: 'promo_overlay' })).toBeDefined();
    await phone.keyevent(4);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    expect(findNode(await dump(phone), { id: 'promo_overlay' })).toBeUndefined();
    expect((await state()).popup).toMatchObject({ open: null, shown: 2, dismissed: 2, claimed: 0 });

    // The product-page pop-up gives a coupon that checkout then applies.
    const productAt = (await state()).popup.schedule.product[0] ?? 0;
    for (let i = 0; i < productAt; i++) {
      await phone.startActivity({ component: `${PKG}/.MainActivity`, extras: { product: 7 } });
      xml = await dump(phone);
      if (i < productAt - 1) {
        expect(findNode(xml, { id: 'promo_overlay' })).toBeUndefined();
        await phone.keyevent(4);
      }
    }
    expect(requireNode(xml, { id: 'promo_title' }).text).toBe('A coupon just for you');
    await tapOn(phone, { id: 'promo_claim' });
    s = await state();
    expect(s.popup).toMatchObject({ open: null, shown: 3, dismissed: 2, claimed: 1 });
    expect(s.coupons).toEqual([{ id: '618-50', amount: 50, minSpend: 299, used: false }]);
    await tapOn(phone, { id: 'buy_now' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'coupon_value' }).text).toBe('−¥50.00');
    await tapOn(phone, { id: 'btn_pay' });
    s = await state();
    expect(s.orders[0]?.discount).toBe(50);
    expect(s.coupons[0]?.used).toBe(true);
  });

  it('speaks Chinese and draws a dark theme when the device says so', async () => {
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await phone.putSetting('secure', 'ui_night_mode', '2');
    await launch();
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'app_title' }).text).toBe('商城');
    expect(requireNode(xml, { id: 'search_hint' }).text).toBe('搜索商品');
    expect(requireNode(xml, { id: 'category_name', text: '手机数码' })).toBeDefined();
    expect(requireNode(xml, { id: 'tab_cart' }).contentDesc).toBe('购物车');
    const feed = requireNode(xml, { id: 'recommended_header' });
    const png = await decodePng(await phone.screencap());
    expect(fractionOfColor(png, feed.bounds, hexRgb('#0d0e11'), 8)).toBeGreaterThan(0.7);

    await search('耳机');
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'result_count' }).text).toMatch(/^共 \d+ 件商品$/);
    expect(requireNode(xml, { text: '无线降噪头戴式耳机' })).toBeDefined();
    await tapOn(phone, { text: '无线降噪头戴式耳机' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'add_to_cart' }).text).toBe('加入购物车');
    expect(requireNode(xml, { id: 'buy_now' }).text).toBe('立即购买');
    expect(requireNode(xml, { id: 'colour_label' }).text).toBe('颜色: 黑色');
    await tapOn(phone, { id: 'buy_now' });
    expect(requireNode(await dump(phone), { id: 'btn_pay' }).text).toBe('立即支付');
  });

  it('resets to the seeded state, restores snapshots, and seeds other catalogues for other seeds', async () => {
    await launch();
    const initial = await state();
    const initialDump = await dump(phone);
    await search('lamp');
    await tapOn(phone, { text: 'LED Desk Lamp' });
    await tapOn(phone, { id: 'add_to_cart' });
    await phone.saveSnapshot('lamp-in-cart');
    await tapOn(phone, { id: 'buy_now' });
    await tapOn(phone, { id: 'btn_pay' });
    expect((await state()).orders).toHaveLength(3);
    await phone.restoreSnapshot('lamp-in-cart');
    expect((await state()).orders).toHaveLength(2);
    expect((await state()).cart.map((l) => l.title)).toEqual(['LED Desk Lamp']);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.ProductDetailActivity' });

    await phone.reset();
    expect(await state()).toEqual({ ...initial, popup: { ...initial.popup, visits: { home: 0, product: 0 } } });
    await launch();
    expect(await state()).toEqual(initial);
    expect(await dump(phone)).toBe(initialDump);

    const same = await createSimulatedPhone({ seed: 11, browser });
    const other = await createSimulatedPhone({ seed: 12, browser });
    try {
      for (const p of [same, other]) await launch(p);
      expect(await dump(same)).toBe(initialDump);
      const prices = (xml: string): string[] =>
        parseDump(xml)
          .filter((n) => n.resourceId.endsWith(':id/deal_item'))
          .map((n) => n.contentDesc);
      expect(prices(await dump(other))).not.toEqual(prices(initialDump));
      expect(((await other.state(PKG)) as ShopState).orders[0]?.id).not.toBe(initial.orders[0]?.id);
    } finally {
      await same.close();
      await other.close();
    }
  });
});
