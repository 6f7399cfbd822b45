/**
 * The seam between the simulated phone's ADB side (transport, services, shell, sync) and its
 * screen side (Chromium-rendered apps, input, keyboard, app state). The shell's commands
 * (`input`, `am`, `pm`, `dumpsys`, `screencap`, `uiautomator`, …) format Android's output and
 * call this interface; the screen side implements it.
 */
import type { ClockPolicy } from './device-clock.ts';
import type { VirtualFs } from './fs/virtual-fs.ts';

export interface DeviceProps {
  /** ro.product.name / model / device, shown by `adb devices -l` (no ':' ';' '=' allowed). */
  product: string;
  model: string;
  device: string;
  manufacturer: string;
  brand: string;
  /** ro.build.version.release, e.g. "14". */
  androidVersion: string;
  /** ro.build.version.sdk, e.g. 34. */
  sdk: number;
  /** ro.serialno — distinct per simulated phone. */
  serial: string;
  width: number;
  height: number;
  density: number;
}

export interface PackageInfo {
  packageName: string;
  /** Launcher activity, e.g. ".MainActivity" or fully qualified; '' when the app has none. */
  launchActivity: string;
  /** Listed in the app drawer (MAIN/LAUNCHER); default: when it has a launch activity. */
  launcher?: boolean;
  label: string;
  labelZh?: string;
  system: boolean;
  /** Path reported by `pm path`. */
  apkPath: string;
}

export interface Intent {
  action?: string;
  /** "pkg/.Activity" or "pkg/pkg.Activity". */
  component?: string;
  categories?: string[];
  data?: string;
  /** `--es`, `--ei`, `--ez` extras. */
  extras?: Record<string, string | number | boolean>;
  packageName?: string;
}

export interface FocusInfo {
  packageName: string;
  activity: string;
}

export interface InputMethodInfo {
  id: string;
  /** Human label for `ime list -a`. */
  label: string;
  enabled: boolean;
}

/** A key event as Android numbers it (KEYCODE_BACK = 4, …). */
export type KeyCode = number;

/**
 * The display rotation (0–3, Surface.ROTATION_*) as Android sets it on a phone without an
 * accelerometer: `settings system user_rotation` while auto-rotate
 * (`accelerometer_rotation`) is off, else 0.
 */
export function displayRotation(device: Pick<SimulatedDevice, 'getSetting'>): 0 | 1 | 2 | 3 {
  if (device.getSetting('system', 'accelerometer_rotation') === '1') return 0;
  const value = Number.parseInt(device.getSetting('system', 'user_rotation') ?? '0', 10);
  return (Number.isInteger(value) && value >= 0 && value <= 3 ? value : 0) as 0 | 1 | 2 | 3;
}

/** The logical display size: the physical (portrait) size, swapped at 90° and 270°. */
export function displaySize(device: Pick<SimulatedDevice, 'getSetting' | 'props'>): { width: number; height: number } {
  const { width, height } = device.props;
  return displayRotation(device) % 2 === 1 ? { width: height, height: width } : { width, height };
}

/** Whether an app is in the app drawer: what an `-a MAIN -c LAUNCHER` query resolves to. */
export function inAppDrawer(p: PackageInfo): boolean {
  return p.launchActivity !== '' && (p.launcher ?? true);
}

/**
 * Where the clock starts on a reset: epoch ms, `seeded` (the time the phone's seed draws, see
 * time.ts `seededLocalStart`) or `default` (the phone's own start, Mon 2025-06-02 09:00).
 */
export type ClockStart = number | 'seeded' | 'default';

export interface ResetOptions {
  seed?: number;
  clock?: ClockStart;
}

export interface SimulatedDevice {
  readonly props: DeviceProps;
  readonly fs: VirtualFs;

  /** PNG of what is drawn now (status bar and navigation bar included), at width×height. */
  screencap(): Promise<Uint8Array>;
  /**
   * uiautomator's XML of the active window, as `uiautomator dump` gives it (`compressed` drops
   * layout-only containers); with `allWindows`, every window (status bar, app, dialog, keyboard,
   * navigation bar) in the uiautomator2 server's layout.
   */
  dumpUi(options: { compressed: boolean; allWindows?: boolean }): Promise<string>;

  tap(x: number, y: number): Promise<void>;
  /** Same start and end with a duration ≥ 500 ms is a long press. */
  swipe(x1: number, y1: number, x2: number, y2: number, durationMs: number): Promise<void>;
  /** Types into the focused field; a no-op (like Android) when nothing is focused. */
  text(value: string): Promise<void>;
  /**
   * A key press. `metaState` is KeyEvent's meta state (META_SHIFT_ON 0x1, META_ALT_ON 0x2,
   * META_CTRL_ON 0x1000, META_CAPS_LOCK_ON 0x100000 …): Shift types the shifted character,
   * Ctrl/Alt make text-field shortcuts (Ctrl+A select all, Ctrl+C/X/V clipboard, …).
   */
  keyevent(code: KeyCode, options?: { longpress?: boolean; metaState?: number }): Promise<void>;
  /**
   * Low-level touch for scrcpy control messages: action 0 down, 1 up, 2 move. Calls take
   * effect in call order even when the caller does not wait for each one (moves are not awaited).
   */
  touch(action: 0 | 1 | 2, x: number, y: number): Promise<void>;
  /** Scroll-wheel style scroll at a point (scrcpy), in notches; positive vscroll = up. */
  scroll(x: number, y: number, hscroll: number, vscroll: number): Promise<void>;

