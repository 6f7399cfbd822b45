/**
 * The page's entry point. The Node side loads this module, calls `__mobaBoot(config)`, then
 * talks to `window.__moba` (one `page.evaluate` per operation). Screen changes are observed
 * with a MutationObserver and reported through the `__mobaNotify` binding.
 */
import { APPS } from '../../apps/index.ts';
import { installDateOverride, setDeviceClock } from './clock.ts';
import { css, setDensity } from './dp.ts';
import { copyText } from './clipboard.ts';
import { dumpXml } from './dump.ts';
import type { DumpOptions } from './dump.ts';
import { installGestures } from './gestures.ts';
import { PhoneRuntime } from './runtime.ts';
import { clearDisturbances, countAction, disturbanceReport, scheduleDisturbances } from './disturbances.ts';
import type { DisturbanceInput, PermissionResult } from './disturbances.ts';
import { DISTURBANCE_CSS } from './disturbance-views.ts';
import { NOTIFICATION_CSS, setShade } from './notifications.ts';
import type { BootConfig, PageState, SettingsMap, SyncInfo } from './phone-host.ts';
import { baseCss } from './styles.ts';
import type { LaunchRequest, SystemInfo } from './types.ts';

/** What `sim-state` reports of the page under `device`. */
export interface PageDeviceState {
  clipboard: string;
  shade: boolean;
  notifications: Array<{ id: number; app: string; title: string; text: string; at: number }>;
  actions: number;
  disturbances: Array<Record<string, unknown>>;
  permissions: Record<string, Record<string, PermissionResult>>;
}

export interface PageBootConfig extends BootConfig {
  clock: { epochMs: number; frozen: boolean };
}

export interface MobaPageApi {
  sync(): SyncInfo;
  /** A key press with KeyEvent's meta state (0 = no modifiers). */
  key(code: number, meta: number): SyncInfo;
  /** Types into the focused field; `typed` is false when no field has focus. */
  text(value: string): { typed: boolean; sync: SyncInfo };
  clearText(): { cleared: boolean; sync: SyncInfo };
  launch(pkg: string, request: LaunchRequest): { result: 'started' | 'front'; sync: SyncInfo };
  forceStop(pkg: string): SyncInfo;
  /** `pm clear`: the app's data back to its seeded initial state, its task closed. */
  clearData(pkg: string): SyncInfo;
  putSetting(namespace: string, key: string, value: string): SyncInfo;
  setSystem(system: Partial<SystemInfo>): SyncInfo;
  setClock(epochMs: number, frozen: boolean): SyncInfo;
  dump(options: DumpOptions): string;
  state(pkg?: string): unknown;
  /** The phone-wide part of `sim-state`'s `device` section that lives in the page. */
  deviceState(): PageDeviceState;
  setClipboard(text: string): SyncInfo;
  /** The display turned: lay the screen out at this size. */
  setDisplay(width: number, height: number): SyncInfo;
  /** An app's stored data (what `replaceData` replaces); undefined for an unknown package. */
  appData(pkg: string): unknown;
  /** Replaces an app's stored data (checked on the Node side); undone when the app fails to draw with it. */
  replaceData(pkg: string, data: unknown): { result: 'ok' | 'missing' | { error: string }; sync: SyncInfo };
  exportState(): { page: PageState; settings: SettingsMap };
  importState(page: PageState, settings: SettingsMap, system: SystemInfo, seed: number): SyncInfo;
  /** Back to the seeded initial state, with this seed from now on. */
  reset(settings: SettingsMap, system: SystemInfo, seed: number): SyncInfo;
  /** Schedules disturbances (checked and resolved on the Node side); same ids replace. */
  disturb(inputs: DisturbanceInput[]): SyncInfo;
  clearDisturbances(): SyncInfo;
  /** Pulls the notification shade down (true) or up. */
  shade(open: boolean): SyncInfo;
}

declare global {
  interface Window {
    __moba?: MobaPageApi;
    __mobaBoot?: (config: PageBootConfig) => void;
    /** A CDP binding: takes exactly one string. */
    __mobaNotify?: (version: string) => void;
  }
}

function boot(config: PageBootConfig): void {
  setDensity(config.density);
  installDateOverride();
  setDeviceClock(config.clock.epochMs, config.clock.frozen);

  const style = document.createElement('style');
  style.textContent =
    baseCss() + css(NOTIFICATION_CSS + DISTURBANCE_CSS) + APPS.map((app) => (app.css ? css(app.css) : '')).join('\n');
  document.head.appendChild(style);
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);

  const rt = new PhoneRuntime(config, root);
  let notifyQueued = false;
  const changed = (): void => {
    rt.version++;
    if (notifyQueued) return;
    notifyQueued = true;
    setTimeout(() => {
      notifyQueued = false;
      window.__mobaNotify?.(String(rt.version));
    }, 0);
  };
  const observer = new MutationObserver(changed);
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  const sync = (): SyncInfo => {
    if (observer.takeRecords().length > 0) changed();
    return rt.sync();
  };
  const run = <T>(where: string, fn: () => T): T => {
    let out: T | undefined;
    rt.dispatch(where, () => {
      out = fn();
    });
    return out as T;
  };

  rt.render();
  const gestures = installGestures(rt, changed);
  setInterval(() => rt.tick(), 1000);

  window.__moba = pageApi(rt, { sync, run, cancelGestures: () => gestures.cancel() });
}

