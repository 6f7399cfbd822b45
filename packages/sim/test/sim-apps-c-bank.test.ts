/**
 * Bank (com.moba.bank) through the SimulatedDevice interface: the PIN app lock (wrong PINs,
 * then the right one), accounts and a scrolling, searchable transaction list, a transaction's
 * category and note, a transfer to a payee confirmed by the PIN (a wrong PIN refused), a new
 * payee, editing and deleting one, cards (freeze, the limit slider, report lost), settings
 * (change PIN, app lock), money arriving from the host; Chinese.
 */
import { describe, expect, it } from 'vitest';
import type { SimulatedPhone } from '../src/index.ts';
import { useAppPhone } from '../src/testing/app-phone.ts';
import { dump, scrollTo, tapOn } from '../src/testing/device-driver.ts';
import { findNode, parseDump, requireNode } from '../src/testing/ui-dump.ts';

const PKG = 'com.moba.bank';
const KEY = { BACK: 4, DEL: 67 };

interface State {
  owner: string;
  accounts: Array<{ id: string; balance: number; number: string }>;
  transactions: Array<{
    id: number;
    account: string;
    merchant: string;
    category: string;
    amount: number;
    note: string;
    payeeId: number | null;
  }>;
  payees: Array<{ id: number; name: string; bank: string; account: string }>;
  cards: Array<{ id: string; frozen: boolean; dailyLimit: number; reportedLost: boolean }>;
  settings: { appLock: boolean; transferLimit: number };
  security: { pin: string };
}

let phone: SimulatedPhone;
useAppPhone({ seed: 9, freezeClock: true }, (t) => (phone = t.phone));

const state = async (): Promise<State> => (await phone.state(PKG)) as State;
const balance = async (id: string) => (await state()).accounts.find((a) => a.id === id)!.balance;

async function unlock(pin?: string): Promise<void> {
  for (const d of pin ?? (await state()).security.pin) await tapOn(phone, { id: `pin_key_${d}` });
}

async function open(): Promise<void> {
  await phone.startActivity({ component: `${PKG}/.MainActivity` });
  await unlock();
}

