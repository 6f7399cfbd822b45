/**
 * Live device list from `host:track-devices`: the server pushes the whole list on every change.
 * When the server goes away (killed, restarted, unreachable) the tracker reports it and keeps
 * retrying with backoff, so a restarted server is picked up without anyone asking. It never
 * starts a server itself: that is left to explicit requests.
 */
import { MobaError, serializeError } from '../../shared/errors.ts';
import type { AdbClient, AdbValueStream } from '../adb/index.ts';
import { delay } from '@moba/base';

export interface TrackedDevice {
  serial: string;
  state: string;
}

export type TrackerUpdate =
  | { status: 'connected'; devices: TrackedDevice[] }
  | { status: 'unavailable'; error: string };

export interface DeviceTrackerOptions {
  server: AdbClient;
  onUpdate: (update: TrackerUpdate) => void;
  /** First retry delay after the server went away; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** `host:track-devices` payload: `serial\tstate` lines. */
export function parseTrackedDevices(text: string): TrackedDevice[] {
  const out: TrackedDevice[] = [];
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab <= 0) continue;
    out.push({ serial: line.slice(0, tab), state: line.slice(tab + 1).trim() });
  }
  return out;
}

export class DeviceTracker {
  private readonly options: DeviceTrackerOptions;
  private readonly controller = new AbortController();
  private stream: AdbValueStream | undefined;
  private loop: Promise<void> | undefined;

  constructor(options: DeviceTrackerOptions) {
    this.options = options;
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Stops tracking and closes the stream; resolves when the loop has ended. */
  async close(): Promise<void> {
    this.controller.abort();
    this.stream?.close();
    await this.loop;
  }

  private async run(): Promise<void> {
    const signal = this.controller.signal;
    const first = this.options.retryMs ?? 250;
    let wait = first;
    while (!signal.aborted) {
      try {
        this.stream = await this.options.server.trackDevices({ signal });
        wait = first;
        for (;;) {
          const value = await this.stream.readValue();
          this.options.onUpdate({ status: 'connected', devices: parseTrackedDevices(value) });
        }
      } catch (error) {
        if (signal.aborted) break;
        const e =
          error instanceof MobaError && error.code === 'DEVICE_COMMAND_FAILED'
            ? `the adb server at ${this.options.server.label} closed the tracking connection`
            : serializeError(error).message;
        this.options.onUpdate({ status: 'unavailable', error: e });
      } finally {
        this.stream?.close();
        this.stream = undefined;
      }
      try {
        await delay(wait, signal);
      } catch {
        break;
      }
      wait = Math.min(wait * 2, this.options.maxRetryMs ?? 2_000);
    }
  }
}
