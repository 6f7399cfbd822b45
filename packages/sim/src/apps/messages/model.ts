/**
 * Messages' state: SMS conversations (plain JSON), drafts, and the seed threads. Names come
 * from Contacts (`ctx.providerData('com.android.contacts')`); a conversation keeps the number
 * and the name it was last shown with, so `sim-state` can report both.
 */
import { pick } from '../../phone/page/rng.ts';
import type { AppContext, SeedContext } from '../../phone/page/types.ts';
import {
  CONTACTS_PACKAGE,
  displayName,
  findByNumber,
  formatNumber,
  normalizeNumber,
  seededContacts,
} from '../contacts/model.ts';
import type { Contact, ContactsData } from '../contacts/model.ts';

/** What `from` / `to` say for this phone's own number. */
export const ME = 'me';

export interface Message {
  id: number;
  /** ME for sent messages, else the other party's number. */
  from: string;
  to: string;
  text: string;
  /** Device time (epoch ms). */
  at: number;
  type: 'received' | 'sent';
}

export interface Conversation {
  id: number;
  /** The other party's number as shown ("158 1667 1855", "10086"). */
  address: string;
  /** The contact name it was last shown with ('' when unknown). */
  name: string;
  unread: boolean;
  messages: Message[];
}

export interface MessagesData {
  conversations: Conversation[];
  nextId: number;
  nextMessageId: number;
}

export interface MessagesUi {
  /** Compose drafts by normalised number. */
  drafts: Record<string, string>;
  /** The "To" field of a new conversation. */
  recipient: string;
  /** The message selected by a long press in the open conversation (copy, forward, delete). */
  selected: number | null;
  /** Text being forwarded: the "New conversation" screen picks where it goes. */
  forward: string | null;
}

export type MessagesCtx = AppContext<MessagesData, MessagesUi>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export function addressKey(address: string): string {
  return normalizeNumber(address) || address.trim().toLowerCase();
}

export function findConversation(data: MessagesData, address: string): Conversation | undefined {
  const key = addressKey(address);
  return data.conversations.find((c) => addressKey(c.address) === key);
}

/** Most recent activity first. */
export function sortConversations(conversations: readonly Conversation[]): Conversation[] {
  const last = (c: Conversation): number => c.messages[c.messages.length - 1]?.at ?? 0;
  return [...conversations].sort((a, b) => last(b) - last(a) || b.id - a.id);
}

export function contactsOf(ctx: AppContext<unknown, unknown>): Contact[] {
  return (ctx.providerData(CONTACTS_PACKAGE) as ContactsData | undefined)?.contacts ?? [];
}

/** The name for a number from Contacts, or '' when no contact has it. */
export function nameFor(contacts: readonly Contact[], address: string): string {
  const contact = findByNumber(contacts, address);
  return contact ? displayName(contact) : '';
}

/** Looks like something one can text: digits with the usual separators, at least three. */
export function isDialable(text: string): boolean {
  return /^[\d\s+()-]+$/.test(text.trim()) && normalizeNumber(text).length >= 3;
}

/** Appends a sent message, creating the conversation on the first one. */
export function sendMessage(
  data: MessagesData,
  o: { address: string; name: string; text: string; now: number },
): Conversation {
  let conversation = findConversation(data, o.address);
  if (!conversation) {
    conversation = { id: data.nextId++, address: formatNumber(o.address), name: o.name, unread: false, messages: [] };
    data.conversations.push(conversation);
  }
  conversation.name = o.name;
  conversation.messages.push({
    id: data.nextMessageId++,
    from: ME,
    to: conversation.address,
    text: o.text,
    at: o.now,
    type: 'sent',
  });
  return conversation;
}

/** Appends a received message (a new conversation for a new number), unread. */
export function receiveMessage(
  data: MessagesData,
  o: { from: string; name: string; text: string; now: number },
): Conversation {
  let conversation = findConversation(data, o.from);
  if (!conversation) {
    conversation = { id: data.nextId++, address: formatNumber(o.from), name: o.name, unread: true, messages: [] };
    data.conversations.push(conversation);
  }
  conversation.unread = true;
  conversation.messages.push({
    id: data.nextMessageId++,
    from: conversation.address,
    to: ME,
    text: o.text,
    at: o.now,
    type: 'received',
  });
  return conversation;
}

/** Removes one message; a conversation left without messages is removed too. */
export function deleteMessage(data: MessagesData, messageId: number): void {
  for (const c of data.conversations) c.messages = c.messages.filter((m) => m.id !== messageId);
  data.conversations = data.conversations.filter((c) => c.messages.length > 0);
}

