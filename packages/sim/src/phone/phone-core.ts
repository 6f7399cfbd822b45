/**
 * The machinery under the simulated phone: its Chromium page, the operation queue (every
 * operation runs in call order; after each one the page reports its screen version, focus and
 * any setting the user changed), screen-change listeners, the device clock and settings.
 * `SimulatedPhone` (phone.ts) builds the `SimulatedDevice` operations on it.
 */
import { DeviceClock } from '../device-clock.ts';
import type { ClockPolicy } from '../device-clock.ts';
import { displaySize } from '../device.ts';
import type { DeviceProps } from '../device.ts';
import { createAndroidFs } from '../fs/android-fs.ts';
import type { VirtualFs } from '../fs/virtual-fs.ts';
import { MobaError } from '@moba/base';
import type { SharedBrowser } from './browser.ts';
import { BUILD_ID, DEFAULT_CLOCK_START, DEFAULT_TIMEZONE, defaultProps } from './defaults.ts';
import { localToEpoch, seededLocalStart } from '../time.ts';
import { DeviceSettings } from './device-settings.ts';
import { openPhonePage } from './page-session.ts';
import type { PhonePage } from './page-session.ts';
import { Pointer } from './pointer.ts';
import { ScreenCapture } from './screen-capture.ts';
import type { MobaPageApi } from './page/main.ts';
import type { SyncInfo } from './page/phone-host.ts';
import type { SystemInfo } from './page/types.ts';
import type { SimulatedPhoneOptions } from './phone-options.ts';

type PageCall = { [K in keyof MobaPageApi]: MobaPageApi[K] };

export abstract class PhoneCore {
  readonly props: DeviceProps;
  protected currentSeed: number;
  readonly timezone: string;
  protected currentFs: VirtualFs;
  protected readonly initialFs: VirtualFs;
  protected readonly device: DeviceSettings;
  protected readonly clock: DeviceClock;
  /** Where the clock starts on reset (a reset with `clock` changes it). */
  protected clockStart: number | 'seeded';
  protected readonly defaultPolicy: ClockPolicy;
  protected readonly listeners = new Set<() => void>();
  protected readonly pageErrors: string[] = [];
  protected version = -1;
  protected lastSync: SyncInfo | undefined;
  protected chain: Promise<unknown> = Promise.resolve();
  /** A touch down or move went in without a sync; a screenshot syncs first (see `touch`). */
  protected unsynced = false;
  /** A touch move that has not started yet; later moves update it instead of queueing. */
  protected queuedMove: { x: number; y: number; done: Promise<void> } | undefined;
  protected closed = false;
  /** The page's size now: the physical size, turned by the display rotation (see `syncRotation`). */
  protected displayed: { width: number; height: number };
  protected crashed = false;
  protected page!: PhonePage;
  protected pointer!: Pointer;
  protected capture!: ScreenCapture;
  protected browser!: SharedBrowser;

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
    this.displayed = { width: this.props.width, height: this.props.height };
    this.initialFs = createAndroidFs({ now: () => this.now() });
    this.currentFs = this.initialFs.clone();
  }

  /** The seed of the phone's data (changed by `reset({ seed })`). */
  get seed(): number {
    return this.currentSeed;
  }

  /** Where the clock starts for the current seed (epoch ms). */
  protected startEpoch(): number {
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
        size: () => this.displayed,
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

  protected recordError(text: string): void {
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

  protected onPageChanged(version: number): void {
    if (version <= this.version) return;
    this.version = version;
    this.fireChange();
  }

  protected fireChange(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        console.error('[moba] onDidChangeScreen listener failed:', error);
      }
    }
  }

  protected applySync(sync: SyncInfo): void {
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
  protected async syncIfOwed(): Promise<void> {
    if (this.unsynced) this.applySync(await this.call('sync'));
  }

  /** Runs operations one at a time, in call order. */
  protected run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(() => {
      if (this.closed) throw new MobaError('SIMULATOR_FAILED', 'The simulated phone is closed.');
      if (this.crashed) throw new MobaError('SIMULATOR_FAILED', 'The simulated phone page crashed; start a new phone.');
      return fn();
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  protected async call<K extends keyof PageCall>(
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

  protected systemInfo(): SystemInfo {
    return this.device.systemInfo(this.props, BUILD_ID);
  }

  /** Sends the IME settings and the package/IME lists to the page (after Node-side changes). */
  protected async pushSystem(): Promise<void> {
    for (const key of ['default_input_method', 'enabled_input_methods']) {
      const value = this.device.get('secure', key);
      if (value !== undefined) this.applySync(await this.call('putSetting', 'secure', key, value));
    }
    this.applySync(await this.call('setSystem', this.systemInfo()));
  }

  // ------------------------------------------------------------------ clock

  now(): number {
    return this.clock.now();
  }

  protected async pushClock(): Promise<void> {
    this.applySync(await this.call('setClock', this.clock.now(), this.clock.frozen));
  }

  /** After an input: a stepped clock moves on (inside the operation, so the next one sees it). */
  protected async inputDone(): Promise<void> {
    if (this.clock.step()) await this.pushClock();
    await this.syncRotation();
  }

  /**
   * Turns the screen to the rotation the settings ask for (user_rotation while auto-rotate is
   * off): the page is laid out at the turned size, so screenshots, dumps and touch
   * coordinates are in the rotated display's pixels, as on a phone.
   */
  protected async syncRotation(): Promise<void> {
    const wanted = displaySize({ props: this.props, getSetting: (ns, key) => this.device.get(ns, key) });
    if (wanted.width === this.displayed.width && wanted.height === this.displayed.height) return;
    this.displayed = wanted;
    await this.page.cdp.send('Emulation.setDeviceMetricsOverride', {
      width: wanted.width,
      height: wanted.height,
      deviceScaleFactor: 1,
      mobile: false,
      screenWidth: wanted.width,
      screenHeight: wanted.height,
    });
    this.applySync(await this.call('setDisplay', wanted.width, wanted.height));
    this.capture.resized();
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
