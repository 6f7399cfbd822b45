/**
 * One conversation (ConversationActivity): message bubbles by day, the compose bar, send; a
 * long press selects a message for copy, forward and delete.
 */
import { formatDateMedium, formatTime } from '../../phone/page/i18n.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { Dialog, EditText, IconButton, Toolbar } from '../../phone/page/widgets.ts';
import { formatNumber } from '../contacts/model.ts';
import { CONVERSATION_ACTIVITY } from './list.ts';
import { addressKey, contactsOf, deleteMessage, findConversation, isDialable, nameFor, sendMessage } from './model.ts';
import type { Message, MessagesCtx } from './model.ts';

function dayLabel(ctx: MessagesCtx, at: number): string {
  const day = (ms: number): number => {
    const d = new Date(ms);
    return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  };
  const diff = Math.round((day(ctx.now()) - day(at)) / 86_400_000);
  if (diff <= 0) return ctx.t('Today');
  if (diff === 1) return ctx.t('Yesterday');
  return formatDateMedium(new Date(at), ctx.locale);
}

function bubble(ctx: MessagesCtx, message: Message): VNode {
  const d = new Date(message.at);
  const time = formatTime(d.getHours(), d.getMinutes(), { locale: ctx.locale, is24Hour: ctx.is24Hour });
  const selected = ctx.ui.selected === message.id;
  return h(
    'LinearLayout',
    { key: `m${message.id}`, orientation: 'horizontal', class: `bubble-row ${message.type}`, ax: 'flatten' },
    h(
      'LinearLayout',
      {
        id: 'message_content',
        class: `bubble ${selected ? 'selected' : ''}`,
        selected,
        onLongPress: () => (ctx.ui.selected = message.id),
        // While a message is selected, a tap moves the selection (or clears it on the same one).
        onTap: ctx.ui.selected === null ? undefined : () => (ctx.ui.selected = selected ? null : message.id),
      },
      h('TextView', { id: 'message_text', class: 'bubble-text' }, message.text),
      h(
        'TextView',
        { id: 'message_status', class: 'bubble-time' },
        message.type === 'sent' ? `${ctx.t('Sent')} · ${time}` : time,
      ),
    ),
  );
}

function send(ctx: MessagesCtx, address: string): void {
  const key = addressKey(address);
  const text = (ctx.ui.drafts[key] ?? '').trim();
  if (!text) return;
  sendMessage(ctx.data, { address, name: nameFor(contactsOf(ctx), address), text, now: ctx.now() });
  delete ctx.ui.drafts[key];
}

/** The toolbar while a message is selected: copy its text, forward it, delete it. */
function selectionToolbar(ctx: MessagesCtx, message: Message): VNode {
  return Toolbar(ctx, {
    nav: 'close',
    onNav: () => (ctx.ui.selected = null),
    title: ctx.t('1 selected'),
    actions: [
      IconButton({
        id: 'action_copy_text',
        icon: 'copy',
        desc: ctx.t('Copy text'),
        onTap: () => {
          ctx.copyText(message.text);
          ctx.ui.selected = null;
          ctx.toast(ctx.t('Text copied'));
        },
      }),
      IconButton({
        id: 'action_forward',
        icon: 'forward',
        desc: ctx.t('Forward'),
        onTap: () => {
          ctx.ui.selected = null;
          ctx.ui.forward = message.text;
          ctx.ui.recipient = '';
          ctx.navigate('new', undefined, { activity: CONVERSATION_ACTIVITY });
          ctx.focus('recipient');
        },
      }),
      IconButton({
        id: 'action_delete_message',
        icon: 'delete',
        desc: ctx.t('Delete'),
        onTap: () => ctx.openDialog('delete-message', { id: message.id }),
      }),
    ],
  });
}

export function deleteMessageDialog(ctx: MessagesCtx, dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Delete message'),
    message: ctx.t('Delete this message?'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        const address = String(ctx.route.params?.address ?? '');
        deleteMessage(ctx.data, Number(dialog.data.id));
        ctx.ui.selected = null;
        ctx.closeDialog();
        if (!findConversation(ctx.data, address)) ctx.back();
        ctx.toast(ctx.t('Message deleted'));
      },
    },
  });
}

export function conversationScreen(ctx: MessagesCtx): VNode {
  const address = String(ctx.route.params?.address ?? '');
  const key = addressKey(address);
  const conversation = findConversation(ctx.data, address);
  const name = nameFor(contactsOf(ctx), address);
  const draft = ctx.ui.drafts[key] ?? '';
  const rows: VNode[] = [];
  let lastDay = '';
  for (const message of conversation?.messages ?? []) {
    const label = dayLabel(ctx, message.at);
    if (label !== lastDay) {
      lastDay = label;
      rows.push(h('TextView', { key: `d${message.id}`, id: 'day_separator', class: 'day-sep' }, label));
    }
    rows.push(bubble(ctx, message));
  }
  const actions: VNode[] = [];
  if (!name && isDialable(address)) {
    actions.push(
      IconButton({
        id: 'action_add_contact',
        icon: 'person-add',
        desc: ctx.t('Add contact'),
        onTap: () =>
          ctx.launchApp('com.android.contacts', {
            action: 'android.intent.action.INSERT',
            data: 'content://com.android.contacts/contacts',
            extras: { phone: address, returnTo: ctx.pkg },
          }),
      }),
    );
  }
  if (conversation)
    actions.push(
      IconButton({
        id: 'action_delete',
        icon: 'delete',
        desc: ctx.t('Delete conversation'),
        onTap: () => ctx.openDialog('delete-conversation', { id: conversation.id }),
      }),
    );
  const selected = conversation?.messages.find((m) => m.id === ctx.ui.selected);
  return h(
    'LinearLayout',
    { class: 'fill msg-app' },
    selected
      ? selectionToolbar(ctx, selected)
      : Toolbar(ctx, {
          nav: 'back',
          title: name || formatNumber(address),
          subtitle: name ? formatNumber(address) : undefined,
          actions,
        }),
    h(
      'FrameLayout',
      { class: 'grow body' },
      // Keyed by the message count and the keyboard so the list is re-created scrolled to the end
      // when a message arrives or the keyboard takes space.
      h(
        'RecyclerView',
        {
          key: `list-${conversation?.messages.length ?? 0}-${ctx.isFocused('compose')}`,
          id: 'message_list',
          scroll: 'v',
          class: 'fill',
          initialScroll: 1_000_000,
        },
        h('LinearLayout', { class: 'thread', ax: 'flatten' }, rows),
      ),
    ),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'compose' },
      h(
        'FrameLayout',
        { class: 'compose-field', ax: 'flatten' },
        EditText(ctx, {
          field: 'compose',
          id: 'compose_message_text',
          value: draft,
          hint: ctx.t('Text message'),
          look: 'plain',
          onChange: (v) => (ctx.ui.drafts[key] = v),
          onSubmit: () => send(ctx, address),
        }),
      ),
      IconButton({
        id: 'send_message_button',
        icon: 'send',
        desc: ctx.t('Send SMS'),
        enabled: draft.trim() !== '',
        onTap: () => send(ctx, address),
      }),
    ),
  );
}
