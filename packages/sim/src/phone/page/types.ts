/**
 * The app framework's types: what an app declares (`AppDefinition`) and what it gets while
 * rendering and handling input (`AppContext`). See src/simulator/apps/README.md.
 */
import type { CatalogEntry } from '../../apps/catalog.ts';
import type { VNode } from './vdom.ts';

export type Locale = 'en' | 'zh';

/** One screen on an app's back stack. Plain JSON: it is saved in snapshots. */
export interface Route {
  screen: string;
  params?: Record<string, unknown>;
  /** The activity `dumpsys window` reports for this screen (default: the app's launch activity). */
  activity?: string;
}

/** An open dialog: plain JSON; the app's `dialogs[kind]` renders it. */
export interface DialogState {
  kind: string;
  data: Record<string, unknown>;
}

export interface LaunchRequest {
  /** The activity asked for, in the form it was given (".DeskClock" or fully qualified). */
  activity: string;
  action?: string;
  data?: string;
  extras?: Record<string, string | number | boolean>;
}

export interface AppIcon {
  /** Background colour of the round launcher icon. */
  bg: string;
  fg: string;
  /** A name from the icon set (page/icons.ts). */
  glyph: string;
}

export interface SeedContext {
  seed: number;
  /** A PRNG seeded from the phone seed and the package name: same seed → same data. */
  rng: () => number;
  /** Device time (epoch ms) when the state is created. */
  now: number;
}

export type Strings = { en: Record<string, string>; zh: Record<string, string> };

export interface SystemInfo {
  installed: CatalogEntry[];
  inputMethods: Array<{ id: string; label: string; enabled: boolean }>;
  currentInputMethod: string;
  model: string;
  manufacturer: string;
  androidVersion: string;
  sdk: number;
  serial: string;
  buildId: string;
  width: number;
  height: number;
  density: number;
  batteryLevel: number;
}

export interface AppContext<D = unknown, U = unknown> {
  readonly pkg: string;
  /** Persistent app data (what `sim-state` reports). Mutate it in handlers; the screen re-renders. */
  readonly data: D;
  /** Transient UI state (selected tab, drafts). Also saved in snapshots. */
  readonly ui: U;
  readonly route: Route;
  readonly stackDepth: number;
  readonly locale: Locale;
  readonly dark: boolean;
  readonly is24Hour: boolean;
  readonly dialog: DialogState | null;
  readonly system: SystemInfo;
  /** Translated string; `{name}` placeholders are filled from vars. Falls back to English, then the key. */
  t(key: string, vars?: Record<string, string | number>): string;
  /** Device clock, epoch ms. */
  now(): number;
  navigate(screen: string, params?: Record<string, unknown>, options?: { activity?: string; replace?: boolean }): void;
  /** Pops one screen; on the last one leaves the app (like the BACK key). */
  back(): void;
  /** Leaves the app (to the launcher). */
  finish(): void;
  openDialog(kind: string, data?: Record<string, unknown>): void;
  closeDialog(): void;
  /** Starts another app (its launch activity, or what `request` asks for). */
  launchApp(packageName: string, request?: Partial<LaunchRequest>): void;
  openRecents(): void;
  setting(namespace: string, key: string): string | undefined;
  putSetting(namespace: string, key: string, value: string): void;
  /** Seeded randomness that is part of the saved state (deterministic across restore). */
  random(): number;
  /** Gives a text field input focus (shows the soft keyboard), the cursor at its end or start. */
  focus(field: string, at?: 'start' | 'end'): void;
  blur(): void;
  isFocused(field: string): boolean;
  cursor(field: string): number;
  /** The selected range [start, end) of a focused field (Ctrl+A, Shift+arrows), else undefined. */
  selection(field: string): [number, number] | undefined;
  /** A toast shown until the next input. */
  toast(message: string): void;
  /** Puts text on the phone's clipboard (a long press on a field, or KEYCODE_PASTE, pastes it). */
  copyText(text: string): void;
  /** Posts a notification from this app (the shade lists it; a tap opens `open`). */
  notify(spec: { title: string; text: string; open?: Partial<LaunchRequest> | null }): void;
  /** This app's answer to a runtime permission (`location`, `camera`…), or 'unset'. */
  permission(name: string): 'granted' | 'denied' | 'once' | 'unset';
  /** Asks for a runtime permission: the system dialog shows at once unless it was answered. */
  requestPermission(name: string): void;
  /** Another app's label in the current language. */
  appLabel(packageName: string): string;
  /** Another app's round launcher icon (decoration: not a node in the dump). */
  appIcon(packageName: string, sizeDp: number): VNode;
  /**
   * Another app's persistent data, shared the way a content provider shares it (Messages
   * reads and adds the people Contacts keeps). Mutations change that app's data; undefined
   * when no app has that package name.
   */
  providerData(packageName: string): unknown;
}

export type ScreenRenderer<D, U> = (ctx: AppContext<D, U>) => VNode;
export type DialogRenderer<D, U> = (ctx: AppContext<D, U>, dialog: DialogState) => VNode;

export interface AppDefinition<D, U> {
  packageName: string;
  icon: AppIcon;
  strings: Strings;
  initialData(seed: SeedContext): D;
  initialUi(): U;
  /** The back stack to show for a launch; return null to resume the existing task as it was. */
  launch(ctx: AppContext<D, U>, request: LaunchRequest, resuming: boolean): Route[] | null;
  screens: Record<string, ScreenRenderer<D, U>>;
  dialogs?: Record<string, DialogRenderer<D, U>>;
  /** Handles BACK before the runtime pops the stack; return true when consumed. */
  onBack?(ctx: AppContext<D, U>): boolean;
  /** The JSON `sim-state <package>` prints (default: `data`); `settings` are the system settings. */
  publicState?(data: D, settings: Record<string, Record<string, string>>): unknown;
  /**
   * Something arrives for the app from outside (a disturbance of kind `notification` with a
   * payload: a text message, an email…): store it and return the notification to post, or null.
   */
  receive?(
    ctx: AppContext<D, U>,
    payload: Record<string, unknown>,
  ): { title: string; text: string; open?: Partial<LaunchRequest> | null } | null;
  /** Called every device second (for clocks and timers); mutate state to update the screen. */
  tick?(ctx: AppContext<D, U>): void;
  /** App stylesheet (dp/sp units allowed); scope selectors under a class of your own. */
  css?: string;
  /** The status bar colour for this app's screens (default: the theme's surface). */
  statusBar?: 'surface' | 'primary' | 'transparent';
}

/** The type-erased form the registry stores. */
export type AnyApp = AppDefinition<unknown, unknown>;

/** Declares an app with its own data/ui types and erases them for the registry. */
export function defineApp<D, U>(app: AppDefinition<D, U>): AnyApp {
  return app as unknown as AnyApp;
}
