/**
 * The simulated phone: a Chromium page running the apps, behind the `SimulatedDevice` seam.
 * Every operation is queued so input, screenshots and dumps happen in call order; after each
 * one the page reports its screen version, focus and any setting the user changed.
 */
import { CATALOG } from '../apps/catalog.ts';
import { DeviceClock, formatClockPolicy } from '../device-clock.ts';
import type { ClockPolicy, ClockState } from '../device-clock.ts';
import type {
  DeviceProps,
  FocusInfo,
  InputMethodInfo,
  Intent,
  KeyCode,
  PackageInfo,
  ResetOptions,
  SimulatedDevice,
} from '../device.ts';
import { createAndroidFs } from '../fs/android-fs.ts';
import type { VirtualFs } from '../fs/virtual-fs.ts';
import { MobaError } from '@moba/base';
import { adbKeyboardCommand } from './adb-keyboard.ts';
import type { SharedBrowser } from './browser.ts';
import { BUILD_ID, DEFAULT_CLOCK_START, DEFAULT_TIMEZONE, buildProps, defaultProps } from './defaults.ts';
import { localDay, localToEpoch, seededLocalStart } from '../time.ts';
import { DeviceSettings } from './device-settings.ts';
import type { DeviceSettingsSnapshot } from './device-settings.ts';
import { resolveIntent } from './intents.ts';
import { mergePatch } from './page/merge-patch.ts';
import { openPhonePage } from './page-session.ts';
import type { PhonePage } from './page-session.ts';
import { Pointer } from './pointer.ts';
import { ScreenCapture } from './screen-capture.ts';
import type { MobaPageApi } from './page/main.ts';
import type { PageState, SyncInfo } from './page/phone-host.ts';
import type { SystemInfo } from './page/types.ts';
import type { CaptureFrameOptions, CapturedFrame, SimulatedPhoneOptions } from './phone-options.ts';

interface Snapshot {
  page: PageState;
  seed: number;
  clockStart: number | 'seeded';
  device: DeviceSettingsSnapshot;
  clock: ClockState;
  fs: VirtualFs;
}

type PageCall = { [K in keyof MobaPageApi]: MobaPageApi[K] };

export class SimulatedPhone implements SimulatedDevice {
  readonly props: DeviceProps;
  private currentSeed: number;
  readonly timezone: string;
  private currentFs: VirtualFs;
  private readonly initialFs: VirtualFs;
  private readonly device: DeviceSettings;
  private readonly clock: DeviceClock;
  /** Where the clock starts on reset (a reset with `clock` changes it). */
  private clockStart: number | 'seeded';
  private readonly defaultPolicy: ClockPolicy;
  private readonly snapshots = new Map<string, Snapshot>();
  private readonly listeners = new Set<() => void>();
  private readonly pageErrors: string[] = [];
  private version = -1;
  private lastSync: SyncInfo | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  /** A touch down or move went in without a sync; a screenshot syncs first (see `touch`). */
  private unsynced = false;
  /** A touch move that has not started yet; later moves update it instead of queueing. */
  private queuedMove: { x: number; y: number; done: Promise<void> } | undefined;
  private closed = false;
  private crashed = false;
  private page!: PhonePage;
  private pointer!: Pointer;
  private capture!: ScreenCapture;
  private browser!: SharedBrowser;

  constructor(
    options: Required<Pick<SimulatedPhoneOptions, 'seed' | 'width' | 'height' | 'density' | 'serial'>> &
      SimulatedPhoneOptions,
  ) {
    this.currentSeed = options.seed >>> 0;
    this.timezone = options.timezone ?? DEFAULT_TIMEZONE;
    this.props = defaultProps({
      serial: options.serial,
      width: options.width,
      height: options.height,
      density: options.density,
    });
    this.clockStart = options.clockStart ?? DEFAULT_CLOCK_START;
    this.defaultPolicy = options.clockPolicy ?? { kind: options.freezeClock ? 'frozen' : 'real' };
    this.clock = new DeviceClock(this.startEpoch(), this.defaultPolicy);
    this.device = new DeviceSettings(this.currentSeed);
    this.initialFs = createAndroidFs({ now: () => this.now() });
    this.currentFs = this.initialFs.clone();
  }

  /** The seed of the phone's data (changed by `reset({ seed })`). */
  get seed(): number {
    return this.currentSeed;
  }

  /** Where the clock starts for the current seed (epoch ms). */
  private startEpoch(): number {
    return this.clockStart === 'seeded'
      ? localToEpoch(seededLocalStart(this.currentSeed), this.timezone)
      : this.clockStart;
  }

