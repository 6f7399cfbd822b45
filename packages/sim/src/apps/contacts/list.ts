/** Contacts' main screen (PeopleActivity): search, favourites, the A–Z list, the create FAB. */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { EditText, EmptyState, Fab, Icon, IconButton, Scaffold, ScrollList } from '../../phone/page/widgets.ts';
import { Avatar } from './avatar.ts';
import { contactLabel, indexLetter, searchContacts, sortContacts } from './model.ts';
import type { Contact, ContactDraft, ContactsCtx } from './model.ts';

export const DETAILS_ACTIVITY = 'com.android.contacts.quickcontact.QuickContactActivity';
export const EDITOR_ACTIVITY = '.activities.ContactEditorActivity';

export function openDetails(ctx: ContactsCtx, contact: Contact): void {
  ctx.navigate('details', { id: contact.id }, { activity: DETAILS_ACTIVITY });
}

/** Opens the editor on a contact, or on a new one (prefilled from an intent) with the first field focused. */
export function openEditor(
  ctx: ContactsCtx,
  contact: Contact | null,
  prefill: Partial<Omit<Contact, 'id' | 'starred'>> = {},
): void {
  ctx.ui.draft = editorDraft(contact, prefill);
  ctx.navigate('editor', { original: { ...ctx.ui.draft } }, { activity: EDITOR_ACTIVITY });
  if (!contact) ctx.focus('first_name');
}

export function editorDraft(
  contact: Contact | null,
  prefill: Partial<Omit<Contact, 'id' | 'starred'>> = {},
): ContactDraft {
  return contact
    ? {
        id: contact.id,
        firstName: contact.firstName,
        lastName: contact.lastName,
        phone: contact.phone,
        email: contact.email,
        company: contact.company,
      }
    : { id: null, firstName: '', lastName: '', phone: '', email: '', company: '', ...prefill };
}

function contactRow(ctx: ContactsCtx, contact: Contact, withNumber: boolean, key: string): VNode {
  const label = contactLabel(contact) || ctx.t('(No name)');
  return h(
    'LinearLayout',
    {
      key,
      id: 'contact_item',
      orientation: 'horizontal',
      class: 'contact-row',
      onTap: () => openDetails(ctx, contact),
    },
    Avatar(label, 40),
    h(
      'LinearLayout',
      { class: 'grow' },
      h('TextView', { id: 'cliv_name_textview', class: 'contact-name' }, label),
      withNumber && contact.phone && label !== contact.phone
        ? h('TextView', { id: 'cliv_data_view', class: 'contact-sub' }, contact.phone)
        : null,
    ),
  );
}

export function listScreen(ctx: ContactsCtx): VNode {
  const query = ctx.ui.query.trim();
  const rows: VNode[] = [];
  let count: number;
  if (query) {
    const hits = searchContacts(ctx.data.contacts, query);
    count = hits.length;
    rows.push(...hits.map((c) => contactRow(ctx, c, true, `q${c.id}`)));
  } else {
    const all = sortContacts(ctx.data.contacts);
    count = all.length;
    rows.push(
      h(
        'TextView',
        { key: 'count', id: 'contacts_count', class: 'people-count' },
        count === 1 ? ctx.t('1 contact') : ctx.t('{n} contacts', { n: count }),
      ),
    );
    const starred = all.filter((c) => c.starred);
    if (starred.length > 0) {
      rows.push(
        h(
          'LinearLayout',
          { key: 'fav', orientation: 'horizontal', class: 'letter-header', id: 'header' },
          h('TextView', {}, `★ ${ctx.t('Favorites')}`),
        ),
      );
      rows.push(...starred.map((c) => contactRow(ctx, c, false, `f${c.id}`)));
    }
    let letter = '';
    for (const c of all) {
      const l = indexLetter(c);
      if (l !== letter) {
        letter = l;
        rows.push(h('TextView', { key: `h${l}`, class: 'letter-header', id: 'header' }, l));
      }
      rows.push(contactRow(ctx, c, false, `c${c.id}`));
    }
  }
  const searchBar = h(
    'LinearLayout',
    { orientation: 'horizontal', class: 'people-search', id: 'search_bar' },
    Icon('search', { size: 22 }),
    EditText(ctx, {
      field: 'search',
      id: 'search_view',
      value: ctx.ui.query,
      hint: ctx.t('Search contacts'),
      look: 'plain',
      class: 'grow',
      onChange: (v) => (ctx.ui.query = v),
      onSubmit: () => ctx.blur(),
    }),
    query
      ? IconButton({
          id: 'search_close_btn',
          icon: 'close',
          desc: ctx.t('Clear search'),
          onTap: () => ((ctx.ui.query = ''), ctx.blur()),
        })
      : null,
  );
  return h(
    'LinearLayout',
    { class: 'fill contacts-app' },
    Scaffold(ctx, {
      title: ctx.t('Contacts'),
      header: searchBar,
      body:
        count > 0
          ? ScrollList({ id: 'contacts_list' }, rows)
          : EmptyState('people', query ? ctx.t('No contacts found') : ctx.t('No contacts'), 'empty_view'),
      fab: Fab({
        id: 'floating_action_button',
        icon: 'person-add',
        desc: ctx.t('Create contact'),
        onTap: () => openEditor(ctx, null),
      }),
    }),
  );
}
