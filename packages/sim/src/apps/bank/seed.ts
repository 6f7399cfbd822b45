/**
 * Bank's seeded data: the owner, a 6-digit PIN, three accounts with seeded balances, about
 * sixty days of card spending, salary and transfers (merchants and amounts drawn from pools
 * per category), four saved payees and two cards. Times are whole minutes back from the
 * device's start.
 */
import { pick } from '../../phone/page/rng.ts';
import type { SeedContext } from '../../phone/page/types.ts';
import type { BankData, Category, Payee, Transaction } from './model.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

const OWNERS = ['Li Ming', 'Wang Fang', 'Zhang Wei', 'Chen Jing', 'Liu Yang'];

/** Merchants per category with a spending range in yuan. */
const SPENDING: ReadonlyArray<readonly [Category, readonly string[], number, number]> = [
  ['groceries', ['Hema Fresh', 'Carrefour', '7-Eleven', 'FamilyMart', 'Lawson'], 12, 380],
  [
    'dining',
    ['Starbucks', 'Haidilao Hot Pot', 'Green Bowl Café', "McDonald's", 'Luckin Coffee', 'Din Tai Fung'],
    18,
    420,
  ],
  ['transport', ['Shanghai Metro', 'Didi', 'China Railway 12306', 'Shell Station'], 4, 560],
  ['shopping', ['MobA Shop', 'Uniqlo', 'JD.com', 'Decathlon', 'IKEA'], 39, 1_800],
  ['entertainment', ['Wanda Cinema', 'QQ Music', 'Tencent Video', 'Shanghai Museum'], 15, 180],
];

const BILLS: ReadonlyArray<readonly [string, number, number]> = [
  ['State Grid', 90, 320],
  ['China Mobile', 58, 128],
  ['Shanghai Gas', 40, 150],
];

const int = (r: () => number, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
const digits = (r: () => number, n: number): string => Array.from({ length: n }, () => String(int(r, 0, 9))).join('');

function payees(r: () => number): Payee[] {
  return [
    { id: 1, name: 'Alice Wang', bank: 'ICBC', account: `6222${digits(r, 15)}` },
    { id: 2, name: 'Mom', bank: 'Bank of China', account: `6217${digits(r, 15)}` },
    { id: 3, name: 'Zhang Jianguo (landlord)', bank: 'China Construction Bank', account: `6227${digits(r, 15)}` },
    { id: 4, name: 'Bob Zhang', bank: 'China Merchants Bank', account: `6214${digits(r, 12)}` },
  ];
}

/** A PIN that is not a run or a repeat. */
function seededPin(r: () => number): string {
  for (;;) {
    const pin = digits(r, 6);
    if (!/^(\d)\1{5}$/.test(pin) && !'0123456789'.includes(pin) && !'9876543210'.includes(pin)) return pin;
  }
}

function spending(
  r: () => number,
  anchor: number,
  account: 'checking' | 'credit',
  count: number,
): Omit<Transaction, 'id'>[] {
  const out: Omit<Transaction, 'id'>[] = [];
  for (let i = 0; i < count; i++) {
    const [category, merchants, lo, hi] = pick(r, SPENDING);
    out.push({
      account,
      at: anchor - int(r, 30, 60 * 24 * 58) * MINUTE,
      merchant: pick(r, merchants),
      category,
      amount: -int(r, lo * 100, hi * 100),
      note: '',
      status: 'posted',
      payeeId: null,
    });
  }
  return out;
}

export function initialBankData(seed: SeedContext): BankData {
  const r = seed.rng;
  const anchor = Math.floor(seed.now / MINUTE) * MINUTE;
  const owner = pick(r, OWNERS);
  const saved = payees(r);
  const rows: Omit<Transaction, 'id'>[] = [
    ...spending(r, anchor, 'checking', 30),
    ...spending(r, anchor, 'credit', 18),
  ];
  const salary = int(r, 180, 420) * 100_00;
  for (const daysAgo of [2, 32]) {
    rows.push({
      account: 'checking',
      at: anchor - daysAgo * DAY + 60 * MINUTE,
      merchant: 'Lumen Labs Salary',
      category: 'income',
      amount: salary,
      note: '',
      status: 'posted',
      payeeId: null,
    });
    rows.push({
      account: 'checking',
      at: anchor - (daysAgo - 1) * DAY - 60 * MINUTE,
      merchant: saved[2]!.name,
      category: 'transfer',
      amount: -int(r, 45, 90) * 100_00,
      note: 'Rent',
      status: 'posted',
      payeeId: 3,
    });
  }
  for (const [name, lo, hi] of BILLS)
    rows.push({
      account: 'checking',
      at: anchor - int(r, 3, 25) * DAY,
      merchant: name,
      category: 'bills',
      amount: -int(r, lo * 100, hi * 100),
      note: '',
      status: 'posted',
      payeeId: null,
    });
  rows.push({
    account: 'checking',
    at: anchor - int(r, 4, 12) * DAY,
    merchant: 'Alice Wang',
    category: 'transfer',
    amount: int(r, 50, 300) * 100,
    note: 'Dinner',
    status: 'posted',
    payeeId: null,
  });
  rows.push({
    account: 'checking',
    at: anchor - 2 * 60 * MINUTE,
    merchant: pick(r, ['Luckin Coffee', 'Starbucks']),
    category: 'dining',
    amount: -int(r, 18, 38) * 100,
    note: '',
    status: 'pending',
    payeeId: null,
  });
  rows.sort((a, b) => a.at - b.at);
  const transactions = rows.map((row, i) => ({ ...row, id: i + 1 }));
  const owed = -transactions.filter((t) => t.account === 'credit').reduce((n, t) => n + t.amount, 0);
  return {
    owner,
    pin: seededPin(r),
    accounts: [
      {
        id: 'checking',
        type: 'checking',
        number: `6230${digits(r, 12)}`,
        balance: int(r, 3_000, 30_000) * 100 + int(r, 0, 99),
        limit: null,
      },
      {
        id: 'savings',
        type: 'savings',
        number: `6230${digits(r, 12)}`,
        balance: int(r, 20_000, 200_000) * 100,
        limit: null,
      },
      { id: 'credit', type: 'credit', number: `5187${digits(r, 12)}`, balance: owed, limit: 30_000_00 },
    ],
    transactions,
    nextTxnId: transactions.length + 1,
    payees: saved,
    nextPayeeId: saved.length + 1,
    cards: [
      {
        id: 'debit',
        account: 'checking',
        last4: digits(r, 4),
        frozen: false,
        dailyLimit: 10_000_00,
        reportedLost: false,
      },
      {
        id: 'credit',
        account: 'credit',
        last4: digits(r, 4),
        frozen: false,
        dailyLimit: 20_000_00,
        reportedLost: false,
      },
    ],
    settings: { appLock: true, hideBalances: false, transferLimit: 2_000_000, notifications: true },
  };
}
