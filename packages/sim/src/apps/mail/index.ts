/**
 * Email (com.moba.mail/.MainActivity): one account's folders (Inbox, Starred, Sent, Drafts,
 * Archive, Spam, Trash) in a drawer, a message list with stars and a long-press menu, search,
 * the message with reply / reply all / forward, a composer with contact suggestions that keeps
 * unsent mail in Drafts, and settings (signature, confirm before deleting, notifications, the
 * default reply). Handles SENDTO / VIEW `mailto:` intents; receives mail from the host (a
 * disturbance's `mail`), posting a notification.
 */
import { defineApp } from '../../phone/page/types.ts';
import type { Route } from '../../phone/page/types.ts';
import { composeScreen, discardDialog, leaveCompose, newDraft } from './compose.ts';
import { deleteMailDialog, drawerDialog, emptyTrashDialog, listScreen, mailMenuDialog, searchScreen } from './list.ts';
import { MAIL_CSS } from './mail-css.ts';
import { messageScreen, moveDialog } from './message.ts';
import { FOLDERS, mailsIn, parseMailto, unreadCount } from './model.ts';
import type { MailCtx, MailData, MailUi } from './model.ts';
import { initialMailData } from './seed-mails.ts';
import { defaultReplyDialog, settingsScreen, signatureDialog } from './settings.ts';
import { MAIL_STRINGS } from './strings.ts';

export const MAIL_PACKAGE = 'com.moba.mail';

export const mailApp = defineApp<MailData, MailUi>({
  packageName: MAIL_PACKAGE,
  icon: { bg: '#d93025', fg: '#ffffff', glyph: 'email' },
  strings: MAIL_STRINGS,
  css: MAIL_CSS,
  initialData: initialMailData,
  initialUi: () => ({ view: 'inbox', query: '', draft: null }),
  launch(ctx: MailCtx, request, resuming): Route[] | null {
    const list: Route = { screen: 'list' };
    const mailto = request.data ? parseMailto(request.data) : null;
    if (mailto || request.activity.endsWith('ComposeActivity')) {
      // A half-written mail in the old task is kept in Drafts rather than lost.
      if (ctx.ui.draft) leaveCompose(ctx);
      ctx.ui.draft = newDraft(mailto ?? {});
      return [list, { screen: 'compose', activity: '.ComposeActivity' }];
    }
    const id = Number(request.extras?.id);
    if (request.activity.endsWith('MessageActivity') && ctx.data.mails.some((m) => m.id === id)) {
      const mail = ctx.data.mails.find((m) => m.id === id);
      if (mail) mail.read = true;
      return [list, { screen: 'message', params: { id }, activity: '.MessageActivity' }];
    }
    if (resuming) return null;
    ctx.ui.view = 'inbox';
    return [list];
  },
  screens: {
    list: listScreen,
    search: searchScreen,
    message: messageScreen,
    compose: composeScreen,
    settings: settingsScreen,
  },
  dialogs: {
    drawer: drawerDialog,
    'mail-menu': mailMenuDialog,
    'delete-mail': deleteMailDialog,
    'empty-trash': emptyTrashDialog,
    move: moveDialog,
    discard: discardDialog,
    signature: signatureDialog,
    'default-reply': defaultReplyDialog,
  },
  onBack(ctx) {
    if (ctx.route.screen === 'compose') leaveCompose(ctx);
    if (ctx.route.screen === 'list' && ctx.ui.view !== 'inbox') {
      ctx.ui.view = 'inbox';
      return true;
    }
    return false;
  },
  receive(ctx, payload) {
    const m = payload.mail as { from?: string; name?: string; subject?: string; body?: string } | undefined;
    if (!m?.from || !m.subject) return null;
    const mail = {
      id: ctx.data.nextId++,
      folder: 'inbox' as const,
      from: { name: m.name ?? '', address: m.from },
      to: [{ ...ctx.data.account }],
      cc: [],
      subject: m.subject,
      body: m.body ?? '',
      at: ctx.now(),
      read: false,
      starred: false,
      attachments: [],
      trashedFrom: null,
    };
    ctx.data.mails.push(mail);
    if (!ctx.data.settings.notifications) return null;
    return {
      title: m.name || m.from,
      text: m.subject,
      open: { activity: '.MessageActivity', extras: { id: mail.id } },
    };
  },
  publicState: (data) => ({
    account: { ...data.account },
    folders: Object.fromEntries(
      [...FOLDERS, 'starred' as const].map((f) => [
        f,
        { total: mailsIn(data, f).length, unread: unreadCount(data, f) },
      ]),
    ),
    mails: [...data.mails]
      .sort((a, b) => a.id - b.id)
      .map((m) => ({
        id: m.id,
        folder: m.folder,
        from: { ...m.from },
        to: m.to.map((p) => ({ ...p })),
        cc: m.cc.map((p) => ({ ...p })),
        subject: m.subject,
        body: m.body,
        at: m.at,
        read: m.read,
        starred: m.starred,
        attachments: m.attachments.map((a) => ({ ...a })),
      })),
    settings: { ...data.settings },
  }),
});
