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
import { mergePatch } from './merge-patch.ts';
import { PhoneRuntime } from './runtime.ts';
import type { BootConfig, PageState, SettingsMap, SyncInfo } from './phone-host.ts';
import { baseCss } from './styles.ts';
import type { LaunchRequest, SystemInfo } from './types.ts';

/** What `sim-state` reports of the page under `device`. */
export interface PageDeviceState {
  clipboard: string;
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
  /** An app's stored data (what `patchData` patches); undefined for an unknown package. */
  appData(pkg: string): unknown;
  /** Merges a JSON merge patch into an app's data; undone when the app fails to draw with it. */
  patchData(pkg: string, patch: unknown): { result: 'ok' | 'missing' | { error: string }; sync: SyncInfo };
  exportState(): { page: PageState; settings: SettingsMap };
  importState(page: PageState, settings: SettingsMap, system: SystemInfo, seed: number): SyncInfo;
  /** Back to the seeded initial state, with this seed from now on. */
  reset(settings: SettingsMap, system: SystemInfo, seed: number): SyncInfo;
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
  style.textContent = baseCss() + APPS.map((app) => (app.css ? css(app.css) : '')).join('\n');
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

/** What the Node side calls (one `page.evaluate` per operation). */
function pageApi(
  rt: PhoneRuntime,
  tools: { sync: () => SyncInfo; run: <T>(where: string, fn: () => T) => T; cancelGestures: () => void },
): MobaPageApi {
  const { sync, run } = tools;
  return {
    sync,
    key(code, meta) {
      run('key', () => {
        rt.inputStarted();
        rt.key(code, meta);
      });
      return sync();
    },
    text(value) {
      const typed = run('text', () => rt.typeText(value));
      return { typed, sync: sync() };
    },
    clearText() {
      const cleared = run('clear-text', () => rt.clearFocusedText());
      return { cleared, sync: sync() };
    },
    launch(pkg, request) {
      // Not through `run`: a failing launch must reach the caller (am start's error).
      const result = rt.launch(pkg, request);
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
    dump: (options) => dumpXml(rt, options),
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
    deviceState: () => ({ clipboard: rt.state.clipboard }),
    setDisplay(width, height) {
      run('display', () => {
        rt.config.width = width;
        rt.config.height = height;
      });
      return sync();
    },
    setClipboard(text) {
      run('clipboard', () => copyText(rt, text));
      return sync();
    },
    appData(pkg) {
      const entry = rt.app(pkg) ? rt.state.apps[pkg] : undefined;
      return entry ? structuredClone(entry.data) : undefined;
    },
    patchData(pkg, patch) {
      const entry = rt.app(pkg) ? rt.state.apps[pkg] : undefined;
      if (!entry) return { result: 'missing', sync: sync() };
      const before = entry.data;
      entry.data = mergePatch(before, patch);
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
  };
}

window.__mobaBoot = boot;
