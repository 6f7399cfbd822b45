/**
 * Email's state: one account's messages in folders (plain JSON), its settings, the composer's
 * draft; pure helpers for listing, searching, moving, sending. Seed data is in seed-mails.ts.
 */
import type { AppContext } from '../../phone/page/types.ts';

export const FOLDERS = ['inbox', 'sent', 'drafts', 'archive', 'spam', 'trash'] as const;
export type Folder = (typeof FOLDERS)[number];
/** What the list shows: a folder, or the starred messages of every folder but Trash and Spam. */
export type View = Folder | 'starred';

export interface Person {
  name: string;
  address: string;
}

export interface Attachment {
  name: string;
  /** Bytes. */
  size: number;
}

export interface Mail {
  id: number;
  folder: Folder;
  from: Person;
  to: Person[];
  cc: Person[];
  subject: string;
  body: string;
  /** Device time sent or received (epoch ms). */
  at: number;
  read: boolean;
  starred: boolean;
  attachments: Attachment[];
  /** Where a message in Trash came from (Restore puts it back); null elsewhere. */
  trashedFrom: Folder | null;
}

export interface MailSettings {
  signature: string;
  signatureOn: boolean;
  confirmDelete: boolean;
  notifications: boolean;
  defaultReply: 'reply' | 'reply-all';
}

export interface MailData {
  account: Person;
  mails: Mail[];
  nextId: number;
  settings: MailSettings;
}

export interface MailDraft {
  /** The saved draft this edits (a message in Drafts), or null. */
  id: number | null;
  to: string;
  cc: string;
  subject: string;
  body: string;
  mode: 'new' | 'reply' | 'reply-all' | 'forward';
  /** The message replied to or forwarded. */
  of: number | null;
  attachments: Attachment[];
  error: string;
}

export interface MailUi {
  view: View;
  query: string;
  draft: MailDraft | null;
}

export type MailCtx = AppContext<MailData, MailUi>;

export const VIEWS: readonly View[] = ['inbox', 'starred', 'sent', 'drafts', 'archive', 'spam', 'trash'];

/** Newest first. */
export function sortMails(mails: readonly Mail[]): Mail[] {
  return [...mails].sort((a, b) => b.at - a.at || b.id - a.id);
}

export function mailsIn(data: MailData, view: View): Mail[] {
  const list =
    view === 'starred'
      ? data.mails.filter((m) => m.starred && m.folder !== 'trash' && m.folder !== 'spam')
      : data.mails.filter((m) => m.folder === view);
  return sortMails(list);
}

export function unreadCount(data: MailData, view: View): number {
  return mailsIn(data, view).filter((m) => !m.read).length;
}

