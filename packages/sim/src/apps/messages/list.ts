/** Messages' conversation list (ConversationListActivity) and the delete confirmation. */
import { formatListDate } from '../../phone/page/list-dates.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Dialog, EmptyState, Fab, Scaffold, ScrollList } from '../../phone/page/widgets.ts';
import { Avatar } from '../contacts/avatar.ts';
import { addressKey, contactsOf, nameFor, sortConversations } from './model.ts';
import type { Conversation, MessagesCtx } from './model.ts';

export const CONVERSATION_ACTIVITY = '.ui.conversation.ConversationActivity';

/** Opens a conversation with a number (existing or not yet), marking it read. */
export function openConversation(ctx: MessagesCtx, address: string, options: { replace?: boolean } = {}): void {
  const key = addressKey(address);
  const conversation = ctx.data.conversations.find((c) => addressKey(c.address) === key);
  if (conversation) {
    conversation.unread = false;
    conversation.name = nameFor(contactsOf(ctx), conversation.address);
  }
  ctx.navigate(
    'conversation',
    { address: conversation?.address ?? address.trim() },
    { activity: CONVERSATION_ACTIVITY, replace: options.replace },
  );
}

export function startNewConversation(ctx: MessagesCtx): void {
  ctx.ui.recipient = '';
  ctx.navigate('new', undefined, { activity: CONVERSATION_ACTIVITY });
  ctx.focus('recipient');
}

function row(ctx: MessagesCtx, conversation: Conversation, name: string): VNode {
  const last = conversation.messages[conversation.messages.length - 1];
  const label = name || conversation.address;
  const snippet = last ? (last.type === 'sent' ? ctx.t('You: {text}', { text: last.text }) : last.text) : '';
  return h(
    'LinearLayout',
    {
      key: conversation.id,
      id: 'swipeableContent',
      orientation: 'horizontal',
      class: `conv-row ${conversation.unread ? 'unread' : ''}`,
      onTap: () => openConversation(ctx, conversation.address),
      onLongPress: () => ctx.openDialog('delete-conversation', { id: conversation.id }),
    },
    Avatar(name || '', 48),
    h(
      'LinearLayout',
      { class: 'grow conv-texts' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'conv-top' },
        h('TextView', { id: 'conversation_name', class: 'grow conv-name' }, label),
        last
          ? h(
              'TextView',
              { id: 'conversation_timestamp', class: 'conv-time' },
              formatListDate(last.at, { locale: ctx.locale, is24Hour: ctx.is24Hour, now: ctx.now(), weekdays: true }),
            )
          : null,
      ),
      h('TextView', { id: 'conversation_snippet', class: 'conv-snippet' }, snippet.replace(/\n/g, ' ')),
    ),
    conversation.unread ? h('ImageView', { id: 'unread_indicator', desc: ctx.t('Unread'), class: 'unread-dot' }) : null,
  );
}

export function listScreen(ctx: MessagesCtx): VNode {
  const contacts = contactsOf(ctx);
  const conversations = sortConversations(ctx.data.conversations);
  return h(
    'LinearLayout',
    { class: 'fill msg-app' },
    Scaffold(ctx, {
      title: ctx.t('Messages'),
      body: conversations.length
        ? ScrollList(
            { id: 'conversation_list' },
            conversations.map((c) => row(ctx, c, nameFor(contacts, c.address))),
          )
        : EmptyState('message', ctx.t('No conversations yet'), 'empty_view'),
      fab: Fab({
        id: 'start_new_conversation_button',
        icon: 'message',
        text: ctx.t('Start chat'),
        desc: ctx.t('Start chat'),
        onTap: () => startNewConversation(ctx),
      }),
    }),
  );
}

export function deleteConversationDialog(ctx: MessagesCtx, dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Delete conversation'),
    message: ctx.t('Delete this conversation?'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        ctx.data.conversations = ctx.data.conversations.filter((c) => c.id !== dialog.data.id);
        ctx.closeDialog();
        if (ctx.route.screen === 'conversation') ctx.back();
        ctx.toast(ctx.t('Conversation deleted'));
      },
    },
  });
}
