/**
 * Messages (com.android.messaging/.ui.ConversationListActivity): SMS conversations, a thread
 * with a compose bar, starting a conversation from a contact or a number; a long press on a
 * message selects it to copy, forward or delete it; names come from Contacts. Handles SENDTO / VIEW `sms:` / `smsto:` intents (body from `sms_body`,
 * `android.intent.extra.TEXT` or `?body=`).
 */
import { defineApp } from '../../phone/page/types.ts';
import type { LaunchRequest, Route } from '../../phone/page/types.ts';
import { conversationScreen, deleteMessageDialog } from './conversation.ts';
import { CONVERSATION_ACTIVITY, deleteConversationDialog, listScreen } from './list.ts';
import { MESSAGES_CSS } from './messages-css.ts';
import {
  addressKey,
  contactsOf,
  findConversation,
  initialMessagesData,
  nameFor,
  parseSmsUri,
  receiveMessage,
} from './model.ts';
import type { MessagesCtx, MessagesData, MessagesUi } from './model.ts';
import { newConversationScreen } from './picker.ts';
import { MESSAGES_STRINGS } from './strings.ts';

function bodyExtra(request: LaunchRequest): string {
  const value = request.extras?.sms_body ?? request.extras?.['android.intent.extra.TEXT'];
  return value === undefined ? '' : String(value);
}

export const messagesApp = defineApp<MessagesData, MessagesUi>({
  packageName: 'com.android.messaging',
  icon: { bg: '#1a73e8', fg: '#ffffff', glyph: 'message' },
  strings: MESSAGES_STRINGS,
  css: MESSAGES_CSS,
  initialData: initialMessagesData,
  initialUi: () => ({ drafts: {}, recipient: '', selected: null, forward: null }),
  launch(ctx: MessagesCtx, request, resuming): Route[] | null {
    const list: Route = { screen: 'list' };
    const sms = request.data ? parseSmsUri(request.data) : undefined;
    if (sms) {
      if (!sms.address) {
        ctx.ui.recipient = '';
        return [list, { screen: 'new', activity: CONVERSATION_ACTIVITY }];
      }
      const body = sms.body || bodyExtra(request);
      if (body) ctx.ui.drafts[addressKey(sms.address)] = body;
      const existing = findConversation(ctx.data, sms.address);
      if (existing) {
        existing.unread = false;
        existing.name = nameFor(contactsOf(ctx), existing.address);
      }
      return [
        list,
        {
          screen: 'conversation',
          params: { address: existing?.address ?? sms.address },
          activity: CONVERSATION_ACTIVITY,
        },
      ];
    }
    if (request.activity.endsWith('ConversationActivity')) {
      ctx.ui.recipient = '';
      return [list, { screen: 'new', activity: CONVERSATION_ACTIVITY }];
    }
    return resuming ? null : [list];
  },
  screens: { list: listScreen, conversation: conversationScreen, new: newConversationScreen },
  dialogs: { 'delete-conversation': deleteConversationDialog, 'delete-message': deleteMessageDialog },
  onBack(ctx) {
    if (ctx.ui.selected !== null) {
      ctx.ui.selected = null;
      return true;
    }
    ctx.ui.forward = null;
    return false;
  },
  receive(ctx, payload) {
    const m = payload.message as { from?: unknown; text?: unknown } | undefined;
    if (!m || typeof m.from !== 'string' || typeof m.text !== 'string') return null;
    const name = nameFor(contactsOf(ctx), m.from);
    const c = receiveMessage(ctx.data, { from: m.from, name, text: m.text, now: ctx.now() });
    return {
      title: name || c.address,
      text: m.text,
      open: { action: 'android.intent.action.VIEW', data: `sms:${c.address.replace(/\s/g, '')}` },
    };
  },
  publicState: (data) => ({
    conversations: [...data.conversations]
      .sort((a, b) => a.id - b.id)
      .map((c) => ({
        id: c.id,
        address: c.address,
        name: c.name,
        unread: c.unread,
        messages: c.messages.map((m) => ({ from: m.from, to: m.to, text: m.text, at: m.at, type: m.type })),
      })),
  }),
});
