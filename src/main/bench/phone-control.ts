/**
 * The benchmark's hold on a simulated phone, through the adb server like any client: reseed,
 * clock and its policy, settings, app-data patches, intents, `sim-state` reads, and the
 * screen as the device itself reports it (its UI dump and foreground app — what milestones
 * are judged on, whatever the agent perceives). Every call has a deadline and an abort signal;
 * a phone that does not answer is an infrastructure error.
 */
import { KEYCODE } from '@moba/base';
import { MobaError } from '../../shared/errors.ts';
import type { UiElement } from '../../shared/schemas/perception.ts';
import type { AndroidDevice } from '../device/android-device.ts';
import { shQuote } from '../device/shell-text.ts';
import { processViewHierarchy } from '../perception/index.ts';
import { PhoneStateSchema } from '@moba/sim/state';
import type { PhoneState } from '@moba/sim/state';

const STATE_TIMEOUT_MS = 20_000;

/** Epoch ms of a local wall time (`2025-06-02T09:00`) in an IANA time zone: the phone's own rule. */
export { localToEpoch } from '@moba/sim/time';

export interface IntentSpec {
  action?: string | undefined;
  component?: string | undefined;
  data?: string | undefined;
  extras?: Record<string, string | number | boolean> | undefined;
}

/** The screen as the device reports it: its foreground app and activity, and MobA's elements of its own UI dump. */
export interface DeviceScreen {
  packageName: string | null;
  activity: string | null;
  elements: UiElement[];
}

export class PhoneControl {
  readonly serial: string;
  private readonly device: () => AndroidDevice;
  private size: { width: number; height: number } | null | undefined;

  constructor(serial: string, device: () => AndroidDevice) {
    this.serial = serial;
    this.device = device;
  }

  private async check(command: string, signal?: AbortSignal, timeoutMs?: number): Promise<string> {
    return this.device().check(command, { ...(signal ? { signal } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
  }

  /**
   * Everything `sim-state` reports, checked with the phone's own schema (`PhoneStateSchema`).
   * @throws MobaError DEVICE_COMMAND_FAILED when it is not a simulated phone or its output does not fit the schema
   */
  async state(signal?: AbortSignal): Promise<PhoneState> {
    const r = await this.device().run('sim-state', { timeoutMs: STATE_TIMEOUT_MS, ...(signal ? { signal } : {}) });
    const text = r.stdout.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (typeof json !== 'object' || json === null)
      throw new MobaError(
        'DEVICE_COMMAND_FAILED',
        `${this.serial} is not a simulated phone (sim-state printed ${JSON.stringify(text.slice(0, 120))}${r.stderr.length ? `, ${r.stderr.toString('utf8').slice(0, 200)}` : ''})`,
      );
    const parsed = PhoneStateSchema.safeParse(json);
    if (!parsed.success)
      throw new MobaError(
        'DEVICE_COMMAND_FAILED',
        `sim-state on ${this.serial} printed a state this version cannot read: ${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`)
          .join('; ')}`,
      );
    return parsed.data;
  }

  /**
   * The screen as the device reports it now: `uiautomator dump` and the focused activity, the
   * dump processed into elements as MobA's perception does (every strategy is judged on these).
   * @throws MobaError DUMP_FAILED when the device writes no usable dump
   */
  async screen(signal?: AbortSignal): Promise<DeviceScreen> {
    const device = this.device();
    const call = signal ? { signal } : {};
    this.size ??= await device.screen(call).then((s) => (s ? { width: s.width, height: s.height } : null));
    const [dump, app] = await Promise.all([device.dumpUi(call), device.foregroundApp(call)]);
    if (!dump.xml)
      throw new MobaError('DUMP_FAILED', `${this.serial}: uiautomator wrote no dump (${dump.message.slice(0, 200)})`);
    let elements: UiElement[];
    try {
      elements = processViewHierarchy(dump.xml, this.size ? { screen: this.size } : {}).elements;
    } catch (error) {
      throw new MobaError('DUMP_FAILED', `${this.serial}: the UI dump cannot be read: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return { packageName: app?.packageName ?? null, activity: app?.activity ?? null, elements };
  }

  /** Back to the seeded initial state; `seededClock`: the clock starts at the seed's own day and time. */
  async reset(seed: number, signal?: AbortSignal, seededClock = false): Promise<void> {
    await this.check(`sim-reset --seed ${seed >>> 0} --clock ${seededClock ? 'seeded' : 'default'}`, signal, 60_000);
  }

  async clockPolicy(policy: string, signal?: AbortSignal): Promise<void> {
    await this.check(`sim-clock policy ${shQuote(policy)}`, signal);
  }

  async setClock(epochMs: number, signal?: AbortSignal): Promise<void> {
    await this.check(`sim-clock set ${Math.round(epochMs)}`, signal);
  }

  async putSetting(namespace: string, key: string, value: string, signal?: AbortSignal): Promise<void> {
    await this.check(`settings put ${namespace} ${shQuote(key)} ${shQuote(value)}`, signal);
  }

  /** @throws MobaError DEVICE_COMMAND_FAILED with the phone's reason (bad patch, unknown app) */
  async patch(packageName: string, merge: unknown, signal?: AbortSignal): Promise<void> {
    await this.check(`sim-state set ${packageName} ${shQuote(JSON.stringify(merge))}`, signal);
  }

  /** The app's stored data (what `patch` writes). */
  async appData(packageName: string, signal?: AbortSignal): Promise<unknown> {
    const text = await this.check(`sim-state data ${packageName}`, signal);
    try {
      return JSON.parse(text);
    } catch {
      throw new MobaError(
        'DEVICE_COMMAND_FAILED',
        `sim-state data ${packageName} printed no JSON: ${text.slice(0, 200)}`,
      );
    }
  }

  /** Schedules disturbances (the simulator's spec, apps by package). */
  async disturb(specs: readonly unknown[], signal?: AbortSignal): Promise<void> {
    if (specs.length) await this.check(`sim-disturb add ${shQuote(JSON.stringify(specs))}`, signal);
  }

  async startIntent(intent: IntentSpec, signal?: AbortSignal): Promise<void> {
    const parts = ['am start'];
    if (intent.action) parts.push('-a', shQuote(intent.action));
    if (intent.data) parts.push('-d', shQuote(intent.data));
    if (intent.component) parts.push('-n', shQuote(intent.component));
    for (const [k, v] of Object.entries(intent.extras ?? {}))
      parts.push(
        typeof v === 'number' ? '--ei' : typeof v === 'boolean' ? '--ez' : '--es',
        shQuote(k),
        shQuote(String(v)),
      );
    await this.check(parts.join(' '), signal);
  }

  async home(signal?: AbortSignal): Promise<void> {
    await this.check(`input keyevent ${KEYCODE.HOME}`, signal);
  }
}
