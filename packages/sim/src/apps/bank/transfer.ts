/**
 * Bank's transfer (.TransferActivity): from one of the accounts to a saved payee or another own
 * account, an amount and a note; Next checks it, the PIN confirms it (a sensitive action), and
 * the receipt (.TransferResultActivity) shows the reference.
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EditText,
  Icon,
  ListItem,
  Scaffold,
  ScrollList,
  SectionHeader,
} from '../../phone/page/widgets.ts';
import { pinDialog, wrongPin } from './lock.ts';
import { accountById, accountLabelKey, available, masked, money, parseAmount, transfer } from './model.ts';
import type { BankCtx, TransferDraft } from './model.ts';

export function openTransfer(ctx: BankCtx, to: TransferDraft['to'] = null): void {
  ctx.ui.transfer = { from: 'checking', to, amount: '', note: '', error: '' };
  ctx.navigate('transfer', undefined, { activity: '.TransferActivity' });
}

function targetName(ctx: BankCtx, to: TransferDraft['to']): string {
  if (!to) return ctx.t('Choose who to pay');
  if ('payee' in to) {
    const p = ctx.data.payees.find((x) => x.id === to.payee);
    return p ? `${p.name} · ${p.bank} ${masked(p.account)}` : ctx.t('Choose who to pay');
  }
  const a = accountById(ctx.data, to.account);
  return a ? `${ctx.t(accountLabelKey(a.id))} ${masked(a.number)}` : ctx.t('Choose who to pay');
}

/** Next: the form's own checks; the PIN dialog does the rest. */
function review(ctx: BankCtx): void {
  const d = ctx.ui.transfer;
  if (!d) return;
  const fen = parseAmount(d.amount);
  if (!d.to) d.error = ctx.t('Choose who to pay');
  else if (fen === null) d.error = ctx.t('Enter an amount');
  else {
    d.error = '';
    ctx.ui.confirmPin = '';
    ctx.ui.pinError = '';
    ctx.openDialog('confirm-transfer');
    ctx.focus('confirm-pin');
  }
}

function send(ctx: BankCtx, pin: string): void {
  const d = ctx.ui.transfer;
  const fen = d ? parseAmount(d.amount) : null;
  if (!d || !d.to || fen === null) return;
  const result = transfer(ctx.data, { from: d.from, to: d.to, amount: fen, note: d.note, pin, now: ctx.now() });
  if ('error' in result) {
    if (result.error === 'Wrong PIN') {
      ctx.ui.pinError = wrongPin(ctx);
      ctx.ui.confirmPin = '';
      return;
    }
    ctx.closeDialog();
    d.error = ctx.t(result.error);
    return;
  }
  ctx.ui.pinTries = 0;
  ctx.closeDialog();
  ctx.ui.transfer = null;
  ctx.navigate('transfer-done', { id: result.id }, { activity: '.TransferResultActivity', replace: true });
}

export function transferScreen(ctx: BankCtx): VNode {
  const d = ctx.ui.transfer;
  if (!d) return h('View', { class: 'fill' });
  const from = accountById(ctx.data, d.from);
  return h(
    'LinearLayout',
    { class: 'fill bank-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Transfer'),
      body: ScrollList(
        { id: 'transfer_form', kind: 'scroll' },
        ListItem({
          key: 'from',
          id: 'transfer_from',
          title: ctx.t('From'),
          summary: from ? `${ctx.t(accountLabelKey(from.id))} ${masked(from.number)} · ${money(available(from))}` : '',
          onTap: () => ctx.openDialog('pick-from'),
        }),
        ListItem({
          key: 'to',
          id: 'transfer_to',
          title: ctx.t('To'),
          summary: targetName(ctx, d.to),
          onTap: () => ctx.openDialog('pick-to'),
        }),
        h(
          'LinearLayout',
          { key: 'amount', class: 'bk-field' },
          h('TextView', { class: 'bk-label' }, ctx.t('Amount')),
          EditText(ctx, {
            field: 'amount',
            id: 'transfer_amount',
            value: d.amount,
            hint: '¥0.00',
            inputType: 'decimal',
            onChange: (v) => ((d.amount = v), (d.error = '')),
            onSubmit: () => ctx.focus('transfer-note'),
          }),
        ),
        h(
          'LinearLayout',
          { key: 'note', class: 'bk-field' },
          h('TextView', { class: 'bk-label' }, ctx.t('Note')),
          EditText(ctx, {
            field: 'transfer-note',
            id: 'transfer_note',
            value: d.note,
            maxLength: 40,
            onChange: (v) => (d.note = v),
            onSubmit: () => review(ctx),
          }),
        ),
        d.error ? h('TextView', { key: 'err', id: 'transfer_error', class: 'bk-error' }, d.error) : null,
        h(
          'LinearLayout',
          { key: 'next', class: 'bk-pad' },
          Button({ id: 'transfer_next', text: ctx.t('Next'), onTap: () => review(ctx) }),
        ),
      ),
    }),
  );
}

