/**
 * The content providers `content` reaches, backed by the apps' data: Contacts
 * (`content://com.android.contacts/{contacts,raw_contacts,data,data/phones,data/emails}`,
 * legacy `content://contacts/people`), Calendar (`content://com.android.calendar/{events,
 * calendars,reminders}`) and SMS (`content://sms[/inbox|/sent]`). Rows use Android's column
 * names; writes go through the app's data (a JSON merge patch), so the app shows them at once.
 */
import { addressKey } from '../../apps/messages/model.ts';
import { displayName, splitName } from '../../apps/contacts/model.ts';
import type { CellValue, Row } from './content-where.ts';
import { pad2, zonedParts } from './util.ts';

/** What a provider needs: the app data it reads and patches, and the device's time zone. */
export interface ProviderContext {
  data: Record<string, unknown>;
  zone: string;
  now: number;
}

export interface Table {
  /** The package whose data backs the table. */
  pkg: string;
  /** The projection when none is given. */
  columns: readonly string[];
  rows(pc: ProviderContext): Row[];
  /** Returns the merge patch for the app data; throws an Error naming what is wrong. */
  insert?(pc: ProviderContext, values: Row): Record<string, unknown>;
  update?(pc: ProviderContext, rows: Row[], values: Row): Record<string, unknown>;
  delete?(pc: ProviderContext, rows: Row[]): Record<string, unknown>;
}

interface ContactShape {
  id: number;
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  company: string;
  starred: boolean;
}

const text = (v: CellValue | undefined): string => (v === null || v === undefined ? '' : String(v));
const num = (v: CellValue | undefined): number | undefined =>
  v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v);

function contactsOf(pc: ProviderContext): ContactShape[] {
  const list = pc.data.contacts;
  if (!Array.isArray(list)) throw new Error('the Contacts app has no contacts list');
  return list as ContactShape[];
}

/** The contacts with `change` applied to those whose id is in `ids`, as a patch. */
function patchContacts(pc: ProviderContext, ids: Set<number>, change: (c: ContactShape) => ContactShape | null) {
  const contacts = contactsOf(pc)
    .map((c) => (ids.has(c.id) ? change({ ...c }) : c))
    .filter((c): c is ContactShape => c !== null);
  return { contacts };
}

function newContact(pc: ProviderContext, fields: Partial<ContactShape>): Record<string, unknown> {
  const contacts = contactsOf(pc);
  const nextId = Math.max(Number(pc.data.nextId ?? 0), ...contacts.map((c) => c.id + 1), 1);
  const contact: ContactShape = {
    id: nextId,
    firstName: '',
    lastName: '',
    phone: '',
    email: '',
    company: '',
    starred: false,
    ...fields,
  };
  return { contacts: [...contacts, contact], nextId: nextId + 1 };
}

const MIME = {
  name: 'vnd.android.cursor.item/name',
  phone: 'vnd.android.cursor.item/phone_v2',
  email: 'vnd.android.cursor.item/email_v2',
  organization: 'vnd.android.cursor.item/organization',
} as const;

type DataKind = keyof typeof MIME;
const DATA_KINDS: readonly DataKind[] = ['name', 'phone', 'email', 'organization'];

/** One ContactsContract.Data row per filled-in field (name, phone, email, company). */
function dataRows(pc: ProviderContext, only?: DataKind): Row[] {
  const rows: Row[] = [];
  for (const c of contactsOf(pc)) {
    const name = displayName(c);
    const values: Record<DataKind, [string, CellValue, CellValue]> = {
      name: [name, c.firstName || null, c.lastName || null],
      phone: [c.phone, 2, null],
      email: [c.email, 1, null],
      organization: [c.company, 1, null],
    };
    DATA_KINDS.forEach((kind, k) => {
      const [data1, data2, data3] = values[kind];
      if (!data1 || (only && kind !== only)) return;
      rows.push({
        _id: c.id * 10 + k + 1,
        raw_contact_id: c.id,
        contact_id: c.id,
        mimetype: MIME[kind],
        display_name: name,
        data1,
        data2,
        data3,
      });
    });
  }
  return rows;
}

