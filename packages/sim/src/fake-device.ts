/**
 * A small in-memory SimulatedDevice for testing the ADB side without Chromium: a fixed PNG, a
 * launcher of icons that open apps, each app a title and one text field; taps, keys, text and
 * broadcasts act on that model and are recorded in `events`.
 */
import { deflateSync } from 'node:zlib';
import { inAppDrawer } from './device.ts';
import type {
  DeviceProps,
  FocusInfo,
  InputMethodInfo,
  Intent,
  KeyCode,
  PackageInfo,
  ResetOptions,
  SimulatedDevice,
} from './device.ts';
import type { ClockPolicy } from './device-clock.ts';
import { localToEpoch, seededLocalStart } from './time.ts';
import { KEYCODE, MobaError } from '@moba/base';
import { createAndroidFs } from './fs/android-fs.ts';
import type { MemoryFs } from './fs/memory-fs.ts';

export type FakeDeviceEvent =
  | { type: 'tap'; x: number; y: number }
  | { type: 'swipe'; x1: number; y1: number; x2: number; y2: number; durationMs: number }
  | { type: 'text'; value: string }
  | { type: 'key'; code: number; longpress: boolean; metaState?: number }
  | { type: 'touch'; action: 0 | 1 | 2; x: number; y: number }
  | { type: 'scroll'; x: number; y: number; hscroll: number; vscroll: number }
  | { type: 'broadcast'; intent: Intent }
  | { type: 'start'; intent: Intent };

export interface FakeDeviceOptions {
  serial?: string;
  width?: number;
  height?: number;
  density?: number;
  /** Initial clock, ms since epoch (default Mon 2025-06-02 09:00 UTC). */
  clock?: number;
}

const LATIN_IME = 'com.android.inputmethod.latin/.LatinIME';
const ADB_IME = 'com.android.adbkeyboard/.AdbIME';
const LAUNCHER: FocusInfo = { packageName: 'com.android.launcher3', activity: '.Launcher' };

const PACKAGES: readonly PackageInfo[] = [
  {
    packageName: 'com.android.launcher3',
    launchActivity: '.Launcher',
    launcher: false,
    label: 'Launcher',
    system: true,
    apkPath: '/system/priv-app/Launcher3/Launcher3.apk',
  },
  {
    packageName: 'com.android.settings',
    launchActivity: '.Settings',
    label: 'Settings',
    system: true,
    apkPath: '/system/priv-app/Settings/Settings.apk',
  },
  {
    packageName: 'com.android.deskclock',
    launchActivity: '.DeskClock',
    label: 'Clock',
    system: true,
    apkPath: '/system/app/DeskClock/DeskClock.apk',
  },
  {
    packageName: 'com.moba.notes',
    launchActivity: '.MainActivity',
    label: 'Notes',
    system: false,
    apkPath: '/data/app/~~fake==/com.moba.notes-1/base.apk',
  },
  {
    packageName: 'com.android.adbkeyboard',
    launchActivity: '',
    label: 'ADB Keyboard',
    system: false,
    apkPath: '/data/app/~~fake==/com.android.adbkeyboard-1/base.apk',
  },
];

interface FakeState {
  focus: FocusInfo;
  /** Apps opened since boot and not force-stopped, in start order. */
  started: string[];
  clipboard: string;
  keyboard: boolean;
  fieldFocused: boolean;
  fields: Record<string, string>;
  installed: string[];
  settings: Record<string, Record<string, string>>;
  imes: Record<string, boolean>;
  currentIme: string;
  clockBase: number;
}

type Bounds = [number, number, number, number];

