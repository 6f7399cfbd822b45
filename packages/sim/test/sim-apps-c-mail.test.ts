/**
 * Email (com.moba.mail) through the SimulatedDevice interface: the inbox scrolls and opens a
 * message (read), folders from the drawer, search, reply / compose with contact suggestions
 * and send, a draft kept on BACK and finished later, delete with a confirmation, restore, empty
 * Trash, settings (signature), the mailto intent, and arriving mail (a disturbance) opened from
 * its notification; Chinese.
 */
import { describe, expect, it } from 'vitest';
import type { SimulatedPhone } from '../src/index.ts';
import { useAppPhone } from '../src/testing/app-phone.ts';
import { dump, scrollTo, tapOn } from '../src/testing/device-driver.ts';
import { findNode, parseDump, requireNode } from '../src/testing/ui-dump.ts';

const PKG = 'com.moba.mail';
const KEY = { BACK: 4, ENTER: 66 };

interface MailState {
  id: number;
  folder: string;
  from: { name: string; address: string };
  to: Array<{ name: string; address: string }>;
  cc: Array<{ name: string; address: string }>;
  subject: string;
  body: string;
  read: boolean;
  starred: boolean;
}
interface State {
  account: { name: string; address: string };
  folders: Record<string, { total: number; unread: number }>;
  mails: MailState[];
  settings: { signature: string; confirmDelete: boolean };
}

let phone: SimulatedPhone;
useAppPhone({ seed: 7, freezeClock: true }, (t) => (phone = t.phone));

const state = async (): Promise<State> => (await phone.state(PKG)) as State;
const ids = (xml: string, id: string) => parseDump(xml).filter((n) => n.resourceId === `${PKG}:id/${id}`);

