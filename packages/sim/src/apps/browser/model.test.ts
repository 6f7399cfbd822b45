import { describe, expect, it } from 'vitest';
import { hashString, mulberry32 } from '../../phone/page/rng.ts';
import {
  NEW_TAB,
  closeTab,
  currentTab,
  go,
  initialBrowserData,
  newTab,
  openUrl,
  toggleBookmark,
  urlOf,
} from './model.ts';
import { addressFor, pageAt, searchWeb } from './web.ts';

const now = new Date(2025, 5, 2, 9, 0, 0).getTime();
const seeded = (seed: number) =>
  initialBrowserData({ seed, rng: mulberry32(seed ^ hashString('com.moba.browser')), now });

describe('browser model', () => {
  it('seeds tabs, bookmarks and a history of known pages per seed', () => {
    expect(seeded(3)).toEqual(seeded(3));
    expect(seeded(3).history).not.toEqual(seeded(4).history);
    const d = seeded(3);
    expect(d.history).toHaveLength(14);
    for (const v of d.history) expect(pageAt(v.url)).toMatchObject({ found: true, title: v.title });
    expect(d.history.map((v) => v.at)).toEqual([...d.history.map((v) => v.at)].sort((a, b) => b - a));
  });

  it('reads typed text as an address or a search with the chosen engine', () => {
    expect(addressFor('recipes.moba.test/congee', 'moba')).toBe('https://recipes.moba.test/congee');
    expect(addressFor('great wall', 'moba')).toBe('https://search.moba.test/search?q=great+wall');
    expect(addressFor('great wall', 'wiki')).toBe('https://wiki.moba.test/search?q=great+wall');
    expect(pageAt('http://news.moba.test').title).toBe('MobA News — Top stories');
    expect(pageAt('https://wiki.moba.test/wiki/Atlantis')).toMatchObject({ found: false, title: 'wiki.moba.test' });
    expect(searchWeb('dumplings').map((r) => r.title)[0]).toBe('Pork and cabbage dumplings — Home Kitchen');
    expect(searchWeb('dumplings', true).every((r) => r.url.startsWith('https://wiki.moba.test/'))).toBe(true);
  });

  it('keeps a back/forward list per tab; opening a page drops the forward part', () => {
    const d = seeded(1);
    const tab = newTab(d, NEW_TAB, now);
    openUrl(d, 'https://news.moba.test/', now);
    openUrl(d, 'https://wiki.moba.test/wiki/Tea', now);
    expect(go(d, -1, now)).toBe(true);
    openUrl(d, 'https://recipes.moba.test/', now);
    expect(tab.stack).toEqual([NEW_TAB, 'https://news.moba.test/', 'https://recipes.moba.test/']);
    expect(go(d, 1, now)).toBe(false);
    expect(d.history[0]?.url).toBe('https://recipes.moba.test/');
    expect(toggleBookmark(d, urlOf(tab))).toBe(true);
    expect(toggleBookmark(d, urlOf(tab))).toBe(false);
    for (const t of [...d.tabs]) closeTab(d, t.id);
    expect(d.tabs).toHaveLength(1);
    expect(urlOf(currentTab(d))).toBe(NEW_TAB);
  });
});
