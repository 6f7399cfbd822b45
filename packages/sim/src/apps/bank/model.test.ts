import { describe, expect, it } from 'vitest';
import { hashString, mulberry32 } from '../../phone/page/rng.ts';
import {
  accountById,
  available,
  changePin,
  credit,
  money,
  parseAmount,
  sentToday,
  transfer,
  validPayee,
} from './model.ts';
import { initialBankData } from './seed.ts';

const now = new Date(2025, 5, 2, 9, 0, 0).getTime();
const seeded = (seed: number) => initialBankData({ seed, rng: mulberry32(seed ^ hashString('com.moba.bank')), now });

describe('bank model', () => {
  it('seeds accounts, about sixty days of transactions and a PIN per seed', () => {
    const a = seeded(1);
    expect(seeded(1)).toEqual(a);
    expect(seeded(2).pin).not.toBe(a.pin);
    expect(a.pin).toMatch(/^\d{6}$/);
    expect(a.transactions.length).toBeGreaterThan(50);
    expect(a.transactions.every((t) => t.at < now && t.at > now - 61 * 86_400_000)).toBe(true);
    const owed = -a.transactions.filter((t) => t.account === 'credit').reduce((n, t) => n + t.amount, 0);
    expect(accountById(a, 'credit')?.balance).toBe(owed);
    expect(a.nextTxnId).toBe(a.transactions.length + 1);
  });

  it('formats and reads money in fen', () => {
    expect(money(123456)).toBe('¥1,234.56');
    expect(money(-5, true)).toBe('−¥0.05');
    expect(money(20000, true)).toBe('+¥200.00');
    expect([
      parseAmount('1,234.5'),
      parseAmount('¥20'),
      parseAmount('1.234'),
      parseAmount('0'),
      parseAmount('-3'),
    ]).toEqual([123450, 2000, null, null, null]);
  });

  it('transfers with the PIN, refusing a wrong PIN, too little money and the daily limit', () => {
    const data = seeded(3);
    const checking = accountById(data, 'checking')!;
    const before = checking.balance;
    const to = { payee: 2 };
    expect(transfer(data, { from: 'checking', to, amount: 1000, note: '', pin: '000000', now })).toEqual({
      error: 'Wrong PIN',
    });
    expect(transfer(data, { from: 'checking', to, amount: before + 1, note: '', pin: data.pin, now })).toEqual({
      error: 'Not enough money in this account',
    });
    const sent = transfer(data, { from: 'checking', to, amount: 20_000, note: ' Gift ', pin: data.pin, now });
    expect(sent).toMatchObject({
      account: 'checking',
      merchant: 'Mom',
      category: 'transfer',
      amount: -20_000,
      note: 'Gift',
      payeeId: 2,
    });
    expect(checking.balance).toBe(before - 20_000);
    expect(sentToday(data, now + 3_600_000)).toBe(20_000);
    data.settings.transferLimit = 30_000;
    expect(transfer(data, { from: 'checking', to, amount: 10_001, note: '', pin: data.pin, now })).toEqual({
      error: 'Over your daily transfer limit',
    });
    // Between own accounts: both sides booked, no daily limit.
    const savings = accountById(data, 'savings')!;
    const s0 = savings.balance;
    expect(
      transfer(data, { from: 'checking', to: { account: 'savings' }, amount: 50_000, note: '', pin: data.pin, now }),
    ).toMatchObject({ amount: -50_000 });
    expect(savings.balance).toBe(s0 + 50_000);
    expect(
      transfer(data, { from: 'savings', to: { account: 'savings' }, amount: 1, note: '', pin: data.pin, now }),
    ).toEqual({
      error: 'Choose two different accounts',
    });
    const card = accountById(data, 'credit')!;
    expect(available(card)).toBe(card.limit! - card.balance);
  });

  it('checks payees and PIN changes; money arrives in checking', () => {
    const data = seeded(4);
    expect(validPayee({ name: 'A', bank: 'ICBC', account: '6222000011112222' })).toBe('Enter the name on the account');
    expect(validPayee({ name: 'Ann', bank: 'Nowhere Bank', account: '6222000011112222' })).toBe('Choose a bank');
    expect(validPayee({ name: 'Ann', bank: 'ICBC', account: '12345' })).toBe('Enter a 16–19 digit account number');
    expect(validPayee({ name: 'Ann', bank: 'ICBC', account: '6222 0000 1111 2222' })).toBeNull();
    const old = data.pin;
    expect(changePin(data, '999999', '135790', '135790')).toBe(old === '999999' ? null : 'Wrong PIN');
    expect(changePin(data, old, '123456', '123456')).toBe('Choose a PIN that is not too simple');
    expect(changePin(data, old, '135790', '135791')).toBe('The new PINs do not match');
    expect(changePin(data, old, '135790', '135790')).toBeNull();
    expect(data.pin).toBe('135790');
    const before = accountById(data, 'checking')!.balance;
    credit(data, { amount: 8_800, from: 'Alice Wang', note: 'Lunch', now });
    expect(accountById(data, 'checking')!.balance).toBe(before + 8_800);
  });
});
