/**
 * System UI drawn around the apps: the status bar (device clock, radio and battery icons),
 * the 3-button navigation bar, and the recents (overview) screen.
 */
import { CATALOG, LAUNCHER_PACKAGE, catalogEntry } from '../../apps/catalog.ts';
import { deviceNow } from './clock.ts';
import { formatTime } from './i18n.ts';
import { svg } from './icons.ts';
import { KEY } from './keycodes.ts';
import type { PhoneHost } from './phone-host.ts';
import { h } from './vdom.ts';
import type { VNode } from './vdom.ts';

export function appLabel(rt: PhoneHost, pkg: string): string {
  const entry = catalogEntry(pkg);
  if (!entry) return pkg;
  return rt.locale() === 'zh' ? entry.labelZh : entry.label;
}

export function appIcon(rt: PhoneHost, pkg: string, sizeDp: number): VNode {
  const app = rt.app(pkg);
  const icon = app?.icon ?? { bg: '#607d8b', fg: '#ffffff', glyph: 'apps' };
  return h(
    'span',
    {
      class: 'app-icon',
      ax: 'skip',
      style: `width:${sizeDp}dp;height:${sizeDp}dp;background:${icon.bg};color:${icon.fg}`,
    },
    h('span', { class: 'app-icon-glyph', ax: 'skip', html: svg(icon.glyph) }),
  );
}

export function statusBar(rt: PhoneHost, heightPx: number, style: 'surface' | 'primary' | 'transparent'): VNode {
  const now = new Date(deviceNow());
  const time = formatTime(now.getHours(), now.getMinutes(), {
    locale: rt.locale(),
    is24Hour: rt.is24Hour(),
    withPeriod: false,
  });
  const airplane = rt.settings.global?.airplane_mode_on === '1';
  const wifi = rt.settings.global?.wifi_on === '1' && !airplane;
  const bluetooth = rt.settings.global?.bluetooth_on === '1';
  const battery = rt.system.batteryLevel;
  return h(
    'div',
    {
      key: 'statusbar',
      'data-window': 'systemui',
      ax: 'skip',
      class: `statusbar sb-${style}`,
      style: `height:${heightPx}px`,
      // Pulling down from the status bar opens the notification shade.
      onSwipe: (direction: string) => {
        if (direction === 'down') {
          rt.state.shade = true;
          rt.state.headsUp = null;
          rt.blur();
        }
      },
    },
    h('span', { class: 'sb-time', 'data-sys': 'clock' }, time),
    h('span', { class: 'grow' }),
    airplane ? h('span', { class: 'sb-icon', 'data-sys': 'airplane', html: svg('airplane') }) : null,
    bluetooth ? h('span', { class: 'sb-icon', 'data-sys': 'bluetooth', html: svg('bluetooth') }) : null,
    wifi ? h('span', { class: 'sb-icon', 'data-sys': 'wifi', html: svg('wifi-full') }) : null,
    airplane ? null : h('span', { class: 'sb-icon', 'data-sys': 'mobile', html: svg('signal-full') }),
    h('span', { class: 'sb-icon batt', 'data-sys': 'battery', html: svg('battery-full') }),
    h('span', { class: 'sb-batt' }, `${battery}%`),
  );
}

export function navBar(rt: PhoneHost, heightPx: number): VNode {
  const button = (name: string, code: number, desc: string): VNode =>
    h(
      'div',
      { class: 'nav-btn', desc, 'data-sys': name, onTap: () => rt.key(code) },
      h('span', { class: 'nav-glyph', html: svg(name) }),
    );
  return h(
    'div',
    { key: 'navbar', 'data-window': 'systemui', ax: 'skip', class: 'navbar', style: `height:${heightPx}px` },
    button('nav-back', KEY.BACK, 'Back'),
    button('nav-home', KEY.HOME, 'Home'),
    button('nav-recents', KEY.APP_SWITCH, 'Overview'),
  );
}

/** The overview screen: recent tasks as cards, most recent first; swipe a card up to remove it. */
export function recentsView(rt: PhoneHost): VNode {
  const zh = rt.locale() === 'zh';
  const tasks = rt.state.tasks.filter(
    (task) => CATALOG.some((entry) => entry.packageName === task.pkg) && task.pkg !== LAUNCHER_PACKAGE,
  );
  if (tasks.length === 0) {
    return h(
      'FrameLayout',
      { class: 'fill recents', id: 'com.android.launcher3:id/overview_panel', onTap: () => rt.goHome() },
      h(
        'TextView',
        { class: 'recents-empty', id: 'com.android.launcher3:id/recents_empty_message' },
        zh ? '无最近用过的应用' : 'No recent items',
      ),
    );
  }
  return h(
    'FrameLayout',
    { class: 'fill recents' },
    h(
      'HorizontalScrollView',
      { id: 'com.android.launcher3:id/overview_panel', scroll: 'h', class: 'recents-scroll' },
      h(
        'LinearLayout',
        { orientation: 'horizontal', class: 'recents-row' },
        tasks.map((task) => {
          const label = appLabel(rt, task.pkg);
          return h(
            'FrameLayout',
            {
              key: task.pkg,
              class: 'task-card',
              id: 'com.android.launcher3:id/task',
              desc: label,
              onTap: () => rt.switchTo(task.pkg),
              onSwipe: (direction) => {
                if (direction === 'up') rt.removeTask(task.pkg);
              },
            },
            h(
              'LinearLayout',
              { orientation: 'horizontal', class: 'task-header' },
              h(
                'ImageView',
                { id: 'com.android.launcher3:id/icon', desc: label, class: 'task-icon' },
                appIcon(rt, task.pkg, 32),
              ),
              h('TextView', { class: 'task-title', ax: 'skip' }, label),
            ),
            h(
              'View',
              { id: 'com.android.launcher3:id/snapshot', class: 'task-snapshot' },
              h('span', { class: 'task-snapshot-label', ax: 'skip' }, label),
            ),
          );
        }),
      ),
    ),
    h(
      'Button',
      {
        id: 'com.android.launcher3:id/clear_all',
        class: 'btn btn-tonal clear-all',
        clickable: true,
        onTap: () => ((rt.state.tasks = []), rt.goHome()),
      },
      zh ? '全部清除' : 'Clear all',
    ),
  );
}
