/**
 * Messages (com.android.messaging) and Contacts (com.android.contacts) through the
 * SimulatedDevice interface: reading and replying, starting a conversation from a contact
 * or a number, the SENDTO intent, adding a sender as a contact, the contact list with
 * search, details, favourites, editing, creating (editor and INSERT intent), deleting,
 * Chinese, and reset.
 */
import { describe, expect, it } from 'vitest';
import type { SimulatedPhone } from '../src/index.ts';
import { useAppPhone } from '../src/testing/app-phone.ts';
import { dump, scrollTo, tapOn } from '../src/testing/device-driver.ts';
import {
  closeTo,
  decodePng,
  findNode,
  fractionOfColor,
  hexRgb,
  parseDump,
  pixel,
  requireNode,
} from '../src/testing/ui-dump.ts';

const MESSAGING = 'com.android.messaging';
const CONTACTS = 'com.android.contacts';
const KEY = { BACK: 4, DEL: 67 };

interface MessageState {
  from: string;
  to: string;
  text: string;
  at: number;
  type: 'sent' | 'received';
}
interface ConversationState {
  id: number;
  address: string;
  name: string;
  unread: boolean;
  messages: MessageState[];
}
interface ContactState {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  company: string;
  starred: boolean;
}

let phone: SimulatedPhone;
useAppPhone({ seed: 11 }, (t) => (phone = t.phone));

async function conversations(): Promise<ConversationState[]> {
  return ((await phone.state(MESSAGING)) as { conversations: ConversationState[] }).conversations;
}

async function contacts(): Promise<ContactState[]> {
  return ((await phone.state(CONTACTS)) as { contacts: ContactState[] }).contacts;
}

const digits = (s: string): string => s.replace(/\D/g, '');

