/**
 * Bank's state: accounts, transactions, payees, cards and security settings (money in fen),
 * and the pure rules: transfers (PIN, balance, daily limit), payees, PIN changes, money text.
 * Seed data is in seed.ts.
 */
import type { AppContext } from '../../phone/page/types.ts';

export const CATEGORIES = [
  'groceries',
  'dining',
  'transport',
  'shopping',
  'bills',
  'entertainment',
  'income',
  'transfer',
  'other',
] as const;
export type Category = (typeof CATEGORIES)[number];

export interface Account {
  id: 'checking' | 'savings' | 'credit';
  type: 'checking' | 'savings' | 'credit';
  /** 16 digits. */
  number: string;
  /** Fen. For the credit card: what is owed. */
  balance: number;
  /** Credit limit in fen (credit card), else null. */
  limit: number | null;
}

export interface Transaction {
  id: number;
  account: Account['id'];
  /** Device time (epoch ms). */
  at: number;
  merchant: string;
  category: Category;
  /** Fen: negative is money out (spending, a transfer sent), positive money in. */
  amount: number;
  note: string;
  status: 'posted' | 'pending';
  /** For transfers: the payee's id, or null. */
  payeeId: number | null;
}

export interface Payee {
  id: number;
  name: string;
  bank: string;
  /** Digits only, 16–19. */
  account: string;
}

export interface Card {
  id: 'debit' | 'credit';
  account: Account['id'];
  last4: string;
  frozen: boolean;
  /** Daily spending limit in fen. */
  dailyLimit: number;
  reportedLost: boolean;
}

export interface BankSettings {
  appLock: boolean;
  hideBalances: boolean;
  /** Transfers per day, in fen. */
  transferLimit: number;
  notifications: boolean;
}

export interface BankData {
  owner: string;
  /** The 6-digit PIN for the app lock and transfers. */
  pin: string;
  accounts: Account[];
  transactions: Transaction[];
  nextTxnId: number;
  payees: Payee[];
  nextPayeeId: number;
  cards: Card[];
  settings: BankSettings;
}

export interface TransferDraft {
  from: Account['id'];
  /** A payee id, or an own account. */
  to: { payee: number } | { account: Account['id'] } | null;
  amount: string;
  note: string;
  error: string;
}

export interface BankUi {
  tab: 'home' | 'cards' | 'me';
  /** The app lock is up (a fresh launch with appLock on). */
  locked: boolean;
  /** Digits typed on the lock's keypad, and its message. */
  pin: string;
  pinError: string;
  /** Wrong PINs in a row, and until when (device ms) the keypad refuses them after five. */
  pinTries: number;
  lockedUntil: number | null;
  /** The PIN typed to confirm a transfer. */
  confirmPin: string;
  pinChange: { current: string; next: string; again: string; error: string };
  transfer: TransferDraft | null;
  query: string;
  category: Category | null;
  payeeDraft: { id: number | null; name: string; bank: string; account: string; error: string } | null;
}

export type BankCtx = AppContext<BankData, BankUi>;

export const BANKS = [
  'MobA Bank',
  'ICBC',
  'Bank of China',
  'China Construction Bank',
  'Agricultural Bank of China',
  'China Merchants Bank',
  'Bank of Communications',
] as const;

export const TRANSFER_LIMITS = [500_000, 2_000_000, 5_000_000] as const;

