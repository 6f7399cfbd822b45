/**
 * The phone's in-page runtime: the task stack (home, recents, app back stacks), dialogs, text
 * focus and the soft keyboard, system settings as the apps see them, and rendering. All state
 * is one JSON object (`PageState`) so snapshots and reset are plain copies.
 */
import { APPS } from '../../apps/index.ts';
import {
  ADB_KEYBOARD_ID,
  LATIN_IME_ID,
  LAUNCHER_PACKAGE,
  RECENTS_ACTIVITY,
  catalogEntry,
  shortActivity,
} from '../../apps/catalog.ts';
import { copyText } from './clipboard.ts';
import { checkDisturbances, requestPermission } from './disturbances.ts';
import { postNotification } from './notifications.ts';
import { deviceNow } from './clock.ts';
import { translate } from './i18n.ts';
import { pressBack, pressKey } from './keys.ts';
import { hashString, mulberry32, nextRandom } from './rng.ts';
import { renderScreen } from './screen-view.ts';
import { appIcon, appLabel } from './system-ui.ts';
import { deleteSelection, editFocused, fieldSelection, focusField, focusedElement } from './text-focus.ts';
import { insertText } from './text-edit.ts';
import type { BootConfig, PageState, PhoneHost, SettingsMap, SyncInfo, TaskState } from './phone-host.ts';
import type { AnyApp, AppContext, LaunchRequest, Locale, Route, SystemInfo } from './types.ts';
import { patch } from './vdom.ts';
import type { VNode } from './vdom.ts';

export class PhoneRuntime implements PhoneHost {
  state: PageState;
  settings: SettingsMap;
  system: SystemInfo;
  readonly config: BootConfig;
  /** Bumped by the screen observer (main.ts) and by programmatic scrolling. */
  version = 0;
  private pendingSettings: Array<[string, string, string]> = [];
  private errors: string[] = [];
  readonly root: Element;
  private previous: VNode | undefined;
  private rendering = false;

  constructor(config: BootConfig, root: Element) {
    this.config = config;
    this.settings = structuredClone(config.settings);
    this.system = config.system;
    this.root = root;
    this.state = this.initialState();
  }

  // ---------------------------------------------------------------- state

  initialState(): PageState {
    const apps: PageState['apps'] = {};
    const now = deviceNow();
    for (const app of APPS) {
      const rng = mulberry32(this.config.seed ^ hashString(app.packageName));
      apps[app.packageName] = { data: app.initialData({ seed: this.config.seed, rng, now }), ui: app.initialUi() };
    }
    return {
      apps,
      home: { pkg: LAUNCHER_PACKAGE, stack: [{ screen: 'home' }], dialog: null },
      tasks: [],
      foreground: LAUNCHER_PACKAGE,
      recents: false,
      focus: null,
      imeShown: false,
      ime: { shift: false, symbols: false },
      toast: null,
      rng: (this.config.seed ^ 0x5eed) >>> 0,
      clipboard: '',
      textMenu: null,
      notifications: [],
      nextNotificationId: 1,
      shade: false,
      headsUp: null,
      disturb: { actions: 0, items: [] },
      permissions: {},
    };
  }

  /** Replaces the whole state and rebuilds the DOM (so scroll offsets start fresh). */
  load(state: PageState, settings?: SettingsMap): void {
    this.state = structuredClone(state);
    for (const app of APPS) {
      const rng = mulberry32(this.config.seed ^ hashString(app.packageName));
      if (!this.state.apps[app.packageName])
        this.state.apps[app.packageName] = {
          data: app.initialData({ seed: this.config.seed, rng, now: deviceNow() }),
          ui: app.initialUi(),
        };
    }
    if (settings) this.settings = structuredClone(settings);
    this.previous = undefined;
    this.root.textContent = '';
    this.render();
  }

  export(): PageState {
    return structuredClone(this.state);
  }

  // ---------------------------------------------------------------- queries

  locale(): Locale {
    return (this.settings.system?.system_locales ?? 'en-US').toLowerCase().startsWith('zh') ? 'zh' : 'en';
  }

  dark(): boolean {
    return this.settings.secure?.ui_night_mode === '2';
  }

  is24Hour(): boolean {
    return this.settings.system?.time_12_24 === '24';
  }

  app(pkg: string): AnyApp | undefined {
    return APPS.find((app) => app.packageName === pkg);
  }

