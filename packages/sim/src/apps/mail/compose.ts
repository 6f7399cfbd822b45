/**
 * Email's composer (.ComposeActivity): To and Cc with suggestions from Contacts, subject, body,
 * attachments (kept when forwarding); Send, or leave it as a draft (BACK, the close button);
 * Discard after a confirmation.
 */
import { formatDateMedium } from '../../phone/page/i18n.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Dialog, EditText, IconButton, ScrollList, Toolbar } from '../../phone/page/widgets.ts';
import { Avatar } from '../contacts/avatar.ts';
import type { ContactsData } from '../contacts/model.ts';
import { CONTACTS_PACKAGE, displayName } from '../contacts/model.ts';
import { draftFor, keepDraft, sendDraft, sizeText } from './model.ts';
import type { Mail, MailCtx, MailDraft, Person } from './model.ts';

const COMPOSE = '.ComposeActivity';

/** People one can write to: contacts with an email, then everyone in the mailbox. */
export function addressBook(ctx: MailCtx): Person[] {
  const contacts = (ctx.providerData(CONTACTS_PACKAGE) as ContactsData | undefined)?.contacts ?? [];
  const out: Person[] = contacts.filter((c) => c.email).map((c) => ({ name: displayName(c), address: c.email }));
  for (const m of ctx.data.mails)
    for (const p of [m.from, ...m.to, ...m.cc])
      if (
        p.address !== ctx.data.account.address &&
        !out.some((o) => o.address.toLowerCase() === p.address.toLowerCase())
      )
        out.push({ ...p });
  return out;
}

export function newDraft(fields: Partial<MailDraft> = {}): MailDraft {
  return {
    id: null,
    to: '',
    cc: '',
    subject: '',
    body: '',
    mode: 'new',
    of: null,
    attachments: [],
    error: '',
    ...fields,
  };
}

export function openCompose(ctx: MailCtx, fields: Partial<MailDraft> = {}): void {
  ctx.ui.draft = newDraft(fields);
  ctx.navigate('compose', undefined, { activity: COMPOSE });
  ctx.focus(fields.to ? 'body' : 'to');
}

export function openDraft(ctx: MailCtx, mail: Mail): void {
  ctx.ui.draft = newDraft({
    id: mail.id,
    to: mail.to.map((p) => p.address).join(', '),
    cc: mail.cc.map((p) => p.address).join(', '),
    subject: mail.subject,
    body: mail.body,
    attachments: mail.attachments.map((a) => ({ ...a })),
  });
  ctx.navigate('compose', undefined, { activity: COMPOSE });
}

export function openReply(ctx: MailCtx, mail: Mail, mode: 'reply' | 'reply-all' | 'forward'): void {
  ctx.ui.draft = draftFor(ctx.data, mail, mode, formatDateMedium(new Date(mail.at), ctx.locale));
  ctx.navigate('compose', undefined, { activity: COMPOSE });
  // A reply is written above the quote.
  if (mode === 'forward') ctx.focus('to');
  else ctx.focus('body', 'start');
}

/** Leaving the composer without sending keeps what was written in Drafts. */
export function leaveCompose(ctx: MailCtx): void {
  const draft = ctx.ui.draft;
  if (draft && keepDraft(ctx.data, draft, ctx.now(), addressBook(ctx))) ctx.toast(ctx.t('Draft saved'));
  ctx.ui.draft = null;
}

function send(ctx: MailCtx): void {
  const draft = ctx.ui.draft;
  if (!draft) return;
  const sent = sendDraft(ctx.data, draft, ctx.now(), addressBook(ctx));
  if ('error' in sent) {
    draft.error = ctx.t(sent.error, { text: sent.text ?? '' });
    return;
  }
  ctx.ui.draft = null;
  ctx.back();
  ctx.toast(ctx.t('Message sent'));
}

