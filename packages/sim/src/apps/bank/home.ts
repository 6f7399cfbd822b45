/**
 * Bank's home tab (accounts, quick actions, recent transactions), an account's transactions
 * (.AccountActivity: search, category chips, by day), a transaction (.TransactionActivity: its
 * category and note can be changed).
 */
import { formatDateMedium, formatTime } from '../../phone/page/i18n.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Chip,
  Dialog,
  EditText,
  EmptyState,
  Icon,
  IconButton,
  ListItem,
  RadioButton,
  Scaffold,
  ScrollList,
  SectionHeader,
} from '../../phone/page/widgets.ts';
import { openTransfer } from './transfer.ts';
import { CATEGORIES, accountById, accountLabelKey, accountTransactions, available, masked, money } from './model.ts';
import type { Account, BankCtx, Transaction } from './model.ts';

const CATEGORY_ICON: Record<string, string> = {
  groceries: 'cart',
  dining: 'restaurant',
  transport: 'car',
  shopping: 'shop',
  bills: 'receipt',
  entertainment: 'music',
  income: 'work',
  transfer: 'transfer',
  other: 'dot',
};

export function balanceText(ctx: BankCtx, fen: number): string {
  return ctx.data.settings.hideBalances ? '¥ ••••' : money(fen);
}

function accountCard(ctx: BankCtx, a: Account): VNode {
  const name = ctx.t(accountLabelKey(a.id));
  return h(
    'LinearLayout',
    {
      key: a.id,
      id: 'account_card',
      class: `bk-card ${a.type}`,
      desc: `${name} ${masked(a.number)}`,
      onTap: () => openAccount(ctx, a.id),
    },
    h('TextView', { id: 'account_name', class: 'bk-card-name' }, name),
    h('TextView', { id: 'account_number', class: 'bk-card-number' }, masked(a.number)),
    h('TextView', { id: 'account_balance', class: 'bk-balance' }, balanceText(ctx, a.balance)),
    a.type === 'credit'
      ? h(
          'TextView',
          { class: 'bk-sub' },
          `${ctx.t('Amount owed')} · ${ctx.t('Available credit')} ${balanceText(ctx, available(a))}`,
        )
      : h('TextView', { class: 'bk-sub' }, ctx.t('Balance')),
  );
}

export function openAccount(ctx: BankCtx, id: string): void {
  ctx.ui.query = '';
  ctx.ui.category = null;
  ctx.navigate('account', { id }, { activity: '.AccountActivity' });
}

export function txnRow(ctx: BankCtx, t: Transaction): VNode {
  const d = new Date(t.at);
  const when = `${formatDateMedium(d, ctx.locale)} ${formatTime(d.getHours(), d.getMinutes(), { locale: ctx.locale, is24Hour: ctx.is24Hour })}`;
  return h(
    'LinearLayout',
    {
      key: t.id,
      id: 'transaction_item',
      orientation: 'horizontal',
      class: 'bk-row',
      desc: `${t.merchant}, ${money(t.amount, true)}`,
      onTap: () => ctx.navigate('transaction', { id: t.id }, { activity: '.TransactionActivity' }),
    },
    Icon(CATEGORY_ICON[t.category] ?? 'dot', { size: 28, class: 'muted' }),
    h(
      'LinearLayout',
      { class: 'grow bk-row-texts' },
      h('TextView', { id: 'merchant', class: 'bk-merchant' }, ctx.t(t.merchant)),
      h(
        'TextView',
        { id: 'transaction_meta', class: 'bk-meta' },
        `${ctx.t(t.category)} · ${when}${t.status === 'pending' ? ` · ${ctx.t('Pending')}` : ''}`,
      ),
    ),
    h('TextView', { id: 'transaction_amount', class: `bk-amount ${t.amount > 0 ? 'in' : ''}` }, money(t.amount, true)),
  );
}

function greeting(ctx: BankCtx): string {
  const hour = new Date(ctx.now()).getHours();
  const key = hour < 12 ? 'Good morning, {name}' : hour < 18 ? 'Good afternoon, {name}' : 'Good evening, {name}';
  return ctx.t(key, { name: ctx.data.owner });
}

export function homeTab(ctx: BankCtx): VNode {
  const recent = [...ctx.data.transactions].sort((a, b) => b.at - a.at || b.id - a.id).slice(0, 5);
  const action = (id: string, icon: string, label: string, onTap: () => void): VNode =>
    h(
      'LinearLayout',
      { key: id, id, class: 'bk-action', desc: label, onTap },
      h('span', { class: 'bk-action-icon', ax: 'skip' }, Icon(icon, { size: 24 })),
      h('TextView', { ax: 'skip' }, label),
    );
  return ScrollList(
    { id: 'home_scroll', kind: 'scroll' },
    h(
      'LinearLayout',
      { key: 'hello', orientation: 'horizontal' },
      h('TextView', { id: 'greeting', class: 'grow bk-hello' }, greeting(ctx)),
      IconButton({
        id: 'toggle_balances',
        icon: ctx.data.settings.hideBalances ? 'eye' : 'eye-off',
        desc: ctx.t(ctx.data.settings.hideBalances ? 'Show balances' : 'Hide balances'),
        onTap: () => (ctx.data.settings.hideBalances = !ctx.data.settings.hideBalances),
      }),
    ),
    ctx.data.accounts.map((a) => accountCard(ctx, a)),
    h(
      'LinearLayout',
      { key: 'actions', orientation: 'horizontal', class: 'bk-actions' },
      action('action_transfer', 'transfer', ctx.t('Transfer'), () => openTransfer(ctx)),
      action('action_payees', 'people', ctx.t('Payees'), () =>
        ctx.navigate('payees', undefined, { activity: '.PayeesActivity' }),
      ),
      action('action_cards', 'card', ctx.t('Cards'), () => (ctx.ui.tab = 'cards')),
    ),
    SectionHeader(ctx.t('Recent transactions'), 'recent_header'),
    recent.map((t) => txnRow(ctx, t)),
  );
}

