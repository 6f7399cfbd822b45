/**
 * Launcher (com.android.launcher3): the home screen (date, a grid of app icons, a search
 * bar) and the app drawer (all apps, alphabetical, with search). Swipe up on home opens the
 * drawer; swipe down or BACK closes it. Long-press an icon for "App info".
 */
import { formatDateLong } from '../../phone/page/i18n.ts';
import { defineApp } from '../../phone/page/types.ts';
import type { AppContext } from '../../phone/page/types.ts';
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import { Dialog, EditText, ListItem } from '../../phone/page/widgets.ts';
import { LAUNCHER_STRINGS } from './strings.ts';

export interface LauncherData {
  /** Packages on the home grid, in order. */
  home: string[];
}

export interface LauncherUi {
  query: string;
}

type Ctx = AppContext<LauncherData, LauncherUi>;

const HOME_ORDER = [
  'com.android.deskclock',
  'com.android.calendar',
  'com.moba.weather',
  'com.moba.notes',
  'com.android.messaging',
  'com.android.contacts',
  'com.moba.shop',
  'com.moba.railway',
  'com.moba.mail',
  'com.moba.files',
  'com.moba.music',
  'com.moba.bank',
  'com.moba.maps',
  'com.moba.browser',
  'com.android.settings',
];

function launchable(ctx: Ctx): string[] {
  return ctx.system.installed.filter((entry) => entry.launcher).map((entry) => entry.packageName);
}

function appCell(ctx: Ctx, pkg: string, dark: boolean): VNode {
  const label = ctx.appLabel(pkg);
  return h(
    'TextView',
    {
      key: pkg,
      desc: label,
      text: label,
      class: `app-cell ${dark ? 'on-dark' : ''}`,
      onTap: () => ctx.launchApp(pkg),
      onLongPress: () => ctx.openDialog('app-menu', { pkg }),
    },
    ctx.appIcon(pkg, 54),
    h('span', { class: 'app-label', ax: 'skip' }, label),
  );
}

function home(ctx: Ctx): VNode {
  const installed = new Set(launchable(ctx));
  const icons = ctx.data.home.filter((pkg) => installed.has(pkg));
  const now = new Date(ctx.now());
  return h(
    'FrameLayout',
    { id: 'launcher', class: 'fill' },
    h(
      'FrameLayout',
      { id: 'drag_layer', class: 'fill', onSwipe: (dir) => dir === 'up' && ctx.navigate('drawer') },
      h(
        'ViewGroup',
        { id: 'workspace', class: 'fill workspace' },
        h(
          'FrameLayout',
          { id: 'search_container_workspace', class: 'glance' },
          h(
            'TextView',
            {
              id: 'date',
              class: 'glance-date',
              desc: formatDateLong(now, ctx.locale),
              onTap: () => ctx.launchApp('com.android.calendar'),
            },
            formatDateLong(now, ctx.locale),
          ),
        ),
        h(
          'ViewGroup',
          { class: 'ws-grid' },
          icons.map((pkg) => appCell(ctx, pkg, false)),
        ),
      ),
      h(
        'FrameLayout',
        {
          id: 'search_container_hotseat',
          class: 'hotseat-search',
          desc: ctx.t('Search'),
          onTap: () => {
            // The search bar opens the drawer with its field focused and the keyboard up.
            ctx.navigate('drawer');
            ctx.focus('search');
          },
        },
        h('span', { class: 'hs-text', ax: 'skip' }, ctx.t('Search apps')),
      ),
      h('View', {
        id: 'all_apps_handle',
        class: 'all-apps-handle',
        desc: ctx.t('Apps list'),
        onTap: () => ctx.navigate('drawer'),
      }),
    ),
  );
}

