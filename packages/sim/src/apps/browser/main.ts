/**
 * The Browser's main screen: the address bar (home, the page's address or, while editing, a
 * field with suggestions from bookmarks and history), the tab count, the menu; below, the page
 * (page-view.ts) or the new tab page (a search box and shortcuts to bookmarks). The menu.
 */
import type { DialogState } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { CheckBox, Dialog, EditText, Icon, IconButton, ListItem, ScrollList } from '../../phone/page/widgets.ts';
import { NEW_TAB, bookmarkOf, currentTab, go, newTab, openUrl, toggleBookmark, urlOf } from './model.ts';
import type { BrowserCtx } from './model.ts';
import { webView } from './page-view.ts';
import { addressFor, pageAt } from './web.ts';

export const shortAddress = (url: string): string => url.replace(/^https:\/\//, '').replace(/\/$/, '');

export function open(ctx: BrowserCtx, url: string): void {
  openUrl(ctx.data, url, ctx.now());
  ctx.ui.editing = false;
  ctx.blur();
}

/** The address bar opens for typing, empty (the current address is its hint), as a browser selects it all. */
export function startEditing(ctx: BrowserCtx): void {
  ctx.ui.editing = true;
  ctx.ui.typed = '';
  ctx.focus('url', 'end');
}

function submit(ctx: BrowserCtx): void {
  if (!ctx.ui.typed.trim()) return;
  open(ctx, addressFor(ctx.ui.typed, ctx.data.settings.searchEngine));
}

function suggestions(ctx: BrowserCtx): VNode {
  const q = ctx.ui.typed.trim().toLowerCase();
  const seen = new Set<string>();
  const rows = [
    ...ctx.data.bookmarks.map((b) => ({ ...b, star: true })),
    ...ctx.data.history.map((v) => ({ ...v, star: false })),
  ]
    .filter((x) => !q || `${x.title} ${x.url}`.toLowerCase().includes(q))
    .filter((x) => (seen.has(x.url) ? false : (seen.add(x.url), true)))
    .slice(0, 8);
  return ScrollList(
    { id: 'suggestions' },
    q
      ? ListItem({
          key: 'go',
          id: 'suggestion_search',
          icon: 'search',
          title: ctx.ui.typed.trim(),
          onTap: () => submit(ctx),
        })
      : null,
    rows.map((x) =>
      ListItem({
        key: x.url,
        id: 'suggestion_item',
        icon: x.star ? 'star' : 'history',
        title: x.title,
        summary: shortAddress(x.url),
        onTap: () => open(ctx, x.url),
      }),
    ),
  );
}

function addressBar(ctx: BrowserCtx, url: string): VNode {
  const count = ctx.data.tabs.length;
  if (ctx.ui.editing)
    return h(
      'LinearLayout',
      { id: 'toolbar', orientation: 'horizontal', class: 'wb-bar' },
      IconButton({
        id: 'cancel_edit',
        icon: 'back',
        desc: ctx.t('Back'),
        onTap: () => ((ctx.ui.editing = false), ctx.blur()),
      }),
      EditText(ctx, {
        field: 'url',
        id: 'url_bar',
        value: ctx.ui.typed,
        hint: url === NEW_TAB ? ctx.t('Search or type web address') : shortAddress(url),
        look: 'plain',
        class: 'grow wb-url editing',
        onChange: (v) => (ctx.ui.typed = v),
        onSubmit: () => submit(ctx),
      }),
      ctx.ui.typed
        ? IconButton({ id: 'delete_button', icon: 'close', desc: ctx.t('Clear'), onTap: () => (ctx.ui.typed = '') })
        : null,
    );
  const secure = url.startsWith('https://');
  return h(
    'LinearLayout',
    { id: 'toolbar', orientation: 'horizontal', class: 'wb-bar' },
    IconButton({
      id: 'home_button',
      icon: 'home',
      desc: ctx.t('Home'),
      onTap: () => open(ctx, ctx.data.settings.homepage),
    }),
    h(
      'LinearLayout',
      { id: 'location_bar', orientation: 'horizontal', class: 'grow wb-url', onTap: () => startEditing(ctx) },
      h('span', { class: 'wb-lock', ax: 'skip' }, Icon(secure ? 'lock' : 'search', { size: 16 })),
      h(
        'TextView',
        { id: 'url_bar', class: `grow wb-url-text ${url === NEW_TAB ? 'hint' : ''}` },
        url === NEW_TAB ? ctx.t('Search or type web address') : shortAddress(url),
      ),
    ),
    h(
      'TextView',
      {
        id: 'tab_switcher_button',
        class: 'wb-tabs',
        desc: ctx.t(count === 1 ? '1 open tab' : '{n} open tabs', { n: count }),
        onTap: () => ctx.navigate('tabs', undefined, { activity: '.TabSwitcherActivity' }),
      },
      String(count),
    ),
    IconButton({
      id: 'menu_button',
      icon: 'more-vert',
      desc: ctx.t('More options'),
      onTap: () => ctx.openDialog('menu'),
    }),
  );
}

function newTabPage(ctx: BrowserCtx): VNode {
  return ScrollList(
    { id: 'ntp_content', kind: 'scroll' },
    h(
      'LinearLayout',
      { class: 'wb-ntp' },
      h('TextView', { id: 'ntp_logo', class: 'wb-logo' }, 'MobA'),
      h(
        'LinearLayout',
        { id: 'search_box', orientation: 'horizontal', class: 'wb-search-box', onTap: () => startEditing(ctx) },
        h('span', { ax: 'skip' }, Icon('search', { size: 20 })),
        h('TextView', { id: 'search_box_text', class: 'grow hint' }, ctx.t('Search or type web address')),
      ),
      h(
        'LinearLayout',
        { id: 'shortcuts', orientation: 'horizontal', class: 'wb-tiles' },
        ctx.data.bookmarks
          .slice(0, 8)
          .map((b) =>
            h(
              'TextView',
              { key: b.id, id: 'tile', class: 'wb-tile', desc: b.title, onTap: () => open(ctx, b.url) },
              h('span', { class: 'wb-tile-icon', ax: 'skip' }, b.title.slice(0, 1)),
              h('span', { class: 'wb-tile-text', ax: 'skip' }, b.title.split(/ [—-] /)[0] ?? b.title),
            ),
          ),
      ),
    ),
  );
}

export function mainScreen(ctx: BrowserCtx): VNode {
  const url = urlOf(currentTab(ctx.data));
  const body = ctx.ui.editing
    ? suggestions(ctx)
    : url === NEW_TAB
      ? newTabPage(ctx)
      : webView(ctx, pageAt(url), (href) => open(ctx, href));
  return h(
    'LinearLayout',
    { class: 'fill browser-app' },
    addressBar(ctx, url),
    h('FrameLayout', { class: 'grow body wb-body' }, body),
  );
}

export function menuDialog(ctx: BrowserCtx, _dialog: DialogState): VNode {
  const d = ctx.data;
  const tab = currentTab(d);
  const url = urlOf(tab);
  const onPage = url !== NEW_TAB;
  const item = (id: string, icon: string, title: string, act: () => void, enabled = true): VNode =>
    ListItem({ id, icon, title: ctx.t(title), enabled, onTap: () => (ctx.closeDialog(), act()) });
  const nav = (screen: string, activity: string) => () => ctx.navigate(screen, undefined, { activity });
  return Dialog({
    class: 'wb-menu',
    body: h(
      'LinearLayout',
      { class: 'dialog-list' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'wb-menu-icons' },
        IconButton({
          id: 'forward_menu_id',
          icon: 'arrow-forward',
          desc: ctx.t('Forward'),
          enabled: tab.index < tab.stack.length - 1,
          onTap: () => (ctx.closeDialog(), go(d, 1, ctx.now())),
        }),
        IconButton({
          id: 'bookmark_this_page_id',
          icon: bookmarkOf(d, url) ? 'star-fill' : 'star',
          desc: ctx.t(bookmarkOf(d, url) ? 'Edit bookmark' : 'Bookmark'),
          enabled: onPage,
          onTap: () => {
            ctx.closeDialog();
            if (toggleBookmark(d, url)) ctx.toast(ctx.t('Bookmarked'));
            else ctx.toast(ctx.t('Bookmark removed'));
          },
        }),
        IconButton({
          id: 'reload_menu_id',
          icon: 'refresh',
          desc: ctx.t('Reload'),
          enabled: onPage,
          onTap: () => ctx.closeDialog(),
        }),
      ),
      item('new_tab_menu_id', 'add', 'New tab', () => (newTab(d), startEditing(ctx))),
      item('all_bookmarks_menu_id', 'bookmark', 'Bookmarks', nav('bookmarks', '.BookmarksActivity')),
      item('open_history_menu_id', 'history', 'History', nav('history', '.HistoryActivity')),
      item('share_menu_id', 'share', 'Copy link', () => (ctx.copyText(url), ctx.toast(ctx.t('Link copied'))), onPage),
      h(
        'LinearLayout',
        { class: 'wb-menu-check' },
        CheckBox({
          id: 'request_desktop_site_id',
          text: ctx.t('Desktop site'),
          checked: d.settings.desktopSite,
          onToggle: (v) => ((d.settings.desktopSite = v), ctx.closeDialog()),
        }),
      ),
      item('preferences_id', 'settings', 'Settings', nav('settings', '.SettingsActivity')),
    ),
  });
}