export function accountScreen(ctx: BankCtx): VNode {
  const account = accountById(ctx.data, String(ctx.route.params?.id));
  if (!account) return Scaffold(ctx, { nav: 'back', body: EmptyState('bank', ctx.t('No transactions')) });
  const list = accountTransactions(ctx.data, account.id, ctx.ui.query, ctx.ui.category);
  const rows: VNode[] = [];
  let day = '';
  for (const t of list) {
    const label = formatDateMedium(new Date(t.at), ctx.locale);
    if (label !== day) rows.push(h('TextView', { key: `d${t.id}`, id: 'day_header', class: 'bk-day' }, (day = label)));
    rows.push(txnRow(ctx, t));
  }
  return h(
    'LinearLayout',
    { class: 'fill bank-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t(accountLabelKey(account.id)),
      subtitle: `${masked(account.number)} · ${balanceText(ctx, account.balance)}`,
      header: h(
        'LinearLayout',
        { class: 'bk-filters' },
        h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'bk-search' },
          Icon('search', { size: 20, class: 'muted' }),
          EditText(ctx, {
            field: 'query',
            id: 'search_transactions',
            value: ctx.ui.query,
            hint: ctx.t('Search transactions'),
            look: 'plain',
            onChange: (v) => (ctx.ui.query = v),
            onSubmit: () => ctx.blur(),
          }),
        ),
        h(
          'HorizontalScrollView',
          { id: 'category_chips', scroll: 'h' },
          h(
            'LinearLayout',
            { orientation: 'horizontal', class: 'bk-chips' },
            Chip({
              key: 'all',
              id: 'category_all',
              text: ctx.t('All'),
              selected: ctx.ui.category === null,
              onTap: () => (ctx.ui.category = null),
            }),
            CATEGORIES.map((c) =>
              Chip({
                key: c,
                id: `category_${c}`,
                text: ctx.t(c),
                selected: ctx.ui.category === c,
                onTap: () => (ctx.ui.category = c),
              }),
            ),
          ),
        ),
      ),
      body: rows.length
        ? ScrollList({ id: 'transaction_list' }, rows)
        : EmptyState('receipt', ctx.t('No transactions'), 'empty_view'),
    }),
  );
}

export function transactionScreen(ctx: BankCtx): VNode {
  const t = ctx.data.transactions.find((x) => x.id === Number(ctx.route.params?.id));
  if (!t) return Scaffold(ctx, { nav: 'back', body: EmptyState('receipt', ctx.t('No transactions')) });
  const d = new Date(t.at);
  return h(
    'LinearLayout',
    { class: 'fill bank-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Transaction details'),
      body: ScrollList(
        { id: 'transaction_scroll', kind: 'scroll' },
        h('TextView', { key: 'amount', id: 'detail_amount', class: 'bk-big' }, money(t.amount, true)),
        h('TextView', { key: 'merchant', id: 'detail_merchant', class: 'bk-center' }, ctx.t(t.merchant)),
        ListItem({
          key: 'cat',
          id: 'detail_category',
          title: ctx.t('Category'),
          summary: ctx.t(t.category),
          onTap: () => ctx.openDialog('category', { id: t.id }),
        }),
        ListItem({
          key: 'note',
          id: 'detail_note',
          title: ctx.t('Note'),
          summary: t.note || ctx.t('Add a note'),
          onTap: () => ctx.openDialog('note', { id: t.id, text: t.note }),
        }),
        ListItem({
          key: 'date',
          id: 'detail_date',
          title: ctx.t('Date'),
          summary: `${formatDateMedium(d, ctx.locale)} ${formatTime(d.getHours(), d.getMinutes(), { locale: ctx.locale, is24Hour: ctx.is24Hour })}`,
        }),
        ListItem({
          key: 'acct',
          id: 'detail_account',
          title: ctx.t(accountLabelKey(t.account)),
          summary: masked(accountById(ctx.data, t.account)?.number ?? ''),
        }),
        ListItem({
          key: 'status',
          id: 'detail_status',
          title: ctx.t('Status'),
          summary: ctx.t(t.status === 'pending' ? 'Pending' : 'Posted'),
        }),
        ListItem({
          key: 'ref',
          id: 'detail_reference',
          title: ctx.t('Reference'),
          summary: `TX${String(t.id).padStart(8, '0')}`,
        }),
      ),
    }),
  );
}

export function categoryDialog(ctx: BankCtx, dialog: DialogState): VNode {
  const t = ctx.data.transactions.find((x) => x.id === dialog.data.id);
  return Dialog({
    title: ctx.t('Category'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      CATEGORIES.map((c) =>
        RadioButton({
          key: c,
          id: `choose_${c}`,
          text: ctx.t(c),
          checked: t?.category === c,
          onSelect: () => {
            if (t) t.category = c;
            ctx.closeDialog();
          },
        }),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}

export function noteDialog(ctx: BankCtx, dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Note'),
    body: EditText(ctx, {
      field: 'note',
      id: 'note_text',
      value: String(dialog.data.text ?? ''),
      maxLength: 60,
      onChange: (v) => (dialog.data.text = v),
    }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Save'),
      onTap: () => {
        const t = ctx.data.transactions.find((x) => x.id === dialog.data.id);
        if (t) t.note = String(dialog.data.text ?? '').trim();
        ctx.closeDialog();
      },
    },
  });
}