  installed(pkg: string): boolean {
    return this.system.installed.some((entry) => entry.packageName === pkg);
  }

  foregroundTask(): TaskState {
    if (this.state.foreground === LAUNCHER_PACKAGE) return this.state.home;
    return this.state.tasks.find((task) => task.pkg === this.state.foreground) ?? this.state.home;
  }

  topRoute(task: TaskState): Route {
    return task.stack[task.stack.length - 1] ?? { screen: 'home' };
  }

  focusInfo(): { packageName: string; activity: string } {
    if (this.state.recents)
      return { packageName: LAUNCHER_PACKAGE, activity: shortActivity(LAUNCHER_PACKAGE, RECENTS_ACTIVITY) };
    const task = this.foregroundTask();
    const entry = catalogEntry(task.pkg);
    const activity = this.topRoute(task).activity ?? entry?.launchActivity ?? '.MainActivity';
    return { packageName: task.pkg, activity: shortActivity(task.pkg, activity) };
  }

  /** The IME that draws when a field is focused: LatinIME's keyboard, ADB Keyboard's bar, or none. */
  activeIme(): 'latin' | 'adb' | null {
    const id = this.settings.secure?.default_input_method ?? LATIN_IME_ID;
    if (id === LATIN_IME_ID) return 'latin';
    if (id === ADB_KEYBOARD_ID && this.installed('com.android.adbkeyboard')) return 'adb';
    return null;
  }

  sync(): SyncInfo {
    const out: SyncInfo = {
      version: this.version,
      focus: this.focusInfo(),
      imeShown: this.state.imeShown && this.state.focus !== null,
      running: [...new Set([LAUNCHER_PACKAGE, this.state.foreground, ...this.state.tasks.map((t) => t.pkg)])],
      settings: this.pendingSettings,
      errors: this.errors,
    };
    this.pendingSettings = [];
    this.errors = [];
    return out;
  }

