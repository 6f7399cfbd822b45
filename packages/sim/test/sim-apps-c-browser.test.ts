/**
 * Browser (com.moba.browser) through the SimulatedDevice interface: the page is a WebView that
 * shows the dump only its title, yet its links work where they are drawn; the address bar
 * searches and opens addresses; BACK and forward; bookmarks added, edited and deleted; the
 * history scrolls, is searched, loses an entry and is cleared; tabs; settings (text size slider,
 * search engine); a VIEW intent; an address that does not resolve; Chinese.
 */
import { describe, expect, it } from 'vitest';
import type { SimulatedPhone } from '../src/index.ts';
import { useAppPhone } from '../src/testing/app-phone.ts';
import { dump, scrollTo, tapOn } from '../src/testing/device-driver.ts';
import { findNode, parseDump, requireNode } from '../src/testing/ui-dump.ts';

const PKG = 'com.moba.browser';
const KEY = { BACK: 4, ENTER: 66 };

interface State {
  page: { url: string; title: string; canGoBack: boolean; canGoForward: boolean };
  tabs: Array<{ id: number; url: string; title: string; current: boolean }>;
  bookmarks: Array<{ id: number; title: string; url: string }>;
  history: Array<{ id: number; url: string; title: string; at: number }>;
  settings: { textSize: number; searchEngine: string };
}

let phone: SimulatedPhone;
useAppPhone({ seed: 5, freezeClock: true }, (t) => (phone = t.phone));

const state = async (): Promise<State> => (await phone.state(PKG)) as State;

async function visit(address: string): Promise<void> {
  await tapOn(phone, { id: 'url_bar' });
  await phone.text(address);
  await phone.keyevent(KEY.ENTER);
}