function kindOf(mimetype: CellValue | undefined): DataKind {
  const kind = DATA_KINDS.find((k) => MIME[k] === mimetype);
  if (!kind) throw new Error(`mimetype ${text(mimetype)} is not one of ${Object.values(MIME).join(', ')}`);
  return kind;
}

function setField(c: ContactShape, kind: DataKind, values: Row): ContactShape {
  if (values.data1 === undefined && (kind !== 'name' || (values.data2 === undefined && values.data3 === undefined)))
    return c;
  const value = text(values.data1);
  if (kind === 'name') {
    const given = values.data2 !== undefined ? text(values.data2) : undefined;
    const family = values.data3 !== undefined ? text(values.data3) : undefined;
    const split = given !== undefined || family !== undefined ? undefined : splitName(value);
    return { ...c, firstName: given ?? split?.firstName ?? '', lastName: family ?? split?.lastName ?? '' };
  }
  const key = kind === 'organization' ? 'company' : kind;
  return { ...c, [key]: value };
}

const ids = (rows: Row[], column = '_id'): Set<number> => new Set(rows.map((r) => Number(r[column])));

const contactsTable: Table = {
  pkg: 'com.android.contacts',
  columns: [
    '_id',
    'lookup',
    'display_name',
    'display_name_alt',
    'starred',
    'has_phone_number',
    'photo_uri',
    'times_contacted',
  ],
  rows: (pc) =>
    contactsOf(pc).map((c) => ({
      _id: c.id,
      lookup: `0r${c.id}-moba`,
      display_name: displayName(c),
      display_name_alt: [c.lastName, c.firstName].filter(Boolean).join(', '),
      starred: c.starred ? 1 : 0,
      has_phone_number: c.phone ? 1 : 0,
      photo_uri: null,
      times_contacted: 0,
    })),
  insert: () => {
    throw new Error('java.lang.UnsupportedOperationException: Aggregate contacts are created automatically');
  },
  update: (pc, rows, values) =>
    patchContacts(pc, ids(rows), (c) => {
      let out = c;
      if (values.starred !== undefined) out = { ...out, starred: num(values.starred) === 1 };
      if (values.display_name !== undefined) out = { ...out, ...splitName(text(values.display_name)) };
      return out;
    }),
  delete: (pc, rows) => patchContacts(pc, ids(rows), () => null),
};

const rawContactsTable: Table = {
  ...contactsTable,
  columns: ['_id', 'contact_id', 'display_name', 'account_name', 'account_type', 'deleted', 'starred'],
  rows: (pc) =>
    contactsOf(pc).map((c) => ({
      _id: c.id,
      contact_id: c.id,
      display_name: displayName(c),
      account_name: null,
      account_type: null,
      deleted: 0,
      starred: c.starred ? 1 : 0,
    })),
  insert: (pc, values) =>
    newContact(pc, {
      ...(values.display_name !== undefined ? splitName(text(values.display_name)) : {}),
      starred: num(values.starred) === 1,
    }),
};

function dataTable(only?: DataKind): Table {
  return {
    pkg: 'com.android.contacts',
    columns: ['_id', 'raw_contact_id', 'contact_id', 'mimetype', 'display_name', 'data1', 'data2', 'data3'],
    rows: (pc) => dataRows(pc, only),
    insert: (pc, values) => {
      const raw = num(values.raw_contact_id);
      const kind = only ?? kindOf(values.mimetype);
      if (raw === undefined) throw new Error('raw_contact_id is required');
      if (!contactsOf(pc).some((c) => c.id === raw)) throw new Error(`no raw contact ${raw}`);
      return patchContacts(pc, new Set([raw]), (c) => setField(c, kind, values));
    },
    update: (pc, rows, values) => {
      const byContact = new Map(rows.map((r) => [Number(r.contact_id), kindOf(r.mimetype)]));
      return patchContacts(pc, new Set(byContact.keys()), (c) => setField(c, byContact.get(c.id) as DataKind, values));
    },
    delete: (pc, rows) => {
      const clear = new Map<number, DataKind[]>();
      for (const r of rows)
        clear.set(Number(r.contact_id), [...(clear.get(Number(r.contact_id)) ?? []), kindOf(r.mimetype)]);
      return patchContacts(pc, new Set(clear.keys()), (c) =>
        (clear.get(c.id) ?? []).reduce((out, kind) => setField(out, kind, { data1: '', data2: '', data3: '' }), c),
      );
    },
  };
}

