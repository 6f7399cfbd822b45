/** Bank's stored data, checked by `sim-state set` (Node side; see ../schema-kit.ts). Money is in fen. */
import { z } from 'zod';
import type { AppStore } from '../schema-kit.ts';
import { epochMs, id, int, raiseCounter, uniqueList } from '../schema-kit.ts';
import { BANKS, CATEGORIES } from './model.ts';
import type { BankData } from './model.ts';

const accountId = z.enum(['checking', 'savings', 'credit']);

const account = z.strictObject({
  id: accountId,
  type: accountId,
  number: z.string().regex(/^\d{16}$/, 'expected 16 digits'),
  balance: z.number().int(),
  limit: int(0).nullable(),
});

const transaction = z.strictObject({
  id,
  account: accountId,
  at: epochMs,
  merchant: z.string().min(1),
  category: z.enum(CATEGORIES),
  amount: z
    .number()
    .int()
    .refine((n) => n !== 0, 'expected money in or out, not 0'),
  note: z.string(),
  status: z.enum(['posted', 'pending']),
  payeeId: id.nullable(),
});

const payee = z.strictObject({
  id,
  name: z.string().min(2),
  bank: z.enum(BANKS),
  account: z.string().regex(/^\d{16,19}$/, 'expected 16–19 digits'),
});

const card = z.strictObject({
  id: z.enum(['debit', 'credit']),
  account: accountId,
  last4: z.string().regex(/^\d{4}$/, 'expected 4 digits'),
  frozen: z.boolean(),
  dailyLimit: int(0),
  reportedLost: z.boolean(),
});

export const bankStore: AppStore = {
  schema: z
    .strictObject({
      owner: z.string().min(1),
      pin: z.string().regex(/^\d{6}$/, 'expected 6 digits'),
      accounts: uniqueList(account).min(1),
      transactions: uniqueList(transaction),
      nextTxnId: id,
      payees: uniqueList(payee),
      nextPayeeId: id,
      cards: uniqueList(card),
      settings: z.strictObject({
        appLock: z.boolean(),
        hideBalances: z.boolean(),
        transferLimit: int(0),
        notifications: z.boolean(),
      }),
    })
    .superRefine((d, ctx) => {
      const ids = new Set(d.accounts.map((a) => a.id));
      d.accounts.forEach((a, i) => {
        if (a.id !== a.type)
          ctx.addIssue({ code: 'custom', path: ['accounts', i, 'type'], message: 'expected the same as id' });
      });
      d.transactions.forEach((t, i) => {
        if (!ids.has(t.account))
          ctx.addIssue({
            code: 'custom',
            path: ['transactions', i, 'account'],
            message: 'expected the id of one of accounts',
          });
      });
      d.cards.forEach((c, i) => {
        if (!ids.has(c.account))
          ctx.addIssue({
            code: 'custom',
            path: ['cards', i, 'account'],
            message: 'expected the id of one of accounts',
          });
      });
    }) satisfies z.ZodType<BankData>,
  normalize: (data: BankData) => {
    raiseCounter(data as never, 'nextTxnId', data.transactions, (t) => t.id);
    raiseCounter(data as never, 'nextPayeeId', data.payees, (p) => p.id);
  },
};
