/** Shop's stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). Money is in fen. */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, id, int, raiseCounter, uniqueList } from '../schema-kit.ts';
import { CATEGORIES, TEMPLATES } from './catalog-data.ts';
import type { CategoryId } from './catalog-data.ts';
import type { ShopData } from './model.ts';

const productId = int(1, TEMPLATES.length);
const categories = CATEGORIES.map((c) => c.id) as [CategoryId, ...CategoryId[]];

/** A product's colour and option must be ones it has (null when it has none). */
function checkVariant(
  line: { productId: number; colour: string | null; option: string | null },
  ctx: z.RefinementCtx,
): void {
  const t = TEMPLATES[line.productId - 1];
  if (!t) return;
  if (t.colours.length ? !t.colours.includes(line.colour ?? '') : line.colour !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['colour'],
      message: t.colours.length ? `expected one of ${t.colours.join(', ')}` : 'expected null (no colours)',
    });
  const options = t.options?.options.map(([name]) => name) ?? [];
  if (options.length ? !options.includes(line.option ?? '') : line.option !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['option'],
      message: options.length ? `expected one of ${options.join(', ')}` : 'expected null (no options)',
    });
}

const cartLine = z
  .strictObject({
    line: id,
    productId,
    colour: z.string().nullable(),
    option: z.string().nullable(),
    qty: int(1, 99),
    selected: z.boolean(),
  })
  .superRefine(checkVariant);

const orderItem = z
  .strictObject({
    productId,
    colour: z.string().nullable(),
    option: z.string().nullable(),
    qty: int(1, 99),
    unitPrice: int(0),
  })
  .superRefine(checkVariant);

const order = z.strictObject({
  id: z.string().min(1),
  placedAt: epochMs,
  status: z.enum(['paid', 'shipped', 'delivered', 'cancelled']),
  items: z.array(orderItem).min(1),
  addressId: id,
  delivery: z.enum(['standard', 'express']),
  subtotal: int(0),
  shipping: int(0),
  discount: int(0),
  total: int(0),
  note: z.string(),
});

const search = z.strictObject({
  query: z.string(),
  category: z.enum(categories).nullable(),
  sort: z.enum(['best', 'sales', 'price-asc', 'price-desc', 'rating']),
  freeShipping: z.boolean(),
  highRating: z.boolean(),
  results: int(0),
});

export const shopStore: AppStore = {
  schema: z
    .strictObject({
      seed: int(0, 2 ** 32 - 1),
      cart: uniqueList(cartLine, 'line'),
      nextLine: id,
      orders: uniqueList(order),
      addresses: uniqueList(
        z.strictObject({ id, name: z.string().min(1), phone: z.string(), en: z.string(), zh: z.string() }),
      ),
      defaultAddress: id,
      coupons: uniqueList(
        z.strictObject({ id: z.string().min(1), amount: int(0), minSpend: int(0), used: z.boolean() }),
      ),
      searchHistory: z.array(z.string()),
      lastSearch: search.nullable(),
      visits: z.strictObject({ home: int(0), product: int(0) }),
      promo: z.strictObject({
        homeAt: z.array(int(1)),
        productAt: z.array(int(1)),
        shown: int(0),
        dismissed: int(0),
        claimed: int(0),
        open: z.enum(['home', 'product']).nullable(),
      }),
    })
    .superRefine((d, ctx) => {
      const addressIds = d.addresses.map((a) => a.id);
      if (!addressIds.includes(d.defaultAddress))
        ctx.addIssue({ code: 'custom', path: ['defaultAddress'], message: 'expected the id of one of addresses' });
      d.orders.forEach((o, i) => {
        if (!addressIds.includes(o.addressId))
          ctx.addIssue({
            code: 'custom',
            path: ['orders', i, 'addressId'],
            message: 'expected the id of one of addresses',
          });
      });
    }) satisfies z.ZodType<ShopData>,
  normalize: (data: ShopData) => raiseCounter(data as never, 'nextLine', data.cart, (l) => l.line),
};
