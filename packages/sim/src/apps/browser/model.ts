/**
 * The Browser's state — open tabs (each with its back/forward list), bookmarks, history and
 * settings — the seeded start, and the rules: opening an address in a tab, back and forward,
 * bookmarking, history.
 */
import { pick, shuffle } from '../../phone/page/rng.ts';
import type { AppContext, SeedContext } from '../../phone/page/types.ts';
import { NEWS, SEEDABLE, pageAt } from './web.ts';

/** The new tab page's address. */
export const NEW_TAB = 'about:newtab';

export interface Tab {
  id: number;
  /** Addresses visited in this tab, oldest first; `index` is the one shown. */
  stack: string[];
  index: number;
}

export interface Bookmark {
  id: number;
  title: string;
  url: string;
}

export interface Visit {
  id: number;
  url: string;
  title: string;
  /** Device time (epoch ms). */
  at: number;
}

export interface BrowserSettings {
  searchEngine: 'moba' | 'wiki';
  /** Page text size, percent (50–200, steps of 10). */
  textSize: number;
  javascript: boolean;
  popups: boolean;
  desktopSite: boolean;
  homepage: string;
}

export interface BrowserData {
  tabs: Tab[];
  /** The id of the tab in front. */
  current: number;
  nextTabId: number;
  bookmarks: Bookmark[];
  nextBookmarkId: number;
  /** Newest first (at most 100). */
  history: Visit[];
  nextVisitId: number;
  settings: BrowserSettings;
}

export interface BrowserUi {
  /** The address bar is being edited. */
  editing: boolean;
  typed: string;
  /** The history screen's search. */
  filter: string;
}

export type BrowserCtx = AppContext<BrowserData, BrowserUi>;

const DAY = 86_400_000;
const MINUTE = 60_000;

export const urlOf = (tab: Tab): string => tab.stack[tab.index] ?? NEW_TAB;

export function titleOf(url: string): string {
  if (url === NEW_TAB) return 'New tab';
  return pageAt(url).title;
}

export function currentTab(data: BrowserData): Tab {
  let tab = data.tabs.find((t) => t.id === data.current);
  if (!tab) {
    tab = data.tabs[0] ?? { id: data.nextTabId++, stack: [NEW_TAB], index: 0 };
    if (!data.tabs.length) data.tabs.push(tab);
    data.current = tab.id;
  }
  return tab;
}

function noteVisit(data: BrowserData, url: string, now: number): void {
  if (url === NEW_TAB) return;
  const page = pageAt(url);
  if (!page.found) return;
  data.history.unshift({ id: data.nextVisitId++, url: page.url, title: page.title, at: now });
  if (data.history.length > 100) data.history.length = 100;
}

/** Opens an address in the front tab (forward history is dropped, as in a browser). */
export function openUrl(data: BrowserData, url: string, now: number): void {
  const tab = currentTab(data);
  if (urlOf(tab) === url) return;
  tab.stack = [...tab.stack.slice(0, tab.index + 1), url];
  tab.index = tab.stack.length - 1;
  noteVisit(data, url, now);
}

export function go(data: BrowserData, step: -1 | 1, now: number): boolean {
  const tab = currentTab(data);
  const next = tab.index + step;
  if (next < 0 || next >= tab.stack.length) return false;
  tab.index = next;
  noteVisit(data, urlOf(tab), now);
  return true;
}

export function newTab(data: BrowserData, url = NEW_TAB, now = 0): Tab {
  const tab: Tab = { id: data.nextTabId++, stack: [url], index: 0 };
  data.tabs.push(tab);
  data.current = tab.id;
  noteVisit(data, url, now);
  return tab;
}

/** Closes a tab; the one next to it comes to the front (a new tab page when none is left). */
export function closeTab(data: BrowserData, id: number): void {
  const i = data.tabs.findIndex((t) => t.id === id);
  if (i < 0) return;
  data.tabs.splice(i, 1);
  if (!data.tabs.length) newTab(data);
  else if (data.current === id) data.current = (data.tabs[Math.min(i, data.tabs.length - 1)] as Tab).id;
}

export const bookmarkOf = (data: BrowserData, url: string): Bookmark | undefined =>
  data.bookmarks.find((b) => b.url === url);

/** Adds a bookmark for the page, or removes it; returns whether it is bookmarked now. */
export function toggleBookmark(data: BrowserData, url: string): boolean {
  const existing = bookmarkOf(data, url);
  if (existing) {
    data.bookmarks = data.bookmarks.filter((b) => b !== existing);
    return false;
  }
  data.bookmarks.push({ id: data.nextBookmarkId++, title: titleOf(url), url });
  return true;
}

export function initialBrowserData(seed: SeedContext): BrowserData {
  const r = seed.rng;
  const pages = shuffle([...SEEDABLE], r);
  const visits: Visit[] = [];
  let at = Math.floor(seed.now / MINUTE) * MINUTE - 20 * MINUTE;
  for (let i = 0; i < 14; i++) {
    const url = pick(r, pages);
    visits.push({ id: 14 - i, url, title: titleOf(url), at });
    at -= Math.floor((i % 3 === 2 ? 0.5 + r() : r() * 0.05) * DAY) + 3 * MINUTE;
  }
  const marks = pages.slice(0, 4).map((url, i) => ({ id: i + 1, title: titleOf(url), url }));
  return {
    tabs: [
      { id: 1, stack: [NEWS], index: 0 },
      { id: 2, stack: [pages[5] ?? NEWS], index: 0 },
    ],
    current: 2,
    nextTabId: 3,
    bookmarks: marks,
    nextBookmarkId: marks.length + 1,
    history: visits,
    nextVisitId: 15,
    settings: {
      searchEngine: 'moba',
      textSize: 100,
      javascript: true,
      popups: false,
      desktopSite: false,
      homepage: NEWS,
    },
  };
}