export function confirmTransferDialog(ctx: BankCtx, _dialog: DialogState): VNode {
  const d = ctx.ui.transfer;
  const fen = d ? parseAmount(d.amount) : null;
  return pinDialog(ctx, {
    message:
      d && fen !== null ? ctx.t('Send {amount} to {name}?', { amount: money(fen), name: targetName(ctx, d.to) }) : '',
    onPin: (pin) => send(ctx, pin),
  });
}

export function pickFromDialog(ctx: BankCtx, _dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('From'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      ctx.data.accounts.map((a) =>
        ListItem({
          key: a.id,
          id: `from_${a.id}`,
          title: ctx.t(accountLabelKey(a.id)),
          summary: `${masked(a.number)} · ${money(available(a))}`,
          onTap: () => {
            if (ctx.ui.transfer) ctx.ui.transfer.from = a.id;
            ctx.closeDialog();
          },
        }),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}

export function pickToDialog(ctx: BankCtx, _dialog: DialogState): VNode {
  const choose = (to: TransferDraft['to']) => () => {
    if (ctx.ui.transfer) ctx.ui.transfer.to = to;
    ctx.closeDialog();
  };
  return Dialog({
    title: ctx.t('To'),
    body: h(
      'ScrollView',
      { scroll: 'v', class: 'dialog-list', style: 'max-height:480dp' },
      h(
        'LinearLayout',
        {},
        SectionHeader(ctx.t('Payees')),
        ctx.data.payees.map((p) =>
          ListItem({
            key: `p${p.id}`,
            id: 'payee_option',
            icon: 'person',
            title: p.name,
            summary: `${p.bank} ${masked(p.account)}`,
            onTap: choose({ payee: p.id }),
          }),
        ),
        ListItem({
          key: 'new',
          id: 'new_payee',
          icon: 'add',
          title: ctx.t('New payee'),
          onTap: () => {
            ctx.closeDialog();
            ctx.ui.payeeDraft = { id: null, name: '', bank: '', account: '', error: '' };
            ctx.navigate('payee', { forTransfer: true }, { activity: '.PayeeEditActivity' });
            ctx.focus('payee-name');
          },
        }),
        SectionHeader(ctx.t('My accounts')),
        ctx.data.accounts
          .filter((a) => a.id !== ctx.ui.transfer?.from)
          .map((a) =>
            ListItem({
              key: a.id,
              id: `to_${a.id}`,
              title: ctx.t(accountLabelKey(a.id)),
              summary: masked(a.number),
              onTap: choose({ account: a.id }),
            }),
          ),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}

export function transferDoneScreen(ctx: BankCtx): VNode {
  const t = ctx.data.transactions.find((x) => x.id === Number(ctx.route.params?.id));
  return h(
    'LinearLayout',
    { class: 'fill bank-app' },
    Scaffold(ctx, {
      nav: 'close',
      title: ctx.t('Transfer sent'),
      body: h(
        'LinearLayout',
        { class: 'bk-pad' },
        Icon('check', { size: 56, class: 'bk-ok', id: 'success_icon' }),
        h('TextView', { id: 'result_amount', class: 'bk-big' }, t ? money(-t.amount) : ''),
        h('TextView', { id: 'result_payee', class: 'bk-center' }, t ? ctx.t(t.merchant) : ''),
        h(
          'TextView',
          { id: 'result_reference', class: 'bk-center' },
          t ? `${ctx.t('Reference')} TX${String(t.id).padStart(8, '0')}` : '',
        ),
        Button({ id: 'done', text: ctx.t('Done'), onTap: () => ctx.back() }),
      ),
    }),
  );
}