describe('Bank', () => {
  it('asks for the PIN when it opens; a wrong PIN is refused with the tries left', async () => {
    await tapOn(phone, { desc: 'Bank' });
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'lock_title' }).text).toBe('Enter your 6-digit PIN');
    expect(findNode(xml, { id: 'account_card' })).toBeUndefined();
    const pin = (await state()).security.pin;
    const wrong = pin.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    await unlock(wrong);
    expect(requireNode(await dump(phone), { id: 'pin_error' }).text).toBe('Wrong PIN. 4 tries left.');
    await unlock(pin);
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'greeting' }).text).toBe(`Good morning, ${(await state()).owner}`);
    expect(parseDump(xml).filter((n) => n.resourceId === `${PKG}:id/account_card`)).toHaveLength(3);
    // A BACK and a launch resume it unlocked; after a force stop it locks again.
    await phone.keyevent(KEY.BACK);
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    expect(findNode(await dump(phone), { id: 'lock_title' })).toBeUndefined();
    await phone.forceStop(PKG);
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    expect(requireNode(await dump(phone), { id: 'lock_title' })).toBeDefined();
  });

  it('lists an account’s transactions by day, scrolls, searches and filters; edits a note and a category', async () => {
    await open();
    await tapOn(phone, { id: 'account_card', descStarts: 'Checking account' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.AccountActivity' });
    const s = await state();
    const checking = s.transactions.filter((t) => t.account === 'checking').sort((a, b) => a.id - b.id);
    const oldest = checking[0]!;
    expect(requireNode(await dump(phone), { id: 'transaction_list' }).attrs.scrollable).toBe('true');
    await scrollTo(phone, { id: 'merchant', text: oldest.merchant }, 20);
    await tapOn(phone, { id: 'search_transactions' });
    await phone.text('Salary');
    await phone.keyevent(KEY.BACK);
    let rows = parseDump(await dump(phone)).filter((n) => n.resourceId === `${PKG}:id/merchant`);
    expect(rows.map((r) => r.text)).toEqual(['Lumen Labs Salary', 'Lumen Labs Salary']);
    for (let i = 0; i < 6; i++) await phone.keyevent(KEY.DEL);
    // The category chips scroll sideways.
    const chips = requireNode(await dump(phone), { id: 'category_chips' });
    await phone.swipe(chips.bounds.right - 40, chips.center.y, chips.bounds.left + 40, chips.center.y, 300);
    await tapOn(phone, { id: 'category_bills' });
    rows = parseDump(await dump(phone)).filter((n) => n.resourceId === `${PKG}:id/transaction_meta`);
    expect(rows.length).toBe(3);
    expect(rows.every((r) => r.text.startsWith('Bills · '))).toBe(true);
    await tapOn(phone, { id: 'merchant', text: 'State Grid' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.TransactionActivity' });
    await tapOn(phone, { id: 'detail_note' });
    await tapOn(phone, { id: 'note_text' });
    await phone.text('May bill');
    await tapOn(phone, { id: 'android:id/button1' });
    await tapOn(phone, { id: 'detail_category' });
    await tapOn(phone, { id: 'choose_other' });
    const bill = (await state()).transactions.find((t) => t.merchant === 'State Grid')!;
    expect([bill.note, bill.category]).toEqual(['May bill', 'other']);
  });

  it('transfers to a payee after the PIN, refusing a wrong PIN; the receipt and the new balance', async () => {
    await open();
    const before = await balance('checking');
    await tapOn(phone, { id: 'action_transfer' });
    await tapOn(phone, { id: 'transfer_next' });
    expect(requireNode(await dump(phone), { id: 'transfer_error' }).text).toBe('Choose who to pay');
    await tapOn(phone, { id: 'transfer_to' });
    await tapOn(phone, { text: 'Mom' });
    await tapOn(phone, { id: 'transfer_amount' });
    await phone.text('520');
    await tapOn(phone, { id: 'transfer_note' });
    await phone.text('Happy birthday');
    await tapOn(phone, { id: 'transfer_next' });
    const xml = await dump(phone);
    expect(requireNode(xml, { id: 'android:id/message' }).text).toMatch(
      /^Send ¥520\.00 to Mom · Bank of China •••• \d{4}\?$/,
    );
    expect(requireNode(xml, { id: 'confirm_pin' }).attrs.password).toBe('true');
    await phone.text('000000');
    await tapOn(phone, { id: 'android:id/button1' });
    expect(requireNode(await dump(phone), { id: 'pin_error' }).text).toMatch(/^Wrong PIN\. \d tries left\.$/);
    expect(await balance('checking')).toBe(before);
    await phone.text((await state()).security.pin);
    await tapOn(phone, { id: 'android:id/button1' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.TransferResultActivity' });
    expect(requireNode(await dump(phone), { id: 'result_amount' }).text).toBe('¥520.00');
    const s = await state();
    expect(await balance('checking')).toBeCloseTo(before - 520, 2);
    expect(s.transactions.at(-1)).toMatchObject({
      account: 'checking',
      merchant: 'Mom',
      category: 'transfer',
      amount: -520,
      note: 'Happy birthday',
      payeeId: 2,
    });
  });

  it('adds a payee from the transfer, edits another and deletes it after confirming', async () => {
    await open();
    await tapOn(phone, { id: 'action_transfer' });
    await tapOn(phone, { id: 'transfer_to' });
    await tapOn(phone, { id: 'new_payee' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.PayeeEditActivity' });
    await phone.text('Chen Jing');
    await tapOn(phone, { id: 'save_payee' });
    expect(requireNode(await dump(phone), { id: 'payee_error' }).text).toBe('Choose a bank');
    await tapOn(phone, { id: 'payee_bank' });
    await tapOn(phone, { text: 'ICBC' });
    await tapOn(phone, { id: 'payee_account' });
    await phone.text('6222021234567890123');
    await tapOn(phone, { id: 'save_payee' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.TransferActivity' });
    expect(parseDump(await dump(phone)).some((n) => n.text.startsWith('Chen Jing · ICBC •••• 0123'))).toBe(true);
    expect((await state()).payees.at(-1)).toEqual({
      id: 5,
      name: 'Chen Jing',
      bank: 'ICBC',
      account: '6222021234567890123',
    });
    await phone.keyevent(KEY.BACK);
    await tapOn(phone, { id: 'action_payees' });
    await tapOn(phone, { id: 'payee_name', text: 'Bob Zhang' });
    await tapOn(phone, { id: 'payee_name' });
    await phone.text(' Jr');
    await tapOn(phone, { id: 'save_payee' });
    expect((await state()).payees.find((p) => p.id === 4)?.name).toBe('Bob Zhang Jr');
    await tapOn(phone, { id: 'payee_name', text: 'Bob Zhang Jr' });
    await tapOn(phone, { id: 'delete_payee' });
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).payees.map((p) => p.id)).toEqual([1, 2, 3, 5]);
  });

  it('freezes a card, sets its limit with the slider, reports it lost', async () => {
    await open();
    await tapOn(phone, { id: 'tab_cards' });
    await tapOn(phone, { id: 'freeze_debit' });
    const slider = requireNode(await dump(phone), { id: 'limit_debit' });
    await phone.tap(Math.round(slider.bounds.left + 0.5 * (slider.bounds.right - slider.bounds.left)), slider.center.y);
    let debit = (await state()).cards.find((c) => c.id === 'debit')!;
    expect([debit.frozen, debit.dailyLimit]).toEqual([true, 25_000]);
    const lost = await scrollTo(phone, { id: 'report_lost_credit' });
    await phone.tap(lost.center.x, lost.center.y);
    await tapOn(phone, { id: 'android:id/button1' });
    const credit = (await state()).cards.find((c) => c.id === 'credit')!;
    expect([credit.reportedLost, credit.frozen]).toEqual([true, true]);
    debit = (await state()).cards.find((c) => c.id === 'debit')!;
    expect(debit.frozen).toBe(true);
  });

  it('changes the PIN (the old one stops working) and turns the app lock off', async () => {
    await open();
    const old = (await state()).security.pin;
    await tapOn(phone, { id: 'tab_me' });
    await tapOn(phone, { id: 'change_pin' });
    await phone.text(old);
    await tapOn(phone, { id: 'pin_next' });
    await phone.text('112233');
    await tapOn(phone, { id: 'pin_again' });
    await phone.text('112234');
    await phone.keyevent(KEY.BACK);
    await tapOn(phone, { id: 'save_pin' });
    expect(requireNode(await dump(phone), { id: 'pin_change_error' }).text).toBe('The new PINs do not match');
    await tapOn(phone, { id: 'pin_again' });
    await phone.keyevent(KEY.DEL);
    await phone.text('3');
    await phone.keyevent(KEY.BACK);
    await tapOn(phone, { id: 'save_pin' });
    expect((await state()).security.pin).toBe('112233');
    await tapOn(phone, { id: 'app_lock' });
    expect((await state()).settings.appLock).toBe(false);
    await phone.forceStop(PKG);
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    expect(findNode(await dump(phone), { id: 'lock_title' })).toBeUndefined();
  });

  it('receives money from the host with a notification; speaks Chinese', async () => {
    const before = (await state()).accounts.find((a) => a.id === 'checking')!.balance;
    await phone.disturb({
      kind: 'notification',
      app: PKG,
      credit: { amount: 88.8, from: 'Alice Wang', note: 'Lunch' },
    });
    const all = await phone.dumpUi({ compressed: false, allWindows: true });
    expect(requireNode(all, { id: 'android:id/text', pkg: 'com.android.systemui' }).text).toBe(
      '¥88.80 from Alice Wang',
    );
    expect(await balance('checking')).toBeCloseTo(before + 88.8, 2);
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    expect(requireNode(await dump(phone), { id: 'lock_title' }).text).toBe('请输入6位密码');
    await unlock();
    expect(requireNode(await dump(phone), { text: '活期账户' })).toBeDefined();
  });
});
