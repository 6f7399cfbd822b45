/** Notes' state: the notes (plain JSON), the editor draft, the search text; seed data. */
import { pick } from '../../phone/page/rng.ts';
import type { AppContext, SeedContext } from '../../phone/page/types.ts';

export interface Note {
  id: number;
  title: string;
  body: string;
  pinned: boolean;
  /** Device time (epoch ms). */
  createdAt: number;
  updatedAt: number;
}

export interface NotesData {
  notes: Note[];
  nextId: number;
}

export interface NoteDraft {
  /** null while the note has never been saved. */
  id: number | null;
  title: string;
  body: string;
  pinned: boolean;
}

export interface NotesUi {
  query: string;
  draft: NoteDraft | null;
}

export type NotesCtx = AppContext<NotesData, NotesUi>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The seedable notes: [title, body]. The first is always there (and pinned). */
const POOL: ReadonlyArray<readonly [string, string | ((rng: () => number) => string)]> = [
  ['Shopping list', 'Milk\nEggs\nBread\nApples\nCoffee beans'],
  [
    'Meeting notes',
    'Q3 roadmap review\n- Ship the new onboarding flow\n- Hire two engineers\n- Budget review on Friday',
  ],
  ['Books to read', 'The Three-Body Problem\nProject Hail Mary\nAtomic Habits\nThe Old Man and the Sea'],
  ['Gym plan', 'Mon: chest and triceps\nWed: back and biceps\nFri: legs\nSun: 5 km run'],
  ['周末计划', '周六上午去超市买菜\n下午和朋友看电影\n周日去世纪公园跑步'],
  ['Gift ideas', 'Mom: silk scarf\nDad: tea set\nAmy: headphones'],
  ['Travel checklist', 'Passport\nPhone charger\nTravel adapter\nSunscreen\nRain jacket'],
  [
    'Tomato and egg stir-fry',
    '3 eggs, 2 tomatoes, 1 scallion\nScramble the eggs first, set aside.\nCook the tomatoes with a pinch of sugar, add the eggs back, salt to taste.',
  ],
  [
    'Parking spot',
    (rng) =>
      `Level B${1 + Math.floor(rng() * 3)}, zone ${pick(rng, ['A', 'C', 'D', 'F'])}, spot ${10 + Math.floor(rng() * 80)}`,
  ],
  ['Ideas for the blog', 'Why small files are easier to review\nA week with a paper notebook\nNotes on learning Go'],
];

/**
 * Seed notes: "Shopping list" (pinned) plus four or five others picked by the seed, edited
 * in the days before the device's start time (whole hours, so a running clock does not
 * change the data between two phones with the same seed).
 */
export function initialNotesData(seed: SeedContext): NotesData {
  const rng = seed.rng;
  const anchor = Math.floor(seed.now / HOUR) * HOUR;
  const others = POOL.slice(1).map((entry) => ({ entry, order: rng() }));
  others.sort((a, b) => a.order - b.order);
  const chosen = [POOL[0] as (typeof POOL)[number], ...others.slice(0, 4 + Math.floor(rng() * 2)).map((o) => o.entry)];
  const notes: Note[] = chosen.map(([title, body], i) => {
    const at =
      anchor - (i === 0 ? DAY + 2 * HOUR : (i * 2 + Math.floor(rng() * 3)) * DAY + Math.floor(rng() * 10) * HOUR);
    return {
      id: i + 1,
      title,
      body: typeof body === 'string' ? body : body(rng),
      pinned: i === 0,
      createdAt: at - 3 * DAY,
      updatedAt: at,
    };
  });
  return { notes, nextId: notes.length + 1 };
}

/** Pinned first, then the most recently edited. */
export function sortNotes(notes: readonly Note[]): Note[] {
  return [...notes].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.updatedAt - a.updatedAt || b.id - a.id);
}

/** Notes whose title or body contains every word of the query (case-insensitive). */
export function searchNotes(notes: readonly Note[], query: string): Note[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return sortNotes(notes.filter((n) => words.every((w) => `${n.title}\n${n.body}`.toLowerCase().includes(w))));
}

/** The card's preview: the body's first lines, joined. */
export function snippet(body: string, max = 120): string {
  const text = body
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' · ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Stores the draft. Returns what happened: a new note, an update, nothing (unchanged), an
 * empty new note discarded, or an existing note deleted because it was emptied.
 */
export function saveDraft(
  data: NotesData,
  draft: NoteDraft,
  now: number,
): 'created' | 'updated' | 'unchanged' | 'discarded' | 'deleted' {
  const title = draft.title.trim();
  const body = draft.body.replace(/\s+$/, '');
  const empty = title === '' && body.trim() === '';
  const existing = draft.id === null ? undefined : data.notes.find((n) => n.id === draft.id);
  if (!existing) {
    if (empty) return 'discarded';
    const note: Note = { id: data.nextId++, title, body, pinned: draft.pinned, createdAt: now, updatedAt: now };
    data.notes.push(note);
    draft.id = note.id;
    return 'created';
  }
  if (empty) {
    data.notes = data.notes.filter((n) => n.id !== existing.id);
    return 'deleted';
  }
  if (existing.title === title && existing.body === body && existing.pinned === draft.pinned) return 'unchanged';
  const contentChanged = existing.title !== title || existing.body !== body;
  existing.title = title;
  existing.body = body;
  existing.pinned = draft.pinned;
  if (contentChanged) existing.updatedAt = now;
  return 'updated';
}
