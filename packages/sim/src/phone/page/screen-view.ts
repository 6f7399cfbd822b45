/**
 * Composes the whole screen from the runtime state: the app window (or recents), an open
 * dialog's window over a scrim, the IME window, and the system bars. Every window root is
 * marked `data-window` so the dumper can list them the way uiautomator lists windows.
 */
import { ADB_KEYBOARD_PACKAGE, LATIN_IME_PACKAGE, LAUNCHER_PACKAGE } from '../../apps/catalog.ts';
import { textMenuWindow } from './clipboard.ts';
import { disturbanceView } from './disturbance-views.ts';
import { activeDisturbance } from './disturbances.ts';
import { headsUpWindow, shadeWindow } from './notifications.ts';
import { dpToPx } from './dp.ts';
import { adbKeyboardBar, latinKeyboard } from './keyboard.ts';
import type { PhoneHost } from './phone-host.ts';
import { navBar, recentsView, statusBar } from './system-ui.ts';
import { h } from './vdom.ts';
import type { VNode } from './vdom.ts';

export interface ScreenMetrics {
  statusBar: number;
  navBar: number;
  ime: number;
}

export function screenMetrics(rt: PhoneHost): ScreenMetrics {
  const kind = rt.state.imeShown && rt.state.focus ? rt.activeIme() : null;
  return {
    statusBar: Math.round(dpToPx(24)),
    navBar: Math.round(dpToPx(48)),
    ime: kind === 'latin' ? Math.round(dpToPx(262)) : kind === 'adb' ? Math.round(dpToPx(44)) : 0,
  };
}

function windowRoot(
  pkg: string,
  kind: 'app' | 'dialog' | 'ime',
  key: string,
  style: string,
  className: string,
  ...children: VNode[]
): VNode {
  return h('FrameLayout', { key, 'data-window': kind, 'data-pkg': pkg, class: className, style }, ...children);
}

/** The recents (overview) window, drawn where the app window would be. */
function recentsWindow(rt: PhoneHost, m: ScreenMetrics): VNode {
  return windowRoot(
    LAUNCHER_PACKAGE,
    'app',
    'win-recents',
    '',
    'window recents-window',
    h(
      'FrameLayout',
      { id: 'android:id/content', class: 'content', style: `top:0;bottom:${m.navBar}px` },
      recentsView(rt),
    ),
  );
}

/** The foreground app's window and, over a scrim, its dialog's window; and the status bar style it asks for. */
function appWindows(
  rt: PhoneHost,
  m: ScreenMetrics,
): { windows: VNode[]; statusStyle: 'surface' | 'primary' | 'transparent' } {
  const task = rt.foregroundTask();
  const bottom = m.navBar + m.ime;
  const app = rt.app(task.pkg);
  const route = rt.topRoute(task);
  const ctx = rt.context(task);
  const screen = app?.screens[route.screen];
  const body = screen ? screen(ctx) : h('TextView', {}, `${task.pkg}: no screen "${route.screen}"`);
  const statusStyle = app?.statusBar ?? 'surface';
  const edgeToEdge = statusStyle === 'transparent';
  const windows = [
    windowRoot(
      task.pkg,
      'app',
      `win-${task.pkg}`,
      '',
      `window app-window ${edgeToEdge ? 'wallpaper' : ''}`,
      h(
        'LinearLayout',
        { class: 'fill decor' },
        h(
          'FrameLayout',
          {
            id: 'android:id/content',
            key: `${task.stack.length}/${route.screen}`,
            class: 'content',
            style: `top:${m.statusBar}px;bottom:${bottom}px`,
          },
          body,
        ),
      ),
    ),
  ];
  const dialog = task.dialog;
  const render = dialog ? app?.dialogs?.[dialog.kind] : undefined;
  if (dialog && render) {
    const sheet = dialog.data.sheet === true;
    windows.push(
      h(
        'div',
        {
          key: `dialog-${task.pkg}-${dialog.kind}`,
          class: `dialog-layer ${sheet ? 'sheet' : ''}`,
          style: `top:${m.statusBar}px;bottom:${bottom}px`,
        },
        h('div', {
          class: 'scrim',
          'data-scrim': 'true',
          onTap: () => {
            if (dialog.data.cancelable !== false) ctx.closeDialog();
          },
        }),
        windowRoot(
          task.pkg,
          'dialog',
          'dialog-window',
          '',
          'dialog-window',
          h('FrameLayout', { id: 'android:id/content' }, render(ctx, dialog)),
        ),
      ),
    );
  }
  return { windows, statusStyle };
}

/** A disturbance on screen (a permission dialog, a login wall…) over its app's windows. */
function disturbanceWindow(rt: PhoneHost, m: ScreenMetrics): VNode | null {
  const item = activeDisturbance(rt);
  if (!item) return null;
  const { view, pkg, full } = disturbanceView(rt, rt.context(rt.foregroundTask()), item);
  const root = windowRoot(
    pkg,
    'dialog',
    `disturbance-${item.id}`,
    '',
    full ? 'fill' : 'dialog-window',
    h('FrameLayout', { id: 'android:id/content', class: full ? 'fill' : '' }, view),
  );
  // It takes focus: the active-window dump shows it, not the app under it.
  root.props['data-focus'] = 'true';
  return h(
    'div',
    {
      key: `disturbance-${item.id}`,
      class: full ? 'disturbance-full' : 'dialog-layer',
      style: `top:${m.statusBar}px;bottom:${m.navBar + m.ime}px`,
    },
    full ? null : h('div', { class: 'scrim', 'data-scrim': 'true' }),
    root,
  );
}

export function renderScreen(rt: PhoneHost): VNode {
  const { width, height } = rt.config;
  const m = screenMetrics(rt);
  const bottom = m.navBar + m.ime;
  const children: VNode[] = [];
  let statusStyle: 'surface' | 'primary' | 'transparent' = 'transparent';
  if (rt.state.recents) children.push(recentsWindow(rt, m));
  else {
    const app = appWindows(rt, m);
    children.push(...app.windows);
    statusStyle = app.statusStyle;
  }

  const disturbance = disturbanceWindow(rt, m);
  if (disturbance) children.push(disturbance);
  const textMenu = textMenuWindow(rt);
  if (textMenu) children.push(textMenu);
  if (m.ime > 0) {
    const latin = rt.activeIme() === 'latin';
    children.push(
      windowRoot(
        latin ? LATIN_IME_PACKAGE : ADB_KEYBOARD_PACKAGE,
        'ime',
        latin ? 'ime-latin' : 'ime-adb',
        `bottom:${m.navBar}px;height:${m.ime}px`,
        'ime-window',
        latin ? latinKeyboard(rt) : adbKeyboardBar(),
      ),
    );
  }
  const headsUp = headsUpWindow(rt, m.statusBar);
  if (headsUp) children.push(headsUp);
  children.push(statusBar(rt, m.statusBar, statusStyle));
  const shade = shadeWindow(rt, m.navBar);
  if (shade) children.push(shade);
  children.push(navBar(rt, m.navBar));
  if (rt.state.toast)
    children.push(
      h(
        'div',
        { key: 'toast', class: 'toast', ax: 'skip', style: `bottom:${bottom + Math.round(dpToPx(56))}px` },
        rt.state.toast,
      ),
    );

  return h(
    'div',
    {
      key: 'screen',
      id: 'screen',
      class: `screen ${rt.dark() ? 'dark' : 'light'}`,
      lang: rt.locale() === 'zh' ? 'zh-CN' : 'en',
      style: `width:${width}px;height:${height}px`,
    },
    ...children,
  );
}
