/**
 * Contacts (com.android.contacts/.activities.PeopleActivity): the people list with search
 * and favourites, a contact's page (QuickContactActivity), the editor (ContactEditorActivity)
 * for new and existing contacts, delete with a confirmation. Handles the provider's INSERT,
 * EDIT and VIEW intents (`content://com.android.contacts/contacts[/<id>]`, extras `name`,
 * `phone`, `email`, `company` like ContactsContract.Intents.Insert).
 */
import { defineApp } from '../../phone/page/types.ts';
import type { LaunchRequest, Route } from '../../phone/page/types.ts';
import { CONTACTS_CSS } from './contacts-css.ts';
import { deleteContactDialog, detailsScreen } from './details.ts';
import { discardDialog, editorScreen, leaveEditor } from './editor.ts';
import { DETAILS_ACTIVITY, EDITOR_ACTIVITY, editorDraft, listScreen } from './list.ts';
import { displayName, formatNumber, initialContactsData, splitName } from './model.ts';
import type { ContactsCtx, ContactsData, ContactsUi } from './model.ts';
import { CONTACTS_STRINGS } from './strings.ts';

function extra(request: LaunchRequest, key: string): string {
  const value = request.extras?.[key];
  return value === undefined ? '' : String(value);
}

function editorRoute(ctx: ContactsCtx, request: LaunchRequest, id: number | undefined): Route {
  const contact = id === undefined ? null : (ctx.data.contacts.find((c) => c.id === id) ?? null);
  const name = splitName(extra(request, 'name'));
  const phone = extra(request, 'phone');
  ctx.ui.draft = editorDraft(
    contact,
    contact
      ? {}
      : {
          ...name,
          phone: phone ? formatNumber(phone) : '',
          email: extra(request, 'email'),
          company: extra(request, 'company'),
        },
  );
  const params: Record<string, unknown> = { original: contact ? { ...ctx.ui.draft } : editorDraft(null) };
  const returnTo = extra(request, 'returnTo');
  if (returnTo) params.returnTo = returnTo;
  return { screen: 'editor', params, activity: EDITOR_ACTIVITY };
}

export const contactsApp = defineApp<ContactsData, ContactsUi>({
  packageName: 'com.android.contacts',
  icon: { bg: '#1a73e8', fg: '#ffffff', glyph: 'person' },
  strings: CONTACTS_STRINGS,
  css: CONTACTS_CSS,
  initialData: initialContactsData,
  initialUi: () => ({ query: '', draft: null }),
  launch(ctx: ContactsCtx, request, resuming): Route[] | null {
    const list: Route = { screen: 'list' };
    const id = /contacts\/(\d+)/.exec(request.data ?? '')?.[1];
    const known = id !== undefined && ctx.data.contacts.some((c) => c.id === Number(id));
    switch (request.action) {
      case 'android.intent.action.INSERT':
        return [list, editorRoute(ctx, request, undefined)];
      case 'android.intent.action.EDIT':
        return known ? [list, editorRoute(ctx, request, Number(id))] : [list];
      case 'android.intent.action.VIEW':
        return known ? [list, { screen: 'details', params: { id: Number(id) }, activity: DETAILS_ACTIVITY }] : [list];
    }
    if (request.activity.endsWith('ContactEditorActivity')) return [list, editorRoute(ctx, request, undefined)];
    if (resuming) return null;
    ctx.ui.query = '';
    return [list];
  },
  screens: { list: listScreen, details: detailsScreen, editor: editorScreen },
  dialogs: { 'delete-contact': deleteContactDialog, discard: discardDialog },
  onBack(ctx) {
    if (ctx.route.screen === 'editor') {
      leaveEditor(ctx);
      return true;
    }
    if (ctx.route.screen === 'list' && ctx.ui.query) {
      ctx.ui.query = '';
      ctx.blur();
      return true;
    }
    return false;
  },
  publicState: (data) => ({
    contacts: [...data.contacts]
      .sort((a, b) => a.id - b.id)
      .map((c) => ({
        id: c.id,
        name: displayName(c),
        firstName: c.firstName,
        lastName: c.lastName,
        phone: c.phone,
        email: c.email,
        company: c.company,
        starred: c.starred,
      })),
  }),
});
