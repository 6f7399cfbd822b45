/** A contact's page (QuickContactActivity): name, favourite star, edit, delete, number, email, company. */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { svg } from '../../phone/page/icons.ts';
import { Dialog, EmptyState, Icon, IconButton, Scaffold, ScrollList } from '../../phone/page/widgets.ts';
import { Avatar } from './avatar.ts';
import { contactLabel } from './model.ts';
import type { Contact, ContactsCtx } from './model.ts';
import { openEditor } from './list.ts';

const MESSAGING = 'com.android.messaging';

function textContact(ctx: ContactsCtx, contact: Contact): void {
  ctx.launchApp(MESSAGING, {
    activity: '.ui.conversation.ConversationActivity',
    action: 'android.intent.action.SENDTO',
    data: `sms:${contact.phone.replace(/\s+/g, '')}`,
  });
}

function infoRow(o: {
  key: string;
  icon: string;
  value: string;
  label: string;
  id: string;
  alternate?: VNode | null;
}): VNode {
  return h(
    'LinearLayout',
    { key: o.key, id: o.id, orientation: 'horizontal', class: 'qc-row' },
    Icon(o.icon, { size: 22, class: 'qc-row-icon' }),
    h(
      'LinearLayout',
      { class: 'grow' },
      h('TextView', { id: 'header', class: 'qc-header' }, o.value),
      h('TextView', { id: 'sub_header', class: 'qc-sub' }, o.label),
    ),
    o.alternate ?? null,
  );
}

export function detailsScreen(ctx: ContactsCtx): VNode {
  const contact = ctx.data.contacts.find((c) => c.id === ctx.route.params?.id);
  if (!contact) return Scaffold(ctx, { nav: 'back', body: EmptyState('person', ctx.t('No contacts found')) });
  const label = contactLabel(contact) || ctx.t('(No name)');
  const rows: VNode[] = [];
  if (contact.phone) {
    rows.push(
      infoRow({
        key: 'phone',
        id: 'phone_entry',
        icon: 'phone',
        value: contact.phone,
        label: ctx.t('Mobile'),
        alternate: IconButton({
          id: 'icon_alternate',
          icon: 'message',
          desc: ctx.t('Send message to {name}', { name: label }),
          onTap: () => textContact(ctx, contact),
        }),
      }),
    );
  }
  if (contact.email)
    rows.push(infoRow({ key: 'email', id: 'email_entry', icon: 'email', value: contact.email, label: ctx.t('Email') }));
  if (contact.company)
    rows.push(
      infoRow({
        key: 'company',
        id: 'company_entry',
        icon: 'business',
        value: contact.company,
        label: ctx.t('Company'),
      }),
    );
  return h(
    'LinearLayout',
    { class: 'fill contacts-app' },
    Scaffold(ctx, {
      nav: 'back',
      actions: [
        IconButton({
          id: 'menu_star',
          icon: contact.starred ? 'star-fill' : 'star',
          desc: contact.starred ? ctx.t('Remove from favorites') : ctx.t('Add to favorites'),
          onTap: () => (contact.starred = !contact.starred),
        }),
        IconButton({
          id: 'menu_edit',
          icon: 'edit',
          desc: ctx.t('Edit contact'),
          onTap: () => openEditor(ctx, contact),
        }),
        IconButton({
          id: 'menu_delete',
          icon: 'delete',
          desc: ctx.t('Delete'),
          onTap: () => ctx.openDialog('delete-contact', { id: contact.id }),
        }),
      ],
      body: ScrollList(
        { id: 'quickcontact_scroll', kind: 'scroll' },
        h(
          'LinearLayout',
          { key: 'hero', class: 'qc-hero' },
          Avatar(label, 112),
          h('TextView', { id: 'large_title', class: 'qc-name' }, label),
          contact.company ? h('TextView', { class: 'qc-company', ax: 'skip' }, contact.company) : null,
        ),
        contact.phone
          ? h(
              'LinearLayout',
              { key: 'actions', orientation: 'horizontal', class: 'qc-actions' },
              h(
                'LinearLayout',
                {
                  id: 'action_text',
                  class: 'qc-action',
                  desc: ctx.t('Send message'),
                  onTap: () => textContact(ctx, contact),
                },
                h(
                  'span',
                  { class: 'qc-action-icon', ax: 'skip' },
                  h('span', { class: 'icon-glyph', html: svg('message') }),
                ),
                h('TextView', {}, ctx.t('Text')),
              ),
            )
          : null,
        rows.length
          ? h(
              'LinearLayout',
              { key: 'card', id: 'communication_card', class: 'qc-card' },
              h('TextView', { class: 'qc-card-title' }, ctx.t('Contact info')),
              rows,
            )
          : null,
      ),
    }),
  );
}

export function deleteContactDialog(ctx: ContactsCtx, dialog: DialogState): VNode {
  return Dialog({
    title: ctx.t('Delete contact'),
    message: ctx.t('Delete this contact?'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Delete'),
      onTap: () => {
        ctx.data.contacts = ctx.data.contacts.filter((c) => c.id !== dialog.data.id);
        ctx.closeDialog();
        if (ctx.route.screen === 'details') ctx.back();
        ctx.toast(ctx.t('Contact deleted'));
      },
    },
  });
}