describe('Messages', () => {
  it('reads an unread conversation and replies; the sent message is in state and drawn as a bubble', async () => {
    const alice = (await contacts()).find((c) => c.name === 'Alice Wang')!;
    await tapOn(phone, { desc: 'Messages' });
    expect(await phone.focus()).toEqual({ packageName: MESSAGING, activity: '.ui.ConversationListActivity' });
    let xml = await dump(phone);
    const names = parseDump(xml)
      .filter((n) => n.resourceId === `${MESSAGING}:id/conversation_name`)
      .map((n) => n.text);
    expect(names[0]).toBe('Alice Wang');
    expect(requireNode(xml, { id: 'unread_indicator' }).contentDesc).toBe('Unread');
    expect(requireNode(xml, { id: 'conversation_snippet' }).text).toBe('Could you bring the book you mentioned?');

    await tapOn(phone, { text: 'Alice Wang' });
    expect(await phone.focus()).toEqual({ packageName: MESSAGING, activity: '.ui.conversation.ConversationActivity' });
    expect((await conversations()).find((c) => c.name === 'Alice Wang')?.unread).toBe(false);
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'send_message_button' }).attrs.enabled).toBe('false');
    expect(requireNode(xml, { text: alice.phone })).toBeDefined();
    await tapOn(phone, { id: 'compose_message_text' });
    await phone.text('Sure, I will bring it!');
    expect(requireNode(await dump(phone), { id: 'send_message_button' }).attrs.enabled).toBe('true');
    await tapOn(phone, { desc: 'Send SMS' });

    const thread = (await conversations()).find((c) => c.name === 'Alice Wang')!;
    expect(digits(thread.address)).toBe(digits(alice.phone));
    expect(thread.messages.at(-1)).toMatchObject({
      from: 'me',
      to: thread.address,
      text: 'Sure, I will bring it!',
      type: 'sent',
    });
    expect(Math.abs(thread.messages.at(-1)!.at - phone.now())).toBeLessThan(60_000);
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'compose_message_text' }).text).toBe('Text message');
    const bubbles = parseDump(xml).filter((n) => n.resourceId === `${MESSAGING}:id/message_content`);
    const last = bubbles.at(-1)!;
    expect(
      parseDump(xml)
        .filter((n) => n.resourceId === `${MESSAGING}:id/message_text`)
        .at(-1)?.text,
    ).toBe('Sure, I will bring it!');
    const image = await decodePng(await phone.screencap());
    expect(fractionOfColor(image, last.bounds, hexRgb('#1a64d6'))).toBeGreaterThan(0.6);
    expect(closeTo(pixel(image, last.bounds.left - 8, last.center.y), hexRgb('#1a64d6'))).toBe(false);
    expect(last.bounds.right).toBeGreaterThan(1000);
    const received = bubbles[0]!;
    expect(received.bounds.left).toBeLessThan(80);
  });

  it('starts a conversation by typing part of a name in the To field', async () => {
    const emma = (await contacts()).find((c) => c.name === 'Emma Liu')!;
    await phone.startActivity({ component: `${MESSAGING}/.ui.ConversationListActivity` });
    await tapOn(phone, { desc: 'Start chat' });
    expect(requireNode(await dump(phone), { id: 'recipient_text_view' }).attrs.focused).toBe('true');
    await phone.text('emm');
    const xml = await dump(phone);
    expect(
      parseDump(xml)
        .filter((n) => n.resourceId === `${MESSAGING}:id/contact_name`)
        .map((n) => n.text),
    ).toEqual(['Emma Liu']);
    expect(requireNode(xml, { id: 'contact_details' }).text).toBe(emma.phone);
    await tapOn(phone, { text: 'Emma Liu' });
    await tapOn(phone, { id: 'compose_message_text' });
    await phone.text('Dinner on Friday?');
    await phone.keyevent(66);
    const created = (await conversations()).at(-1)!;
    expect(created).toMatchObject({
      name: 'Emma Liu',
      unread: false,
      messages: [{ from: 'me', text: 'Dinner on Friday?', type: 'sent' }],
    });
    expect(digits(created.address)).toBe(digits(emma.phone));
    await phone.keyevent(KEY.BACK);
    await phone.keyevent(KEY.BACK);
    // The picker was replaced by the conversation: BACK leads to the list, which shows it first.
    expect(await phone.focus()).toEqual({ packageName: MESSAGING, activity: '.ui.ConversationListActivity' });
    expect(requireNode(await dump(phone), { id: 'conversation_name' }).text).toBe('Emma Liu');
  });

  it('texts a number from a SENDTO intent with a body, then adds the number as a contact', async () => {
    const before = await conversations();
    await phone.startActivity({
      action: 'android.intent.action.SENDTO',
      data: 'sms:10010',
      extras: { sms_body: 'Balance?' },
    });
    expect(await phone.focus()).toEqual({ packageName: MESSAGING, activity: '.ui.conversation.ConversationActivity' });
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'compose_message_text' }).text).toBe('Balance?');
    await tapOn(phone, { desc: 'Send SMS' });
    const after = await conversations();
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      address: '10010',
      name: '',
      messages: [{ from: 'me', to: '10010', text: 'Balance?' }],
    });

    await tapOn(phone, { desc: 'Add contact' });
    expect(await phone.focus()).toEqual({ packageName: CONTACTS, activity: '.activities.ContactEditorActivity' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'phone' }).text).toBe('10010');
    expect(requireNode(xml, { id: 'first_name' }).attrs.focused).toBe('false');
    await tapOn(phone, { id: 'first_name' });
    await phone.text('China Unicom');
    await tapOn(phone, { id: 'editor_menu_save_button' });
    expect(await phone.focus()).toEqual({ packageName: MESSAGING, activity: '.ui.conversation.ConversationActivity' });
    expect(requireNode(await dump(phone), { text: 'China Unicom' }).resourceId).toBe('');
    expect((await contacts()).at(-1)).toMatchObject({ name: 'China Unicom', phone: '10010' });
    await tapOn(phone, { id: 'compose_message_text' });
    await phone.text('Thanks');
    await tapOn(phone, { desc: 'Send SMS' });
    expect((await conversations()).at(-1)).toMatchObject({ address: '10010', name: 'China Unicom' });
  });

  it('copies a message and pastes it from the floating toolbar; forwards one; deletes one', async () => {
    const longPress = async (q: Parameters<typeof requireNode>[1]) => {
      const node = requireNode(await dump(phone), q);
      await phone.swipe(node.center.x, node.center.y, node.center.x, node.center.y, 700);
    };
    const code = (await conversations()).find((c) => c.address === '95338')!.messages[0]!.text;
    await phone.startActivity({ component: `${MESSAGING}/.ui.ConversationListActivity` });
    await tapOn(phone, { text: '95338', id: 'conversation_name' });
    await longPress({ id: 'message_text', text: code });
    let xml = await dump(phone);
    expect(requireNode(xml, { text: '1 selected' })).toBeDefined();
    expect(requireNode(xml, { id: 'message_content' }).attrs.selected).toBe('true');
    await tapOn(phone, { desc: 'Copy text' });
    expect(((await phone.state()) as { device: { clipboard: string } }).device.clipboard).toBe(code);
    expect(findNode(await dump(phone), { text: '1 selected' })).toBeUndefined();

    await longPress({ id: 'compose_message_text' });
    expect(await phone.keyboardShown()).toBe(true);
    await tapOn(phone, { id: 'android:id/floating_toolbar_menu_item_text', text: 'Paste' });
    expect(requireNode(await dump(phone), { id: 'compose_message_text' }).text).toBe(code);
    expect(findNode(await dump(phone), { text: 'Paste' })).toBeUndefined();
    await phone.keyevent(279);
    expect(requireNode(await dump(phone), { id: 'compose_message_text' }).text).toBe(code + code);
    await phone.keyevent(KEY.BACK);

    await longPress({ id: 'message_text', text: code });
    await tapOn(phone, { desc: 'Forward' });
    xml = await dump(phone);
    expect(requireNode(xml, { text: 'Forward message' })).toBeDefined();
    expect(requireNode(xml, { id: 'forward_preview' }).text).toBe(code.replace(/\n/g, ' '));
    await phone.text('Mom');
    await tapOn(phone, { id: 'contact_name', text: 'Mom' });
    expect(requireNode(await dump(phone), { id: 'compose_message_text' }).text).toBe(code);
    await tapOn(phone, { desc: 'Send SMS' });
    const mom = (await conversations()).find((c) => c.name === 'Mom')!;
    expect(mom.messages.at(-1)).toMatchObject({ from: 'me', text: code, type: 'sent' });
    const count = mom.messages.length;

    await longPress({ id: 'message_text', text: code });
    await tapOn(phone, { desc: 'Delete' });
    expect(requireNode(await dump(phone), { id: 'android:id/message' }).text).toBe('Delete this message?');
    await tapOn(phone, { id: 'android:id/button1' });
    const after = (await conversations()).find((c) => c.name === 'Mom')!;
    expect(after.messages).toHaveLength(count - 1);
    expect(after.messages.some((m) => m.text === code)).toBe(false);
    expect((await conversations()).find((c) => c.address === '95338')?.messages).toHaveLength(1);
    // BACK returns to the parcel thread the message was forwarded from, its draft kept.
    await phone.keyevent(KEY.BACK);
    expect(requireNode(await dump(phone), { id: 'compose_message_text' }).text).toBe(code + code);
  });

  it('deletes a conversation after confirming (long press in the list)', async () => {
    await phone.startActivity({ component: `${MESSAGING}/.ui.ConversationListActivity` });
    const mom = requireNode(await dump(phone), { text: 'Mom' });
    await phone.swipe(mom.center.x, mom.center.y, mom.center.x, mom.center.y, 700);
    expect(requireNode(await dump(phone), { id: 'android:id/message' }).text).toBe('Delete this conversation?');
    await tapOn(phone, { id: 'android:id/button1' });
    expect((await conversations()).map((c) => c.name)).not.toContain('Mom');
    expect(findNode(await dump(phone), { text: 'Mom' })).toBeUndefined();
  });
});

