/**
 * The benchmark's hold on a simulated phone, through the adb server like any client: reseed,
 * clock and its policy, settings, app-data patches, intents, and `sim-state` reads. Every call
 * has a deadline and an abort signal; a phone that does not answer is an infrastructure error.
 */
import { MobaError } from '../../shared/errors.ts';
import type { AndroidDevice } from '../device/android-device.ts';
import type { PhoneState } from './predicates/evaluate.ts';

const STATE_TIMEOUT_MS = 20_000;

/** Quotes one argument for the phone's POSIX-like shell. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Epoch ms of a local wall time (`2025-06-02T09:00`) in an IANA time zone: the phone's own rule. */
export { localToEpoch } from '@moba/sim/time';

export interface IntentSpec {
  action?: string | undefined;
  component?: string | undefined;
  data?: string | undefined;
  extras?: Record<string, string | number | boolean> | undefined;
}

export class PhoneControl {
  readonly serial: string;
  private readonly device: () => AndroidDevice;

  constructor(serial: string, device: () => AndroidDevice) {
    this.serial = serial;
    this.device = device;
  }

  private async check(command: string, signal?: AbortSignal, timeoutMs?: number): Promise<string> {
    return this.device().check(command, { ...(signal ? { signal } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
  }

  /** Everything `sim-state` reports. @throws MobaError DEVICE_COMMAND_FAILED when it is not a simulated phone */
  async state(signal?: AbortSignal): Promise<PhoneState> {
    const r = await this.device().run('sim-state', { timeoutMs: STATE_TIMEOUT_MS, ...(signal ? { signal } : {}) });
    const text = r.stdout.toString('utf8');
    try {
      const parsed = JSON.parse(text) as PhoneState;
      if (!parsed || typeof parsed !== 'object' || !parsed.packages) throw new Error('no packages');
      return parsed;
    } catch {
      throw new MobaError(
        'DEVICE_COMMAND_FAILED',
        `${this.serial} is not a simulated phone (sim-state printed ${JSON.stringify(text.slice(0, 120))}${r.stderr.length ? `, ${r.stderr.toString('utf8').slice(0, 200)}` : ''})`,
      );
    }
  }

  async reset(seed: number, signal?: AbortSignal): Promise<void> {
    await this.check(`sim-reset --seed ${seed >>> 0}`, signal, 60_000);
  }

  async clockPolicy(policy: string, signal?: AbortSignal): Promise<void> {
    await this.check(`sim-clock policy ${shellQuote(policy)}`, signal);
  }

  async setClock(epochMs: number, signal?: AbortSignal): Promise<void> {
    await this.check(`sim-clock set ${Math.round(epochMs)}`, signal);
  }

  async putSetting(namespace: string, key: string, value: string, signal?: AbortSignal): Promise<void> {
    await this.check(`settings put ${namespace} ${shellQuote(key)} ${shellQuote(value)}`, signal);
  }

  /** @throws MobaError DEVICE_COMMAND_FAILED with the phone's reason (bad patch, unknown app) */
  async patch(packageName: string, merge: unknown, signal?: AbortSignal): Promise<void> {
    await this.check(`sim-state set ${packageName} ${shellQuote(JSON.stringify(merge))}`, signal);
  }

  async startIntent(intent: IntentSpec, signal?: AbortSignal): Promise<void> {
    const parts = ['am start'];
    if (intent.action) parts.push('-a', shellQuote(intent.action));
    if (intent.data) parts.push('-d', shellQuote(intent.data));
    if (intent.component) parts.push('-n', shellQuote(intent.component));
    for (const [k, v] of Object.entries(intent.extras ?? {}))
      parts.push(
        typeof v === 'number' ? '--ei' : typeof v === 'boolean' ? '--ez' : '--es',
        shellQuote(k),
        shellQuote(String(v)),
      );
    await this.check(parts.join(' '), signal);
  }

  async home(signal?: AbortSignal): Promise<void> {
    await this.check('input keyevent 3', signal);
  }
}