/** Messages (not in Trash) whose sender, recipients, subject or body has every word of the query. */
export function searchMails(data: MailData, query: string): Mail[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  return sortMails(
    data.mails.filter((m) => {
      if (m.folder === 'trash') return false;
      const people = [m.from, ...m.to, ...m.cc].map((p) => `${p.name} ${p.address}`).join(' ');
      const hay = `${people} ${m.subject} ${m.body} ${m.attachments.map((a) => a.name).join(' ')}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    }),
  );
}

export function snippet(body: string): string {
  return body.replace(/\s+/g, ' ').trim().slice(0, 140);
}

const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

/**
 * The recipients of a To/Cc field: addresses separated by commas or semicolons, each either
 * `name@host` or `Name <name@host>`; a bare name is looked up in `book` (contacts with email).
 * @returns the people, or the text that is not an address
 */
export function parseRecipients(text: string, book: readonly Person[]): Person[] | { bad: string } {
  const out: Person[] = [];
  for (const raw of text.split(/[,;]/)) {
    const part = raw.trim();
    if (!part) continue;
    const angled = /^(.*)<([^>]+)>$/.exec(part);
    const address = (angled ? angled[2] : part)?.trim() ?? '';
    if (EMAIL.test(address)) {
      const known = book.find((p) => p.address.toLowerCase() === address.toLowerCase());
      out.push({ name: angled?.[1]?.trim() || known?.name || '', address });
      continue;
    }
    const byName = book.find((p) => p.name.toLowerCase() === part.toLowerCase());
    if (!byName) return { bad: part };
    out.push(byName);
  }
  return out;
}

export function formatRecipients(people: readonly Person[]): string {
  return people.map((p) => p.address).join(', ');
}

export function moveMail(mail: Mail, to: Folder): void {
  if (to === 'trash' && mail.folder !== 'trash') mail.trashedFrom = mail.folder;
  if (to !== 'trash') mail.trashedFrom = null;
  mail.folder = to;
}

/** Delete: to Trash; from Trash, gone for good. */
export function deleteMail(data: MailData, id: number): 'trashed' | 'deleted' {
  const mail = data.mails.find((m) => m.id === id);
  if (!mail) return 'deleted';
  if (mail.folder === 'trash') {
    data.mails = data.mails.filter((m) => m.id !== id);
    return 'deleted';
  }
  moveMail(mail, 'trash');
  return 'trashed';
}

export function restoreMail(mail: Mail): void {
  moveMail(mail, mail.trashedFrom ?? 'inbox');
}

function quoteOf(original: Mail, at: string): string {
  const lines = original.body.split('\n').map((l) => `> ${l}`);
  return `\n\nOn ${at}, ${original.from.name || original.from.address} wrote:\n${lines.join('\n')}`;
}

/** A draft answering or forwarding `original` (the quote's date text is given by the caller). */
export function draftFor(data: MailData, original: Mail, mode: MailDraft['mode'], when: string): MailDraft {
  const me = data.account.address.toLowerCase();
  const others = (people: readonly Person[]) => people.filter((p) => p.address.toLowerCase() !== me);
  const prefix = mode === 'forward' ? 'Fwd: ' : 'Re: ';
  const subject = original.subject.startsWith(prefix) ? original.subject : `${prefix}${original.subject}`;
  const replyTo = original.folder === 'sent' ? original.to : [original.from];
  const to = mode === 'forward' ? [] : replyTo;
  const cc = mode === 'reply-all' ? others([...original.to, ...original.cc]).filter((p) => !to.includes(p)) : [];
  const body =
    mode === 'forward'
      ? `\n\n---------- Forwarded message ---------\nFrom: ${original.from.name} <${original.from.address}>\nSubject: ${original.subject}\n\n${original.body}`
      : quoteOf(original, when);
  return {
    id: null,
    to: formatRecipients(to),
    cc: formatRecipients(cc),
    subject,
    body,
    mode,
    of: original.id,
    attachments: mode === 'forward' ? original.attachments.map((a) => ({ ...a })) : [],
    error: '',
  };
}

function isEmpty(draft: MailDraft): boolean {
  return !draft.to.trim() && !draft.cc.trim() && !draft.subject.trim() && !draft.body.trim();
}

/** Keeps an unsent draft in Drafts (new or updated). @returns whether anything was kept */
export function keepDraft(data: MailData, draft: MailDraft, now: number, book: readonly Person[]): boolean {
  if (isEmpty(draft)) {
    if (draft.id !== null) data.mails = data.mails.filter((m) => m.id !== draft.id);
    return false;
  }
  const to = parseRecipients(draft.to, book);
  const cc = parseRecipients(draft.cc, book);
  const fields = {
    to: 'bad' in to ? [] : to,
    cc: 'bad' in cc ? [] : cc,
    subject: draft.subject,
    body: draft.body,
    at: now,
    attachments: draft.attachments.map((a) => ({ ...a })),
  };
  const saved = draft.id === null ? undefined : data.mails.find((m) => m.id === draft.id);
  if (saved) Object.assign(saved, fields);
  else {
    const mail: Mail = {
      id: data.nextId++,
      folder: 'drafts',
      from: { ...data.account },
      read: true,
      starred: false,
      trashedFrom: null,
      ...fields,
    };
    data.mails.push(mail);
    draft.id = mail.id;
  }
  return true;
}

/**
 * Sends a draft: a message in Sent (a saved draft leaves Drafts).
 * @returns the sent message, or the error text key (no recipient, a bad address)
 */
export function sendDraft(
  data: MailData,
  draft: MailDraft,
  now: number,
  book: readonly Person[],
): Mail | { error: string; text?: string } {
  const to = parseRecipients(draft.to, book);
  if ('bad' in to) return { error: 'Not an email address: {text}', text: to.bad };
  const cc = parseRecipients(draft.cc, book);
  if ('bad' in cc) return { error: 'Not an email address: {text}', text: cc.bad };
  if (to.length === 0 && cc.length === 0) return { error: 'Add at least one recipient' };
  if (draft.id !== null) data.mails = data.mails.filter((m) => m.id !== draft.id);
  const sig =
    data.settings.signatureOn && data.settings.signature.trim() ? `\n\n--\n${data.settings.signature.trim()}` : '';
  const mail: Mail = {
    id: data.nextId++,
    folder: 'sent',
    from: { ...data.account },
    to,
    cc,
    subject: draft.subject.trim(),
    body: draft.body.replace(/\s+$/, '') + sig,
    at: now,
    read: true,
    starred: false,
    attachments: draft.attachments.map((a) => ({ ...a })),
    trashedFrom: null,
  };
  data.mails.push(mail);
  return mail;
}

export function sizeText(bytes: number): string {
  if (bytes >= 1_048_576) return `${(bytes / 1_048_576).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** `mailto:a@b.c?subject=…&body=…&cc=…` → the draft's fields. */
export function parseMailto(uri: string): { to: string; cc: string; subject: string; body: string } | null {
  const m = /^mailto:([^?]*)(?:\?(.*))?$/i.exec(uri.trim());
  if (!m) return null;
  // In the query a "+" is a form-encoded space; in the address it is part of it (a+tag@host).
  const decode = (s: string, plusIsSpace = true): string => {
    try {
      return decodeURIComponent(plusIsSpace ? s.replace(/\+/g, ' ') : s);
    } catch {
      return s;
    }
  };
  const query = new Map<string, string>();
  for (const pair of (m[2] ?? '').split('&')) {
    const [k, v] = pair.split('=');
    if (k) query.set(k.toLowerCase(), decode(v ?? ''));
  }
  return {
    to: decode(m[1] ?? '', false),
    cc: query.get('cc') ?? '',
    subject: query.get('subject') ?? '',
    body: query.get('body') ?? '',
  };
}