describe('Contacts', () => {
  it('lists favourites and letters, searches, stars, edits and deletes a contact', async () => {
    await tapOn(phone, { desc: 'Contacts' });
    expect(await phone.focus()).toEqual({ packageName: CONTACTS, activity: '.activities.PeopleActivity' });
    let xml = await dump(phone);
    const total = (await contacts()).length;
    expect(requireNode(xml, { id: 'contacts_count' }).text).toBe(`${total} contacts`);
    const headers = parseDump(xml)
      .filter((n) => n.resourceId === `${CONTACTS}:id/header`)
      .map((n) => n.text);
    expect(headers.slice(0, 3)).toEqual(['', 'A', 'B']);
    expect(requireNode(xml, { text: '★ Favorites' })).toBeDefined();

    await tapOn(phone, { id: 'search_view' });
    await phone.text('carol');
    xml = await dump(phone);
    expect(
      parseDump(xml)
        .filter((n) => n.resourceId === `${CONTACTS}:id/cliv_name_textview`)
        .map((n) => n.text),
    ).toEqual(['Carol Li']);
    await tapOn(phone, { text: 'Carol Li' });
    expect(await phone.focus()).toEqual({ packageName: CONTACTS, activity: '.quickcontact.QuickContactActivity' });
    const carol = (await contacts()).find((c) => c.name === 'Carol Li')!;
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'large_title' }).text).toBe('Carol Li');
    expect(requireNode(xml, { text: carol.phone }).resourceId).toBe(`${CONTACTS}:id/header`);
    expect(requireNode(xml, { text: 'Greenfield School' })).toBeDefined();

    await tapOn(phone, { desc: 'Add to favorites' });
    expect((await contacts()).find((c) => c.id === carol.id)?.starred).toBe(true);
    await tapOn(phone, { desc: 'Edit contact' });
    expect(await phone.focus()).toEqual({ packageName: CONTACTS, activity: '.activities.ContactEditorActivity' });
    await tapOn(phone, { id: 'email' });
    await phone.text('carol.li@school.edu');
    await tapOn(phone, { id: 'editor_menu_save_button' });
    expect(requireNode(await dump(phone), { text: 'carol.li@school.edu' }).resourceId).toBe(`${CONTACTS}:id/header`);
    expect((await contacts()).find((c) => c.id === carol.id)).toMatchObject({
      email: 'carol.li@school.edu',
      starred: true,
    });

    await tapOn(phone, { desc: 'Delete' });
    await tapOn(phone, { id: 'android:id/button1' });
    expect(await phone.focus()).toEqual({ packageName: CONTACTS, activity: '.activities.PeopleActivity' });
    expect((await contacts()).some((c) => c.id === carol.id)).toBe(false);
  });

  it('creates a contact with the editor; an unsaved INSERT asks before discarding', async () => {
    await phone.startActivity({ component: `${CONTACTS}/.activities.PeopleActivity` });
    await tapOn(phone, { desc: 'Create contact' });
    expect(requireNode(await dump(phone), { id: 'first_name' }).attrs.focused).toBe('true');
    await phone.text('Zoe');
    await tapOn(phone, { id: 'last_name' });
    await phone.text('Lin');
    await tapOn(phone, { id: 'phone' });
    await phone.text('+86 139 0000 1111');
    await tapOn(phone, { id: 'editor_menu_save_button' });
    expect(await phone.focus()).toEqual({ packageName: CONTACTS, activity: '.quickcontact.QuickContactActivity' });
    expect(requireNode(await dump(phone), { id: 'large_title' }).text).toBe('Zoe Lin');
    const zoe = (await contacts()).at(-1)!;
    expect(zoe).toMatchObject({ firstName: 'Zoe', lastName: 'Lin', phone: '+86 139 0000 1111', starred: false });
    await phone.keyevent(KEY.BACK);
    await scrollTo(phone, { text: 'Zoe Lin' });

    const count = (await contacts()).length;
    await phone.startActivity({
      action: 'android.intent.action.INSERT',
      data: 'content://com.android.contacts/contacts',
      extras: { name: '赵敏', phone: '13800001234', email: 'zm@example.cn' },
    });
    expect(await phone.focus()).toEqual({ packageName: CONTACTS, activity: '.activities.ContactEditorActivity' });
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'first_name' }).text).toBe('敏');
    expect(requireNode(xml, { id: 'last_name' }).text).toBe('赵');
    expect(requireNode(xml, { id: 'phone' }).text).toBe('138 0000 1234');
    await phone.keyevent(KEY.BACK);
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'android:id/message' }).text).toBe('Discard changes?');
    await tapOn(phone, { text: 'Keep editing' });
    expect(await phone.focus()).toEqual({ packageName: CONTACTS, activity: '.activities.ContactEditorActivity' });
    await tapOn(phone, { desc: 'Cancel' });
    await tapOn(phone, { text: 'Discard' });
    expect(await contacts()).toHaveLength(count);
  });

  it("texts a contact from the details page: Messages opens the contact's conversation", async () => {
    const mom = (await contacts()).find((c) => c.name === 'Mom')!;
    await phone.startActivity({
      action: 'android.intent.action.VIEW',
      data: `content://com.android.contacts/contacts/${mom.id}`,
    });
    expect(requireNode(await dump(phone), { id: 'large_title' }).text).toBe('Mom');
    await tapOn(phone, { desc: 'Send message' });
    expect(await phone.focus()).toEqual({ packageName: MESSAGING, activity: '.ui.conversation.ConversationActivity' });
    const xml = await dump(phone);
    expect(requireNode(xml, { text: 'Mom' })).toBeDefined();
    expect(requireNode(xml, { text: 'Good. And wear a jacket, it will rain.' }).resourceId).toBe(
      `${MESSAGING}:id/message_text`,
    );
  });

  it('saves and restores snapshots of threads and people', async () => {
    await phone.startActivity({
      action: 'android.intent.action.SENDTO',
      data: 'smsto:13912345678',
      extras: { sms_body: 'First' },
    });
    await tapOn(phone, { desc: 'Send SMS' });
    await phone.saveSnapshot('h10-one-message');
    const [threads, people, focus] = [await conversations(), await contacts(), await phone.focus()];
    await tapOn(phone, { id: 'compose_message_text' });
    await phone.text('Second');
    await tapOn(phone, { desc: 'Send SMS' });
    await phone.startActivity({
      action: 'android.intent.action.INSERT',
      data: 'content://com.android.contacts/contacts',
      extras: { name: 'Temp Person' },
    });
    await tapOn(phone, { id: 'editor_menu_save_button' });
    expect(await contacts()).toHaveLength(people.length + 1);
    await phone.restoreSnapshot('h10-one-message');
    expect(await conversations()).toEqual(threads);
    expect(await contacts()).toEqual(people);
    expect(await phone.focus()).toEqual(focus);
    expect(
      parseDump(await dump(phone))
        .filter((n) => n.resourceId === `${MESSAGING}:id/message_text`)
        .map((n) => n.text),
    ).toEqual(['First']);
  });

  it('speaks Chinese in both apps; reset restores the seeded people and threads', async () => {
    const [people, threads] = [await contacts(), await conversations()];
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await phone.startActivity({ component: `${CONTACTS}/.activities.PeopleActivity` });
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'search_view' }).text).toBe('搜索联系人');
    expect(requireNode(xml, { id: 'contacts_count' }).text).toBe(`${people.length} 位联系人`);
    expect(requireNode(xml, { id: 'floating_action_button' }).contentDesc).toBe('新建联系人');
    await phone.startActivity({ component: `${MESSAGING}/.ui.ConversationListActivity` });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'start_new_conversation_button' }).contentDesc).toBe('发起聊天');
    expect(requireNode(xml, { text: '昨天' }).resourceId).toBe(`${MESSAGING}:id/conversation_timestamp`);
    await tapOn(phone, { text: 'Mom' });
    expect(requireNode(await dump(phone), { id: 'compose_message_text' }).text).toBe('短信');
    await tapOn(phone, { id: 'compose_message_text' });
    await phone.text('你好');
    await tapOn(phone, { desc: '发送短信' });
    expect((await conversations()).flatMap((c) => c.messages).some((m) => m.text === '你好')).toBe(true);

    await phone.reset();
    expect(await contacts()).toEqual(people);
    expect(await conversations()).toEqual(threads);
  });
});