const peopleTable: Table = {
  ...contactsTable,
  columns: ['_id', 'name', 'number', 'starred'],
  rows: (pc) =>
    contactsOf(pc).map((c) => ({
      _id: c.id,
      name: displayName(c),
      number: c.phone || null,
      starred: c.starred ? 1 : 0,
    })),
  insert: (pc, values) => newContact(pc, { ...splitName(text(values.name)), phone: text(values.number) }),
};

// ------------------------------------------------------------------------ calendar

interface EventShape {
  id: number;
  title: string;
  date: string;
  start: string | null;
  endDate: string;
  end: string | null;
  allDay: boolean;
  repeat: string;
  location: string;
  description: string;
  reminderMinutes: number | null;
}

/** Local wall time in `zone` → epoch ms (the zone's offset at that moment). */
export function localToEpoch(date: string, time: string, zone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const offset = zonedParts(guess, zone).offsetMinutes;
  const first = guess - offset * 60_000;
  return guess - zonedParts(first, zone).offsetMinutes * 60_000;
}

function epochToLocal(epoch: number, zone: string): { date: string; time: string } {
  const t = zonedParts(epoch, zone);
  return { date: `${t.year}-${pad2(t.month)}-${pad2(t.day)}`, time: `${pad2(t.hour)}:${pad2(t.minute)}` };
}

const RRULES: Readonly<Record<string, string>> = {
  daily: 'FREQ=DAILY',
  weekly: 'FREQ=WEEKLY',
  monthly: 'FREQ=MONTHLY',
  yearly: 'FREQ=YEARLY',
};

function eventsOf(pc: ProviderContext): EventShape[] {
  const list = pc.data.events;
  if (!Array.isArray(list)) throw new Error('the Calendar app has no events list');
  return list as EventShape[];
}

function eventRow(e: EventShape, zone: string): Row {
  const dtstart = e.allDay ? Date.parse(`${e.date}T00:00:00Z`) : localToEpoch(e.date, e.start ?? '00:00', zone);
  const dtend = e.allDay
    ? Date.parse(`${e.endDate}T00:00:00Z`) + 86_400_000
    : localToEpoch(e.endDate, e.end ?? e.start ?? '00:00', zone);
  return {
    _id: e.id,
    calendar_id: 1,
    title: e.title,
    description: e.description,
    eventLocation: e.location,
    dtstart,
    dtend,
    duration: null,
    allDay: e.allDay ? 1 : 0,
    rrule: RRULES[e.repeat] ?? null,
    eventTimezone: e.allDay ? 'UTC' : zone,
    hasAlarm: e.reminderMinutes === null ? 0 : 1,
    deleted: 0,
  };
}

/** An event's fields from provider values (over `base`). */
function eventFields(values: Row, base: EventShape, zone: string): EventShape {
  const out = { ...base };
  if (values.title !== undefined) out.title = text(values.title);
  if (values.description !== undefined) out.description = text(values.description);
  if (values.eventLocation !== undefined) out.location = text(values.eventLocation);
  if (values.allDay !== undefined) out.allDay = num(values.allDay) === 1;
  if (values.rrule !== undefined) {
    const freq = /FREQ=(\w+)/.exec(text(values.rrule))?.[1]?.toLowerCase();
    out.repeat = freq && RRULES[freq] ? freq : 'none';
  }
  const startMs = num(values.dtstart);
  const endMs = num(values.dtend) ?? (startMs !== undefined ? startMs + 3_600_000 : undefined);
  const wall = (ms: number) => (out.allDay ? epochToLocal(ms, 'UTC') : epochToLocal(ms, zone));
  if (startMs !== undefined) {
    const s = wall(startMs);
    out.date = s.date;
    out.start = out.allDay ? null : s.time;
  }
  if (endMs !== undefined) {
    // An all-day event ends at the next midnight (exclusive), the app stores the last day.
    const e = wall(out.allDay ? endMs - 86_400_000 : endMs);
    out.endDate = e.date;
    out.end = out.allDay ? null : e.time;
  }
  return out;
}

