/** Starting a conversation (or forwarding a message): a "To" field that matches contacts by name or number. */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { EditText, EmptyState, ScrollList, Toolbar } from '../../phone/page/widgets.ts';
import { Avatar } from '../contacts/avatar.ts';
import { contactLabel, formatNumber, searchContacts, sortContacts } from '../contacts/model.ts';
import type { Contact } from '../contacts/model.ts';
import { openConversation } from './list.ts';
import { addressKey, contactsOf, isDialable } from './model.ts';
import type { MessagesCtx } from './model.ts';

function pickRow(o: { key: string; label: string; sub: string; onTap: () => void; avatar: string }): VNode {
  return h(
    'LinearLayout',
    { key: o.key, id: 'contact_item', orientation: 'horizontal', class: 'pick-row', onTap: o.onTap },
    Avatar(o.avatar, 40),
    h(
      'LinearLayout',
      { class: 'grow' },
      h('TextView', { id: 'contact_name', class: 'pick-name' }, o.label),
      o.sub ? h('TextView', { id: 'contact_details', class: 'pick-sub' }, o.sub) : null,
    ),
  );
}

function matches(ctx: MessagesCtx): Contact[] {
  const query = ctx.ui.recipient.trim();
  const withPhone = contactsOf(ctx).filter((c) => c.phone);
  return query ? searchContacts(withPhone, query) : sortContacts(withPhone);
}

export function newConversationScreen(ctx: MessagesCtx): VNode {
  const query = ctx.ui.recipient.trim();
  const hits = matches(ctx);
  const forward = ctx.ui.forward;
  const go = (address: string): void => {
    // A forwarded text becomes the draft of the chosen conversation, ready to send.
    if (forward !== null) ctx.ui.drafts[addressKey(address)] = forward;
    ctx.ui.forward = null;
    openConversation(ctx, address, { replace: true });
  };
  const rows: VNode[] = [];
  if (isDialable(query))
    rows.push(
      pickRow({
        key: 'number',
        label: ctx.t('Send to {number}', { number: formatNumber(query) }),
        sub: '',
        avatar: '',
        onTap: () => go(query),
      }),
    );
  if (!query && hits.length) rows.push(h('TextView', { key: 'all', class: 'pick-header' }, ctx.t('All contacts')));
  rows.push(
    ...hits.map((c) =>
      pickRow({
        key: `c${c.id}`,
        label: contactLabel(c),
        sub: c.phone,
        avatar: contactLabel(c),
        onTap: () => go(c.phone),
      }),
    ),
  );
  return h(
    'LinearLayout',
    { class: 'fill msg-app' },
    Toolbar(ctx, { nav: 'back', title: ctx.t(forward === null ? 'New conversation' : 'Forward message') }),
    forward === null
      ? null
      : h('TextView', { id: 'forward_preview', class: 'forward-preview' }, forward.replace(/\n/g, ' ')),
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'to-row' },
      h('TextView', { class: 'to-label', ax: 'skip' }, ctx.locale === 'zh' ? '收件人' : 'To'),
      EditText(ctx, {
        field: 'recipient',
        id: 'recipient_text_view',
        value: ctx.ui.recipient,
        hint: ctx.t('Type name or phone number'),
        look: 'plain',
        onChange: (v) => (ctx.ui.recipient = v),
        onSubmit: () => {
          if (isDialable(query)) go(query);
          else if (hits[0]) go(hits[0].phone);
        },
      }),
    ),
    h(
      'FrameLayout',
      { class: 'grow body' },
      rows.length
        ? ScrollList({ id: 'contact_list' }, rows)
        : EmptyState('people', ctx.t('No contacts found'), 'empty_view'),
    ),
  );
}
