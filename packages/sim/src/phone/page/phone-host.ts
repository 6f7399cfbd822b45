/**
 * What the page's views, keys and gestures see of the phone runtime. The runtime implements
 * it; they import only this, so the runtime can import them without a cycle.
 */
import type { DisturbState, PermissionResult, PhoneNotification } from './system-types.ts';
import type { AnyApp, AppContext, DialogState, LaunchRequest, Locale, Route, SystemInfo } from './types.ts';

export type SettingsMap = Record<string, Record<string, string>>;

export interface TaskState {
  pkg: string;
  stack: Route[];
  dialog: DialogState | null;
}

export interface PageState {
  apps: Record<string, { data: unknown; ui: unknown }>;
  home: TaskState;
  /** Recent tasks, most recent first (the home task is not one of them). */
  tasks: TaskState[];
  /** The package whose window is on screen (the launcher package for home). */
  foreground: string;
  recents: boolean;
  /** The focused text field; `anchor` is the other end of a selection (Ctrl+A, Shift+arrows). */
  focus: { pkg: string; field: string; cursor: number; anchor?: number } | null;
  imeShown: boolean;
  ime: { shift: boolean; symbols: boolean };
  toast: string | null;
  rng: number;
  /** The phone's clipboard (text). */
  clipboard: string;
  /** The floating text toolbar opened by a long press on a field. */
  textMenu: { pkg: string; field: string } | null;
  /** Posted notifications, newest first. */
  notifications: PhoneNotification[];
  nextNotificationId: number;
  /** The notification shade is pulled down. */
  shade: boolean;
  /** The notification shown as a heads-up banner (until the next input not on it). */
  headsUp: number | null;
  disturb: DisturbState;
  /** Answers to runtime permission requests, by package and permission. */
  permissions: Record<string, Record<string, PermissionResult>>;
}

export interface BootConfig {
  seed: number;
  width: number;
  height: number;
  density: number;
  settings: SettingsMap;
  system: SystemInfo;
}

export interface SyncInfo {
  version: number;
  focus: { packageName: string; activity: string };
  imeShown: boolean;
  /** Packages with a running process: the launcher, the foreground app and the recent tasks. */
  running: string[];
  settings: Array<[string, string, string]>;
  errors: string[];
}

export interface PhoneHost {
  state: PageState;
  settings: SettingsMap;
  system: SystemInfo;
  readonly config: BootConfig;
  readonly root: Element;
  locale(): Locale;
  dark(): boolean;
  is24Hour(): boolean;
  app(pkg: string): AnyApp | undefined;
  foregroundTask(): TaskState;
  topRoute(task: TaskState): Route;
  activeIme(): 'latin' | 'adb' | null;
  context(task: TaskState): AppContext;
  goHome(): void;
  launch(pkg: string, request: LaunchRequest): 'started' | 'front';
  blur(): void;
  putSetting(namespace: string, key: string, value: string, fromPage: boolean): void;
  openRecents(): void;
  closeRecents(): void;
  switchTo(pkg: string): void;
  removeTask(pkg: string): void;
  popScreen(task: TaskState): void;
  focusField(pkg: string, field: string): void;
  blurIfIn(pkg: string): void;
  focusedElement(): Element | undefined;
  typeText(text: string): boolean;
  key(code: number, meta?: number): void;
  /** Runs `fn` as the reaction to an input event, reporting a throw as a page error. */
  dispatch(where: string, fn: () => void): void;
  inputStarted(): void;
}