function patchEvents(pc: ProviderContext, idSet: Set<number>, change: (e: EventShape) => EventShape | null) {
  return {
    events: eventsOf(pc)
      .map((e) => (idSet.has(e.id) ? change({ ...e }) : e))
      .filter((e): e is EventShape => e !== null),
  };
}

const eventsTable: Table = {
  pkg: 'com.android.calendar',
  columns: [
    '_id',
    'calendar_id',
    'title',
    'description',
    'eventLocation',
    'dtstart',
    'dtend',
    'allDay',
    'rrule',
    'eventTimezone',
    'hasAlarm',
  ],
  rows: (pc) => eventsOf(pc).map((e) => eventRow(e, pc.zone)),
  insert: (pc, values) => {
    if (num(values.dtstart) === undefined)
      throw new Error('java.lang.IllegalArgumentException: DTSTART cannot be empty.');
    const events = eventsOf(pc);
    const id = Math.max(Number(pc.data.nextId ?? 0), ...events.map((e) => e.id + 1), 1);
    const base: EventShape = {
      id,
      title: '',
      date: '',
      start: null,
      endDate: '',
      end: null,
      allDay: false,
      repeat: 'none',
      location: '',
      description: '',
      reminderMinutes: null,
    };
    return { events: [...events, eventFields(values, base, pc.zone)], nextId: id + 1 };
  },
  update: (pc, rows, values) => patchEvents(pc, ids(rows), (e) => eventFields(values, e, pc.zone)),
  delete: (pc, rows) => patchEvents(pc, ids(rows), () => null),
};

const calendarsTable: Table = {
  pkg: 'com.android.calendar',
  columns: ['_id', 'account_name', 'account_type', 'calendar_displayName', 'visible', 'calendar_access_level'],
  rows: () => [
    {
      _id: 1,
      account_name: 'Phone',
      account_type: 'LOCAL',
      calendar_displayName: 'Phone',
      visible: 1,
      calendar_access_level: 700,
    },
  ],
};

const remindersTable: Table = {
  pkg: 'com.android.calendar',
  columns: ['_id', 'event_id', 'minutes', 'method'],
  rows: (pc) =>
    eventsOf(pc)
      .filter((e) => e.reminderMinutes !== null)
      .map((e) => ({ _id: e.id, event_id: e.id, minutes: e.reminderMinutes, method: 1 })),
  insert: (pc, values) => {
    const event = num(values.event_id);
    if (event === undefined) throw new Error('event_id is required');
    return patchEvents(pc, new Set([event]), (e) => ({ ...e, reminderMinutes: num(values.minutes) ?? 10 }));
  },
  delete: (pc, rows) => patchEvents(pc, ids(rows, 'event_id'), (e) => ({ ...e, reminderMinutes: null })),
};

// ------------------------------------------------------------------------ sms

interface MessageShape {
  id: number;
  from: string;
  to: string;
  text: string;
  at: number;
  type: 'received' | 'sent';
}
interface ConversationShape {
  id: number;
  address: string;
  name: string;
  unread: boolean;
  messages: MessageShape[];
}

function conversationsOf(pc: ProviderContext): ConversationShape[] {
  const list = pc.data.conversations;
  if (!Array.isArray(list)) throw new Error('the Messages app has no conversations');
  return list as ConversationShape[];
}

