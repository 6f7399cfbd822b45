import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../phone/page/rng.ts';
import { normalizeNumber, seededContacts } from '../contacts/model.ts';
import {
  ME,
  deleteMessage,
  findConversation,
  initialMessagesData,
  isDialable,
  parseSmsUri,
  sendMessage,
  sortConversations,
} from './model.ts';

const now = new Date(2025, 5, 2, 9, 0, 3).getTime();

describe('messages model', () => {
  it('parses sms: URIs with recipients and bodies', () => {
    expect(parseSmsUri('sms:123')).toEqual({ address: '123', body: '' });
    expect(parseSmsUri('smsto:+86%20138%200013%204721?body=Hello%20there')).toEqual({
      address: '+86 138 0013 4721',
      body: 'Hello there',
    });
    expect(parseSmsUri('sms:10086,10010')).toEqual({ address: '10086', body: '' });
    expect(parseSmsUri('tel:123')).toEqual({ address: '', body: '' });
    expect(isDialable('138 0013')).toBe(true);
    expect(isDialable('Al')).toBe(false);
  });

  it("seeds threads with the seeded contacts' numbers, deterministic per seed", () => {
    const data = initialMessagesData({ seed: 9, rng: mulberry32(9), now });
    expect(initialMessagesData({ seed: 9, rng: mulberry32(9), now: now + 30_000 })).toEqual(data);
    const people = seededContacts({ seed: 9, rng: mulberry32(0), now });
    const alice = data.conversations.find((c) => c.name === 'Alice Wang');
    expect(normalizeNumber(alice!.address)).toBe(normalizeNumber(people[0]!.phone));
    expect(alice!.unread).toBe(true);
    expect(alice!.messages.at(-1)).toMatchObject({ from: alice!.address, to: ME, type: 'received' });
    expect(data.conversations.every((c) => c.messages.every((m) => m.at < now))).toBe(true);
    expect(sortConversations(data.conversations)[0]?.name).toBe('Alice Wang');
  });

  it('creates a conversation on the first sent message and appends to it after', () => {
    const data = initialMessagesData({ seed: 1, rng: mulberry32(1), now });
    const count = data.conversations.length;
    const c = sendMessage(data, { address: '+8613912345678', name: '', text: 'Hi', now });
    expect(c).toMatchObject({
      address: '139 1234 5678',
      messages: [{ from: ME, to: '139 1234 5678', text: 'Hi', at: now, type: 'sent' }],
    });
    sendMessage(data, { address: '139-1234-5678', name: '', text: 'Again', now: now + 1 });
    expect(data.conversations).toHaveLength(count + 1);
    expect(findConversation(data, '13912345678')?.messages.map((m) => m.text)).toEqual(['Hi', 'Again']);
  });

  it('deletes one message; a conversation left empty goes too', () => {
    const data = initialMessagesData({ seed: 2, rng: mulberry32(2), now });
    const count = data.conversations.length;
    const alice = data.conversations[0]!;
    const [first, second] = alice.messages;
    deleteMessage(data, first!.id);
    expect(alice.messages[0]).toBe(second);
    const parcel = findConversation(data, '95338')!;
    deleteMessage(data, parcel.messages[0]!.id);
    expect(findConversation(data, '95338')).toBeUndefined();
    expect(data.conversations).toHaveLength(count - 1);
  });
});
