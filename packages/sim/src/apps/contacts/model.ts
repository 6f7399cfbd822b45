/**
 * Contacts' state: the people (plain JSON) that Contacts shows and edits and Messages looks
 * names up in (through `ctx.providerData`), their seed data, and name / number helpers.
 */
import { hashString, mulberry32, pick } from '../../phone/page/rng.ts';
import type { AppContext, SeedContext } from '../../phone/page/types.ts';

export const CONTACTS_PACKAGE = 'com.android.contacts';

export interface Contact {
  id: number;
  firstName: string;
  lastName: string;
  /** As entered ("138 0013 4721"); compare with `normalizeNumber`. */
  phone: string;
  email: string;
  company: string;
  starred: boolean;
}

export interface ContactsData {
  contacts: Contact[];
  nextId: number;
}

export interface ContactDraft {
  id: number | null;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  company: string;
}

export interface ContactsUi {
  query: string;
  draft: ContactDraft | null;
}

export type ContactsCtx = AppContext<ContactsData, ContactsUi>;

const CJK = /[\u3400-\u9fff]/;

/** "Alice Wang", or "王芳" (family name first, no space) for Chinese names. */
export function displayName(c: Pick<Contact, 'firstName' | 'lastName'>): string {
  const first = c.firstName.trim();
  const last = c.lastName.trim();
  if (CJK.test(first + last)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ');
}

/** The name a list shows: the name, else the number, else the email. */
export function contactLabel(c: Contact): string {
  return displayName(c) || c.phone || c.email;
}

/** Digits only, without China's +86 / 0086 prefix, so "+86 138-0013-4721" matches "13800134721". */
export function normalizeNumber(text: string): string {
  let digits = text.replace(/[^\d+]/g, '');
  if (digits.startsWith('+86')) digits = digits.slice(3);
  else if (digits.startsWith('0086')) digits = digits.slice(4);
  return digits.replace(/\+/g, '');
}

/** A Chinese mobile number grouped 3-4-4 ("+86 13800134721" → "138 0013 4721"); anything else as typed. */
export function formatNumber(text: string): string {
  const digits = normalizeNumber(text);
  if (/^[\d\s+()-]+$/.test(text) && /^1\d{10}$/.test(digits))
    return `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
  return text.trim();
}

export function findByNumber(contacts: readonly Contact[], number: string): Contact | undefined {
  const n = normalizeNumber(number);
  if (!n) return undefined;
  return contacts.find((c) => c.phone && normalizeNumber(c.phone) === n);
}

/** Pinyin initials of common family names, so Chinese names sort among the Latin letters. */
const SURNAME_INITIAL: Record<string, string> = {};
for (const [letter, chars] of Object.entries({
  B: '白包鲍毕边卞柏',
  C: '陈程曹蔡崔常陈成褚车',
  D: '董邓丁杜戴段窦',
  F: '冯傅范方费樊',
  G: '郭高顾龚葛耿关管',
  H: '黄胡何韩侯郝贺洪华',
  J: '金姜蒋贾江焦纪季',
  K: '孔康柯',
  L: '李刘林梁罗陆吕卢雷黎赖廖龙鲁',
  M: '马毛孟莫梅苗妈',
  N: '倪聂宁牛',
  P: '潘彭裴庞',
  Q: '钱秦邱乔齐祁',
  R: '任阮饶',
  S: '孙宋沈苏石史邵施',
  T: '唐谭田陶汤童',
  W: '王吴魏汪万文武',
  X: '徐许谢薛夏熊萧肖向邢',
  Y: '杨叶于余袁姚尹严闫易杨',
  Z: '张赵周朱郑曾钟邹左詹庄',
})) {
  for (const ch of chars) SURNAME_INITIAL[ch] ??= letter;
}

/** The index letter a contact is listed under ("#" for anything else). */
export function indexLetter(c: Contact): string {
  const label = contactLabel(c);
  const first = label.charAt(0);
  if (/[a-z]/i.test(first)) return first.toUpperCase();
  return SURNAME_INITIAL[first] ?? '#';
}

/** Sorted the way the contact list shows them: by index letter, then by label. */
export function sortContacts(contacts: readonly Contact[]): Contact[] {
  const key = (c: Contact): string =>
    `${indexLetter(c) === '#' ? '~' : indexLetter(c)}|${contactLabel(c).toLowerCase()}`;
  return [...contacts].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
}

/** Contacts matching every word of the query in their name, number or email. */
export function searchContacts(contacts: readonly Contact[], query: string): Contact[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return sortContacts(
    contacts.filter((c) => {
      const hay = `${displayName(c)} ${c.firstName} ${c.lastName} ${c.email} ${c.company}`.toLowerCase();
      const number = normalizeNumber(c.phone);
      return words.every(
        (w) =>
          hay.includes(w) ||
          (/^[\d+\s-]+$/.test(w) && normalizeNumber(w) !== '' && number.includes(normalizeNumber(w))),
      );
    }),
  );
}

type SeedPerson = readonly [first: string, last: string, email: string, company: string, starred: boolean];

/** Everyone on every phone (the numbers vary with the seed). */
const CORE: readonly SeedPerson[] = [
  ['Alice', 'Wang', 'alice.wang@example.com', 'Lumen Labs', true],
  ['Bob', 'Zhang', 'bob.zhang@example.com', '', false],
  ['Carol', 'Li', '', 'Greenfield School', false],
  ['David', 'Chen', 'david.chen@mail.com', 'MobA Studio', false],
  ['Emma', 'Liu', 'emma.liu@example.com', '', false],
  ['Mom', '', '', '', true],
  ['雷', '李', 'lilei@163.com', '', false],
  ['梅梅', '韩', '', '', false],
  ['芳', '王', 'wangfang@qq.com', '上海图书馆', false],
];

/** A few more, picked by the seed. */
const EXTRA: readonly SeedPerson[] = [
  ['Frank', 'Zhou', 'frank.zhou@example.com', '', false],
  ['Grace', 'Huang', '', 'City Hospital', false],
  ['Henry', 'Xu', 'henry.xu@mail.com', '', false],
  ['Iris', 'Sun', '', '', false],
  ['Kevin', 'Zhao', 'kevin.zhao@example.com', 'Northwind Travel', false],
  ['Linda', 'Gao', '', '', false],
  ['伟', '张', '', '', false],
  ['洋', '刘', 'liuyang@126.com', '', false],
  ['静', '赵', '', '', false],
  ['帆', '杨', '', '', false],
];

const PREFIXES = [
  '130',
  '131',
  '133',
  '135',
  '136',
  '138',
  '139',
  '150',
  '151',
  '158',
  '159',
  '177',
  '186',
  '187',
  '188',
  '189',
  '199',
];

function mobile(rng: () => number): string {
  let rest = '';
  for (let i = 0; i < 8; i++) rest += String(Math.floor(rng() * 10));
  return `${pick(rng, PREFIXES)} ${rest.slice(0, 4)} ${rest.slice(4)}`;
}

export function initialContactsData(seed: SeedContext): ContactsData {
  const rng = seed.rng;
  const extras = EXTRA.map((p) => ({ p, order: rng() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, 3 + Math.floor(rng() * 3))
    .map((e) => e.p);
  const used = new Set<string>();
  const contacts = [...CORE, ...extras].map(([firstName, lastName, email, company, starred], i): Contact => {
    let phone = mobile(rng);
    while (used.has(phone)) phone = mobile(rng);
    used.add(phone);
    return { id: i + 1, firstName, lastName, phone, email, company, starred };
  });
  return { contacts, nextId: contacts.length + 1 };
}

/**
 * The contacts the phone starts with for a seed, as Contacts itself seeds them (same PRNG
 * derivation as the runtime): Messages uses it to address its seeded conversations.
 */
export function seededContacts(seed: SeedContext): Contact[] {
  return initialContactsData({ ...seed, rng: mulberry32(seed.seed ^ hashString(CONTACTS_PACKAGE)) }).contacts;
}

/** Splits a full name from an intent ("Alice Wang" → Alice / Wang; "王芳" → 芳 / 王). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const text = name.trim();
  if (CJK.test(text) && !text.includes(' '))
    return text.length > 1
      ? { firstName: text.slice(1), lastName: text.slice(0, 1) }
      : { firstName: text, lastName: '' };
  const space = text.lastIndexOf(' ');
  return space < 0
    ? { firstName: text, lastName: '' }
    : { firstName: text.slice(0, space), lastName: text.slice(space + 1) };
}

/** Stores an editor draft; returns the contact, or null when the draft is empty. */
export function saveContact(data: ContactsData, draft: ContactDraft): Contact | null {
  const fields = {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    phone: draft.phone.trim(),
    email: draft.email.trim(),
    company: draft.company.trim(),
  };
  if (!fields.firstName && !fields.lastName && !fields.phone && !fields.email && !fields.company) return null;
  const existing = draft.id === null ? undefined : data.contacts.find((c) => c.id === draft.id);
  if (existing) {
    Object.assign(existing, fields);
    return existing;
  }
  const contact: Contact = { id: data.nextId++, ...fields, starred: false };
  data.contacts.push(contact);
  return contact;
}