/** `sms:`, `smsto:`, `mms:` URIs → the first recipient and an optional `?body=`. */
export function parseSmsUri(uri: string): { address: string; body: string } {
  const match = /^(?:sms|smsto|mms|mmsto):([^?]*)(?:\?(.*))?$/i.exec(uri.trim());
  if (!match) return { address: '', body: '' };
  const decode = (s: string): string => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };
  // A "+" in the number is the international prefix; in the query it is a form-encoded space.
  const address =
    decode(match[1] ?? '')
      .split(/[,;]/)[0]
      ?.trim() ?? '';
  const body = /(?:^|&)body=([^&]*)/.exec(match[2] ?? '')?.[1];
  return { address, body: body ? decode(body.replace(/\+/g, ' ')) : '' };
}

type Line = readonly [minutesBefore: number, dir: 'in' | 'out', text: string];

/**
 * Seed threads with the seeded contacts (Alice, Mom, a parcel locker notice always; two or
 * three more picked by the seed), timed back from the hour the device started in.
 */
export function initialMessagesData(seed: SeedContext): MessagesData {
  const rng = seed.rng;
  const anchor = Math.floor(seed.now / HOUR) * HOUR;
  const people = seededContacts(seed);
  const phoneOf = (first: string): string => people.find((p) => p.firstName === first)?.phone ?? '';
  const pickup = String(10000 + Math.floor(rng() * 90000));
  const parcel = `SF${String(Math.floor(rng() * 1e10)).padStart(10, '0')}`;
  const usedGb = (5 + rng() * 15).toFixed(2);
  const threads: Array<{ address: string; name: string; unread: boolean; lines: Line[] }> = [
    {
      address: phoneOf('Alice'),
      name: 'Alice Wang',
      unread: true,
      lines: [
        [14 * 60, 'in', 'Hi! Are we still on for lunch tomorrow?'],
        [14 * 60 - 8, 'out', 'Yes! 12:30 at Green Bowl Café?'],
        [14 * 60 - 10, 'in', 'Perfect, see you there'],
        [35, 'in', 'Could you bring the book you mentioned?'],
      ],
    },
    {
      address: phoneOf('Mom'),
      name: 'Mom',
      unread: false,
      lines: [
        [27 * 60, 'in', "Don't forget to call Grandma this weekend."],
        [26 * 60 + 40, 'out', "I won't. I'll call her on Saturday morning."],
        [26 * 60 + 30, 'in', 'Good. And wear a jacket, it will rain.'],
      ],
    },
    {
      address: '95338',
      name: '',
      unread: true,
      lines: [
        [
          75,
          'in',
          `[SF Express] Your parcel ${parcel} is in the Fengchao locker at your building's north gate. Pickup code ${pickup}. Please collect it within 24 hours.`,
        ],
      ],
    },
  ];
  const optional: Array<(typeof threads)[number]> = [
    {
      address: '10086',
      name: '',
      unread: false,
      lines: [
        [
          2 * 24 * 60 + 180,
          'in',
          `【中国移动】尊敬的客户，您好！截至昨日，您本月已使用通用流量${usedGb}GB，套餐内剩余${(20 - Number(usedGb)).toFixed(2)}GB。`,
        ],
      ],
    },
    {
      address: phoneOf('Bob'),
      name: 'Bob Zhang',
      unread: false,
      lines: [
        [3 * 24 * 60 + 300, 'in', "Sent you the slides for Friday's review."],
        [3 * 24 * 60 + 240, 'out', 'Thanks, I will go through them tonight.'],
      ],
    },
    {
      address: phoneOf('雷'),
      name: '李雷',
      unread: false,
      lines: [
        [2 * 24 * 60 + 600, 'in', '明天一起打球吗？'],
        [2 * 24 * 60 + 590, 'out', '好啊，几点？'],
        [2 * 24 * 60 + 585, 'in', '下午四点，老地方见。'],
      ],
    },
    {
      address: phoneOf('David'),
      name: 'David Chen',
      unread: false,
      lines: [
        [
          5 * 24 * 60 + 120,
          'in',
          pick(rng, [
            'Running 10 minutes late, sorry!',
            'Can you send me the Wi-Fi password for the office?',
            'The build is green again.',
          ]),
        ],
      ],
    },
  ];
  const extra = optional
    .map((t) => ({ t, order: rng() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, 2 + Math.floor(rng() * 2));
  const data: MessagesData = { conversations: [], nextId: 1, nextMessageId: 1 };
  for (const thread of [...threads, ...extra.map((e) => e.t)]) {
    const messages: Message[] = thread.lines.map(([minutes, dir, text]) => ({
      id: data.nextMessageId++,
      from: dir === 'in' ? thread.address : ME,
      to: dir === 'in' ? ME : thread.address,
      text,
      at: anchor - minutes * MINUTE,
      type: dir === 'in' ? 'received' : 'sent',
    }));
    data.conversations.push({
      id: data.nextId++,
      address: thread.address,
      name: thread.name,
      unread: thread.unread,
      messages,
    });
  }
  return data;
}
