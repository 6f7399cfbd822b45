/** Settings: the top-level list, search, About phone, Apps, and the simpler pages. */
import { h } from '../../phone/page/vdom.ts';
import type { VNode } from '../../phone/page/vdom.ts';
import {
  Button,
  Dialog,
  EditText,
  EmptyState,
  ListItem,
  Scaffold,
  ScrollList,
  SectionHeader,
  SwitchItem,
} from '../../phone/page/widgets.ts';
import type { DialogState } from '../../phone/page/types.ts';
import { go, on } from './model.ts';
import type { SettingsCtx } from './model.ts';

interface Entry {
  title: string;
  summary?: (ctx: SettingsCtx) => string;
  icon: string;
  screen: string;
  color: string;
}

const TOP: readonly Entry[] = [
  {
    title: 'Network & internet',
    summary: (c) => c.t('Wi‑Fi, mobile, data usage, hotspot'),
    icon: 'wifi',
    screen: 'network',
    color: '#1a73e8',
  },
  {
    title: 'Connected devices',
    summary: (c) => c.t('Bluetooth, pairing'),
    icon: 'bluetooth',
    screen: 'connected',
    color: '#0b8043',
  },
  { title: 'Apps', summary: (c) => c.t('Recent apps, default apps'), icon: 'apps', screen: 'apps', color: '#e37400' },
  {
    title: 'Notifications',
    summary: (c) => c.t('Notification history, conversations'),
    icon: 'notifications',
    screen: 'notifications',
    color: '#c5221f',
  },
  {
    title: 'Battery',
    summary: (c) => `${c.system.batteryLevel}%`,
    icon: 'battery',
    screen: 'battery',
    color: '#188038',
  },
  {
    title: 'Storage',
    summary: (c) => c.t('{used}% used - {free} GB free', { used: 34, free: '84.21' }),
    icon: 'storage',
    screen: 'storage',
    color: '#9334e6',
  },
  {
    title: 'Sound & vibration',
    summary: (c) => c.t('Volume, haptics, Do Not Disturb'),
    icon: 'volume',
    screen: 'sound',
    color: '#1967d2',
  },
  {
    title: 'Display',
    summary: (c) => c.t('Dark theme, font size, brightness'),
    icon: 'brightness',
    screen: 'display',
    color: '#f29900',
  },
  {
    title: 'Security & privacy',
    summary: (c) => c.t('Screen lock, app security'),
    icon: 'security',
    screen: 'security',
    color: '#137333',
  },
  {
    title: 'Location',
    summary: (c) =>
      c.setting('secure', 'location_mode') !== '0'
        ? c.t('On - {n} apps have access to location', { n: 3 })
        : c.t('Off'),
    icon: 'location',
    screen: 'location',
    color: '#1a73e8',
  },
  {
    title: 'System',
    summary: (c) => c.t('Languages, time, keyboard'),
    icon: 'system',
    screen: 'system',
    color: '#5f6368',
  },
  {
    title: 'About phone',
    summary: (c) => c.setting('global', 'device_name') ?? c.system.model,
    icon: 'info',
    screen: 'about',
    color: '#5f6368',
  },
];

/** Everything the search page can find: [title, screen]. */
const SEARCH_INDEX: ReadonlyArray<readonly [string, string]> = [
  ...TOP.map((e) => [e.title, e.screen] as const),
  ['Internet', 'wifi'],
  ['Wi‑Fi', 'wifi'],
  ['Airplane mode', 'network'],
  ['Bluetooth', 'connected'],
  ['Pair new device', 'bt-pair'],
  ['Dark theme', 'display'],
  ['Brightness level', 'display'],
  ['Screen timeout', 'display'],
  ['Font size', 'display'],
  ['Languages', 'languages'],
  ['On-screen keyboard', 'keyboards'],
  ['Date & time', 'datetime'],
  ['Use 24-hour format', 'datetime'],
  ['Do Not Disturb', 'sound'],
  ['Battery Saver', 'battery'],
  ['Device name', 'about'],
  ['Build number', 'about'],
  ['All apps', 'apps-all'],
];

export function mainScreen(ctx: SettingsCtx): VNode {
  return Scaffold(ctx, {
    title: ctx.t('Settings'),
    noToolbar: true,
    body: ScrollList(
      { id: 'recycler_view' },
      h('TextView', { key: 'title', id: 'homepage_title', class: 'settings-home-title' }, ctx.t('Settings')),
      h(
        'LinearLayout',
        {
          key: 'search',
          id: 'search_action_bar',
          orientation: 'horizontal',
          class: 'settings-search',
          onTap: () => (go(ctx, 'search'), ctx.focus('search')),
        },
        h('ImageView', { class: 'ss-icon', ax: 'skip' }),
        h('TextView', { id: 'search_action_bar_title', class: 'ss-text' }, ctx.t('Search settings')),
      ),
      TOP.map((entry) =>
        ListItem({
          key: entry.screen,
          title: ctx.t(entry.title),
          summary: entry.summary?.(ctx),
          icon: entry.icon,
          iconColor: entry.color,
          onTap: () => go(ctx, entry.screen),
        }),
      ),
    ),
  });
}

