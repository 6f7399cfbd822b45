/**
 * Bank's Cards tab (freeze, a daily limit slider, report lost) and Me tab (settings: app lock,
 * hide balances, the daily transfer limit, notifications, changing the PIN on .ChangePinActivity).
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EditText,
  ListItem,
  RadioButton,
  Scaffold,
  ScrollList,
  SectionHeader,
  Slider,
  SwitchItem,
} from '../../phone/page/widgets.ts';
import { TRANSFER_LIMITS, accountLabelKey, changePin, money } from './model.ts';
import type { BankCtx, Card } from './model.ts';

/** The daily limit slider moves in ¥500 steps up to ¥50,000. */
const LIMIT_STEP = 500_00;

function cardBlock(ctx: BankCtx, c: Card): VNode {
  const name = ctx.t(c.id === 'credit' ? 'Credit card' : accountLabelKey(c.account));
  const status = c.reportedLost ? 'Reported lost' : c.frozen ? 'Frozen' : 'Active';
  return h(
    'LinearLayout',
    { key: c.id, id: 'card_block', class: 'bk-field' },
    h(
      'LinearLayout',
      { class: `bk-card ${c.id === 'credit' ? 'credit' : ''}`, desc: `${name} •••• ${c.last4}, ${ctx.t(status)}` },
      h('TextView', { id: 'card_name', class: 'bk-card-name' }, name),
      h('TextView', { id: 'card_number', class: 'bk-card-number' }, `•••• •••• •••• ${c.last4}`),
      h('TextView', { id: 'card_status', class: 'bk-sub' }, ctx.t(status)),
    ),
    SwitchItem({
      key: 'freeze',
      title: ctx.t('Freeze card'),
      switchId: `freeze_${c.id}`,
      checked: c.frozen,
      enabled: !c.reportedLost,
      onToggle: (v) => (c.frozen = v),
    }),
    h('TextView', { id: `limit_${c.id}_text`, class: 'bk-label' }, `${ctx.t('Daily limit')}: ${money(c.dailyLimit)}`),
    Slider({
      id: `limit_${c.id}`,
      value: Math.round(c.dailyLimit / LIMIT_STEP),
      max: 100,
      desc: `${ctx.t('Daily limit')} ${money(c.dailyLimit)}`,
      enabled: !c.reportedLost,
      onChange: (n) => (c.dailyLimit = n * LIMIT_STEP),
    }),
    c.reportedLost
      ? null
      : Button({
          id: `report_lost_${c.id}`,
          text: ctx.t('Report lost'),
          variant: 'outlined',
          onTap: () => ctx.openDialog('report-lost', { id: c.id }),
        }),
  );
}

export function cardsTab(ctx: BankCtx): VNode {
  return ScrollList(
    { id: 'cards_scroll', kind: 'scroll' },
    ctx.data.cards.map((c) => cardBlock(ctx, c)),
  );
}

export function reportLostDialog(ctx: BankCtx, dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Report lost'),
    message: ctx.t('Report this card lost? It will be frozen for good.'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Report lost'),
      onTap: () => {
        const c = ctx.data.cards.find((x) => x.id === dialog.data.id);
        if (c) Object.assign(c, { reportedLost: true, frozen: true });
        ctx.closeDialog();
      },
    },
  });
}

export function meTab(ctx: BankCtx): VNode {
  const s = ctx.data.settings;
  return ScrollList(
    { id: 'me_scroll', kind: 'scroll' },
    SectionHeader(ctx.t('Settings')),
    SwitchItem({
      key: 'lock',
      title: ctx.t('App lock'),
      summary: ctx.t('Ask for the PIN when the app opens'),
      switchId: 'app_lock',
      checked: s.appLock,
      onToggle: (v) => (s.appLock = v),
    }),
    SwitchItem({
      key: 'hide',
      title: ctx.t('Hide balances'),
      switchId: 'hide_balances',
      checked: s.hideBalances,
      onToggle: (v) => (s.hideBalances = v),
    }),
    ListItem({
      key: 'limit',
      id: 'transfer_limit',
      title: ctx.t('Daily transfer limit'),
      summary: money(s.transferLimit),
      onTap: () => ctx.openDialog('transfer-limit'),
    }),
    SwitchItem({
      key: 'notify',
      title: ctx.t('Notifications'),
      switchId: 'notifications',
      checked: s.notifications,
      onToggle: (v) => (s.notifications = v),
    }),
    ListItem({
      key: 'pin',
      id: 'change_pin',
      icon: 'lock',
      title: ctx.t('Change PIN'),
      onTap: () => {
        ctx.ui.pinChange = { current: '', next: '', again: '', error: '' };
        ctx.navigate('change-pin', undefined, { activity: '.ChangePinActivity' });
        ctx.focus('pin-current');
      },
    }),
  );
}

export function transferLimitDialog(ctx: BankCtx, _dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Daily transfer limit'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      TRANSFER_LIMITS.map((limit) =>
        RadioButton({
          key: limit,
          id: 'limit_option',
          text: money(limit),
          checked: ctx.data.settings.transferLimit === limit,
          onSelect: () => {
            ctx.data.settings.transferLimit = limit;
            ctx.closeDialog();
          },
        }),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}

export function changePinScreen(ctx: BankCtx): VNode {
  const p = ctx.ui.pinChange;
  const submit = (): void => {
    const error = changePin(ctx.data, p.current, p.next, p.again);
    if (error) {
      p.error = ctx.t(error);
      return;
    }
    ctx.ui.pinChange = { current: '', next: '', again: '', error: '' };
    ctx.back();
    ctx.toast(ctx.t('PIN changed'));
  };
  const field = (name: 'current' | 'next' | 'again', label: string, nextField?: string): VNode =>
    h(
      'LinearLayout',
      { key: name, class: 'bk-field' },
      h('TextView', { class: 'bk-label' }, label),
      EditText(ctx, {
        field: `pin-${name}`,
        id: `pin_${name}`,
        value: p[name],
        inputType: 'password',
        maxLength: 6,
        onChange: (v) => ((p[name] = v.replace(/\D/g, '')), (p.error = '')),
        onSubmit: nextField ? () => ctx.focus(nextField) : submit,
      }),
    );
  return h(
    'LinearLayout',
    { class: 'fill bank-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Change PIN'),
      body: ScrollList(
        { id: 'pin_form', kind: 'scroll' },
        field('current', ctx.t('Current PIN'), 'pin-next'),
        field('next', ctx.t('New PIN'), 'pin-again'),
        field('again', ctx.t('New PIN again')),
        p.error ? h('TextView', { key: 'err', id: 'pin_change_error', class: 'bk-error' }, p.error) : null,
        h(
          'LinearLayout',
          { key: 'save', class: 'bk-pad' },
          Button({ id: 'save_pin', text: ctx.t('Save'), onTap: submit }),
        ),
      ),
    }),
  );
}
