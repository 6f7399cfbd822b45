/**
 * The Node side's copy of what the phone knows without asking the page: `settings`
 * namespaces, installed packages, and the input methods derived from both (secure
 * default_input_method / enabled_input_methods, as on Android).
 */
import { ADB_KEYBOARD_ID, ADB_KEYBOARD_PACKAGE, CATALOG, LATIN_IME_ID } from '../apps/catalog.ts';
import type { CatalogEntry } from '../apps/catalog.ts';
import type { DeviceProps, InputMethodInfo, PackageInfo } from '../device.ts';
import type { SystemInfo } from './page/types.ts';
import { defaultSettings } from './defaults.ts';
import type { SettingsMapShape } from './defaults.ts';

const INPUT_METHODS: ReadonlyArray<{ id: string; pkg: string; label: string }> = [
  { id: LATIN_IME_ID, pkg: 'com.android.inputmethod.latin', label: 'Android Keyboard (AOSP)' },
  { id: ADB_KEYBOARD_ID, pkg: ADB_KEYBOARD_PACKAGE, label: 'ADB Keyboard' },
];

export interface DeviceSettingsSnapshot {
  settings: SettingsMapShape;
  installed: string[];
}

export class DeviceSettings {
  private seed: number;
  settings: SettingsMapShape;
  private installedSet: Set<string>;

  constructor(seed: number) {
    this.seed = seed;
    this.settings = defaultSettings(seed);
    this.installedSet = new Set(CATALOG.map((entry) => entry.packageName));
  }

  /** Takes another seed and resets to its defaults. */
  reseed(seed: number): void {
    this.seed = seed;
    this.reset();
  }

  reset(): void {
    this.settings = defaultSettings(this.seed);
    this.installedSet = new Set(CATALOG.map((entry) => entry.packageName));
  }

  snapshot(): DeviceSettingsSnapshot {
    return { settings: structuredClone(this.settings), installed: [...this.installedSet] };
  }

  restore(snapshot: DeviceSettingsSnapshot): void {
    this.settings = structuredClone(snapshot.settings);
    this.installedSet = new Set(snapshot.installed);
  }

  get(namespace: string, key: string): string | undefined {
    return this.settings[namespace]?.[key];
  }

  put(namespace: string, key: string, value: string): void {
    (this.settings[namespace] ??= {})[key] = value;
  }

  list(namespace: string): Record<string, string> {
    return { ...(this.settings[namespace] ?? {}) };
  }

  /** The first system locale, e.g. "zh-CN" (persist.sys.locale). */
  locale(): string {
    return this.get('system', 'system_locales')?.split(',')[0] ?? 'en-US';
  }

  isInstalled(pkg: string): boolean {
    return this.installedSet.has(pkg);
  }

  installedPackages(): string[] {
    return [...this.installedSet];
  }

  installedEntries(): CatalogEntry[] {
    return CATALOG.filter((entry) => this.installedSet.has(entry.packageName));
  }

  packages(): PackageInfo[] {
    return this.installedEntries().map((entry) => ({
      packageName: entry.packageName,
      launchActivity: entry.launchActivity,
      launcher: entry.launcher,
      label: entry.label,
      labelZh: entry.labelZh,
      system: entry.system,
      apkPath: entry.apkPath,
    }));
  }

  /**
   * Removes a user package (and its input method).
   * @returns 'missing' when not installed, 'system' for system packages (Android refuses), else 'removed'.
   */
  uninstall(pkg: string): 'missing' | 'system' | 'removed' {
    const entry = CATALOG.find((e) => e.packageName === pkg);
    if (!entry || !this.installedSet.has(pkg)) return 'missing';
    if (entry.system) return 'system';
    this.installedSet.delete(pkg);
    if (entry.inputMethod) {
      this.setEnabledImes(this.enabledImes().filter((id) => id !== entry.inputMethod));
      if (this.currentInputMethod() === entry.inputMethod) this.put('secure', 'default_input_method', LATIN_IME_ID);
    }
    return 'removed';
  }

  enabledImes(): string[] {
    return (this.get('secure', 'enabled_input_methods') ?? '').split(':').filter(Boolean);
  }

  private setEnabledImes(ids: string[]): void {
    this.put('secure', 'enabled_input_methods', ids.join(':'));
  }

  inputMethods(): InputMethodInfo[] {
    const enabled = this.enabledImes();
    return INPUT_METHODS.filter((ime) => this.installedSet.has(ime.pkg)).map((ime) => ({
      id: ime.id,
      label: ime.label,
      enabled: enabled.includes(ime.id),
    }));
  }

  /** False when no installed input method has that id. Disabling the current one falls back. */
  enableInputMethod(id: string, enabled: boolean): boolean {
    if (!this.inputMethods().some((ime) => ime.id === id)) return false;
    const ids = this.enabledImes().filter((other) => other !== id);
    if (enabled) ids.push(id);
    this.setEnabledImes(ids);
    if (!enabled && this.currentInputMethod() === id)
      this.put('secure', 'default_input_method', ids[0] ?? LATIN_IME_ID);
    return true;
  }

  currentInputMethod(): string {
    return this.get('secure', 'default_input_method') ?? LATIN_IME_ID;
  }

  /** False unless the input method is installed and enabled (like `ime set`). */
  setInputMethod(id: string): boolean {
    const ime = this.inputMethods().find((m) => m.id === id);
    if (!ime || !ime.enabled) return false;
    this.put('secure', 'default_input_method', id);
    return true;
  }

  /** Whether broadcasts to ADB Keyboard reach it (installed and the current input method). */
  adbKeyboardActive(): boolean {
    return this.currentInputMethod() === ADB_KEYBOARD_ID && this.installedSet.has(ADB_KEYBOARD_PACKAGE);
  }

  /** What the page's apps may know about the device (Settings' About phone, the launcher). */
  systemInfo(props: DeviceProps, buildId: string): SystemInfo {
    return {
      installed: this.installedEntries(),
      inputMethods: this.inputMethods(),
      currentInputMethod: this.currentInputMethod(),
      model: props.model.replace(/_/g, ' '),
      manufacturer: props.manufacturer,
      androidVersion: props.androidVersion,
      sdk: props.sdk,
      serial: props.serial,
      buildId,
      width: props.width,
      height: props.height,
      density: props.density,
      batteryLevel: 85,
    };
  }

  /** The device part of `sim-state` without a package. */
  summary(): Record<string, unknown> {
    return {
      locale: this.locale(),
      darkMode: this.get('secure', 'ui_night_mode') === '2',
      airplaneMode: this.get('global', 'airplane_mode_on') === '1',
      wifi: this.get('global', 'wifi_on') === '1',
      bluetooth: this.get('global', 'bluetooth_on') === '1',
      inputMethod: this.currentInputMethod(),
      installed: this.installedPackages(),
    };
  }
}