export function searchScreen(ctx: SettingsCtx): VNode {
  const q = ctx.ui.search.trim().toLowerCase();
  const hits = q
    ? SEARCH_INDEX.filter(([title]) => title.toLowerCase().includes(q) || ctx.t(title).toLowerCase().includes(q))
    : [];
  return Scaffold(ctx, {
    nav: 'back',
    onNav: () => ((ctx.ui.search = ''), ctx.back()),
    header: h(
      'FrameLayout',
      { class: 'settings-search-field' },
      EditText(ctx, {
        field: 'search',
        id: 'search_src_text',
        value: ctx.ui.search,
        hint: ctx.t('Search settings'),
        onChange: (v) => (ctx.ui.search = v),
      }),
    ),
    body:
      q && hits.length === 0
        ? EmptyState('search', ctx.t('No results'), 'no_results_layout')
        : ScrollList(
            { id: 'recycler_view' },
            hits.map(([title, screen]) =>
              ListItem({
                key: `${title}/${screen}`,
                title: ctx.t(title),
                onTap: () => ((ctx.ui.search = ''), go(ctx, screen)),
              }),
            ),
          ),
  });
}

function page(ctx: SettingsCtx, title: string, ...rows: Array<VNode | VNode[] | null>): VNode {
  return Scaffold(ctx, {
    title: ctx.t(title),
    nav: 'back',
    large: true,
    body: ScrollList({ id: 'recycler_view' }, rows),
  });
}

export function aboutScreen(ctx: SettingsCtx): VNode {
  const name = ctx.setting('global', 'device_name') ?? ctx.system.model;
  return page(
    ctx,
    'About phone',
    ListItem({
      key: 'name',
      title: ctx.t('Device name'),
      summary: name,
      onTap: () => ((ctx.ui.deviceName = name), ctx.openDialog('device-name'), ctx.focus('device-name')),
    }),
    ListItem({ key: 'phone', title: ctx.t('Phone number'), summary: ctx.t('Unknown') }),
    ListItem({ key: 'model', title: ctx.t('Model'), summary: ctx.system.model }),
    ListItem({ key: 'android', title: ctx.t('Android version'), summary: ctx.system.androidVersion }),
    ListItem({
      key: 'ip',
      title: ctx.t('IP address'),
      summary: on(ctx, 'global', 'wifi_on') && ctx.data.connected ? '192.168.1.23' : ctx.t('Unavailable'),
    }),
    ListItem({ key: 'mac', title: ctx.t('Wi‑Fi MAC address'), summary: '02:00:00:4d:6f:42' }),
    ListItem({
      key: 'bt',
      title: ctx.t('Bluetooth address'),
      summary: on(ctx, 'global', 'bluetooth_on') ? '3c:28:6d:12:9a:5e' : ctx.t('Unavailable'),
    }),
    ListItem({
      key: 'build',
      title: ctx.t('Build number'),
      summary: ctx.system.buildId,
      onTap: () => {
        if (ctx.setting('global', 'development_settings_enabled') === '1') {
          ctx.toast(ctx.t('You are now a developer!'));
          return;
        }
        ctx.data.buildTaps++;
        const left = 7 - ctx.data.buildTaps;
        if (left <= 0) {
          ctx.putSetting('global', 'development_settings_enabled', '1');
          ctx.toast(ctx.t('You are now a developer!'));
        } else if (left <= 4) {
          ctx.toast(ctx.t('You are now {n} steps away from being a developer.', { n: left }));
        }
      },
    }),
  );
}

export function deviceNameDialog(ctx: SettingsCtx, _dialog: DialogState): VNode {
  const save = (): void => {
    const name = ctx.ui.deviceName.trim();
    if (name) ctx.putSetting('global', 'device_name', name);
    ctx.closeDialog();
  };
  return Dialog({
    title: ctx.t('Device name'),
    body: EditText(ctx, {
      field: 'device-name',
      id: 'edittext',
      value: ctx.ui.deviceName,
      look: 'underline',
      onChange: (v) => (ctx.ui.deviceName = v),
      onSubmit: save,
      maxLength: 32,
    }),
    negative: { text: ctx.t('Cancel'), onTap: () => ctx.closeDialog() },
    positive: { text: ctx.t('Rename'), onTap: save, enabled: ctx.ui.deviceName.trim() !== '' },
  });
}