  /**
   * `am start`: resolves to the lines Android prints after `Starting: Intent { … }` (which the
   * shell prints itself) — usually '' or e.g. `Warning: Activity not started, its current task
   * has been brought to the front`; throws an Error whose message is Android's
   * (`Error: Activity class {pkg/pkg.Act} does not exist.`).
   */
  startActivity(intent: Intent): Promise<string>;
  /**
   * `am broadcast`: resolves to the lines after `Broadcasting: Intent { … }` (printed by the
   * shell), e.g. `Broadcast completed: result=0`.
   */
  broadcast(intent: Intent): Promise<string>;
  forceStop(packageName: string): Promise<void>;
  packages(): PackageInfo[];
  /** `pm uninstall`; false when the package is not installed. */
  uninstallPackage(packageName: string): Promise<boolean>;
  /** `pm clear`: resets the app's data to its seeded initial state; false when not installed. */
  clearPackageData(packageName: string): Promise<boolean>;
  focus(): Promise<FocusInfo>;
  keyboardShown(): Promise<boolean>;
  /** Packages whose process runs: the launcher, the foreground app and every app in recents. */
  runningApps(): Promise<string[]>;
  /** The phone's clipboard text ('' when empty). */
  getClipboard(): Promise<string>;
  /** Puts text on the phone's clipboard (scrcpy's SET_CLIPBOARD, uiautomator2's setClipboard). */
  setClipboard(text: string): Promise<void>;

  getprop(): Record<string, string>;
  /** `settings get|put <namespace> <key>` (system, secure, global). */
  getSetting(namespace: string, key: string): string | undefined;
  putSetting(namespace: string, key: string, value: string): Promise<void>;
  /** `settings list <namespace>`: every key and value of the namespace. */
  listSettings(namespace: string): Record<string, string>;
  inputMethods(): InputMethodInfo[];
  /** False when no input method has that id. */
  enableInputMethod(id: string, enabled: boolean): boolean;
  /** The current default input method id (settings secure default_input_method). */
  currentInputMethod(): string;
  setInputMethod(id: string): boolean;

  /** Milliseconds since epoch on the device clock (settable for reproducible tasks). */
  now(): number;
  setClock(epochMs: number): void;
  /** How the clock moves: real, frozen, or stepped by a fixed amount with every input. */
  clockPolicy(): ClockPolicy;
  setClockPolicy(policy: ClockPolicy): void;

  /** JSON-serialisable app state, for tests and benchmarks (`sim-state [package]`). */
  state(packageName?: string): Promise<unknown>;
  /**
   * An app's stored data — what `setAppData` patches (`sim-state data <package>`).
   * @throws MobaError NOT_FOUND for a package without app data
   */
  appData(packageName: string): Promise<unknown>;
  /**
   * Writes app data with a JSON merge patch (`sim-state set <package> <patch>`).
   * @throws MobaError NOT_FOUND (no such app data) or INVALID_INPUT (not an object; the app failed with it, and it was undone)
   */
  setAppData(packageName: string, patch: unknown): Promise<void>;
  /**
   * Back to the seeded initial state (apps, clock, settings, files); with `seed`, reseeded
   * first; with `clock`, the clock starts there from now on (`seeded`: the seed's own start).
   */
  reset(options?: ResetOptions): Promise<void>;
  saveSnapshot(name: string): Promise<void>;
  /** @throws when there is no snapshot of that name. */
  restoreSnapshot(name: string): Promise<void>;
  listSnapshots(): string[];

  /**
   * Schedules disturbances (one spec or a list, see the README's *Disturbances*): notifications
   * arriving, permission dialogs, rating prompts, login and consent walls, slow loads, ads.
   * @returns their ids
   * @throws MobaError INVALID_INPUT naming every wrong field
   */
  disturb(specs: unknown): Promise<string[]>;
  /** Forgets every disturbance not yet shown (and hides the one showing). */
  clearDisturbances(): Promise<void>;
  /** Pulls the notification shade down (`cmd statusbar expand-notifications`) or up. */
  setShade(open: boolean): Promise<void>;

  /** Fires after anything on screen may have changed (for scrcpy frames and settle detection). */
  onDidChangeScreen(listener: () => void): { dispose(): void };
  close(): Promise<void>;
}
