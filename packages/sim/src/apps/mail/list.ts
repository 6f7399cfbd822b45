/**
 * Email's message list (MainActivity) for the chosen folder, the folder drawer, a message's
 * long-press menu (archive, delete, read/unread, star, spam) and the confirmations; search.
 */
import { formatListDate } from '../../phone/page/list-dates.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EditText,
  EmptyState,
  Fab,
  Icon,
  IconButton,
  ListItem,
  Scaffold,
  ScrollList,
  Toolbar,
} from '../../phone/page/widgets.ts';
import { Avatar } from '../contacts/avatar.ts';
import { openCompose, openDraft } from './compose.ts';
import { VIEWS, deleteMail, mailsIn, moveMail, restoreMail, searchMails, snippet, unreadCount } from './model.ts';
import type { Mail, MailCtx, View } from './model.ts';

export const VIEW_TITLES: Record<View, string> = {
  inbox: 'Inbox',
  starred: 'Starred',
  sent: 'Sent',
  drafts: 'Drafts',
  archive: 'Archive',
  spam: 'Spam',
  trash: 'Trash',
};

const VIEW_ICONS: Record<View, string> = {
  inbox: 'inbox',
  starred: 'star',
  sent: 'send',
  drafts: 'draft',
  archive: 'archive',
  spam: 'spam',
  trash: 'delete',
};

export function openMessage(ctx: MailCtx, mail: Mail): void {
  if (mail.folder === 'drafts') {
    openDraft(ctx, mail);
    return;
  }
  mail.read = true;
  ctx.navigate('message', { id: mail.id }, { activity: '.MessageActivity' });
}

function senderLabel(ctx: MailCtx, mail: Mail): string {
  if (mail.folder === 'sent' || mail.folder === 'drafts') {
    const names = mail.to.map((p) => p.name || p.address).join(', ');
    return ctx.t('To: {names}', { names: names || '—' });
  }
  return mail.from.name || mail.from.address;
}

export function mailRow(ctx: MailCtx, mail: Mail): VNode {
  const sender = senderLabel(ctx, mail);
  const date = formatListDate(mail.at, { locale: ctx.locale, is24Hour: ctx.is24Hour, now: ctx.now() });
  return h(
    'LinearLayout',
    {
      key: mail.id,
      id: 'mail_item',
      orientation: 'horizontal',
      class: `mail-row ${mail.read ? '' : 'unread'}`,
      desc: `${mail.read ? '' : `${ctx.t('Unread')}, `}${sender}, ${mail.subject}`,
      onTap: () => openMessage(ctx, mail),
      onLongPress: () => ctx.openDialog('mail-menu', { id: mail.id }),
    },
    Avatar(mail.folder === 'sent' || mail.folder === 'drafts' ? (mail.to[0]?.name ?? '') : mail.from.name, 40),
    h(
      'LinearLayout',
      { class: 'grow mail-texts' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'mail-top' },
        mail.folder === 'drafts' ? h('TextView', { id: 'draft_label', class: 'mail-draft' }, ctx.t('Draft')) : null,
        h('TextView', { id: 'sender', class: 'grow mail-sender' }, sender),
        h('TextView', { id: 'date', class: 'mail-date' }, date),
      ),
      h('TextView', { id: 'subject', class: 'mail-subject' }, mail.subject || '(no subject)'),
      h('TextView', { id: 'snippet', class: 'mail-snippet' }, snippet(mail.body)),
    ),
    h(
      'LinearLayout',
      { class: 'mail-side' },
      mail.attachments.length ? Icon('attach', { size: 18, desc: ctx.t('Attachment'), class: 'muted' }) : null,
      IconButton({
        id: 'star',
        icon: mail.starred ? 'star-fill' : 'star',
        color: mail.starred ? '#f4b400' : undefined,
        desc: ctx.t(mail.starred ? 'Unstar' : 'Star'),
        onTap: () => (mail.starred = !mail.starred),
      }),
    ),
  );
}

export function listScreen(ctx: MailCtx): VNode {
  const view = ctx.ui.view;
  const mails = mailsIn(ctx.data, view);
  const banner =
    view === 'trash' && mails.length
      ? h(
          'LinearLayout',
          { orientation: 'horizontal', class: 'mail-banner', key: 'banner' },
          h('TextView', { class: 'grow' }, ''),
          Button({
            id: 'empty_trash',
            text: ctx.t('Empty Trash now'),
            variant: 'text',
            onTap: () => ctx.openDialog('empty-trash'),
          }),
        )
      : null;
  return h(
    'LinearLayout',
    { class: 'fill mail-app' },
    Scaffold(ctx, {
      nav: 'menu',
      onNav: () => ctx.openDialog('drawer'),
      title: ctx.t(VIEW_TITLES[view]),
      actions: [
        IconButton({
          id: 'action_search',
          icon: 'search',
          desc: ctx.t('Search mail'),
          onTap: () => {
            ctx.ui.query = '';
            ctx.navigate('search', undefined, { activity: '.SearchActivity' });
            ctx.focus('search');
          },
        }),
      ],
      header: banner,
      body: mails.length
        ? ScrollList(
            { id: 'mail_list' },
            mails.map((m) => mailRow(ctx, m)),
          )
        : EmptyState(VIEW_ICONS[view], ctx.t('No messages'), 'empty_view'),
      fab: Fab({
        id: 'compose_button',
        icon: 'edit',
        text: ctx.t('Compose'),
        desc: ctx.t('Compose'),
        onTap: () => openCompose(ctx),
      }),
    }),
  );
}

