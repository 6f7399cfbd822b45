/** Email's settings (.SettingsActivity): the account, the signature, deleting, notifications, the reply action. */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Dialog,
  EditText,
  ListItem,
  RadioButton,
  Scaffold,
  ScrollList,
  SectionHeader,
  SwitchItem,
} from '../../phone/page/widgets.ts';
import type { MailCtx } from './model.ts';

export function settingsScreen(ctx: MailCtx): VNode {
  const s = ctx.data.settings;
  return h(
    'LinearLayout',
    { class: 'fill mail-app' },
    Scaffold(ctx, {
      nav: 'back',
      title: ctx.t('Settings'),
      body: ScrollList(
        { id: 'settings_list' },
        SectionHeader(ctx.t('Account')),
        ListItem({
          key: 'account',
          id: 'account',
          icon: 'person',
          title: ctx.data.account.name,
          summary: ctx.data.account.address,
        }),
        ListItem({
          key: 'signature',
          id: 'signature',
          icon: 'edit',
          title: ctx.t('Signature'),
          summary: s.signature.trim() ? s.signature.split('\n')[0] : ctx.t('No signature'),
          onTap: () => ctx.openDialog('signature', { text: s.signature }),
        }),
        SwitchItem({
          key: 'sig-on',
          title: ctx.t('Use signature'),
          switchId: 'signature_switch',
          checked: s.signatureOn,
          onToggle: (v) => (s.signatureOn = v),
        }),
        SwitchItem({
          key: 'confirm',
          title: ctx.t('Confirm before deleting'),
          switchId: 'confirm_delete',
          checked: s.confirmDelete,
          onToggle: (v) => (s.confirmDelete = v),
        }),
        SwitchItem({
          key: 'notify',
          title: ctx.t('Notifications'),
          switchId: 'notifications',
          checked: s.notifications,
          onToggle: (v) => (s.notifications = v),
        }),
        ListItem({
          key: 'reply',
          id: 'default_reply',
          title: ctx.t('Default reply action'),
          summary: ctx.t(s.defaultReply === 'reply' ? 'Reply' : 'Reply all'),
          onTap: () => ctx.openDialog('default-reply'),
        }),
      ),
    }),
  );
}

export function signatureDialog(ctx: MailCtx, dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Signature'),
    body: EditText(ctx, {
      field: 'signature',
      id: 'signature_text',
      value: String(dialog.data.text ?? ''),
      multiline: true,
      onChange: (v) => (dialog.data.text = v),
    }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('OK'),
      onTap: () => {
        ctx.data.settings.signature = String(dialog.data.text ?? '');
        ctx.closeDialog();
      },
    },
  });
}

export function defaultReplyDialog(ctx: MailCtx, _dialog: DialogState): VNode {
  const choose = (value: 'reply' | 'reply-all') => () => {
    ctx.data.settings.defaultReply = value;
    ctx.closeDialog();
  };
  return Dialog({
    title: ctx.t('Default reply action'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      RadioButton({
        key: 'reply',
        id: 'reply_option',
        text: ctx.t('Reply'),
        checked: ctx.data.settings.defaultReply === 'reply',
        onSelect: choose('reply'),
      }),
      RadioButton({
        key: 'all',
        id: 'reply_all_option',
        text: ctx.t('Reply all'),
        checked: ctx.data.settings.defaultReply === 'reply-all',
        onSelect: choose('reply-all'),
      }),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}