describe('Email', () => {
  it('opens from the launcher, scrolls the inbox, reads a message, stars it, switches folders', async () => {
    await tapOn(phone, { desc: 'Email' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    const before = await state();
    const inbox = before.mails.filter((m) => m.folder === 'inbox').sort((a, b) => b.id - a.id);
    let xml = await dump(phone);
    expect(ids(xml, 'subject')[0]?.text).toBe(inbox[0]?.subject);
    expect(requireNode(xml, { id: 'mail_list' }).attrs.scrollable).toBe('true');
    const oldest = inbox.at(-1)!;
    const row = await scrollTo(phone, { id: 'subject', text: oldest.subject }, 12);
    await phone.tap(row.center.x, row.center.y);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MessageActivity' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'subject_view' }).text).toBe(oldest.subject);
    expect(requireNode(xml, { id: 'from_address' }).text).toBe(oldest.from.address);
    await tapOn(phone, { id: 'star' });
    const after = (await state()).mails.find((m) => m.id === oldest.id)!;
    expect([after.read, after.starred]).toEqual([true, !oldest.starred]);
    await phone.keyevent(KEY.BACK);
    await tapOn(phone, { desc: 'Open navigation drawer' });
    await tapOn(phone, { id: 'folder_sent' });
    xml = await dump(phone);
    expect(requireNode(xml, { text: 'Sent' })).toBeDefined();
    expect(ids(xml, 'mail_item')).toHaveLength(before.folders.sent!.total);
    expect(ids(xml, 'sender').every((n) => n.text.startsWith('To: '))).toBe(true);
    // BACK goes back to the inbox before it leaves the app.
    await phone.keyevent(KEY.BACK);
    expect(ids(await dump(phone), 'subject')[0]?.text).toBe(inbox[0]?.subject);
  });

  it('searches, replies to all, and sends a new mail picked from the suggestions', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const account = (await state()).account;
    await tapOn(phone, { desc: 'Search mail' });
    await phone.text('standup');
    const hit = requireNode(await dump(phone), { id: 'subject', text: 'Standup notes — Monday' });
    await phone.keyevent(KEY.BACK);
    await phone.tap(hit.center.x, hit.center.y);
    await tapOn(phone, { id: 'reply_all' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.ComposeActivity' });
    const xml = await dump(phone);
    expect(requireNode(xml, { id: 'to' }).text).toBe('team@lumenlabs.test');
    expect(requireNode(xml, { id: 'cc' }).text).toBe('alice.wang@example.com, bob.zhang@example.com');
    await phone.text('Thanks, noted.');
    await tapOn(phone, { desc: 'Send' });
    let sent = (await state()).mails.at(-1)!;
    expect(sent).toMatchObject({ folder: 'sent', subject: 'Re: Standup notes — Monday', from: account });
    expect(sent.body.startsWith('Thanks, noted.\n\nOn ')).toBe(true);
    expect(sent.cc.map((p) => p.address)).toEqual(['alice.wang@example.com', 'bob.zhang@example.com']);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MessageActivity' });

    await phone.keyevent(KEY.BACK);
    await phone.keyevent(KEY.BACK);
    await tapOn(phone, { id: 'compose_button' });
    await phone.text('ali');
    await tapOn(phone, { id: 'suggestion' });
    expect(requireNode(await dump(phone), { id: 'to' }).text).toBe('alice.wang@example.com, ');
    await tapOn(phone, { id: 'subject' });
    await phone.text('Book');
    await phone.keyevent(KEY.ENTER);
    await phone.text('I will bring the book tomorrow.');
    await tapOn(phone, { desc: 'Send' });
    sent = (await state()).mails.at(-1)!;
    expect(sent).toMatchObject({
      folder: 'sent',
      to: [{ name: 'Alice Wang', address: 'alice.wang@example.com' }],
      subject: 'Book',
    });
    expect(sent.body).toBe(`I will bring the book tomorrow.\n\n--\n${(await state()).settings.signature}`);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
  });

  it('keeps a draft on BACK, finishes it later; refuses a bad address; discards another', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const drafts = (await state()).folders.drafts!.total;
    await tapOn(phone, { id: 'compose_button' });
    await phone.text('not-an-address');
    await tapOn(phone, { id: 'subject' });
    await phone.text('Plan');
    await tapOn(phone, { desc: 'Send' });
    expect(requireNode(await dump(phone), { id: 'compose_error' }).text).toBe('Not an email address: not-an-address');
    await phone.keyevent(KEY.BACK);
    await phone.keyevent(KEY.BACK);
    expect((await state()).folders.drafts!.total).toBe(drafts + 1);
    await tapOn(phone, { desc: 'Open navigation drawer' });
    await tapOn(phone, { id: 'folder_drafts' });
    await tapOn(phone, { id: 'subject', text: 'Plan' });
    expect(requireNode(await dump(phone), { id: 'to' }).text).toBe('');
    await tapOn(phone, { id: 'to' });
    await phone.text('bob.zhang@example.com');
    await tapOn(phone, { desc: 'Send' });
    const s = await state();
    expect(s.folders.drafts!.total).toBe(drafts);
    expect(s.mails.at(-1)).toMatchObject({
      folder: 'sent',
      subject: 'Plan',
      to: [{ address: 'bob.zhang@example.com' }],
    });

    await tapOn(phone, { id: 'compose_button' });
    await phone.text('someone@x.cn');
    await tapOn(phone, { desc: 'Discard' });
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).folders.drafts!.total).toBe(drafts);
  });

  it('deletes after confirming, restores from Trash, deletes forever and empties Trash', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const first = (await state()).mails.filter((m) => m.folder === 'inbox').sort((a, b) => b.id - a.id)[0]!;
    await tapOn(phone, { id: 'subject', text: first.subject });
    await tapOn(phone, { desc: 'Delete' });
    expect(requireNode(await dump(phone), { id: 'android:id/message' }).text).toBe('Delete this message?');
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await state()).mails.find((m) => m.id === first.id)?.folder).toBe('trash');
    await tapOn(phone, { desc: 'Open navigation drawer' });
    await tapOn(phone, { id: 'folder_trash' });
    const row = requireNode(await dump(phone), { id: 'subject', text: first.subject });
    await phone.swipe(row.center.x, row.center.y, row.center.x, row.center.y, 700);
    await tapOn(phone, { id: 'menu_restore' });
    expect((await state()).mails.find((m) => m.id === first.id)?.folder).toBe('inbox');
    await tapOn(phone, { id: 'empty_trash' });
    await tapOn(phone, { id: 'android:id/button1' });
    const s = await state();
    expect(s.folders.trash!.total).toBe(0);
    expect(s.mails.some((m) => m.id === first.id)).toBe(true);
    expect(requireNode(await dump(phone), { text: 'No messages' })).toBeDefined();
  });

  it('edits the signature and turns off the delete confirmation in settings', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await tapOn(phone, { desc: 'Open navigation drawer' });
    await tapOn(phone, { id: 'drawer_settings' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.SettingsActivity' });
    await tapOn(phone, { id: 'signature' });
    await tapOn(phone, { id: 'signature_text' });
    for (let i = 0; i < 40; i++) await phone.keyevent(67);
    await phone.text('Best, Li');
    await tapOn(phone, { id: 'android:id/button1' });
    await tapOn(phone, { id: 'confirm_delete' });
    const s = (await state()).settings;
    expect([s.signature, s.confirmDelete]).toEqual(['Best, Li', false]);
  });

  it('opens the composer from a mailto intent and receives mail, opened from its notification', async () => {
    await phone.startActivity({
      action: 'android.intent.action.SENDTO',
      data: 'mailto:emma.liu@example.com?subject=Photos&body=Send%20me%20the%20rest',
    });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.ComposeActivity' });
    let xml = await dump(phone);
    expect([requireNode(xml, { id: 'to' }).text, requireNode(xml, { id: 'subject' }).text]).toEqual([
      'emma.liu@example.com',
      'Photos',
    ]);
    await phone.keyevent(KEY.BACK);
    await phone.keyevent(3);
    await phone.disturb({
      kind: 'notification',
      app: PKG,
      mail: {
        from: 'hr@lumenlabs.test',
        name: 'HR Team',
        subject: 'Badge ready',
        body: 'Pick up your badge at the front desk.',
      },
    });
    xml = await phone.dumpUi({ compressed: false, allWindows: true });
    const banner = requireNode(xml, { id: 'android:id/text', pkg: 'com.android.systemui' });
    expect(banner.text).toBe('Badge ready');
    await phone.tap(banner.center.x, banner.center.y);
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MessageActivity' });
    expect(requireNode(await dump(phone), { id: 'body_view' }).text).toBe('Pick up your badge at the front desk.');
    const got = (await state()).mails.at(-1)!;
    expect(got).toMatchObject({ folder: 'inbox', subject: 'Badge ready', read: true, from: { name: 'HR Team' } });
  });

  it('speaks Chinese', async () => {
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    const xml = await dump(phone);
    expect(requireNode(xml, { text: '收件箱' })).toBeDefined();
    expect(requireNode(xml, { id: 'compose_button' }).contentDesc).toBe('写邮件');
    expect(findNode(xml, { text: 'Inbox' })).toBeUndefined();
  });
});