  /** @internal Called by createSimulatedPhone. */
  async start(shared: SharedBrowser): Promise<void> {
    this.browser = shared;
    const browser = await shared.acquire();
    try {
      const session = await openPhonePage(browser, {
        config: {
          seed: this.currentSeed,
          width: this.props.width,
          height: this.props.height,
          density: this.props.density,
          settings: this.device.settings,
          system: this.systemInfo(),
          clock: { epochMs: this.now(), frozen: this.clock.frozen },
        },
        timezone: this.timezone,
        onChanged: (version) => this.onPageChanged(version),
        onError: (text) => this.recordError(text),
        onCrash: () => {
          this.crashed = true;
          this.recordError('the phone page crashed');
        },
      });
      this.page = session;
      this.pointer = new Pointer(session.cdp, this.props.density);
      this.capture = new ScreenCapture({
        cdp: session.cdp,
        size: this.props,
        alive: () => !this.closed && !this.crashed,
        onError: (text) => this.recordError(text),
      });
      this.applySync(await this.call('sync'));
    } catch (error) {
      await this.page?.close().catch(() => undefined);
      await shared.release();
      if (error instanceof MobaError) throw error;
      throw new MobaError(
        'SIMULATOR_FAILED',
        `The simulated phone did not start: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }

  get fs(): VirtualFs {
    return this.currentFs;
  }

  // ------------------------------------------------------------------ plumbing

  private recordError(text: string): void {
    if (this.pageErrors.length < 200) this.pageErrors.push(text);
  }

  /** Errors apps threw inside the page (handlers, renders, timers) since the phone started. */
  errors(): string[] {
    return [...this.pageErrors];
  }

  /** Increases whenever the screen may have changed. */
  screenVersion(): number {
    return this.version;
  }

  private onPageChanged(version: number): void {
    if (version <= this.version) return;
    this.version = version;
    this.fireChange();
  }

  private fireChange(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        console.error('[moba] onDidChangeScreen listener failed:', error);
      }
    }
  }

  private applySync(sync: SyncInfo): void {
    this.lastSync = sync;
    this.unsynced = false;
    for (const [ns, key, value] of sync.settings) this.device.put(ns, key, value);
    for (const error of sync.errors) this.recordError(error);
    if (sync.version > this.version) {
      this.version = sync.version;
      this.fireChange();
    }
  }

  /** Brings the version up to date after touches that went in without a sync (see `touch`). */
  private async syncIfOwed(): Promise<void> {
    if (this.unsynced) this.applySync(await this.call('sync'));
  }

  /** Runs operations one at a time, in call order. */
  private run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(() => {
      if (this.closed) throw new MobaError('SIMULATOR_FAILED', 'The simulated phone is closed.');
      if (this.crashed) throw new MobaError('SIMULATOR_FAILED', 'The simulated phone page crashed; start a new phone.');
      return fn();
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  private async call<K extends keyof PageCall>(
    name: K,
    ...args: Parameters<PageCall[K]>
  ): Promise<ReturnType<PageCall[K]>> {
    return (await this.page.evaluate(
      ([fn, params]) => {
        const api = window.__moba as unknown as Record<string, (...a: unknown[]) => unknown>;
        const method = api[fn];
        if (!method) throw new Error(`no page method ${fn}`);
        return method(...params);
      },
      [name, args as unknown[]] as const,
    )) as ReturnType<PageCall[K]>;
  }

  private systemInfo(): SystemInfo {
    return this.device.systemInfo(this.props, BUILD_ID);
  }

  /** Sends the IME settings and the package/IME lists to the page (after Node-side changes). */
  private async pushSystem(): Promise<void> {
    for (const key of ['default_input_method', 'enabled_input_methods']) {
      const value = this.device.get('secure', key);
      if (value !== undefined) this.applySync(await this.call('putSetting', 'secure', key, value));
    }
    this.applySync(await this.call('setSystem', this.systemInfo()));
  }

  // ------------------------------------------------------------------ screen

  /**
   * The version is current without asking the page: every input syncs it, and changes made by
   * the page's own timers arrive through the `__mobaNotify` binding.
   */
  async screencap(): Promise<Uint8Array> {
    return this.run(async () => {
      await this.syncIfOwed();
      return this.capture.screenshot(this.version);
    });
  }

  /**
   * A frame for streaming (scrcpy) or thumbnails: JPEG or PNG, optionally scaled so the longest
   * side is at most `maxSize`. Cached while the screen is unchanged.
   */
  async captureFrame(options: CaptureFrameOptions = {}): Promise<CapturedFrame> {
    return this.run(async () => {
      await this.syncIfOwed();
      return this.capture.captureFrame(this.version, options);
    });
  }

  /**
   * Live JPEG frames of the screen for streaming (scrcpy): Chromium hands over a picture each
   * time it draws a new one, while the page goes on rendering — `captureFrame` instead waits for
   * each picture in turn, which caps a moving screen at about half the frame rate. A still
   * screen sends nothing. See `ScreenCapture` for how subscribers share it.
   */
  streamFrames(
    options: { quality?: number; maxSize?: number },
    onFrame: (jpeg: Uint8Array) => void,
  ): { dispose(): void } {
    return this.capture.subscribe(options, onFrame);
  }

  async dumpUi(options: { compressed: boolean }): Promise<string> {
    return this.run(() => this.call('dump', options.compressed));
  }

  onDidChangeScreen(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  }

  // ------------------------------------------------------------------ input

  async tap(x: number, y: number): Promise<void> {
    return this.run(async () => {
      await this.pointer.tap(x, y);
      this.applySync(await this.call('sync'));
      await this.inputDone();
    });
  }

  async swipe(x1: number, y1: number, x2: number, y2: number, durationMs: number): Promise<void> {
    return this.run(async () => {
      await this.pointer.swipe(x1, y1, x2, y2, durationMs);
      this.applySync(await this.call('sync'));
      await this.inputDone();
    });
  }

  /**
   * scrcpy-style touch: 0 down, 1 up, 2 move. A move that arrives while the previous move still
   * waits its turn replaces that move's position (Android batches moves per frame the same
   * way), so a slow page catches up with the finger instead of replaying every point of a
   * fast drag one after another — which could take longer than the long-press time.
   */
  async touch(action: 0 | 1 | 2, x: number, y: number): Promise<void> {
    const queued = this.queuedMove;
    if (action === 2 && queued) {
      queued.x = x;
      queued.y = y;
      return queued.done;
    }
    const point = { x, y, done: Promise.resolve() };
    // A down or up ends the batch: a later move must come after it.
    this.queuedMove = action === 2 ? point : undefined;
    point.done = this.run(async () => {
      if (this.queuedMove === point) this.queuedMove = undefined;
      if (!(await this.pointer.touch(action, point.x, point.y))) return;
      // Only the up needs the page's answer at once (a tap acts on release). A down or move
      // changes the screen at most by scrolling or dismissing a toast, which the page reports
      // through its change binding; a screenshot taken before that arrives syncs first.
      if (action === 1) {
        this.applySync(await this.call('sync'));
        await this.inputDone();
      } else this.unsynced = true;
    });
    return point.done;
  }

  async scroll(x: number, y: number, hscroll: number, vscroll: number): Promise<void> {
    return this.run(async () => {
      await this.pointer.wheel(x, y, hscroll, vscroll);
      this.applySync(await this.call('sync'));
      await this.inputDone();
    });
  }

  async text(value: string): Promise<void> {
    return this.run(async () => {
      const out = await this.call('text', value);
      this.applySync(out.sync);
      await this.inputDone();
    });
  }

  async keyevent(code: KeyCode, _options?: { longpress?: boolean }): Promise<void> {
    return this.run(async () => {
      this.applySync(await this.call('key', code));
      await this.inputDone();
    });
  }

  // ------------------------------------------------------------------ activities and packages

  async startActivity(intent: Intent): Promise<string> {
    return this.run(async () => {
      const { pkg, request } = resolveIntent(intent, this.device.installedEntries());
      const out = await this.call('launch', pkg, request);
      this.applySync(out.sync);
      await this.inputDone();
      return out.result === 'front'
        ? 'Warning: Activity not started, its current task has been brought to the front'
        : '';
    });
  }

  async broadcast(intent: Intent): Promise<string> {
    return this.run(async () => {
      const command = adbKeyboardCommand(intent.action ?? '', intent.extras ?? {});
      if (command && this.device.adbKeyboardActive()) {
        if (command.kind === 'text') this.applySync((await this.call('text', command.text)).sync);
        else if (command.kind === 'clear') this.applySync((await this.call('clearText')).sync);
        else this.applySync(await this.call('key', command.code));
        await this.inputDone();
      }
      return 'Broadcast completed: result=0';
    });
  }

  async forceStop(packageName: string): Promise<void> {
    return this.run(async () => {
      if (this.device.isInstalled(packageName)) this.applySync(await this.call('forceStop', packageName));
    });
  }

  packages(): PackageInfo[] {
    return this.device.packages();
  }

  /** @throws MobaError DEVICE_COMMAND_FAILED for system packages (Android refuses those too). */
  async uninstallPackage(packageName: string): Promise<boolean> {
    return this.run(async () => {
      if (!this.device.isInstalled(packageName)) return false;
      if (CATALOG.find((e) => e.packageName === packageName)?.system)
        throw new MobaError('DEVICE_COMMAND_FAILED', 'Failure [DELETE_FAILED_INTERNAL_ERROR]');
      this.applySync(await this.call('forceStop', packageName));
      this.device.uninstall(packageName);
      await this.pushSystem();
      return true;
    });
  }

  async clearPackageData(packageName: string): Promise<boolean> {
    return this.run(async () => {
      if (!this.device.isInstalled(packageName)) return false;
      this.applySync(await this.call('clearData', packageName));
      return true;
    });
  }

  async focus(): Promise<FocusInfo> {
    return this.run(async () => {
      this.applySync(await this.call('sync'));
      return { ...(this.lastSync?.focus ?? { packageName: 'com.android.launcher3', activity: '.Launcher' }) };
    });
  }

  async keyboardShown(): Promise<boolean> {
    return this.run(async () => {
      this.applySync(await this.call('sync'));
      return this.lastSync?.imeShown ?? false;
    });
  }

  // ------------------------------------------------------------------ properties and settings

  getprop(): Record<string, string> {
    return buildProps(this.props, { locale: this.device.locale(), timezone: this.timezone });
  }

  getSetting(namespace: string, key: string): string | undefined {
    return this.device.get(namespace, key);
  }

  listSettings(namespace: string): Record<string, string> {
    return this.device.list(namespace);
  }

  async putSetting(namespace: string, key: string, value: string): Promise<void> {
    return this.run(async () => {
      this.device.put(namespace, key, value);
      this.applySync(await this.call('putSetting', namespace, key, value));
      if (namespace === 'secure' && (key === 'default_input_method' || key === 'enabled_input_methods'))
        await this.pushSystem();
    });
  }

  inputMethods(): InputMethodInfo[] {
    return this.device.inputMethods();
  }

  enableInputMethod(id: string, enabled: boolean): boolean {
    if (!this.device.enableInputMethod(id, enabled)) return false;
    void this.run(() => this.pushSystem()).catch((error: unknown) =>
      this.recordError(`enableInputMethod: ${String(error)}`),
    );
    return true;
  }

  currentInputMethod(): string {
    return this.device.currentInputMethod();
  }

  setInputMethod(id: string): boolean {
    if (!this.device.setInputMethod(id)) return false;
    void this.run(() => this.pushSystem()).catch((error: unknown) =>
      this.recordError(`setInputMethod: ${String(error)}`),
    );
    return true;
  }

  // ------------------------------------------------------------------ clock

  now(): number {
    return this.clock.now();
  }

  setClock(epochMs: number): void {
    this.clock.set(epochMs);
    void this.run(async () => this.pushClock()).catch((error: unknown) =>
      this.recordError(`setClock: ${String(error)}`),
    );
  }

  clockPolicy(): ClockPolicy {
    return this.clock.policy;
  }

  setClockPolicy(policy: ClockPolicy): void {
    this.clock.setPolicy(policy);
    void this.run(async () => this.pushClock()).catch((error: unknown) =>
      this.recordError(`setClockPolicy: ${String(error)}`),
    );
  }

  private async pushClock(): Promise<void> {
    this.applySync(await this.call('setClock', this.clock.now(), this.clock.frozen));
  }

  /** After an input: a stepped clock moves on (inside the operation, so the next one sees it). */
  private async inputDone(): Promise<void> {
    if (this.clock.step()) await this.pushClock();
  }

  // ------------------------------------------------------------------ state, reset, snapshots

  async state(packageName?: string): Promise<unknown> {
    return this.run(async () => {
      this.applySync(await this.call('sync'));
      if (packageName !== undefined) return (await this.call('state', packageName)) ?? null;
      const packages = await this.call('state');
      const page = await this.call('deviceState');
      const today = localDay(this.now(), this.timezone);
      return {
        device: {
          time: new Date(this.now()).toISOString(),
          timezone: this.timezone,
          date: today.date,
          localTime: today.time,
          weekday: today.weekday,
          clockPolicy: formatClockPolicy(this.clock.policy),
          clockStart: this.clockStart === 'seeded' ? 'seeded' : new Date(this.clockStart).toISOString(),
          ...this.device.summary(),
          foreground: this.lastSync?.focus,
          keyboardShown: this.lastSync?.imeShown ?? false,
          ...page,
        },
        packages,
      };
    });
  }

  /** @throws MobaError NOT_FOUND for a package without app data. */
  async appData(packageName: string): Promise<unknown> {
    return this.run(async () => {
      const data = await this.call('appData', packageName);
      if (data === undefined)
        throw new MobaError(
          'NOT_FOUND',
          `No app data for ${packageName} (apps with data: ${CATALOG.filter((e) => e.launchActivity !== '')
            .map((e) => e.packageName)
            .join(', ')})`,
        );
      return data;
    });
  }

  /**
   * Writes app data with a JSON merge patch (RFC 7386). The patched data must match the app's
   * schema (apps/<app>/schema.ts) — else nothing is written and the error names every wrong
   * field — and id counters are raised above the ids in use. A patch that still makes the app
   * fail to draw is undone.
   * @throws MobaError NOT_FOUND (no such app data) or INVALID_INPUT (not an object, a wrong shape, or the app failed with it)
   */
  async setAppData(packageName: string, patch: unknown): Promise<void> {
    if (patch === null || typeof patch !== 'object' || Array.isArray(patch))
      throw new MobaError('INVALID_INPUT', 'An app-data patch is a JSON object (a merge patch, RFC 7386)');
    return this.run(async () => {
      const current = await this.call('appData', packageName);
      if (current === undefined) throw new MobaError('NOT_FOUND', `No app data for ${packageName}`);
      const { checkAppData } = await import('../apps/schemas.ts');
      const checked = checkAppData(packageName, mergePatch(current, patch));
      if (!checked.ok)
        throw new MobaError(
          'INVALID_INPUT',
          `The patch was refused: ${packageName}'s data would not match its schema: ${checked.problems.join('; ')}`,
        );
      const out = await this.call('replaceData', packageName, checked.data);
      if (out.result === 'missing') throw new MobaError('NOT_FOUND', `No app data for ${packageName}`);
      this.applySync(out.sync);
      if (out.result !== 'ok')
        throw new MobaError(
          'INVALID_INPUT',
          `The patch was undone: ${packageName} failed with it: ${out.result.error}`,
        );
    });
  }

  /**
   * Back to the seeded initial state; with `seed`, the phone takes that seed from now on; with
   * `clock`, its clock starts there from now on (`seeded`: where the seed's start is drawn,
   * `default`: Mon 2025-06-02 09:00). The apps' seeded data is built at the new start.
   */
  async reset(options: ResetOptions = {}): Promise<void> {
    return this.run(async () => {
      if (options.seed !== undefined) {
        this.currentSeed = options.seed >>> 0;
        this.device.reseed(this.currentSeed);
      } else this.device.reset();
      if (options.clock !== undefined)
        this.clockStart = options.clock === 'default' ? DEFAULT_CLOCK_START : options.clock;
      this.clock.restore({ epochMs: this.startEpoch(), policy: this.defaultPolicy });
      this.currentFs = this.initialFs.clone();
      await this.pushClock();
      this.applySync(await this.call('reset', this.device.settings, this.systemInfo(), this.currentSeed));
      await this.pointer.release();
    });
  }

  async saveSnapshot(name: string): Promise<void> {
    return this.run(async () => {
      const exported = await this.call('exportState');
      for (const [ns, values] of Object.entries(exported.settings))
        for (const [key, value] of Object.entries(values)) this.device.put(ns, key, value);
      this.snapshots.set(name, {
        page: exported.page,
        seed: this.currentSeed,
        clockStart: this.clockStart,
        device: this.device.snapshot(),
        clock: this.clock.state(),
        fs: this.currentFs.clone(),
      });
    });
  }

  /** @throws MobaError NOT_FOUND when there is no snapshot of that name. */
  async restoreSnapshot(name: string): Promise<void> {
    return this.run(async () => {
      const snapshot = this.snapshots.get(name);
      if (!snapshot) throw new MobaError('NOT_FOUND', `No snapshot named "${name}".`);
      this.clockStart = snapshot.clockStart;
      if (snapshot.seed !== this.currentSeed) {
        this.currentSeed = snapshot.seed;
        this.device.reseed(snapshot.seed);
      }
      this.device.restore(snapshot.device);
      this.clock.restore(snapshot.clock);
      this.currentFs = snapshot.fs.clone();
      await this.pushClock();
      this.applySync(
        await this.call('importState', snapshot.page, this.device.settings, this.systemInfo(), snapshot.seed),
      );
      await this.pointer.release();
    });
  }

  listSnapshots(): string[] {
    return [...this.snapshots.keys()];
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Let queued operations finish first so none of them sees a closed page.
    await this.chain;
    this.closed = true;
    this.listeners.clear();
    await this.capture?.close();
    try {
      await this.page?.close();
    } finally {
      await this.browser?.release();
    }
  }
}
