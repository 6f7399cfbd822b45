/** Bank's saved payees (.PayeesActivity): the list, the editor (.PayeeEditActivity) to add or edit one, deleting. */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EditText,
  EmptyState,
  Fab,
  ListItem,
  RadioButton,
  Scaffold,
  ScrollList,
} from '../../phone/page/widgets.ts';
import { BANKS, masked, validPayee } from './model.ts';
import type { BankCtx, Payee } from './model.ts';
import { openTransfer } from './transfer.ts';

const EDIT = '.PayeeEditActivity';

function openEditor(ctx: BankCtx, p: Payee | null): void {
  ctx.ui.payeeDraft = p
    ? { id: p.id, name: p.name, bank: p.bank, account: p.account, error: '' }
    : { id: null, name: '', bank: '', account: '', error: '' };
  ctx.navigate('payee', undefined, { activity: EDIT });
  if (!p) ctx.focus('payee-name');
}

export function payeesScreen(ctx: BankCtx): VNode {
  return h(
    'LinearLayout',
    { class: 'fill bank-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Payees'),
      body: ctx.data.payees.length
        ? ScrollList(
            { id: 'payee_list' },
            ctx.data.payees.map((p) =>
              ListItem({
                key: p.id,
                id: 'payee_item',
                icon: 'person',
                title: p.name,
                summary: `${p.bank} ${masked(p.account)}`,
                titleId: 'payee_name',
                onTap: () => openEditor(ctx, p),
                trailing: Button({
                  id: 'pay_payee',
                  text: ctx.t('Transfer'),
                  variant: 'text',
                  onTap: () => openTransfer(ctx, { payee: p.id }),
                }),
              }),
            ),
          )
        : EmptyState('people', ctx.t('Payees'), 'empty_view'),
      fab: Fab({ id: 'add_payee', icon: 'add', desc: ctx.t('New payee'), onTap: () => openEditor(ctx, null) }),
    }),
  );
}

function save(ctx: BankCtx): void {
  const d = ctx.ui.payeeDraft;
  if (!d) return;
  const fields = { name: d.name.trim(), bank: d.bank, account: d.account.replace(/\s/g, '') };
  const error = validPayee(fields);
  if (error) {
    d.error = ctx.t(error);
    return;
  }
  const saved = d.id === null ? undefined : ctx.data.payees.find((p) => p.id === d.id);
  let id = saved?.id;
  if (saved) Object.assign(saved, fields);
  else {
    id = ctx.data.nextPayeeId++;
    ctx.data.payees.push({ id, ...fields });
  }
  ctx.ui.payeeDraft = null;
  const forTransfer = ctx.route.params?.forTransfer === true;
  ctx.back();
  if (forTransfer && ctx.ui.transfer && id !== undefined) ctx.ui.transfer.to = { payee: id };
  ctx.toast(ctx.t('Payee saved'));
}

export function payeeScreen(ctx: BankCtx): VNode {
  const d = ctx.ui.payeeDraft;
  if (!d) return h('View', { class: 'fill' });
  const field = (o: {
    field: string;
    id: string;
    label: string;
    value: string;
    onChange: (v: string) => void;
    inputType?: 'number';
  }): VNode =>
    h(
      'LinearLayout',
      { key: o.field, class: 'bk-field' },
      h('TextView', { class: 'bk-label' }, o.label),
      EditText(ctx, {
        field: o.field,
        id: o.id,
        value: o.value,
        inputType: o.inputType,
        onChange: (v) => (o.onChange(v), (d.error = '')),
      }),
    );
  return h(
    'LinearLayout',
    { class: 'fill bank-app' },
    Scaffold(ctx, {
      nav: 'close',
      title: ctx.t(d.id === null ? 'New payee' : 'Edit payee'),
      actions: [Button({ id: 'save_payee', text: ctx.t('Save'), variant: 'text', onTap: () => save(ctx) })],
      body: ScrollList(
        { id: 'payee_form', kind: 'scroll' },
        field({
          field: 'payee-name',
          id: 'payee_name',
          label: ctx.t('Name'),
          value: d.name,
          onChange: (v) => (d.name = v),
        }),
        h(
          'LinearLayout',
          { key: 'bank', class: 'bk-field' },
          h('TextView', { class: 'bk-label' }, ctx.t('Bank name')),
          h(
            'TextView',
            { id: 'payee_bank', class: 'bk-value', clickable: true, onTap: () => ctx.openDialog('pick-bank') },
            d.bank || ctx.t('Choose a bank'),
          ),
        ),
        field({
          field: 'payee-account',
          id: 'payee_account',
          label: ctx.t('Account number'),
          value: d.account,
          inputType: 'number',
          onChange: (v) => (d.account = v),
        }),
        d.error ? h('TextView', { key: 'err', id: 'payee_error', class: 'bk-error' }, d.error) : null,
        d.id !== null
          ? h(
              'LinearLayout',
              { key: 'del', class: 'bk-pad' },
              Button({
                id: 'delete_payee',
                text: ctx.t('Delete payee'),
                variant: 'outlined',
                onTap: () => ctx.openDialog('delete-payee', { id: d.id }),
              }),
            )
          : null,
      ),
    }),
  );
}

export function pickBankDialog(ctx: BankCtx, _dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Bank name'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      BANKS.map((b) =>
        RadioButton({
          key: b,
          id: 'bank_option',
          text: b,
          checked: ctx.ui.payeeDraft?.bank === b,
          onSelect: () => {
            if (ctx.ui.payeeDraft) ctx.ui.payeeDraft.bank = b;
            ctx.closeDialog();
          },
        }),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}

export function deletePayeeDialog(ctx: BankCtx, dialog: DialogState): VNode {
  const p = ctx.data.payees.find((x) => x.id === dialog.data.id);
  return Dialog({
    title: ctx.t('Delete payee'),
    message: ctx.t('Delete {name} from your payees?', { name: p?.name ?? '' }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        ctx.data.payees = ctx.data.payees.filter((x) => x.id !== dialog.data.id);
        ctx.ui.payeeDraft = null;
        ctx.closeDialog();
        if (ctx.route.screen === 'payee') ctx.back();
        ctx.toast(ctx.t('Payee deleted'));
      },
    },
  });
}