function drawer(ctx: Ctx): VNode {
  const q = ctx.ui.query.trim().toLowerCase();
  const apps = launchable(ctx)
    .map((pkg) => ({ pkg, label: ctx.appLabel(pkg) }))
    .sort((a, b) => a.label.localeCompare(b.label, ctx.locale === 'zh' ? 'zh' : 'en'))
    .filter((app) => !q || app.label.toLowerCase().includes(q) || app.pkg.includes(q));
  return h(
    'FrameLayout',
    { id: 'apps_view', class: 'fill drawer' },
    h(
      'LinearLayout',
      { class: 'fill', onSwipe: (dir) => dir === 'down' && ctx.back() },
      h(
        'FrameLayout',
        { id: 'search_container_all_apps', class: 'drawer-search' },
        EditText(ctx, {
          field: 'search',
          id: 'search_box_input',
          value: ctx.ui.query,
          hint: ctx.t('Search apps'),
          look: 'plain',
          class: 'drawer-search-input',
          onChange: (v) => (ctx.ui.query = v),
          onSubmit: () => {
            const first = apps[0];
            if (first) ctx.launchApp(first.pkg);
          },
        }),
      ),
      apps.length
        ? h(
            'RecyclerView',
            { id: 'apps_list_view', scroll: 'v', class: 'grow drawer-list' },
            h(
              'ViewGroup',
              { class: 'ws-grid', ax: 'flatten' },
              apps.map((app) => appCell(ctx, app.pkg, true)),
            ),
          )
        : h('TextView', { id: 'no_apps', class: 'drawer-empty' }, ctx.t('No apps found')),
    ),
  );
}

export const launcherApp = defineApp<LauncherData, LauncherUi>({
  packageName: 'com.android.launcher3',
  icon: { bg: '#5f6368', fg: '#ffffff', glyph: 'apps' },
  strings: LAUNCHER_STRINGS,
  statusBar: 'transparent',
  initialData: () => ({ home: [...HOME_ORDER] }),
  initialUi: () => ({ query: '' }),
  launch: () => [{ screen: 'home' }],
  screens: {
    home,
    drawer,
  },
  dialogs: {
    'app-menu': (ctx, dialog) => {
      const pkg = String(dialog.data.pkg);
      return Dialog({
        title: ctx.appLabel(pkg),
        body: h(
          'LinearLayout',
          { class: 'dialog-list' },
          ListItem({
            title: ctx.t('App info'),
            icon: 'info',
            id: 'app_info',
            onTap: () => {
              ctx.closeDialog();
              ctx.launchApp('com.android.settings', {
                action: 'android.settings.APPLICATION_DETAILS_SETTINGS',
                data: `package:${pkg}`,
              });
            },
          }),
        ),
      });
    },
  },
  onBack: (ctx) => {
    if (ctx.route.screen === 'drawer') ctx.ui.query = '';
    return false;
  },
  publicState: (data) => ({ home: data.home }),
  css: `
.workspace{padding-top:8dp}
.glance{padding:24dp 28dp 40dp}
.glance-date{display:inline-block;font-size:24sp;color:#ffffff;text-shadow:0 1dp 3dp rgba(0,0,0,.45)}
.ws-grid{display:flex;flex-direction:row;flex-wrap:wrap;padding:0 8dp}
.app-cell{display:flex;flex-direction:column;align-items:center;width:25%;height:108dp;padding-top:8dp;gap:8dp}
.app-label{display:block;max-width:92%;font-size:13sp;color:#ffffff;text-align:center;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;text-shadow:0 1dp 3dp rgba(0,0,0,.6)}
.hotseat-search{position:absolute;left:24dp;right:24dp;bottom:24dp;height:52dp;border-radius:26dp;background:rgba(255,255,255,.92);display:flex;align-items:center;padding:0 24dp}
.hs-text{font-size:16sp;color:#5d5f67}
.all-apps-handle{position:absolute;left:50%;bottom:96dp;width:48dp;height:24dp;margin-left:-24dp}
.drawer{background:#1d1e23}
.drawer-search{margin:8dp 16dp 16dp;border-radius:28dp;background:#34363d;padding:0 20dp;flex:none}
.drawer-search-input{color:#ffffff}
.drawer-search-input .et-hint{color:#b5b7bf}
.drawer-list{position:relative}
.drawer-empty{padding:48dp 16dp;text-align:center;color:#c9cbd2;font-size:16sp}
`,
});

export type { LauncherData as LauncherState };
