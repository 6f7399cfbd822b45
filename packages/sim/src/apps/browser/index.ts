/**
 * Browser (com.moba.browser/.MainActivity): web pages drawn in a WebView that shows the dump
 * almost nothing (page-view.ts), an address bar that opens addresses or searches, back and
 * forward, tabs, bookmarks (add, edit, delete), history (search, remove, clear) and settings
 * (search engine, homepage, a text size slider, site settings). A VIEW intent with an http(s)
 * address opens it in a new tab.
 */
import { defineApp } from '../../phone/page/types.ts';
import type { Route } from '../../phone/page/types.ts';
import { BROWSER_CSS } from './browser-css.ts';
import {
  bookmarkEditDialog,
  bookmarkMenuDialog,
  bookmarksScreen,
  clearDataDialog,
  historyScreen,
  tabsScreen,
} from './lists.ts';
import { mainScreen, menuDialog } from './main.ts';
import { currentTab, go, initialBrowserData, newTab, titleOf, urlOf } from './model.ts';
import type { BrowserCtx, BrowserData, BrowserUi } from './model.ts';
import { engineDialog, homepageDialog, settingsScreen } from './settings.ts';
import { BROWSER_STRINGS } from './strings.ts';

export const browserApp = defineApp<BrowserData, BrowserUi>({
  packageName: 'com.moba.browser',
  icon: { bg: '#1a73e8', fg: '#ffffff', glyph: 'globe' },
  strings: BROWSER_STRINGS,
  css: BROWSER_CSS,
  initialData: initialBrowserData,
  initialUi: () => ({ editing: false, typed: '', filter: '' }),
  launch(ctx: BrowserCtx, request, resuming): Route[] | null {
    const main: Route = { screen: 'main' };
    if (request.data && /^https?:\/\//.test(request.data)) {
      newTab(ctx.data, request.data, ctx.now());
      ctx.ui.editing = false;
      return [main];
    }
    if (resuming) return null;
    ctx.ui.editing = false;
    return [main];
  },
  screens: {
    main: mainScreen,
    tabs: tabsScreen,
    bookmarks: bookmarksScreen,
    history: historyScreen,
    settings: settingsScreen,
  },
  dialogs: {
    menu: menuDialog,
    'bookmark-menu': bookmarkMenuDialog,
    'bookmark-edit': bookmarkEditDialog,
    'clear-data': clearDataDialog,
    engine: engineDialog,
    homepage: homepageDialog,
  },
  onBack(ctx) {
    if (ctx.route.screen === 'history' && ctx.ui.filter) {
      ctx.ui.filter = '';
      ctx.blur();
      return true;
    }
    if (ctx.route.screen !== 'main') return false;
    if (ctx.ui.editing) {
      ctx.ui.editing = false;
      ctx.blur();
      return true;
    }
    return go(ctx.data, -1, ctx.now());
  },
  publicState: (data) => {
    const front = currentTab(data);
    return {
      page: {
        url: urlOf(front),
        title: titleOf(urlOf(front)),
        canGoBack: front.index > 0,
        canGoForward: front.index < front.stack.length - 1,
      },
      tabs: data.tabs.map((t) => ({
        id: t.id,
        url: urlOf(t),
        title: titleOf(urlOf(t)),
        current: t.id === data.current,
      })),
      bookmarks: data.bookmarks.map((b) => ({ ...b })),
      history: data.history.map((v) => ({ ...v })),
      settings: { ...data.settings },
    };
  },
});
