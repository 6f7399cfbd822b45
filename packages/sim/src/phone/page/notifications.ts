/**
 * Notifications and the notification shade. Apps post notifications (`ctx.notify`, or an
 * arrival from the host through the app's `receive`); a new one shows as a heads-up banner
 * until the next input that is not on it (not while Do Not Disturb is on). The shade — pulled
 * down from the status bar, or `cmd statusbar expand-notifications` — lists them under a row of
 * quick settings; a tap opens one, a sideways swipe dismisses it, "Clear all" clears them.
 */
import { SYSTEMUI_PACKAGE, catalogEntry } from '../../apps/catalog.ts';
import { formatTime } from './i18n.ts';
import { svg } from './icons.ts';
import type { PhoneHost } from './phone-host.ts';
import { appIcon, appLabel } from './system-ui.ts';
import type { NotificationSpec, PhoneNotification } from './system-types.ts';
export type { NotificationSpec, PhoneNotification } from './system-types.ts';
import { h } from './vdom.ts';
import type { VNode } from './vdom.ts';

export function postNotification(rt: PhoneHost, pkg: string, spec: NotificationSpec, at: number): PhoneNotification {
  const n: PhoneNotification = {
    id: rt.state.nextNotificationId++,
    pkg,
    title: spec.title,
    text: spec.text,
    at,
    open: spec.open ?? null,
  };
  rt.state.notifications = [n, ...rt.state.notifications];
  if (rt.settings.global?.zen_mode !== '1' && !rt.state.shade) rt.state.headsUp = n.id;
  return n;
}

export function dismissNotification(rt: PhoneHost, id: number): void {
  rt.state.notifications = rt.state.notifications.filter((n) => n.id !== id);
  if (rt.state.headsUp === id) rt.state.headsUp = null;
}

/** A tap on a notification: it goes, the shade closes, its app opens where it says. */
export function openNotification(rt: PhoneHost, id: number): void {
  const n = rt.state.notifications.find((x) => x.id === id);
  if (!n) return;
  dismissNotification(rt, id);
  rt.state.shade = false;
  const entry = catalogEntry(n.pkg);
  if (!entry || !rt.app(n.pkg)) return;
  if (n.open) rt.launch(n.pkg, { activity: entry.launchActivity, ...n.open });
  else if (rt.state.tasks.some((t) => t.pkg === n.pkg)) rt.switchTo(n.pkg);
  else rt.launch(n.pkg, { activity: entry.launchActivity });
}

export function setShade(rt: PhoneHost, open: boolean): void {
  rt.state.shade = open;
  rt.state.headsUp = null;
  if (open) rt.blur();
}

function timeText(rt: PhoneHost, at: number): string {
  const d = new Date(at);
  return formatTime(d.getHours(), d.getMinutes(), { locale: rt.locale(), is24Hour: rt.is24Hour() });
}

function notificationRow(rt: PhoneHost, n: PhoneNotification, key: string): VNode {
  const label = appLabel(rt, n.pkg);
  return h(
    'FrameLayout',
    {
      key,
      id: 'com.android.systemui:id/expandableNotificationRow',
      class: 'nf-row',
      desc: `${label} notification: ${n.title}`,
      onTap: () => openNotification(rt, n.id),
      onSwipe: (dir) => (dir === 'left' || dir === 'right' ? dismissNotification(rt, n.id) : undefined),
    },
    h(
      'LinearLayout',
      { orientation: 'horizontal', class: 'nf-head' },
      h('span', { class: 'nf-icon', ax: 'skip' }, appIcon(rt, n.pkg, 20)),
      h('TextView', { id: 'android:id/app_name_text', class: 'nf-app' }, label),
      h('TextView', { id: 'android:id/time', class: 'nf-time' }, timeText(rt, n.at)),
    ),
    h('TextView', { id: 'android:id/title', class: 'nf-title' }, n.title),
    n.text ? h('TextView', { id: 'android:id/text', class: 'nf-text' }, n.text) : null,
  );
}

/** A quick-settings tile bound to a 0/1 (or mapped) system setting. */
function tile(rt: PhoneHost, o: { label: string; icon: string; on: boolean; toggle: () => void }): VNode {
  const zh = rt.locale() === 'zh';
  return h(
    'LinearLayout',
    {
      key: o.label,
      id: 'com.android.systemui:id/qs_tile',
      class: `qs-tile ${o.on ? 'on' : ''}`,
      desc: `${o.label}, ${o.on ? (zh ? '已开启' : 'On') : zh ? '已关闭' : 'Off'}`,
      checkable: true,
      checked: o.on,
      onTap: o.toggle,
    },
    h('span', { class: 'qs-icon', ax: 'skip', html: svg(o.icon) }),
    h('TextView', { id: 'com.android.systemui:id/tile_label', class: 'qs-label' }, o.label),
  );
}

function quickSettings(rt: PhoneHost): VNode {
  const zh = rt.locale() === 'zh';
  const flag = (ns: string, key: string, on = '1'): boolean => rt.settings[ns]?.[key] === on;
  const toggle = (ns: string, key: string, on: string, off: string) => () =>
    rt.putSetting(ns, key, rt.settings[ns]?.[key] === on ? off : on, true);
  return h(
    'LinearLayout',
    { orientation: 'horizontal', id: 'com.android.systemui:id/quick_qs_panel', class: 'qs-row' },
    tile(rt, {
      label: 'Wi-Fi',
      icon: 'wifi',
      on: flag('global', 'wifi_on'),
      toggle: toggle('global', 'wifi_on', '1', '0'),
    }),
    tile(rt, {
      label: zh ? '蓝牙' : 'Bluetooth',
      icon: 'bluetooth',
      on: flag('global', 'bluetooth_on'),
      toggle: toggle('global', 'bluetooth_on', '1', '0'),
    }),
    tile(rt, {
      label: zh ? '勿扰' : 'Do Not Disturb',
      icon: 'notifications-off',
      on: flag('global', 'zen_mode'),
      toggle: toggle('global', 'zen_mode', '1', '0'),
    }),
    tile(rt, {
      label: zh ? '深色主题' : 'Dark theme',
      icon: 'moon',
      on: flag('secure', 'ui_night_mode', '2'),
      toggle: toggle('secure', 'ui_night_mode', '2', '1'),
    }),
    tile(rt, {
      label: zh ? '位置信息' : 'Location',
      icon: 'location',
      on: !flag('secure', 'location_mode', '0'),
      toggle: toggle('secure', 'location_mode', '0', '3'),
    }),
  );
}