  reportError(where: string, error: unknown): void {
    const text = `${where}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    console.error(text);
    if (this.errors.length < 50) this.errors.push(text);
  }

  // ---------------------------------------------------------------- contexts

  context(task: TaskState): AppContext {
    const app = this.app(task.pkg);
    const store = this.state.apps[task.pkg] ?? { data: {}, ui: {} };
    const route = this.topRoute(task);
    const strings = app?.strings ?? { en: {}, zh: {} };
    const locale = this.locale();
    return {
      pkg: task.pkg,
      data: store.data,
      ui: store.ui,
      route,
      stackDepth: task.stack.length,
      locale,
      dark: this.dark(),
      is24Hour: this.is24Hour(),
      dialog: task.dialog,
      system: this.system,
      t: (key, vars) => translate(strings, locale, key, vars),
      now: deviceNow,
      navigate: (screen, params, options) => {
        const next: Route = { screen };
        if (params) next.params = params;
        if (options?.activity) next.activity = options.activity;
        if (options?.replace) task.stack.pop();
        task.stack.push(next);
        task.dialog = null;
        this.blurIfIn(task.pkg);
      },
      back: () => this.popScreen(task),
      finish: () => this.leaveTask(task),
      openDialog: (kind, data) => {
        task.dialog = { kind, data: data ?? {} };
      },
      closeDialog: () => {
        task.dialog = null;
        this.blurIfIn(task.pkg);
      },
      launchApp: (pkg, request) => {
        if (this.installed(pkg) && this.app(pkg))
          this.launch(pkg, { activity: catalogEntry(pkg)?.launchActivity ?? '', ...request });
      },
      openRecents: () => this.openRecents(),
      setting: (ns, key) => this.settings[ns]?.[key],
      putSetting: (ns, key, value) => this.putSetting(ns, key, value, true),
      random: () => nextRandom(this.state),
      focus: (field, at) => {
        this.focusField(task.pkg, field);
        // At the end of the value the app has now (the DOM still shows the last render's).
        if (this.state.focus) this.state.focus.cursor = at === 'start' ? 0 : Number.MAX_SAFE_INTEGER;
      },
      blur: () => this.blur(),
      isFocused: (field) => this.state.focus?.pkg === task.pkg && this.state.focus.field === field,
      cursor: (field) =>
        this.state.focus?.pkg === task.pkg && this.state.focus.field === field ? this.state.focus.cursor : -1,
      selection: (field) => fieldSelection(this, task.pkg, field),
      toast: (message) => {
        this.state.toast = message;
      },
      copyText: (text) => copyText(this, text),
      notify: (spec) => void postNotification(this, task.pkg, spec, deviceNow()),
      permission: (name) => this.state.permissions[task.pkg]?.[name] ?? 'unset',
      requestPermission: (name) => requestPermission(this, task.pkg, name),
      appLabel: (pkg) => appLabel(this, pkg),
      appIcon: (pkg, size) => appIcon(this, pkg, size),
      providerData: (pkg) => this.state.apps[pkg]?.data,
    };
  }

  // ---------------------------------------------------------------- navigation

  /**
   * Starts an app's task or brings it to the front.
   * @returns 'started', or 'front' when an existing task was resumed as it was.
   */
  launch(pkg: string, request: LaunchRequest): 'started' | 'front' {
    if (
      pkg === LAUNCHER_PACKAGE &&
      request.activity !== RECENTS_ACTIVITY &&
      !request.activity.endsWith('RecentsActivity')
    ) {
      const wasHome = this.state.foreground === LAUNCHER_PACKAGE && !this.state.recents;
      this.goHome();
      return wasHome ? 'front' : 'started';
    }
    if (pkg === LAUNCHER_PACKAGE) {
      this.openRecents();
      return 'started';
    }
    const app = this.app(pkg);
    if (!app) throw new Error(`No app for ${pkg}`);
    let task = this.state.tasks.find((t) => t.pkg === pkg);
    const resuming = task !== undefined;
    if (!task) task = { pkg, stack: [], dialog: null };
    const ctx = this.context(task);
    const dialogBefore = task.dialog;
    const stack = app.launch(ctx, request, resuming);
    let result: 'started' | 'front' = 'started';
    if (stack && stack.length > 0) {
      task.stack = stack;
      // A fresh stack drops an old dialog, but keeps one the launch itself opened.
      if (task.dialog === dialogBefore) task.dialog = null;
    } else if (task.stack.length === 0) {
      task.stack = [{ screen: Object.keys(app.screens)[0] ?? 'main' }];
    } else {
      result = 'front';
    }
    this.state.tasks = [task, ...this.state.tasks.filter((t) => t.pkg !== pkg)];
    this.state.foreground = pkg;
    this.state.recents = false;
    this.blur();
    return result;
  }

  goHome(): void {
    this.state.shade = false;
    this.state.foreground = LAUNCHER_PACKAGE;
    this.state.recents = false;
    this.state.home.stack = [{ screen: 'home' }];
    this.state.home.dialog = null;
    this.blur();
  }

  openRecents(): void {
    if (this.state.recents) {
      this.closeRecents();
      return;
    }
    this.state.recents = true;
    this.blur();
  }

  closeRecents(): void {
    this.state.recents = false;
  }

  /** From recents: bring a task to the front as it was. */
  switchTo(pkg: string): void {
    const task = this.state.tasks.find((t) => t.pkg === pkg);
    if (!task) return;
    this.state.tasks = [task, ...this.state.tasks.filter((t) => t !== task)];
    this.state.foreground = pkg;
    this.state.recents = false;
  }

  removeTask(pkg: string): void {
    this.state.tasks = this.state.tasks.filter((t) => t.pkg !== pkg);
    if (this.state.foreground === pkg) this.goHome();
  }

  forceStop(pkg: string): void {
    const store = this.state.apps[pkg];
    const app = this.app(pkg);
    if (store && app) store.ui = app.initialUi();
    if (pkg === LAUNCHER_PACKAGE) {
      this.state.home = { pkg, stack: [{ screen: 'home' }], dialog: null };
      this.state.recents = false;
      return;
    }
    if (this.state.focus?.pkg === pkg) this.blur();
    this.removeTask(pkg);
  }

  clearData(pkg: string): void {
    const app = this.app(pkg);
    if (!app) return;
    this.forceStop(pkg);
    const rng = mulberry32(this.config.seed ^ hashString(pkg));
    this.state.apps[pkg] = {
      data: app.initialData({ seed: this.config.seed, rng, now: deviceNow() }),
      ui: app.initialUi(),
    };
  }

  popScreen(task: TaskState): void {
    task.dialog = null;
    this.blurIfIn(task.pkg);
    if (task.stack.length > 1) task.stack.pop();
    else this.leaveTask(task);
  }

  private leaveTask(task: TaskState): void {
    if (task.pkg === LAUNCHER_PACKAGE) {
      task.stack = [{ screen: 'home' }];
      return;
    }
    // Android 12+ moves a root activity's task to the back on BACK instead of finishing it.
    this.state.foreground = LAUNCHER_PACKAGE;
    this.state.home.stack = [{ screen: 'home' }];
    this.blur();
  }

  // ---------------------------------------------------------------- focus and text (text-focus.ts)

  focusField(pkg: string, field: string): void {
    focusField(this, pkg, field);
  }

  blur(): void {
    this.state.focus = null;
    this.state.imeShown = false;
    this.state.ime.shift = false;
    this.state.ime.symbols = false;
  }

  blurIfIn(pkg: string): void {
    if (this.state.focus?.pkg === pkg) this.blur();
  }

  focusedElement(): Element | undefined {
    return focusedElement(this);
  }

  /** Types at the cursor, replacing the selection if there is one. */
  typeText(text: string): boolean {
    deleteSelection(this);
    return editFocused(this, (spec, cursor) => insertText(spec, cursor, text));
  }

  clearFocusedText(): boolean {
    if (this.state.focus) delete this.state.focus.anchor;
    return editFocused(this, () => ({ value: '', cursor: 0 }));
  }

  // ---------------------------------------------------------------- keys (keys.ts)

  key(code: number, meta = 0): void {
    pressKey(this, code, meta);
  }

  back(): void {
    pressBack(this);
  }

  // ---------------------------------------------------------------- settings

  /** Changes a system setting; `fromPage` ones are reported to the Node side on the next sync. */
  putSetting(namespace: string, key: string, value: string, fromPage: boolean): void {
    const ns = (this.settings[namespace] ??= {});
    if (ns[key] === value) return;
    ns[key] = value;
    if (fromPage) this.pendingSettings.push([namespace, key, value]);
  }

  // ---------------------------------------------------------------- input dispatch and render

  /** Runs an input handler, then re-renders; a throwing app handler is reported, not fatal. */
  dispatch(where: string, fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.reportError(where, error);
    }
    this.render();
  }

  /** Called when a new touch or key starts: toasts last until the next input. */
  inputStarted(): void {
    this.state.toast = null;
  }

  tick(): void {
    for (const task of [this.state.home, ...this.state.tasks]) {
      const app = this.app(task.pkg);
      if (!app?.tick || task.stack.length === 0) continue;
      try {
        app.tick(this.context(task));
      } catch (error) {
        this.reportError(`${task.pkg} tick`, error);
      }
    }
    // Apps without a running task still own timers (Clock): tick them too.
    for (const app of APPS) {
      if (!app.tick || this.state.tasks.some((t) => t.pkg === app.packageName) || app.packageName === LAUNCHER_PACKAGE)
        continue;
      try {
        app.tick(this.context({ pkg: app.packageName, stack: [], dialog: null }));
      } catch (error) {
        this.reportError(`${app.packageName} tick`, error);
      }
    }
    this.render();
  }

  /**
   * Checks an app's (patched) data the way it will be used: its public state is computed and,
   * when it is on screen, its screen drawn. Returns the error instead of reporting it, else
   * renders and returns null.
   */
  tryRender(pkg: string): string | null {
    const app = this.app(pkg);
    try {
      if (app?.publicState) app.publicState(this.state.apps[pkg]?.data as never, this.settings);
      if (this.state.foreground === pkg) renderScreen(this);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    this.render();
    return null;
  }

  render(): void {
    if (this.rendering) return;
    this.rendering = true;
    try {
      try {
        checkDisturbances(this);
      } catch (error) {
        this.reportError('disturbances', error);
      }
      for (let pass = 0; pass < 2; pass++) {
        let next: VNode;
        try {
          next = renderScreen(this);
        } catch (error) {
          this.reportError('render', error);
          // A broken screen must not brick the phone: drop the app's screen and go home.
          if (this.state.foreground !== LAUNCHER_PACKAGE) {
            this.removeTask(this.state.foreground);
            continue;
          }
          return;
        }
        patch(this.root, this.previous, next);
        this.previous = next;
        // A focused field that is no longer on screen loses focus (and the keyboard goes).
        if (this.state.focus && !this.focusedElement()) {
          this.blur();
          continue;
        }
        break;
      }
    } finally {
      this.rendering = false;
    }
  }
}
