/** The contact editor (ContactEditorActivity): name, company, phone, email; save or discard. */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Button, Dialog, EditText, Icon, ScrollList, Toolbar } from '../../phone/page/widgets.ts';
import { Avatar } from './avatar.ts';
import { displayName, saveContact } from './model.ts';
import type { ContactDraft, ContactsCtx } from './model.ts';
import { DETAILS_ACTIVITY } from './list.ts';

type Field = 'firstName' | 'lastName' | 'company' | 'phone' | 'email';

function isDirty(ctx: ContactsCtx): boolean {
  const draft = ctx.ui.draft;
  const original = ctx.route.params?.original as ContactDraft | undefined;
  if (!draft || !original) return false;
  return (['firstName', 'lastName', 'company', 'phone', 'email'] as const).some(
    (k) => draft[k].trim() !== original[k].trim(),
  );
}

function save(ctx: ContactsCtx): void {
  const draft = ctx.ui.draft;
  if (!draft) return;
  const contact = saveContact(ctx.data, draft);
  ctx.ui.draft = null;
  if (!contact) {
    ctx.back();
    return;
  }
  ctx.toast(ctx.t('Contact saved'));
  const returnTo = ctx.route.params?.returnTo;
  if (draft.id === null) ctx.navigate('details', { id: contact.id }, { activity: DETAILS_ACTIVITY, replace: true });
  else ctx.back();
  // An editor another app opened (Messages' "Add contact") goes back to that app when done,
  // like an activity started for a result.
  if (typeof returnTo === 'string' && returnTo !== ctx.pkg) ctx.launchApp(returnTo);
}

/** Close / BACK: leaves at once when nothing changed, else asks first. */
export function leaveEditor(ctx: ContactsCtx): void {
  if (isDirty(ctx)) ctx.openDialog('discard');
  else {
    ctx.ui.draft = null;
    ctx.back();
  }
}

export function editorScreen(ctx: ContactsCtx): VNode {
  const draft = ctx.ui.draft;
  if (!draft) return h('View', { class: 'fill' });
  const field = (key: Field, id: string, hint: string, icon: string | null, inputType?: 'phone'): VNode =>
    h(
      'LinearLayout',
      { key, orientation: 'horizontal', class: `editor-row ${icon ? '' : 'indent'}` },
      icon ? h('View', { class: 'editor-icon', ax: 'skip' }, Icon(icon, { size: 22 })) : null,
      EditText(ctx, {
        field: id,
        id,
        value: draft[key],
        hint,
        inputType,
        class: 'grow',
        onChange: (v) => (draft[key] = v),
        onSubmit: () => ctx.blur(),
      }),
    );
  const name = displayName(draft);
  return h(
    'LinearLayout',
    { class: 'fill contacts-app' },
    Toolbar(ctx, {
      nav: 'close',
      navDesc: ctx.t('Cancel'),
      onNav: () => leaveEditor(ctx),
      title: draft.id === null ? ctx.t('Create contact') : ctx.t('Edit contact'),
      actions: [
        Button({ id: 'editor_menu_save_button', text: ctx.t('Save'), onTap: () => save(ctx), class: 'save-btn' }),
      ],
    }),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'editor_scroll', kind: 'scroll' },
        h('FrameLayout', { key: 'hero', class: 'editor-hero' }, Avatar(name || draft.phone || '', 96)),
        h(
          'LinearLayout',
          { key: 'rows', class: 'editor-rows' },
          field('firstName', 'first_name', ctx.t('First name'), 'person'),
          field('lastName', 'last_name', ctx.t('Last name'), null),
          field('company', 'company', ctx.t('Company'), 'business'),
          field('phone', 'phone', ctx.t('Phone'), 'phone', 'phone'),
          field('email', 'email', ctx.t('Email'), 'email'),
        ),
      ),
    ),
  );
}

export function discardDialog(ctx: ContactsCtx, _dialog: DialogState): VNode {
  return Dialog({
    message: ctx.t('Discard changes?'),
    negative: { text: ctx.t('Keep editing'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Discard'),
      onTap: () => {
        ctx.closeDialog();
        ctx.ui.draft = null;
        ctx.back();
      },
    },
  });
}