export function appsScreen(ctx: SettingsCtx): VNode {
  const apps = ctx.system.installed.filter((e) => e.launcher);
  return page(
    ctx,
    'Apps',
    ListItem({
      key: 'all',
      title: ctx.t('See all {n} apps', { n: ctx.system.installed.length }),
      icon: 'apps',
      onTap: () => go(ctx, 'apps-all'),
    }),
    SectionHeader(ctx.t('Apps')),
    apps.slice(0, 4).map((e) =>
      ListItem({
        key: e.packageName,
        title: ctx.appLabel(e.packageName),
        onTap: () => go(ctx, 'app-info', { pkg: e.packageName }),
      }),
    ),
  );
}

export function allAppsScreen(ctx: SettingsCtx): VNode {
  const apps = [...ctx.system.installed].sort((a, b) =>
    ctx.appLabel(a.packageName).localeCompare(ctx.appLabel(b.packageName)),
  );
  return Scaffold(ctx, {
    title: ctx.t('All apps'),
    nav: 'back',
    body: ScrollList(
      { id: 'apps_list' },
      apps.map((e) =>
        ListItem({
          key: e.packageName,
          title: ctx.appLabel(e.packageName),
          summary: e.packageName,
          onTap: () => go(ctx, 'app-info', { pkg: e.packageName }),
        }),
      ),
    ),
  });
}

export function appInfoScreen(ctx: SettingsCtx): VNode {
  const pkg = String(ctx.route.params?.pkg ?? '');
  const entry = ctx.system.installed.find((e) => e.packageName === pkg);
  return Scaffold(ctx, {
    title: ctx.t('App info'),
    nav: 'back',
    body: ScrollList(
      { id: 'recycler_view' },
      h(
        'LinearLayout',
        { key: 'header', class: 'app-header', id: 'entity_header' },
        entry?.launcher ? ctx.appIcon(pkg, 64) : null,
        h('TextView', { id: 'entity_header_title', class: 'app-header-title' }, entry ? ctx.appLabel(pkg) : pkg),
        h('TextView', { id: 'entity_header_summary', class: 'muted' }, pkg),
      ),
      h(
        'LinearLayout',
        { key: 'buttons', orientation: 'horizontal', class: 'app-buttons' },
        Button({
          id: 'button1',
          text: ctx.t('Open'),
          variant: 'tonal',
          enabled: entry?.launcher === true,
          onTap: () => ctx.launchApp(pkg),
        }),
      ),
      ListItem({ key: 'notif', title: ctx.t('Notifications'), summary: ctx.t('On') }),
      ListItem({ key: 'storage', title: ctx.t('Storage'), summary: '24.6 MB' }),
      ListItem({
        key: 'version',
        title: ctx.t('Version'),
        summary: entry?.system ? ctx.system.androidVersion : '1.0.0',
      }),
    ),
  });
}

export function simpleScreens(): Record<string, (ctx: SettingsCtx) => VNode> {
  return {
    storage: (ctx) =>
      page(
        ctx,
        'Storage',
        ListItem({ key: 'used', title: ctx.t('Used space'), summary: '43.79 GB' }),
        ListItem({ key: 'total', title: ctx.t('Total space'), summary: '128 GB' }),
      ),
    security: (ctx) =>
      page(
        ctx,
        'Security & privacy',
        ListItem({ key: 'lock', title: ctx.t('Screen lock'), summary: ctx.t('None'), icon: 'lock' }),
      ),
    notifications: (ctx) =>
      page(
        ctx,
        'Notifications',
        SwitchItem({
          key: 'history',
          title: ctx.t('Notification history'),
          checked: ctx.data.notificationHistory,
          onToggle: (v) => (ctx.data.notificationHistory = v),
        }),
        SwitchItem({
          key: 'dnd',
          title: ctx.t('Do Not Disturb'),
          checked: ctx.setting('global', 'zen_mode') === '1',
          onToggle: (v) => ctx.putSetting('global', 'zen_mode', v ? '1' : '0'),
        }),
      ),
    battery: (ctx) =>
      page(
        ctx,
        'Battery',
        h(
          'TextView',
          { key: 'level', class: 'battery-level', id: 'battery_header_title' },
          ctx.t('{pct}% - about {h} hr left', { pct: ctx.system.batteryLevel, h: 19 }),
        ),
        SwitchItem({
          key: 'saver',
          title: ctx.t('Battery Saver'),
          checked: ctx.data.batterySaver,
          onToggle: (v) => ((ctx.data.batterySaver = v), ctx.putSetting('global', 'low_power', v ? '1' : '0')),
        }),
        SwitchItem({
          key: 'pct',
          title: ctx.t('Battery percentage'),
          checked: ctx.data.batteryPercentage,
          onToggle: (v) => (ctx.data.batteryPercentage = v),
        }),
      ),
    location: (ctx) =>
      page(
        ctx,
        'Location',
        SwitchItem({
          key: 'use',
          title: ctx.t('Use location'),
          checked: ctx.setting('secure', 'location_mode') !== '0',
          onToggle: (v) => ctx.putSetting('secure', 'location_mode', v ? '3' : '0'),
        }),
      ),
  };
}
