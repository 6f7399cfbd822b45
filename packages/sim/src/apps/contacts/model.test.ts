import { describe, expect, it } from 'vitest';
import { hashString, mulberry32 } from '../../phone/page/rng.ts';
import {
  CONTACTS_PACKAGE,
  displayName,
  findByNumber,
  formatNumber,
  indexLetter,
  initialContactsData,
  normalizeNumber,
  saveContact,
  searchContacts,
  seededContacts,
  sortContacts,
  splitName,
} from './model.ts';

const now = new Date(2025, 5, 2, 9).getTime();

describe('contacts model', () => {
  it('normalises and formats numbers the way lookups need', () => {
    expect(normalizeNumber('+86 138-0013-4721')).toBe('13800134721');
    expect(normalizeNumber('0086 13800134721')).toBe('13800134721');
    expect(formatNumber('+8613800134721')).toBe('138 0013 4721');
    expect(formatNumber('10086')).toBe('10086');
    expect(formatNumber('Alice')).toBe('Alice');
  });

  it('writes Chinese names family-name first and files them under their pinyin letter', () => {
    expect(displayName({ firstName: '芳', lastName: '王' })).toBe('王芳');
    expect(displayName({ firstName: 'Alice', lastName: 'Wang' })).toBe('Alice Wang');
    expect(splitName('王芳')).toEqual({ firstName: '芳', lastName: '王' });
    expect(splitName('Mary Ann Lee')).toEqual({ firstName: 'Mary Ann', lastName: 'Lee' });
    const data = initialContactsData({ seed: 1, rng: mulberry32(1), now });
    const wang = data.contacts.find((c) => c.lastName === '王');
    expect(indexLetter(wang!)).toBe('W');
    const letters = sortContacts(data.contacts).map(indexLetter);
    expect([...letters].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))).toEqual(letters);
  });

  it('seeds the fixed people with seed-dependent unique numbers, as Messages derives them', () => {
    const a = seededContacts({ seed: 5, rng: mulberry32(0), now });
    expect(a).toEqual(
      initialContactsData({ seed: 5, rng: mulberry32(5 ^ hashString(CONTACTS_PACKAGE)), now }).contacts,
    );
    expect(a.slice(0, 2).map(displayName)).toEqual(['Alice Wang', 'Bob Zhang']);
    expect(new Set(a.map((c) => normalizeNumber(c.phone))).size).toBe(a.length);
    expect(a.every((c) => /^1\d{2} \d{4} \d{4}$/.test(c.phone))).toBe(true);
    expect(seededContacts({ seed: 6, rng: mulberry32(0), now })[0]?.phone).not.toBe(a[0]?.phone);
  });

  it('finds by name, number fragment and email; saves drafts', () => {
    const data = initialContactsData({ seed: 2, rng: mulberry32(2), now });
    const alice = data.contacts[0]!;
    expect(searchContacts(data.contacts, 'alice').map(displayName)).toEqual(['Alice Wang']);
    expect(searchContacts(data.contacts, normalizeNumber(alice.phone).slice(3, 8))).toContain(alice);
    expect(searchContacts(data.contacts, 'example.com').length).toBeGreaterThan(2);
    expect(findByNumber(data.contacts, `+86${normalizeNumber(alice.phone)}`)).toBe(alice);
    expect(saveContact(data, { id: null, firstName: ' ', lastName: '', phone: '', email: '', company: '' })).toBeNull();
    const made = saveContact(data, {
      id: null,
      firstName: 'Zoe',
      lastName: 'Lin',
      phone: '139 0000 1111',
      email: '',
      company: '',
    });
    expect(made).toMatchObject({ id: data.contacts.length, starred: false });
    expect(
      saveContact(data, {
        id: made!.id,
        firstName: 'Zoe',
        lastName: 'Lam',
        phone: '139 0000 1111',
        email: 'z@x.cn',
        company: '',
      })?.lastName,
    ).toBe('Lam');
  });
});