/** Received messages after the last sent one are unread while the conversation is. */
function smsRows(pc: ProviderContext, box?: 'received' | 'sent'): Row[] {
  const rows: Row[] = [];
  for (const c of conversationsOf(pc)) {
    const lastSent = c.messages.map((m) => m.type).lastIndexOf('sent');
    c.messages.forEach((m, i) => {
      if (box && m.type !== box) return;
      const read = m.type === 'sent' || !c.unread || i < lastSent ? 1 : 0;
      rows.push({
        _id: m.id,
        thread_id: c.id,
        address: c.address,
        person: null,
        date: m.at,
        date_sent: m.type === 'received' ? m.at : 0,
        read,
        seen: read,
        status: -1,
        type: m.type === 'received' ? 1 : 2,
        body: m.text,
        service_center: null,
        locked: 0,
        error_code: 0,
      });
    });
  }
  return rows.sort((a, b) => Number(b.date) - Number(a.date));
}

function smsTable(box?: 'received' | 'sent'): Table {
  return {
    pkg: 'com.android.messaging',
    columns: ['_id', 'thread_id', 'address', 'person', 'date', 'date_sent', 'read', 'seen', 'status', 'type', 'body'],
    rows: (pc) => smsRows(pc, box),
    insert: (pc, values) => {
      const address = text(values.address);
      if (!address) throw new Error('address is required');
      const type: 'received' | 'sent' = box ?? (num(values.type) === 2 ? 'sent' : 'received');
      const conversations = conversationsOf(pc);
      const nextMessageId = Math.max(
        Number(pc.data.nextMessageId ?? 0),
        ...conversations.flatMap((c) => c.messages.map((m) => m.id + 1)),
        1,
      );
      const message: MessageShape = {
        id: nextMessageId,
        from: type === 'sent' ? 'me' : address,
        to: type === 'sent' ? address : 'me',
        text: text(values.body),
        at: num(values.date) ?? pc.now,
        type,
      };
      const unread = type === 'received' && num(values.read) !== 1;
      const existing = conversations.find((c) => addressKey(c.address) === addressKey(address));
      if (existing)
        return {
          conversations: conversations.map((c) =>
            c === existing ? { ...c, unread: unread || c.unread, messages: [...c.messages, message] } : c,
          ),
          nextMessageId: nextMessageId + 1,
        };
      const id = Math.max(Number(pc.data.nextId ?? 0), ...conversations.map((c) => c.id + 1), 1);
      return {
        conversations: [...conversations, { id, address, name: '', unread, messages: [message] }],
        nextId: id + 1,
        nextMessageId: nextMessageId + 1,
      };
    },
    update: (pc, rows, values) => {
      const hit = ids(rows);
      return {
        conversations: conversationsOf(pc).map((c) => {
          if (!c.messages.some((m) => hit.has(m.id))) return c;
          const messages = c.messages.map((m) =>
            hit.has(m.id) && values.body !== undefined ? { ...m, text: text(values.body) } : m,
          );
          const unread = values.read === undefined ? c.unread : num(values.read) === 0;
          return { ...c, messages, unread };
        }),
      };
    },
    delete: (pc, rows) => {
      const hit = ids(rows);
      return {
        conversations: conversationsOf(pc)
          .map((c) => ({ ...c, messages: c.messages.filter((m) => !hit.has(m.id)) }))
          .filter((c) => c.messages.length > 0),
      };
    },
  };
}

/** Tables by authority, then by path (without a trailing row id). */
export const PROVIDERS: Readonly<Record<string, Readonly<Record<string, Table>>>> = {
  'com.android.contacts': {
    contacts: contactsTable,
    raw_contacts: rawContactsTable,
    data: dataTable(),
    'data/phones': dataTable('phone'),
    'data/emails': dataTable('email'),
  },
  contacts: { people: peopleTable },
  'com.android.calendar': { events: eventsTable, calendars: calendarsTable, reminders: remindersTable },
  sms: { '': smsTable(), inbox: smsTable('received'), sent: smsTable('sent') },
};
