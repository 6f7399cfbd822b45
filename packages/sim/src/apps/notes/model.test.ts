import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../phone/page/rng.ts';
import { initialNotesData, saveDraft, searchNotes, snippet, sortNotes } from './model.ts';

const now = new Date(2025, 5, 2, 9, 0, 12).getTime();
const seeded = (seed: number, at = now) => initialNotesData({ seed, rng: mulberry32(seed), now: at });

describe('notes model', () => {
  it('seeds the same notes for a seed (even a few seconds later) and others for another seed', () => {
    const a = seeded(7);
    expect(seeded(7, now + 20_000)).toEqual(a);
    expect(a.notes[0]).toMatchObject({ id: 1, title: 'Shopping list', pinned: true });
    expect(a.notes.length).toBeGreaterThanOrEqual(5);
    expect(a.notes.every((n) => n.updatedAt < now)).toBe(true);
    const titles = (seed: number): string[] => seeded(seed).notes.map((n) => n.title);
    expect([1, 2, 3, 4, 5].map(titles).some((t) => JSON.stringify(t) !== JSON.stringify(titles(7)))).toBe(true);
  });

  it('creates, updates, leaves unchanged, discards and deletes through drafts', () => {
    const data = seeded(1);
    const count = data.notes.length;
    const draft = { id: null, title: '  ', body: 'Tomorrow: light rain, 21–27°C\n', pinned: false };
    expect(saveDraft(data, draft, now)).toBe('created');
    const created = data.notes.at(-1);
    expect(created).toMatchObject({
      id: count + 1,
      title: '',
      body: 'Tomorrow: light rain, 21–27°C',
      createdAt: now,
      updatedAt: now,
    });
    expect(draft.id).toBe(count + 1);
    expect(saveDraft(data, { id: created!.id, title: '', body: created!.body, pinned: false }, now + 1)).toBe(
      'unchanged',
    );
    expect(saveDraft(data, { id: created!.id, title: 'Weather', body: created!.body, pinned: true }, now + 2)).toBe(
      'updated',
    );
    expect(data.notes.at(-1)).toMatchObject({ title: 'Weather', pinned: true, updatedAt: now + 2 });
    expect(saveDraft(data, { id: null, title: ' ', body: ' \n', pinned: false }, now)).toBe('discarded');
    expect(saveDraft(data, { id: created!.id, title: '', body: '', pinned: false }, now)).toBe('deleted');
    expect(data.notes).toHaveLength(count);
  });

  it('sorts pinned first then by edit time, and searches every word in title and body', () => {
    const data = seeded(3);
    const sorted = sortNotes(data.notes);
    expect(sorted[0]?.pinned).toBe(true);
    for (let i = 2; i < sorted.length; i++)
      expect(sorted[i - 1]!.updatedAt).toBeGreaterThanOrEqual(sorted[i]!.updatedAt);
    expect(searchNotes(data.notes, 'MILK eggs').map((n) => n.title)).toEqual(['Shopping list']);
    expect(searchNotes(data.notes, 'milk nothing-like-this')).toEqual([]);
    expect(snippet('Milk\n\nEggs\n Bread ')).toBe('Milk · Eggs · Bread');
  });
});
