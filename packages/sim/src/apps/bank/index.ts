/**
 * Bank (com.moba.bank/.MainActivity): a PIN app lock, accounts with balances (hidden on
 * request), each account's transactions (search, categories, notes), transfers to saved payees
 * or between own accounts confirmed by the PIN — the sensitive actions guarded mode cares
 * about — payees (add, edit, delete), cards (freeze, daily limit, report lost) and settings
 * (app lock, transfer limit, change PIN). Money arriving from the host (a disturbance's
 * `credit`) posts a notification.
 */
import { defineApp } from '../../phone/page/types.ts';
import type { AppContext, Route, ScreenRenderer } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Tabs, Toolbar } from '../../phone/page/widgets.ts';
import { BANK_CSS } from './bank-css.ts';
import { cardsTab, changePinScreen, meTab, reportLostDialog, transferLimitDialog } from './cards.ts';
import { accountScreen, categoryDialog, homeTab, noteDialog, transactionScreen } from './home.ts';
import { lockScreen } from './lock.ts';
import { accountLabelKey, credit, money } from './model.ts';
import type { BankCtx, BankData, BankUi } from './model.ts';
import { deletePayeeDialog, payeeScreen, payeesScreen, pickBankDialog } from './payees.ts';
import { initialBankData } from './seed.ts';
import { BANK_STRINGS } from './strings.ts';
import { confirmTransferDialog, pickFromDialog, pickToDialog, transferDoneScreen, transferScreen } from './transfer.ts';

export const BANK_PACKAGE = 'com.moba.bank';

function mainScreen(ctx: BankCtx): VNode {
  const tab = ctx.ui.tab;
  const body = tab === 'home' ? homeTab(ctx) : tab === 'cards' ? cardsTab(ctx) : meTab(ctx);
  return h(
    'LinearLayout',
    { class: 'fill bank-app' },
    Toolbar(ctx, { title: ctx.t(tab === 'home' ? 'MobA Bank' : tab === 'cards' ? 'Cards' : 'Me') }),
    h('FrameLayout', { class: 'grow body', id: 'main_content' }, body),
    Tabs(
      [
        {
          text: ctx.t('Home'),
          icon: 'home',
          id: 'tab_home',
          selected: tab === 'home',
          onTap: () => (ctx.ui.tab = 'home'),
        },
        {
          text: ctx.t('Cards'),
          icon: 'card',
          id: 'tab_cards',
          selected: tab === 'cards',
          onTap: () => (ctx.ui.tab = 'cards'),
        },
        { text: ctx.t('Me'), icon: 'person', id: 'tab_me', selected: tab === 'me', onTap: () => (ctx.ui.tab = 'me') },
      ],
      'bottom',
    ),
  );
}

/** Every screen shows the PIN keypad while the app lock is up. */
function locked(screen: (ctx: BankCtx) => VNode): ScreenRenderer<BankData, BankUi> {
  return (ctx: AppContext<BankData, BankUi>) => (ctx.ui.locked ? lockScreen(ctx) : screen(ctx));
}

const initialUi = (): BankUi => ({
  tab: 'home',
  locked: false,
  pin: '',
  pinError: '',
  pinTries: 0,
  lockedUntil: null,
  confirmPin: '',
  pinChange: { current: '', next: '', again: '', error: '' },
  transfer: null,
  query: '',
  category: null,
  payeeDraft: null,
});

export const bankApp = defineApp<BankData, BankUi>({
  packageName: BANK_PACKAGE,
  icon: { bg: '#0b5cad', fg: '#ffffff', glyph: 'bank' },
  strings: BANK_STRINGS,
  css: BANK_CSS,
  initialData: initialBankData,
  initialUi,
  launch(ctx: BankCtx, _request, resuming): Route[] | null {
    if (resuming) return null;
    ctx.ui.locked = ctx.data.settings.appLock;
    ctx.ui.pin = '';
    ctx.ui.tab = 'home';
    return [{ screen: 'main' }];
  },
  screens: {
    main: locked(mainScreen),
    account: locked(accountScreen),
    transaction: locked(transactionScreen),
    transfer: locked(transferScreen),
    'transfer-done': locked(transferDoneScreen),
    payees: locked(payeesScreen),
    payee: locked(payeeScreen),
    'change-pin': locked(changePinScreen),
  },
  dialogs: {
    category: categoryDialog,
    note: noteDialog,
    'pick-from': pickFromDialog,
    'pick-to': pickToDialog,
    'confirm-transfer': confirmTransferDialog,
    'pick-bank': pickBankDialog,
    'delete-payee': deletePayeeDialog,
    'report-lost': reportLostDialog,
    'transfer-limit': transferLimitDialog,
  },
  onBack(ctx) {
    if (ctx.ui.locked) {
      ctx.finish();
      return true;
    }
    if (ctx.route.screen === 'transfer') ctx.ui.transfer = null;
    if (ctx.route.screen === 'payee') ctx.ui.payeeDraft = null;
    return false;
  },
  receive(ctx, payload) {
    const c = payload.credit as { amount?: number; from?: string; note?: string } | undefined;
    if (!c?.amount || !c.from) return null;
    const t = credit(ctx.data, {
      amount: Math.round(c.amount * 100),
      from: c.from,
      note: c.note ?? '',
      now: ctx.now(),
    });
    if (!ctx.data.settings.notifications) return null;
    return {
      title: ctx.t('Money received'),
      text: ctx.t('{amount} from {name}', { amount: money(t.amount), name: c.from }),
      open: { activity: '.MainActivity' },
    };
  },
  publicState: (data) => {
    const yuan = (fen: number): number => Math.round(fen) / 100;
    return {
      owner: data.owner,
      accounts: data.accounts.map((a) => ({
        id: a.id,
        name: accountLabelKey(a.id),
        number: a.number,
        balance: yuan(a.balance),
        limit: a.limit === null ? null : yuan(a.limit),
      })),
      transactions: [...data.transactions].sort((a, b) => a.id - b.id).map((t) => ({ ...t, amount: yuan(t.amount) })),
      payees: data.payees.map((p) => ({ ...p })),
      cards: data.cards.map((c) => ({ ...c, dailyLimit: yuan(c.dailyLimit) })),
      settings: { ...data.settings, transferLimit: yuan(data.settings.transferLimit) },
      security: { pin: data.pin },
    };
  },
});