/** ¥1,234.56 (fen in); `signed` puts + before money in. */
export function money(fen: number, signed = false): string {
  const sign = fen < 0 ? '−' : signed && fen > 0 ? '+' : '';
  const abs = Math.abs(Math.round(fen));
  const yuan = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${yuan}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1234.5" / "1,234.50" / "¥20" → fen, or null for anything else (more than two decimals, negative, zero). */
export function parseAmount(text: string): number | null {
  const t = text.replace(/[¥,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const fen = Math.round(Number(t) * 100);
  return fen > 0 ? fen : null;
}

export function masked(number: string): string {
  return `•••• ${number.slice(-4)}`;
}

export function accountById(data: BankData, id: string): Account | undefined {
  return data.accounts.find((a) => a.id === id);
}

/** What an account can send: the balance, or the credit left on the card. */
export function available(account: Account): number {
  return account.type === 'credit' ? (account.limit ?? 0) - account.balance : account.balance;
}

const DAY = 86_400_000;

/** Money sent by transfer since the start of the device's day (fen). */
export function sentToday(data: BankData, now: number): number {
  const d = new Date(now);
  const start = new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return data.transactions
    .filter((t) => t.category === 'transfer' && t.amount < 0 && t.at >= start && t.at < start + DAY)
    .reduce((n, t) => n - t.amount, 0);
}

export interface TransferRequest {
  from: Account['id'];
  to: { payee: number } | { account: Account['id'] };
  amount: number;
  note: string;
  pin: string;
  now: number;
}

/**
 * Makes a transfer: checks the PIN, the amount, the balance and the daily limit, then books
 * it (money out of `from`, into an own account when that is the target).
 * @returns the outgoing transaction, or the error's text key
 */
export function transfer(data: BankData, r: TransferRequest): Transaction | { error: string } {
  const from = accountById(data, r.from);
  if (!from) return { error: 'Choose an account to pay from' };
  if (r.pin !== data.pin) return { error: 'Wrong PIN' };
  if (!(r.amount > 0)) return { error: 'Enter an amount' };
  const payee = 'payee' in r.to ? data.payees.find((p) => p.id === (r.to as { payee: number }).payee) : undefined;
  const own = 'account' in r.to ? accountById(data, r.to.account) : undefined;
  if (!payee && !own) return { error: 'Choose who to pay' };
  if (own && own.id === from.id) return { error: 'Choose two different accounts' };
  if (r.amount > available(from)) return { error: 'Not enough money in this account' };
  if (payee && sentToday(data, r.now) + r.amount > data.settings.transferLimit)
    return { error: 'Over your daily transfer limit' };
  from.balance += from.type === 'credit' ? r.amount : -r.amount;
  const out: Transaction = {
    id: data.nextTxnId++,
    account: from.id,
    at: r.now,
    merchant: payee ? payee.name : accountLabelKey(own!.id),
    category: 'transfer',
    amount: -r.amount,
    note: r.note.trim(),
    status: 'posted',
    payeeId: payee?.id ?? null,
  };
  data.transactions.push(out);
  if (own) {
    own.balance += own.type === 'credit' ? -r.amount : r.amount;
    data.transactions.push({
      ...out,
      id: data.nextTxnId++,
      account: own.id,
      merchant: accountLabelKey(from.id),
      amount: r.amount,
    });
  }
  return out;
}

/** The English name of an account (the screens translate it). */
export function accountLabelKey(id: Account['id']): string {
  return { checking: 'Checking account', savings: 'Savings account', credit: 'Credit card' }[id];
}

/** Money arriving from outside (a salary, a friend): into the checking account. */
export function credit(data: BankData, o: { amount: number; from: string; note: string; now: number }): Transaction {
  const account = accountById(data, 'checking') ?? data.accounts[0]!;
  account.balance += o.amount;
  const t: Transaction = {
    id: data.nextTxnId++,
    account: account.id,
    at: o.now,
    merchant: o.from,
    category: 'transfer',
    amount: o.amount,
    note: o.note,
    status: 'posted',
    payeeId: null,
  };
  data.transactions.push(t);
  return t;
}

export function validPayee(d: { name: string; bank: string; account: string }): string | null {
  if (d.name.trim().length < 2) return 'Enter the name on the account';
  if (!(BANKS as readonly string[]).includes(d.bank)) return 'Choose a bank';
  if (!/^\d{16,19}$/.test(d.account.replace(/\s/g, ''))) return 'Enter a 16–19 digit account number';
  return null;
}

/** Changes the PIN. @returns null when changed, else the error's text key */
export function changePin(data: BankData, current: string, next: string, again: string): string | null {
  if (current !== data.pin) return 'Wrong PIN';
  if (!/^\d{6}$/.test(next)) return 'A PIN is 6 digits';
  if (/^(\d)\1{5}$/.test(next) || '0123456789'.includes(next) || '9876543210'.includes(next))
    return 'Choose a PIN that is not too simple';
  if (next !== again) return 'The new PINs do not match';
  data.pin = next;
  return null;
}

/** Transactions of an account, newest first, filtered by a search text and a category. */
export function accountTransactions(
  data: BankData,
  account: Account['id'],
  query: string,
  category: Category | null,
): Transaction[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return data.transactions
    .filter((t) => t.account === account && (!category || t.category === category))
    .filter((t) => words.every((w) => `${t.merchant} ${t.note}`.toLowerCase().includes(w)))
    .sort((a, b) => b.at - a.at || b.id - a.id);
}
