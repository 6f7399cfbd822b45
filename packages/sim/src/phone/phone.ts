/**
 * The simulated phone: a Chromium page running the apps, behind the `SimulatedDevice` seam.
 * The page plumbing (operation queue, syncs, clock pushes) is `PhoneCore` in phone-core.ts.
 */
import { CATALOG } from '../apps/catalog.ts';
import { formatClockPolicy } from '../device-clock.ts';
import type { ClockPolicy, ClockState } from '../device-clock.ts';
import type {
  FocusInfo,
  InputMethodInfo,
  Intent,
  KeyCode,
  PackageInfo,
  ResetOptions,
  SimulatedDevice,
} from '../device.ts';
import type { VirtualFs } from '../fs/virtual-fs.ts';
import { MobaError } from '@moba/base';
import { adbKeyboardCommand } from './adb-keyboard.ts';
import { buildProps } from './defaults.ts';
import type { DeviceSettingsSnapshot } from './device-settings.ts';
import { resolveIntent } from './intents.ts';
import { localDay } from '../time.ts';
import { DEFAULT_CLOCK_START } from './defaults.ts';
import { mergePatch } from './page/merge-patch.ts';
import type { PageState } from './page/phone-host.ts';
import type { CaptureFrameOptions, CapturedFrame } from './phone-options.ts';
import { PhoneCore } from './phone-core.ts';

interface Snapshot {
  page: PageState;
  seed: number;
  clockStart: number | 'seeded';
  device: DeviceSettingsSnapshot;
  clock: ClockState;
  fs: VirtualFs;
}

export class SimulatedPhone extends PhoneCore implements SimulatedDevice {
  private readonly snapshots = new Map<string, Snapshot>();
  /** Numbers the disturbances scheduled without an id (from 1 after each reset). */
  private disturbanceCount = 0;

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

  async dumpUi(options: { compressed: boolean; allWindows?: boolean }): Promise<string> {
    return this.run(() =>
      this.call('dump', { compressed: options.compressed, allWindows: options.allWindows ?? false }),
    );
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

  async keyevent(code: KeyCode, options?: { longpress?: boolean; metaState?: number }): Promise<void> {
    return this.run(async () => {
      this.applySync(await this.call('key', code, options?.metaState ?? 0));
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
        else this.applySync(await this.call('key', command.code, 0));
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

  async getClipboard(): Promise<string> {
    return this.run(async () => (await this.call('deviceState')).clipboard);
  }

  async setClipboard(text: string): Promise<void> {
    return this.run(async () => this.applySync(await this.call('setClipboard', text)));
  }

  async runningApps(): Promise<string[]> {
    return this.run(async () => {
      this.applySync(await this.call('sync'));
      return [...(this.lastSync?.running ?? [])];
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
      await this.syncRotation();
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

  // ------------------------------------------------------------------ disturbances and the shade

  /**
   * Schedules disturbances (one spec or a list; format in the README's *Disturbances*), checked
   * and resolved here — ranges of actions drawn from the seed, `HH:MM` read on the device clock.
   * @returns their ids
   * @throws MobaError INVALID_INPUT naming every wrong field
   */
  async disturb(specs: unknown): Promise<string[]> {
    const { resolveDisturbances } = await import('../disturbance-spec.ts');
    return this.run(async () => {
      const inputs = resolveDisturbances(
        specs,
        {
          seed: this.currentSeed,
          timeZone: this.timezone,
          now: this.now(),
          installed: this.device.installedEntries().map((e) => e.packageName),
        },
        () => ++this.disturbanceCount,
      );
      this.applySync(await this.call('disturb', inputs));
      return inputs.map((i) => i.id);
    });
  }

  async clearDisturbances(): Promise<void> {
    return this.run(async () => this.applySync(await this.call('clearDisturbances')));
  }

  async setShade(open: boolean): Promise<void> {
    return this.run(async () => this.applySync(await this.call('shade', open)));
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
      this.disturbanceCount = 0;
      this.clock.restore({ epochMs: this.startEpoch(), policy: this.defaultPolicy });
      this.currentFs = this.initialFs.clone();
      await this.pushClock();
      this.applySync(await this.call('reset', this.device.settings, this.systemInfo(), this.currentSeed));
      await this.pointer.release();
      await this.syncRotation();
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
      await this.syncRotation();
    });
  }

  listSnapshots(): string[] {
    return [...this.snapshots.keys()];
  }
}
