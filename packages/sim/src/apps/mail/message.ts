/** Email's message screen (.MessageActivity): the message, its attachments, reply / reply all / forward. */
import { formatDateMedium, formatTime } from '../../phone/page/i18n.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EmptyState,
  Icon,
  IconButton,
  ListItem,
  Scaffold,
  ScrollList,
  Toolbar,
} from '../../phone/page/widgets.ts';
import { Avatar } from '../contacts/avatar.ts';
import { openReply } from './compose.ts';
import { askDelete, VIEW_TITLES } from './list.ts';
import { FOLDERS, moveMail, restoreMail, sizeText } from './model.ts';
import type { Mail, MailCtx } from './model.ts';

export function whenText(ctx: MailCtx, at: number): string {
  const d = new Date(at);
  return `${formatDateMedium(d, ctx.locale)} ${formatTime(d.getHours(), d.getMinutes(), { locale: ctx.locale, is24Hour: ctx.is24Hour })}`;
}

function recipientsLine(ctx: MailCtx, mail: Mail): string {
  const me = ctx.data.account.address.toLowerCase();
  const names = (people: Mail['to']) =>
    people.map((p) => (p.address.toLowerCase() === me ? ctx.t('me') : p.name || p.address)).join(', ');
  const toMe = mail.to.length === 1 && mail.to[0]?.address.toLowerCase() === me;
  const line = toMe ? ctx.t('to me') : ctx.t('to {names}', { names: names(mail.to) });
  return mail.cc.length ? `${line} · ${ctx.t('cc {names}', { names: names(mail.cc) })}` : line;
}

function toolbarActions(ctx: MailCtx, mail: Mail): VNode[] {
  const actions: VNode[] = [];
  if (mail.folder === 'inbox' || mail.folder === 'sent')
    actions.push(
      IconButton({
        id: 'action_archive',
        icon: 'archive',
        desc: ctx.t('Archive'),
        onTap: () => {
          moveMail(mail, 'archive');
          ctx.back();
          ctx.toast(ctx.t('Archived'));
        },
      }),
    );
  if (mail.folder === 'trash')
    actions.push(
      IconButton({ id: 'action_restore', icon: 'restore', desc: ctx.t('Restore'), onTap: () => restoreMail(mail) }),
    );
  actions.push(
    IconButton({
      id: 'action_delete',
      icon: 'delete',
      desc: ctx.t(mail.folder === 'trash' ? 'Delete forever' : 'Delete'),
      onTap: () => askDelete(ctx, mail),
    }),
    IconButton({
      id: 'action_mark_unread',
      icon: 'email',
      desc: ctx.t('Mark as unread'),
      onTap: () => {
        mail.read = false;
        ctx.back();
        ctx.toast(ctx.t('Marked as unread'));
      },
    }),
    IconButton({
      id: 'action_move',
      icon: 'move',
      desc: ctx.t('Move to'),
      onTap: () => ctx.openDialog('move', { id: mail.id }),
    }),
  );
  return actions;
}

function replyButtons(ctx: MailCtx, mail: Mail): VNode[] {
  const reply = Button({
    id: 'reply',
    text: ctx.t('Reply'),
    variant: 'outlined',
    onTap: () => openReply(ctx, mail, 'reply'),
  });
  const all = Button({
    id: 'reply_all',
    text: ctx.t('Reply all'),
    variant: 'outlined',
    onTap: () => openReply(ctx, mail, 'reply-all'),
  });
  return ctx.data.settings.defaultReply === 'reply-all' ? [all, reply] : [reply, all];
}

export function messageScreen(ctx: MailCtx): VNode {
  const mail = ctx.data.mails.find((m) => m.id === Number(ctx.route.params?.id));
  if (!mail) return Scaffold(ctx, { nav: 'back', body: EmptyState('email', ctx.t('No messages')) });
  return h(
    'LinearLayout',
    { class: 'fill mail-app' },
    Toolbar(ctx, { nav: 'back', actions: toolbarActions(ctx, mail) }),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'message_scroll', kind: 'scroll' },
        h(
          'LinearLayout',
          { key: 'subject', orientation: 'horizontal', class: 'msg-subject' },
          h('TextView', { id: 'subject_view', class: 'grow' }, mail.subject || '(no subject)'),
          IconButton({
            id: 'star',
            icon: mail.starred ? 'star-fill' : 'star',
            color: mail.starred ? '#f4b400' : undefined,
            desc: ctx.t(mail.starred ? 'Unstar' : 'Star'),
            onTap: () => (mail.starred = !mail.starred),
          }),
        ),
        h(
          'LinearLayout',
          { key: 'head', orientation: 'horizontal', class: 'msg-head' },
          Avatar(mail.from.name, 40),
          h(
            'LinearLayout',
            { class: 'grow' },
            h('TextView', { id: 'from_name', class: 'msg-from' }, mail.from.name || mail.from.address),
            h('TextView', { id: 'from_address', class: 'msg-meta' }, mail.from.address),
            h('TextView', { id: 'to_line', class: 'msg-meta' }, recipientsLine(ctx, mail)),
          ),
          h('TextView', { id: 'date_view', class: 'msg-meta' }, whenText(ctx, mail.at)),
        ),
        h('TextView', { key: 'body', id: 'body_view', class: 'msg-body' }, mail.body),
        mail.attachments.map((a, i) =>
          h(
            'LinearLayout',
            {
              key: `a${i}`,
              orientation: 'horizontal',
              id: 'attachment',
              class: 'msg-att',
              desc: `${a.name}, ${sizeText(a.size)}`,
            },
            Icon(/\.(jpe?g|png)$/i.test(a.name) ? 'image' : 'file', { size: 24 }),
            h('TextView', { id: 'attachment_name', class: 'grow' }, a.name),
            h('TextView', { id: 'attachment_size', class: 'msg-meta' }, sizeText(a.size)),
          ),
        ),
      ),
    ),
    mail.folder === 'trash' || mail.folder === 'spam'
      ? null
      : h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'msg-actions' },
          // The default reply action comes first (Settings › Default reply action).
          replyButtons(ctx, mail),
          Button({
            id: 'forward',
            text: ctx.t('Forward'),
            variant: 'outlined',
            onTap: () => openReply(ctx, mail, 'forward'),
          }),
        ),
  );
}

/** "Move to": the folders a message can go to. */
export function moveDialog(ctx: MailCtx, dialog: DialogState): VNode {
  const mail = ctx.data.mails.find((m) => m.id === dialog.data.id);
  return Dialog({
    title: ctx.t('Move to'),
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      FOLDERS.filter((f) => f !== 'drafts' && f !== mail?.folder).map((f) =>
        ListItem({
          key: f,
          id: `move_${f}`,
          title: ctx.t(VIEW_TITLES[f]),
          onTap: () => {
            if (mail) moveMail(mail, f);
            ctx.closeDialog();
            if (ctx.route.screen === 'message') ctx.back();
          },
        }),
      ),
    ),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
  });
}