export function searchScreen(ctx: MailCtx): VNode {
  const results = searchMails(ctx.data, ctx.ui.query);
  return h(
    'LinearLayout',
    { class: 'fill mail-app' },
    Toolbar(ctx, { nav: 'back', title: ctx.t('Search mail') }),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'search-bar' },
      Icon('search', { size: 22, class: 'muted' }),
      EditText(ctx, {
        field: 'search',
        id: 'search_src_text',
        value: ctx.ui.query,
        hint: ctx.t('Search mail'),
        look: 'plain',
        onChange: (v) => (ctx.ui.query = v),
        onSubmit: () => ctx.blur(),
      }),
    ),
    h(
      'FrameLayout',
      { class: 'grow body' },
      results.length
        ? ScrollList(
            { id: 'search_results' },
            results.map((m) => mailRow(ctx, m)),
          )
        : ctx.ui.query.trim()
          ? EmptyState('search', ctx.t('No results'), 'empty_view')
          : null,
    ),
  );
}

export function drawerDialog(ctx: MailCtx, _dialog: DialogState): VNode {
  return Dialog({
    title: `${ctx.data.account.name} · ${ctx.data.account.address}`,
    class: 'mail-drawer',
    body: h(
      'LinearLayout',
      { class: 'dialog-list', id: 'navigation_drawer' },
      VIEWS.map((view) => {
        const unread = view === 'sent' || view === 'drafts' || view === 'trash' ? 0 : unreadCount(ctx.data, view);
        const count = view === 'drafts' ? mailsIn(ctx.data, view).length : unread;
        return ListItem({
          key: view,
          id: `folder_${view}`,
          icon: VIEW_ICONS[view],
          title: ctx.t(VIEW_TITLES[view]),
          selected: ctx.ui.view === view,
          trailing: count ? h('TextView', { class: 'mail-count', id: 'unread_count' }, String(count)) : undefined,
          onTap: () => {
            ctx.ui.view = view;
            ctx.closeDialog();
          },
        });
      }),
      ListItem({
        key: 'settings',
        id: 'drawer_settings',
        icon: 'settings',
        title: ctx.t('Settings'),
        onTap: () => {
          ctx.closeDialog();
          ctx.navigate('settings', undefined, { activity: '.SettingsActivity' });
        },
      }),
    ),
  });
}

/** Delete (with the confirmation when the setting asks for it), then leave a message screen. */
export function askDelete(ctx: MailCtx, mail: Mail): void {
  if (ctx.data.settings.confirmDelete || mail.folder === 'trash') ctx.openDialog('delete-mail', { id: mail.id });
  else doDelete(ctx, mail.id);
}

function doDelete(ctx: MailCtx, id: number): void {
  const result = deleteMail(ctx.data, id);
  ctx.closeDialog();
  if (ctx.route.screen === 'message') ctx.back();
  ctx.toast(ctx.t(result === 'deleted' ? 'Deleted forever' : 'Moved to Trash'));
}

export function deleteMailDialog(ctx: MailCtx, dialog: DialogState): VNode {
  const mail = ctx.data.mails.find((m) => m.id === dialog.data.id);
  const forever = mail?.folder === 'trash';
  return Dialog({
    message: ctx.t(forever ? 'Delete forever?' : 'Delete this message?'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t(forever ? 'Delete forever' : 'Delete'),
      onTap: () => doDelete(ctx, Number(dialog.data.id)),
    },
  });
}

export function emptyTrashDialog(ctx: MailCtx, _dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Empty Trash?'),
    message: ctx.t('All messages in Trash will be deleted forever.'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        ctx.data.mails = ctx.data.mails.filter((m) => m.folder !== 'trash');
        ctx.closeDialog();
      },
    },
  });
}

/** The long-press menu of a message in the list. */
export function mailMenuDialog(ctx: MailCtx, dialog: DialogState): VNode {
  const mail = ctx.data.mails.find((m) => m.id === dialog.data.id);
  if (!mail) return Dialog({ message: ctx.t('No messages') });
  const item = (key: string, icon: string, title: string, act: () => void): VNode =>
    ListItem({ key, id: `menu_${key}`, icon, title, onTap: () => (ctx.closeDialog(), act()) });
  const f = mail.folder;
  return Dialog({
    title: mail.subject || '(no subject)',
    class: 'mail-drawer',
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      f === 'inbox' || f === 'sent'
        ? item('archive', 'archive', ctx.t('Archive'), () => (moveMail(mail, 'archive'), ctx.toast(ctx.t('Archived'))))
        : null,
      f === 'archive' || f === 'spam'
        ? item(
            'inbox',
            'inbox',
            ctx.t('Move to Inbox'),
            () => (moveMail(mail, 'inbox'), ctx.toast(ctx.t('Moved to Inbox'))),
          )
        : null,
      f === 'trash' ? item('restore', 'restore', ctx.t('Restore'), () => restoreMail(mail)) : null,
      item('read', 'email', ctx.t(mail.read ? 'Mark as unread' : 'Mark as read'), () => (mail.read = !mail.read)),
      item(
        'star',
        mail.starred ? 'star-fill' : 'star',
        ctx.t(mail.starred ? 'Unstar' : 'Star'),
        () => (mail.starred = !mail.starred),
      ),
      f === 'inbox'
        ? item('spam', 'spam', ctx.t('Report spam'), () => (moveMail(mail, 'spam'), ctx.toast(ctx.t('Moved to Spam'))))
        : null,
      item('delete', 'delete', ctx.t(f === 'trash' ? 'Delete forever' : 'Delete'), () => askDelete(ctx, mail)),
    ),
  });
}