/** The pulled-down shade: a window of System UI over everything but the navigation bar. */
export function shadeWindow(rt: PhoneHost, navBarPx: number): VNode | null {
  if (!rt.state.shade) return null;
  const zh = rt.locale() === 'zh';
  const list = rt.state.notifications;
  const now = new Date(Date.now());
  return h(
    'FrameLayout',
    {
      key: 'shade',
      'data-window': 'dialog',
      'data-focus': 'true',
      'data-pkg': SYSTEMUI_PACKAGE,
      class: 'shade',
      style: `bottom:${navBarPx}px`,
      onSwipe: (dir) => (dir === 'up' ? setShade(rt, false) : undefined),
    },
    h(
      'LinearLayout',
      { id: 'com.android.systemui:id/notification_panel', class: 'shade-panel' },
      h(
        'TextView',
        { id: 'com.android.systemui:id/clock', class: 'shade-clock' },
        formatTime(now.getHours(), now.getMinutes(), {
          locale: rt.locale(),
          is24Hour: rt.is24Hour(),
          withPeriod: false,
        }),
      ),
      quickSettings(rt),
      list.length
        ? h(
            'ScrollView',
            { id: 'com.android.systemui:id/notification_stack_scroller', scroll: 'v', class: 'shade-list' },
            h(
              'LinearLayout',
              { class: 'shade-items' },
              list.map((n) => notificationRow(rt, n, `n${n.id}`)),
            ),
          )
        : h(
            'TextView',
            { id: 'com.android.systemui:id/no_notifications', class: 'shade-empty' },
            zh ? '无通知' : 'No notifications',
          ),
      list.length
        ? h(
            'Button',
            {
              id: 'com.android.systemui:id/clear_all',
              class: 'btn btn-tonal shade-clear',
              clickable: true,
              onTap: () => {
                rt.state.notifications = [];
                rt.state.shade = false;
              },
            },
            zh ? '全部清除' : 'Clear all',
          )
        : null,
    ),
  );
}

/** The heads-up banner of the newest notification, over the top of the screen. */
export function headsUpWindow(rt: PhoneHost, statusBarPx: number): VNode | null {
  const id = rt.state.headsUp;
  const n = id === null ? undefined : rt.state.notifications.find((x) => x.id === id);
  if (!n || rt.state.shade) return null;
  return h(
    'FrameLayout',
    {
      key: 'heads-up',
      'data-window': 'dialog',
      'data-pkg': SYSTEMUI_PACKAGE,
      class: 'heads-up',
      style: `top:${statusBarPx}px`,
      onSwipe: (dir) => {
        rt.state.headsUp = null;
        if (dir === 'down') setShade(rt, true);
      },
    },
    notificationRow(rt, n, `h${n.id}`),
  );
}

export const NOTIFICATION_CSS = `
.shade{position:absolute;left:0;right:0;top:0;background:#1b1d23;color:#e8eaf0}
.shade-panel{display:flex;flex-direction:column;height:100%;padding:8dp 12dp 12dp}
.shade-clock{font-size:40sp;padding:8dp 8dp 12dp;flex:none}
.qs-row{display:flex;flex-direction:row;gap:8dp;flex:none;padding-bottom:12dp}
.qs-tile{display:flex;flex-direction:column;align-items:center;gap:6dp;flex:1 1 0;min-width:0;height:88dp;padding:12dp 2dp 0;border-radius:20dp;background:#3a3d46}
.qs-tile.on{background:#a9c7ff;color:#062e6f}
.qs-icon{display:block;width:24dp;height:24dp}
.qs-icon svg{display:block;width:100%;height:100%}
.qs-label{font-size:11sp;text-align:center;line-height:14sp}
.shade-list{flex:1 1 auto;min-height:0}
.shade-items{display:flex;flex-direction:column;gap:8dp}
.shade-empty{padding:32dp 0;text-align:center;color:#b5b9c4;font-size:15sp;flex:none}
.shade-clear{align-self:flex-end;margin-top:12dp;flex:none}
.nf-row{display:flex;flex-direction:column;gap:2dp;padding:12dp 16dp;border-radius:20dp;background:#f3f4f9;color:#1b1b1f;flex:none}
.dark .nf-row{background:#2b2e36;color:#e4e2e6}
.nf-head{display:flex;flex-direction:row;align-items:center;gap:8dp}
.nf-icon{display:block;flex:none}
.nf-app{font-size:12sp;color:#5d5f67}
.dark .nf-app,.dark .nf-time{color:#a9abb4}
.nf-time{font-size:12sp;color:#5d5f67;margin-left:auto}
.nf-title{font-size:15sp;font-weight:600}
.nf-text{font-size:14sp;line-height:19sp;max-height:38sp;overflow:hidden}
.heads-up{position:absolute;left:8dp;right:8dp;box-shadow:0 4dp 16dp rgba(0,0,0,.35);border-radius:20dp}
`;
