import { describe, expect, it } from 'vitest';
import { hashString, mulberry32 } from '../../phone/page/rng.ts';
import {
  deleteMail,
  draftFor,
  keepDraft,
  mailsIn,
  parseMailto,
  parseRecipients,
  restoreMail,
  searchMails,
  sendDraft,
  unreadCount,
} from './model.ts';
import type { MailDraft } from './model.ts';
import { initialMailData } from './seed-mails.ts';

const now = new Date(2025, 5, 2, 9, 0, 12).getTime();
const seeded = (seed: number, at = now) =>
  initialMailData({ seed, rng: mulberry32(seed ^ hashString('com.moba.mail')), now: at });
const book = [
  { name: 'Alice Wang', address: 'alice.wang@example.com' },
  { name: 'Bob Zhang', address: 'bob.zhang@example.com' },
];
const draft = (fields: Partial<MailDraft>): MailDraft => ({
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
});

describe('mail model', () => {
  it('seeds a mailbox per seed: an inbox of about twenty, five unread, the other folders', () => {
    const a = seeded(3);
    expect(seeded(3, now + 30_000)).toEqual(a);
    expect(seeded(4)).not.toEqual(a);
    const inbox = mailsIn(a, 'inbox');
    expect(inbox.length).toBeGreaterThanOrEqual(18);
    expect(unreadCount(a, 'inbox')).toBe(5);
    expect(inbox.every((m, i) => i === 0 || m.at <= inbox[i - 1]!.at)).toBe(true);
    expect(inbox.every((m) => m.at < now)).toBe(true);
    for (const f of ['sent', 'drafts', 'archive', 'spam', 'trash'] as const)
      expect(mailsIn(a, f).length).toBeGreaterThan(0);
    expect(a.nextId).toBe(a.mails.length + 1);
  });

  it('searches across folders but Trash, by every word', () => {
    const data = seeded(1);
    const hits = searchMails(data, 'slides friday');
    expect(hits.every((m) => /slides/i.test(`${m.subject} ${m.body}`) && m.folder !== 'trash')).toBe(true);
    expect(searchMails(data, 'This week in tech').some((m) => m.folder === 'trash')).toBe(false);
    expect(searchMails(data, '   ')).toEqual([]);
  });

  it('reads recipients: addresses, Name <address>, known names; refuses the rest', () => {
    expect(parseRecipients('alice.wang@example.com; Bob Zhang, "x" <x@y.cn>', book)).toEqual([
      { name: 'Alice Wang', address: 'alice.wang@example.com' },
      { name: 'Bob Zhang', address: 'bob.zhang@example.com' },
      { name: '"x"', address: 'x@y.cn' },
    ]);
    expect(parseRecipients('Alice Wang, nobody', book)).toEqual({ bad: 'nobody' });
  });

  it('sends (with the signature), keeps drafts, refuses a mail without recipients', () => {
    const data = seeded(2);
    expect(sendDraft(data, draft({ subject: 'x' }), now, book)).toEqual({ error: 'Add at least one recipient' });
    expect(sendDraft(data, draft({ to: 'bob@', subject: 'x' }), now, book)).toEqual({
      error: 'Not an email address: {text}',
      text: 'bob@',
    });
    const d = draft({ to: 'Alice Wang', subject: 'Notes', body: 'See attached.\n' });
    expect(keepDraft(data, d, now, book)).toBe(true);
    const savedId = d.id!;
    expect(data.mails.find((m) => m.id === savedId)?.folder).toBe('drafts');
    const sent = sendDraft(data, d, now + 1, book);
    expect(sent).toMatchObject({ folder: 'sent', to: [book[0]], subject: 'Notes' });
    expect('body' in sent && sent.body).toBe(`See attached.\n\n--\n${data.settings.signature}`);
    expect(data.mails.some((m) => m.id === savedId)).toBe(false);
    expect(keepDraft(data, draft({}), now, book)).toBe(false);
  });

  it('answers: reply quotes, reply all copies the others, forward keeps attachments', () => {
    const data = seeded(5);
    const original = {
      ...data.mails[0]!,
      to: [data.account, book[1]!],
      cc: [{ name: 'Carol', address: 'carol@x.cn' }],
      attachments: [{ name: 'a.pdf', size: 10 }],
    };
    const reply = draftFor(data, original, 'reply', 'Jun 1');
    expect(reply.to).toBe(original.from.address);
    expect(reply.subject).toBe(`Re: ${original.subject}`);
    expect(reply.body).toContain(`On Jun 1, ${original.from.name} wrote:\n> `);
    expect(draftFor(data, original, 'reply-all', 'Jun 1').cc).toBe('bob.zhang@example.com, carol@x.cn');
    const fwd = draftFor(data, original, 'forward', 'Jun 1');
    expect([fwd.to, fwd.subject, fwd.attachments]).toEqual([
      '',
      `Fwd: ${original.subject}`,
      [{ name: 'a.pdf', size: 10 }],
    ]);
  });

  it('deletes to Trash, restores to where it was, deletes forever from Trash', () => {
    const data = seeded(6);
    const mail = mailsIn(data, 'archive')[0]!;
    expect(deleteMail(data, mail.id)).toBe('trashed');
    expect([mail.folder, mail.trashedFrom]).toEqual(['trash', 'archive']);
    restoreMail(mail);
    expect([mail.folder, mail.trashedFrom]).toEqual(['archive', null]);
    deleteMail(data, mail.id);
    expect(deleteMail(data, mail.id)).toBe('deleted');
    expect(data.mails.some((m) => m.id === mail.id)).toBe(false);
  });

  it('reads mailto links', () => {
    expect(parseMailto('mailto:a+b@x.cn?subject=Hello%20there&body=Line+one&cc=c@x.cn')).toEqual({
      to: 'a+b@x.cn',
      cc: 'c@x.cn',
      subject: 'Hello there',
      body: 'Line one',
    });
    expect(parseMailto('https://x')).toBeNull();
  });
});