/** Contacts matching the last, unfinished address of the focused To/Cc field. */
function suggestions(ctx: MailCtx, draft: MailDraft): VNode[] {
  const field = ctx.isFocused('to') ? 'to' : ctx.isFocused('cc') ? 'cc' : null;
  if (!field) return [];
  const parts = draft[field].split(/[,;]/);
  const last = (parts[parts.length - 1] ?? '').trim().toLowerCase();
  if (last.length < 1 || last.includes('@')) return [];
  const hits = addressBook(ctx)
    .filter((p) => p.name.toLowerCase().includes(last) || p.address.toLowerCase().startsWith(last))
    .slice(0, 4);
  return hits.map((p) =>
    h(
      'LinearLayout',
      {
        key: `s${p.address}`,
        id: 'suggestion',
        orientation: 'horizontal',
        class: 'suggest',
        desc: `${p.name} ${p.address}`,
        onTap: () => {
          parts[parts.length - 1] = ` ${p.address}`;
          draft[field] = `${parts.join(',').trim()}, `;
          draft.error = '';
          ctx.focus(field);
        },
      },
      Avatar(p.name, 32),
      h(
        'LinearLayout',
        { class: 'grow' },
        h('TextView', { class: 'msg-from' }, p.name),
        h('TextView', { class: 'msg-meta' }, p.address),
      ),
    ),
  );
}

function field(ctx: MailCtx, draft: MailDraft, name: 'to' | 'cc' | 'subject', label: string): VNode {
  return h(
    'LinearLayout',
    { key: name, orientation: 'horizontal', class: 'field-row' },
    h('TextView', { class: 'field-label' }, label),
    EditText(ctx, {
      field: name,
      id: name,
      value: draft[name],
      look: 'plain',
      onChange: (v) => ((draft[name] = v), (draft.error = '')),
      onSubmit: () => ctx.focus(name === 'to' ? 'cc' : name === 'cc' ? 'subject' : 'body'),
    }),
  );
}

export function composeScreen(ctx: MailCtx): VNode {
  const draft = ctx.ui.draft;
  if (!draft) return h('View', { class: 'fill' });
  const title =
    draft.mode === 'forward'
      ? 'Forward'
      : draft.mode === 'new'
        ? 'Compose'
        : draft.mode === 'reply'
          ? 'Reply'
          : 'Reply all';
  return h(
    'LinearLayout',
    { class: 'fill mail-app' },
    Toolbar(ctx, {
      nav: 'close',
      onNav: () => (leaveCompose(ctx), ctx.back()),
      title: ctx.t(title),
      actions: [
        IconButton({ id: 'discard', icon: 'delete', desc: ctx.t('Discard'), onTap: () => ctx.openDialog('discard') }),
        IconButton({ id: 'send', icon: 'send', desc: ctx.t('Send'), onTap: () => send(ctx) }),
      ],
    }),
    h(
      'FrameLayout',
      { class: 'grow body' },
      ScrollList(
        { id: 'compose_scroll', kind: 'scroll', padBottom: false },
        h(
          'LinearLayout',
          { key: 'from', orientation: 'horizontal', class: 'field-row' },
          h('TextView', { class: 'field-label' }, ctx.t('From')),
          h('TextView', { id: 'from_account' }, ctx.data.account.address),
        ),
        field(ctx, draft, 'to', ctx.t('To')),
        field(ctx, draft, 'cc', ctx.t('Cc')),
        suggestions(ctx, draft),
        field(ctx, draft, 'subject', ctx.t('Subject')),
        draft.error ? h('TextView', { key: 'err', id: 'compose_error', class: 'compose-error' }, draft.error) : null,
        draft.attachments.map((a, i) =>
          h(
            'LinearLayout',
            { key: `a${i}`, orientation: 'horizontal', class: 'att-chip', id: 'attachment' },
            h('TextView', { id: 'attachment_name' }, `${a.name} (${sizeText(a.size)})`),
            IconButton({
              id: 'remove_attachment',
              icon: 'close',
              desc: ctx.t('Remove {name}', { name: a.name }),
              onTap: () => draft.attachments.splice(i, 1),
            }),
          ),
        ),
        EditText(ctx, {
          field: 'body',
          id: 'body',
          value: draft.body,
          hint: ctx.t('Compose email'),
          look: 'plain',
          multiline: true,
          class: 'compose-body',
          onChange: (v) => (draft.body = v),
        }),
      ),
    ),
  );
}

export function discardDialog(ctx: MailCtx, _dialog: DialogState): VNode {
  return Dialog({
    message: ctx.t('Discard draft?'),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: {
      text: ctx.t('Discard'),
      onTap: () => {
        const id = ctx.ui.draft?.id;
        if (id !== null && id !== undefined) ctx.data.mails = ctx.data.mails.filter((m) => m.id !== id);
        ctx.ui.draft = null;
        ctx.closeDialog();
        ctx.back();
        ctx.toast(ctx.t('Draft discarded'));
      },
    },
  });
}