type PageTools = { sync: () => SyncInfo; run: <T>(where: string, fn: () => T) => T; cancelGestures: () => void };

/** What the Node side calls (one `page.evaluate` per operation). */
function pageApi(rt: PhoneRuntime, tools: PageTools): MobaPageApi {
  return { ...inputApi(rt, tools), ...stateApi(rt, tools) };
}

/** Input, packages, settings and the clock. */
function inputApi(rt: PhoneRuntime, tools: PageTools) {
  const { sync, run } = tools;
  return {
    sync,
    key(code, meta) {
      run('key', () => {
        rt.inputStarted();
        countAction(rt, false);
        rt.key(code, meta);
      });
      return sync();
    },
    text(value) {
      const typed = run('text', () => (countAction(rt, false), rt.typeText(value)));
      return { typed, sync: sync() };
    },
    clearText() {
      const cleared = run('clear-text', () => (countAction(rt, false), rt.clearFocusedText()));
      return { cleared, sync: sync() };
    },
    launch(pkg, request) {
      // Not through `run`: a failing launch must reach the caller (am start's error).
      const result = rt.launch(pkg, request);
      countAction(rt, false);
      rt.render();
      return { result, sync: sync() };
    },
    forceStop(pkg) {
      run('force-stop', () => rt.forceStop(pkg));
      return sync();
    },
    clearData(pkg) {
      run('clear-data', () => rt.clearData(pkg));
      return sync();
    },
    putSetting(namespace, key, value) {
      run('settings', () => rt.putSetting(namespace, key, value, false));
      return sync();
    },
    setSystem(system) {
      run('system', () => {
        rt.system = { ...rt.system, ...system };
        if (rt.state.focus) rt.state.imeShown = rt.state.imeShown && rt.activeIme() !== null;
        const installed = new Set(rt.system.installed.map((entry) => entry.packageName));
        for (const task of [...rt.state.tasks]) if (!installed.has(task.pkg)) rt.removeTask(task.pkg);
      });
      return sync();
    },
    setClock(epochMs, frozen) {
      setDeviceClock(epochMs, frozen);
      rt.tick();
      return sync();
    },
  } satisfies Partial<MobaPageApi>;
}

/** Dumps, state, snapshots, disturbances and the shade. */
function stateApi(rt: PhoneRuntime, tools: PageTools) {
  const { sync, run } = tools;
  return {
    dump: (options: Parameters<MobaPageApi['dump']>[0]) => dumpXml(rt, options),
    state(pkg) {
      const pick = (name: string): unknown => {
        const app = rt.app(name);
        const data = rt.state.apps[name]?.data;
        return app?.publicState ? app.publicState(data, rt.settings) : data;
      };
      if (pkg) return rt.app(pkg) ? pick(pkg) : undefined;
      const out: Record<string, unknown> = {};
      for (const app of APPS) out[app.packageName] = pick(app.packageName);
      return out;
    },
    deviceState: () => ({
      clipboard: rt.state.clipboard,
      shade: rt.state.shade,
      notifications: rt.state.notifications.map((n) => ({
        id: n.id,
        app: n.pkg,
        title: n.title,
        text: n.text,
        at: n.at,
      })),
      actions: rt.state.disturb.actions,
      disturbances: disturbanceReport(rt),
      permissions: structuredClone(rt.state.permissions),
    }),
    setDisplay(width, height) {
      run('display', () => {
        rt.config.width = width;
        rt.config.height = height;
      });
      return sync();
    },
    setClipboard(text: string) {
      run('clipboard', () => copyText(rt, text));
      return sync();
    },
    appData(pkg) {
      const entry = rt.app(pkg) ? rt.state.apps[pkg] : undefined;
      return entry ? structuredClone(entry.data) : undefined;
    },
    replaceData(pkg, data) {
      const entry = rt.app(pkg) ? rt.state.apps[pkg] : undefined;
      if (!entry) return { result: 'missing', sync: sync() };
      const before = entry.data;
      entry.data = data;
      const failure = rt.tryRender(pkg);
      if (failure !== null) {
        entry.data = before;
        rt.render();
        return { result: { error: failure }, sync: sync() };
      }
      return { result: 'ok', sync: sync() };
    },
    exportState: () => ({ page: rt.export(), settings: structuredClone(rt.settings) }),
    importState(page, settings, system, seed) {
      tools.cancelGestures();
      rt.system = system;
      rt.config.seed = seed;
      rt.load(page, settings);
      return sync();
    },
    reset(settings, system, seed) {
      tools.cancelGestures();
      rt.system = system;
      rt.config.seed = seed;
      rt.settings = structuredClone(settings);
      rt.load(rt.initialState());
      return sync();
    },
    disturb(inputs) {
      run('disturb', () => scheduleDisturbances(rt, inputs));
      return sync();
    },
    clearDisturbances() {
      run('disturb', () => clearDisturbances(rt));
      return sync();
    },
    shade(open) {
      run('shade', () => setShade(rt, open));
      return sync();
    },
  } satisfies Partial<MobaPageApi>;
}

window.__mobaBoot = boot;
