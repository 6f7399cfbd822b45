import { describe, expect, it } from 'vitest';
import { hashString, mulberry32 } from '../phone/page/rng.ts';
import { mergePatch } from '../phone/page/merge-patch.ts';
import { APPS } from './index.ts';
import { APP_STORES, checkAppData } from './schemas.ts';

const now = new Date(2025, 5, 2, 9, 0, 0).getTime();
const seeded = (pkg: string, seed: number): unknown => {
  const app = APPS.find((a) => a.packageName === pkg)!;
  return app.initialData({ seed, rng: mulberry32(seed ^ hashString(pkg)), now });
};

describe('stored-data schemas', () => {
  it('cover every app, and every app’s seeded data matches its schema for many seeds', () => {
    expect(Object.keys(APP_STORES).sort()).toEqual(APPS.map((a) => a.packageName).sort());
    for (const pkg of Object.keys(APP_STORES))
      for (const seed of [0, 1, 7, 42, 2024, 99991]) {
        const result = checkAppData(pkg, seeded(pkg, seed));
        expect(result.ok ? [] : result.problems, `${pkg} seed ${seed}`).toEqual([]);
      }
  });

  it('refuses a patch in the sim-state shape, naming each wrong field', () => {
    const cart = mergePatch(seeded('com.moba.shop', 3), {
      cart: [{ productId: 12, title: 'Headphones', colour: 'blue', option: null, quantity: 2, unitPrice: 1429 }],
    });
    const result = checkAppData('com.moba.shop', cart);
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    expect(problems).toContain(
      'cart[0].title: unknown field; cart[0].quantity: unknown field; cart[0].unitPrice: unknown field',
    );
    expect(problems.some((p) => p.startsWith('cart[0].line: '))).toBe(true);
    expect(problems.some((p) => p.startsWith('cart[0].qty: '))).toBe(true);
  });

  it('checks ranges, known ids, dates and cross-references', () => {
    const problems = (pkg: string, patch: unknown): string[] => {
      const r = checkAppData(pkg, mergePatch(seeded(pkg, 1), patch));
      return r.ok ? [] : r.problems.map((p) => p.split(':')[0] ?? '');
    };
    const alarm = {
      id: 9,
      hour: 24,
      minute: 0,
      label: '',
      enabled: true,
      repeat: ['MON'],
      vibrate: false,
      ringtone: 'Default',
    };
    expect(problems('com.android.deskclock', { alarms: [alarm] })).toEqual(['alarms[0].hour']);
    expect(problems('com.android.deskclock', { worldClocks: ['atlantis'] })).toEqual(['worldClocks[0]']);
    expect(problems('com.moba.weather', { current: 'tokyo' })).toEqual(['current']);
    expect(
      problems('com.moba.shop', {
        cart: [{ line: 1, productId: 12, colour: 'pink', option: null, qty: 1, selected: true }],
      }),
    ).toEqual(['cart[0].colour']);
    const event = {
      id: 3,
      title: 'x',
      date: '2025-02-30',
      start: '10:00',
      endDate: '2025-02-30',
      end: '11:00',
      allDay: false,
      repeat: 'none',
      location: '',
      description: '',
      reminderMinutes: null,
    };
    expect(problems('com.android.calendar', { events: [event] })).toEqual(['events[0].date', 'events[0].endDate']);
    expect(
      problems('com.android.calendar', { events: [{ ...event, date: '2025-03-02', endDate: '2025-03-01' }] }),
    ).toEqual(['events[0].endDate']);
    expect(
      problems('com.moba.notes', {
        notes: [
          { id: 1, title: 'a', body: '', pinned: false, createdAt: 0, updatedAt: 0 },
          { id: 1, title: 'b', body: '', pinned: false, createdAt: 0, updatedAt: 0 },
        ],
      }),
    ).toEqual(['notes[1].id']);
    expect(problems('com.android.settings', { connected: 'NoSuchNet' })).toEqual(['connected']);
    const review = { id: 1, place: 3, rating: 6, text: '', date: now };
    expect(problems('com.moba.maps', { reviews: [review, { ...review, id: 2, rating: 4 }] })).toEqual([
      'reviews[0].rating',
      'reviews[1].place',
    ]);
    expect(problems('com.moba.maps', { location: { x: 7000, y: 10 }, navigation: { from: 'office' } })).toEqual([
      'location.x',
      'navigation.from',
      'navigation.to',
      'navigation.mode',
      'navigation.route',
      'navigation.startedAt',
    ]);
    expect(
      problems('com.moba.browser', {
        current: 99,
        tabs: [{ id: 1, stack: ['https://news.moba.test/'], index: 1 }],
        settings: { textSize: 55 },
      }),
    ).toEqual(['tabs[0].index', 'settings.textSize', 'current']);
    expect(problems('com.moba.browser', { bookmarks: [{ id: 1, title: 'x', url: 'news.moba.test' }] })).toEqual([
      'bookmarks[0].url',
    ]);
  });

  it('raises id counters above the ids a patch adds', () => {
    const data = mergePatch(seeded('com.moba.notes', 1), {
      notes: [{ id: 40, title: 'Added', body: '', pinned: false, createdAt: now, updatedAt: now }],
    });
    const result = checkAppData('com.moba.notes', data);
    expect(result.ok && (result.data as { nextId: number }).nextId).toBe(41);
  });
});