describe('Browser', () => {
  it('searches from the address bar; the WebView shows the dump only its title; a drawn link opens; BACK and forward', async () => {
    await tapOn(phone, { desc: 'Browser' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.MainActivity' });
    await visit('panda');
    let s = await state();
    expect(s.page.url).toBe('https://search.moba.test/search?q=panda');
    let xml = await dump(phone);
    const web = requireNode(xml, { id: 'web_view' });
    expect(web).toMatchObject({ className: 'android.webkit.WebView', contentDesc: 'panda - MobA Search', text: '' });
    // Nothing of the page's content is a node: no result titles in the dump.
    expect(findNode(xml, { text: 'Giant panda - MobA Wiki' })).toBeUndefined();
    expect(
      parseDump(xml)
        .filter((n) => n.bounds.top >= web.bounds.top)
        .map((n) => n.className),
    ).toEqual(['android.widget.FrameLayout', 'android.webkit.WebView']);
    // The first result is drawn below the site band and the result count.
    await phone.tap(300, web.bounds.top + 290);
    s = await state();
    expect(s.page).toMatchObject({ url: 'https://wiki.moba.test/wiki/Giant_panda', canGoBack: true });
    expect(s.history[0]).toMatchObject({ url: s.page.url, title: 'Giant panda - MobA Wiki' });
    await phone.keyevent(KEY.BACK);
    expect((await state()).page).toMatchObject({ url: 'https://search.moba.test/search?q=panda', canGoForward: true });
    await tapOn(phone, { id: 'menu_button' });
    await tapOn(phone, { id: 'forward_menu_id' });
    expect((await state()).page.url).toBe('https://wiki.moba.test/wiki/Giant_panda');
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'url_bar' }).text).toBe('wiki.moba.test/wiki/Giant_panda');
  });

  it('bookmarks a page, edits the bookmark, opens it from the list, deletes it', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await visit('recipes.moba.test/mapo-tofu');
    await tapOn(phone, { id: 'menu_button' });
    await tapOn(phone, { id: 'bookmark_this_page_id' });
    let s = await state();
    const mark = s.bookmarks.find((b) => b.url === 'https://recipes.moba.test/mapo-tofu')!;
    expect(mark.title).toBe('Mapo tofu — Home Kitchen');
    await tapOn(phone, { id: 'menu_button' });
    await tapOn(phone, { id: 'all_bookmarks_menu_id' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.BookmarksActivity' });
    await tapOn(phone, { desc: `More options ${mark.title}` });
    await tapOn(phone, { id: 'edit_bookmark' });
    await phone.text(' (spicy)');
    await tapOn(phone, { id: 'android:id/button1' });
    s = await state();
    expect(s.bookmarks.find((b) => b.id === mark.id)!.title).toBe('Mapo tofu — Home Kitchen (spicy)');
    await phone.keyevent(KEY.BACK);
    await visit('news.moba.test');
    await tapOn(phone, { id: 'menu_button' });
    await tapOn(phone, { id: 'all_bookmarks_menu_id' });
    await tapOn(phone, { textStarts: 'Mapo tofu' });
    expect((await state()).page.url).toBe('https://recipes.moba.test/mapo-tofu');
    await tapOn(phone, { id: 'menu_button' });
    await tapOn(phone, { id: 'all_bookmarks_menu_id' });
    await tapOn(phone, { desc: `More options ${(await state()).bookmarks.find((b) => b.id === mark.id)!.title}` });
    await tapOn(phone, { id: 'delete_bookmark' });
    expect((await state()).bookmarks.some((b) => b.id === mark.id)).toBe(false);
  });

  it('the history scrolls, is searched, loses an entry and is cleared', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await tapOn(phone, { id: 'menu_button' });
    await tapOn(phone, { id: 'open_history_menu_id' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.HistoryActivity' });
    let s = await state();
    expect(s.history.length).toBe(14);
    const oldest = s.history.at(-1)!;
    const rows = (xml: string) => parseDump(xml).filter((n) => n.resourceId === `${PKG}:id/history_item`);
    expect(rows(await dump(phone)).length).toBeLessThan(14);
    await scrollTo(phone, { descStarts: `Remove ${oldest.title}` }, 10);
    await tapOn(phone, { id: 'search_history' });
    await phone.text('wiki');
    // The rows left (the keyboard covers the lower ones) are the wiki's pages only.
    const summaries = parseDump(await dump(phone))
      .filter((n) => n.resourceId === 'android:id/summary')
      .map((n) => n.text);
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries.filter((t) => !t.startsWith('wiki.moba.test/'))).toEqual([]);
    expect(s.history.some((v) => !v.url.includes('wiki'))).toBe(true);
    await phone.keyevent(KEY.BACK);
    await phone.keyevent(KEY.BACK);
    const first = s.history[0]!;
    await tapOn(phone, { desc: `Remove ${first.title}` });
    s = await state();
    expect(s.history.some((v) => v.id === first.id)).toBe(false);
    await tapOn(phone, { id: 'clear_browsing_data' });
    await tapOn(phone, { id: 'android:id/button1' });
    s = await state();
    expect(s.history).toEqual([]);
    expect(s.bookmarks.length).toBe(4);
    expect(requireNode(await dump(phone), { id: 'empty_view' })).toBeDefined();
  });

  it('tabs: switch, close, a new tab page; an address that does not resolve', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    let s = await state();
    expect(s.tabs.length).toBe(2);
    await tapOn(phone, { id: 'tab_switcher_button' });
    expect(await phone.focus()).toEqual({ packageName: PKG, activity: '.TabSwitcherActivity' });
    const other = s.tabs.find((t) => !t.current)!;
    await tapOn(phone, { id: 'android:id/title', text: other.title });
    expect((await state()).page.url).toBe(other.url);
    await tapOn(phone, { id: 'tab_switcher_button' });
    await tapOn(phone, { desc: `Close tab ${other.title}` });
    s = await state();
    expect(s.tabs.map((t) => t.id)).not.toContain(other.id);
    await tapOn(phone, { id: 'new_tab_button' });
    await phone.text('nowhere.example');
    await phone.keyevent(KEY.ENTER);
    s = await state();
    expect(s.tabs.length).toBe(2);
    expect(s.page.url).toBe('https://nowhere.example');
    expect(requireNode(await dump(phone), { id: 'web_view' }).contentDesc).toBe('nowhere.example');
    expect(s.history.some((v) => v.url.includes('nowhere'))).toBe(false);
  });

  it('settings: the text size slider and the search engine; a VIEW intent opens a new tab; Chinese', async () => {
    await phone.startActivity({ component: `${PKG}/.MainActivity` });
    await tapOn(phone, { id: 'menu_button' });
    await tapOn(phone, { id: 'preferences_id' });
    const slider = requireNode(await dump(phone), { id: 'text_size' });
    expect(slider).toMatchObject({ className: 'android.widget.SeekBar', text: '10' });
    await phone.tap(slider.bounds.right - 2, slider.center.y);
    expect((await state()).settings.textSize).toBe(200);
    expect(requireNode(await dump(phone), { id: 'text_size_value' }).text).toBe('200%');
    await tapOn(phone, { id: 'search_engine' });
    await tapOn(phone, { text: 'MobA Wiki' });
    await phone.keyevent(KEY.BACK);
    await visit('great wall');
    expect((await state()).page.url).toBe('https://wiki.moba.test/search?q=great+wall');

    await phone.startActivity({ action: 'android.intent.action.VIEW', data: 'https://wiki.moba.test/wiki/Tea' });
    let s = await state();
    expect(s.tabs.length).toBe(3);
    expect(s.page).toMatchObject({ url: 'https://wiki.moba.test/wiki/Tea', title: 'Tea - MobA Wiki' });
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    await tapOn(phone, { id: 'menu_button' });
    expect(requireNode(await dump(phone), { text: '书签' })).toBeDefined();
    s = await state();
    expect(s.page.url).toBe('https://wiki.moba.test/wiki/Tea');
  });
});