/** A valid RGB PNG with a gradient and a noisy band (so the bytes include every value, \r and \n). */
export function makeTestPng(width: number, height: number, seed = 1): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let state = seed >>> 0 || 1;
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      if (y >= 100 && y < 140) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        raw[at] = state & 0xff;
        raw[at + 1] = (state >>> 8) & 0xff;
        raw[at + 2] = (state >>> 16) & 0xff;
      } else {
        raw[at] = (x * 255) / width;
        raw[at + 1] = (y * 255) / height;
        raw[at + 2] = 128;
      }
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export class FakeDevice implements SimulatedDevice {
  readonly props: DeviceProps;
  readonly events: FakeDeviceEvent[] = [];
  fs: MemoryFs;
  private model: FakeState;
  private readonly initial: { state: FakeState; fs: MemoryFs };
  private clockSetAt = Date.now();
  private policy: ClockPolicy = { kind: 'real' };
  private readonly png: Uint8Array;
  private readonly snapshots = new Map<string, { state: FakeState; fs: MemoryFs }>();
  private readonly listeners = new Set<() => void>();

  constructor(options: FakeDeviceOptions = {}) {
    const serial = options.serial ?? 'SIMFAKE0001';
    this.props = {
      product: 'sdk_gphone64_x86_64',
      model: 'MobA Fake Phone',
      device: 'emu64x',
      manufacturer: 'MobA',
      brand: 'moba',
      androidVersion: '14',
      sdk: 34,
      serial,
      width: options.width ?? 1080,
      height: options.height ?? 2400,
      density: options.density ?? 420,
    };
    this.model = {
      focus: LAUNCHER,
      started: [],
      clipboard: '',
      keyboard: false,
      fieldFocused: false,
      fields: {},
      installed: PACKAGES.map((p) => p.packageName),
      settings: {
        system: { screen_brightness: '102', system_locales: 'en-US', font_scale: '1.0' },
        secure: {
          default_input_method: LATIN_IME,
          enabled_input_methods: `${LATIN_IME}:${ADB_IME}`,
          android_id: 'f4c3d3v1c3000001',
        },
        global: { airplane_mode_on: '0', wifi_on: '1', adb_enabled: '1', development_settings_enabled: '1' },
      },
      imes: { [LATIN_IME]: true, [ADB_IME]: true },
      currentIme: LATIN_IME,
      clockBase: options.clock ?? Date.UTC(2025, 5, 2, 9, 0, 0),
    };
    this.fs = createAndroidFs({ now: () => this.now() });
    this.png = makeTestPng(this.props.width, this.props.height, serial.length);
    this.initial = { state: structuredClone(this.model), fs: this.fs.clone() };
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private get launcherIcons(): Array<{ pkg: PackageInfo; bounds: Bounds }> {
    const size = Math.round(this.props.width / 4);
    return PACKAGES.filter((p) => inAppDrawer(p) && this.model.installed.includes(p.packageName)).map((pkg, i) => {
      const x = (i % 4) * size;
      const y = 400 + Math.floor(i / 4) * size;
      return { pkg, bounds: [x, y, x + size, y + size] as Bounds };
    });
  }

  private get fieldBounds(): Bounds {
    return [40, 400, this.props.width - 40, 540];
  }

  async screencap(): Promise<Uint8Array> {
    return this.png;
  }

  async dumpUi(_options: { compressed: boolean; allWindows?: boolean }): Promise<string> {
    const { width, height } = this.props;
    const pkg = this.model.focus.packageName;
    const node = (
      attrs: {
        text?: string;
        id?: string;
        cls: string;
        desc?: string;
        clickable?: boolean;
        focusable?: boolean;
        focused?: boolean;
        bounds: Bounds;
      },
      children = '',
    ) =>
      `<node index="0" text="${escapeXml(attrs.text ?? '')}" resource-id="${attrs.id ?? ''}" class="${attrs.cls}" package="${pkg}" content-desc="${escapeXml(attrs.desc ?? '')}" checkable="false" checked="false" clickable="${attrs.clickable ?? false}" enabled="true" focusable="${attrs.focusable ?? false}" focused="${attrs.focused ?? false}" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[${attrs.bounds[0]},${attrs.bounds[1]}][${attrs.bounds[2]},${attrs.bounds[3]}]">${children}</node>`;
    let content: string;
    if (pkg === LAUNCHER.packageName) {
      content = this.launcherIcons
        .map(({ pkg: app, bounds }) =>
          node({
            text: app.label,
            cls: 'android.widget.TextView',
            desc: app.label,
            clickable: true,
            focusable: true,
            bounds,
          }),
        )
        .join('');
    } else {
      const label = PACKAGES.find((p) => p.packageName === pkg)?.label ?? pkg;
      content =
        node({
          text: label,
          id: `${pkg}:id/title`,
          cls: 'android.widget.TextView',
          bounds: [40, 200, width - 40, 300],
        }) +
        node({
          text: this.model.fields[pkg] ?? '',
          id: `${pkg}:id/input`,
          cls: 'android.widget.EditText',
          clickable: true,
          focusable: true,
          focused: this.model.fieldFocused,
          bounds: this.fieldBounds,
        });
    }
    return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${node({ cls: 'android.widget.FrameLayout', bounds: [0, 0, width, height] }, content)}</hierarchy>`;
  }

  async tap(x: number, y: number): Promise<void> {
    this.events.push({ type: 'tap', x, y });
    const inside = (b: Bounds) => x >= b[0] && x < b[2] && y >= b[1] && y < b[3];
    if (this.model.focus.packageName === LAUNCHER.packageName) {
      const hit = this.launcherIcons.find((icon) => inside(icon.bounds));
      if (hit) this.open(hit.pkg);
    } else if (inside(this.fieldBounds)) {
      this.model.fieldFocused = true;
      this.model.keyboard = true;
    }
    this.changed();
  }

  async swipe(x1: number, y1: number, x2: number, y2: number, durationMs: number): Promise<void> {
    this.events.push({ type: 'swipe', x1, y1, x2, y2, durationMs });
    this.changed();
  }

  async text(value: string): Promise<void> {
    this.events.push({ type: 'text', value });
    this.typeText(value);
  }

  private typeText(value: string): void {
    if (!this.model.fieldFocused) return;
    const pkg = this.model.focus.packageName;
    this.model.fields[pkg] = (this.model.fields[pkg] ?? '') + value;
    this.changed();
  }

  async keyevent(code: KeyCode, options?: { longpress?: boolean; metaState?: number }): Promise<void> {
    this.events.push({
      type: 'key',
      code,
      longpress: options?.longpress ?? false,
      ...(options?.metaState ? { metaState: options.metaState } : {}),
    });
    const pkg = this.model.focus.packageName;
    if (code === KEYCODE.HOME || code === KEYCODE.APP_SWITCH) {
      this.goHome();
    } else if (code === KEYCODE.BACK) {
      if (this.model.keyboard) this.model.keyboard = false;
      else this.goHome();
    } else if (code === KEYCODE.DEL && this.model.fieldFocused) {
      this.model.fields[pkg] = [...(this.model.fields[pkg] ?? '')].slice(0, -1).join('');
    }
    this.changed();
  }

  async touch(action: 0 | 1 | 2, x: number, y: number): Promise<void> {
    this.events.push({ type: 'touch', action, x, y });
    if (action === 1) await this.tap(x, y);
  }

  async scroll(x: number, y: number, hscroll: number, vscroll: number): Promise<void> {
    this.events.push({ type: 'scroll', x, y, hscroll, vscroll });
  }

  private goHome(): void {
    this.model.focus = LAUNCHER;
    this.model.keyboard = false;
    this.model.fieldFocused = false;
  }

  private open(pkg: PackageInfo): void {
    this.model.focus = { packageName: pkg.packageName, activity: pkg.launchActivity };
    if (!this.model.started.includes(pkg.packageName)) this.model.started.push(pkg.packageName);
    this.model.keyboard = false;
    this.model.fieldFocused = false;
  }

  private installed(name: string | undefined): PackageInfo | undefined {
    return PACKAGES.find((p) => p.packageName === name && this.model.installed.includes(p.packageName));
  }

  async startActivity(intent: Intent): Promise<string> {
    this.events.push({ type: 'start', intent });
    const [pkgName, cls] = intent.component?.split('/') ?? [intent.packageName, undefined];
    const pkg = this.installed(pkgName);
    const full = (name: string) => (name.startsWith('.') ? `${pkgName}${name}` : name);
    if (intent.component && (!pkg || full(cls ?? '') !== full(pkg.launchActivity))) {
      throw new Error(`Error: Activity class {${pkgName}/${full(cls ?? '')}} does not exist.`);
    }
    if (!pkg)
      throw new Error(
        `Error: Activity not started, unable to resolve Intent { ${intent.action ? `act=${intent.action} ` : ''}${intent.data ? `dat=${intent.data} ` : ''}flg=0x10000000 }`,
      );
    if (this.model.focus.packageName === pkg.packageName)
      return 'Warning: Activity not started, intent has been delivered to currently running top-most instance.';
    if (pkg.packageName === LAUNCHER.packageName) this.goHome();
    else this.open(pkg);
    this.changed();
    return '';
  }

  async broadcast(intent: Intent): Promise<string> {
    this.events.push({ type: 'broadcast', intent });
    if (this.model.currentIme === ADB_IME && this.model.imes[ADB_IME] && this.installed('com.android.adbkeyboard')) {
      const msg = String(intent.extras?.msg ?? '');
      if (intent.action === 'ADB_INPUT_TEXT') this.typeText(msg);
      else if (intent.action === 'ADB_INPUT_B64') this.typeText(Buffer.from(msg, 'base64').toString('utf8'));
      else if (intent.action === 'ADB_CLEAR_TEXT' && this.model.fieldFocused) {
        this.model.fields[this.model.focus.packageName] = '';
        this.changed();
      }
    }
    return 'Broadcast completed: result=0';
  }

  async forceStop(packageName: string): Promise<void> {
    if (this.model.focus.packageName === packageName && packageName !== LAUNCHER.packageName) this.goHome();
    this.model.started = this.model.started.filter((p) => p !== packageName);
    this.changed();
  }

  packages(): PackageInfo[] {
    return PACKAGES.filter((p) => this.model.installed.includes(p.packageName));
  }

  async uninstallPackage(packageName: string): Promise<boolean> {
    if (!this.installed(packageName)) return false;
    this.model.installed = this.model.installed.filter((p) => p !== packageName);
    if (packageName === 'com.android.adbkeyboard') {
      delete this.model.imes[ADB_IME];
      if (this.model.currentIme === ADB_IME) this.model.currentIme = LATIN_IME;
    }
    await this.forceStop(packageName);
    return true;
  }

  /** The fake draws no system UI: it has no disturbances and no shade. */
  async disturb(_specs: unknown): Promise<string[]> {
    throw new MobaError('DEVICE_COMMAND_FAILED', 'The fake device has no disturbances (use a simulated phone)');
  }

  async clearDisturbances(): Promise<void> {}

  async setShade(_open: boolean): Promise<void> {
    throw new MobaError('DEVICE_COMMAND_FAILED', 'The fake device has no notification shade (use a simulated phone)');
  }

  async clearPackageData(packageName: string): Promise<boolean> {
    if (!this.installed(packageName)) return false;
    delete this.model.fields[packageName];
    await this.forceStop(packageName);
    return true;
  }

  async focus(): Promise<FocusInfo> {
    return { ...this.model.focus };
  }

  async keyboardShown(): Promise<boolean> {
    return this.model.keyboard;
  }

  async getClipboard(): Promise<string> {
    return this.model.clipboard;
  }

  async setClipboard(text: string): Promise<void> {
    this.model.clipboard = text;
  }

  async runningApps(): Promise<string[]> {
    return [...new Set([LAUNCHER.packageName, ...this.model.started])];
  }

  getprop(): Record<string, string> {
    const p = this.props;
    return {
      'ro.serialno': p.serial,
      'ro.boot.serialno': p.serial,
      'ro.product.name': p.product,
      'ro.product.model': p.model,
      'ro.product.device': p.device,
      'ro.product.manufacturer': p.manufacturer,
      'ro.product.brand': p.brand,
      'ro.product.cpu.abi': 'x86_64',
      'ro.build.version.release': p.androidVersion,
      'ro.build.version.sdk': String(p.sdk),
      'ro.build.type': 'userdebug',
      'ro.build.characteristics': 'emulator',
      'ro.sf.lcd_density': String(p.density),
      'ro.adb.secure': '0',
      'ro.debuggable': '1',
      'sys.boot_completed': '1',
      'dev.bootcomplete': '1',
      'persist.sys.timezone': 'UTC',
      'persist.sys.locale': this.model.settings.system?.system_locales ?? 'en-US',
    };
  }

  getSetting(namespace: string, key: string): string | undefined {
    if (namespace === 'secure' && key === 'default_input_method') return this.model.currentIme;
    return this.model.settings[namespace]?.[key];
  }

  async putSetting(namespace: string, key: string, value: string): Promise<void> {
    (this.model.settings[namespace] ??= {})[key] = value;
  }

  listSettings(namespace: string): Record<string, string> {
    return {
      ...this.model.settings[namespace],
      ...(namespace === 'secure' ? { default_input_method: this.model.currentIme } : {}),
    };
  }

  inputMethods(): InputMethodInfo[] {
    return Object.entries(this.model.imes).map(([id, enabled]) => ({
      id,
      label: id === LATIN_IME ? 'Android Keyboard (AOSP)' : 'ADB Keyboard',
      enabled,
    }));
  }

  enableInputMethod(id: string, enabled: boolean): boolean {
    if (!(id in this.model.imes)) return false;
    this.model.imes[id] = enabled;
    return true;
  }

  currentInputMethod(): string {
    return this.model.currentIme;
  }

  setInputMethod(id: string): boolean {
    if (!this.model.imes[id]) return false;
    this.model.currentIme = id;
    return true;
  }

  now(): number {
    return this.policy.kind === 'real' ? this.model.clockBase + (Date.now() - this.clockSetAt) : this.model.clockBase;
  }

  setClock(epochMs: number): void {
    this.model.clockBase = epochMs;
    this.clockSetAt = Date.now();
    this.changed();
  }

  clockPolicy(): ClockPolicy {
    return this.policy;
  }

  setClockPolicy(policy: ClockPolicy): void {
    this.setClock(this.now());
    this.policy = policy;
  }

  /** The fake's app data is the text of its one field per package. */
  async appData(packageName: string): Promise<unknown> {
    if (!this.installed(packageName)) throw new MobaError('NOT_FOUND', `No app data for ${packageName}`);
    return { text: this.model.fields[packageName] ?? '' };
  }

  async setAppData(packageName: string, patch: unknown): Promise<void> {
    if (patch === null || typeof patch !== 'object' || Array.isArray(patch))
      throw new MobaError('INVALID_INPUT', 'An app-data patch is a JSON object (a merge patch, RFC 7386)');
    if (!this.installed(packageName)) throw new MobaError('NOT_FOUND', `No app data for ${packageName}`);
    const text = (patch as { text?: unknown }).text;
    if (text !== undefined && typeof text !== 'string')
      throw new MobaError('INVALID_INPUT', 'The fake device keeps only { "text": string } per app');
    if (typeof text === 'string') this.model.fields[packageName] = text;
    this.changed();
  }

  async state(packageName?: string): Promise<unknown> {
    if (packageName !== undefined)
      return this.installed(packageName) ? { text: this.model.fields[packageName] ?? '' } : null;
    return {
      focus: this.model.focus,
      keyboardShown: this.model.keyboard,
      fields: this.model.fields,
      inputMethod: this.model.currentIme,
    };
  }

  /** The fake has no seeded data: a seed changes nothing; `clock` sets where its clock starts. */
  async reset(options: ResetOptions = {}): Promise<void> {
    this.policy = { kind: 'real' };
    this.model = structuredClone(this.initial.state);
    if (typeof options.clock === 'number') this.model.clockBase = options.clock;
    else if (options.clock === 'seeded')
      this.model.clockBase = localToEpoch(seededLocalStart(options.seed ?? 0), 'Asia/Shanghai');
    this.clockSetAt = Date.now();
    this.fs.restoreFrom(this.initial.fs);
    this.events.length = 0;
    this.changed();
  }

  async saveSnapshot(name: string): Promise<void> {
    this.snapshots.set(name, { state: structuredClone({ ...this.model, clockBase: this.now() }), fs: this.fs.clone() });
  }

  async restoreSnapshot(name: string): Promise<void> {
    const snapshot = this.snapshots.get(name);
    if (!snapshot) throw new MobaError('NOT_FOUND', `no snapshot named '${name}'`);
    this.model = structuredClone(snapshot.state);
    this.clockSetAt = Date.now();
    this.fs.restoreFrom(snapshot.fs);
    this.changed();
  }

  listSnapshots(): string[] {
    return [...this.snapshots.keys()].sort();
  }

  onDidChangeScreen(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
