/**
 * Which way a device's input takes, and one input at a time per device. The mirror registers
 * its scrcpy control socket for a device while a scrcpy session runs; every other moment the
 * input goes through `adb shell input`. The agent's executors and a person's mirror input
 * use the same router, so they share the fast way and never interleave: a tap sent while a
 * swipe is still being replayed waits for it, as one finger would.
 */
import type { Disposable } from '@moba/base';
import { cancelled } from '@moba/base';
import type { DeviceInput, InputOptions, InputVia, Point } from './device-input.ts';

export class DeviceInputs {
  private readonly adb: (serial: string) => DeviceInput;
  private readonly controls = new Map<string, () => DeviceInput | undefined>();
  private readonly queues = new Map<string, Promise<unknown>>();

  /** @param adb the `adb shell input` way for a device */
  constructor(adb: (serial: string) => DeviceInput) {
    this.adb = adb;
  }

  /**
   * Lets a faster way carry this device's input for as long as `control()` returns one (the
   * mirror returns its scrcpy input while the session is up, nothing after it fell back to
   * screenshots). The newest registration wins; disposing removes it.
   */
  useControl(serial: string, control: () => DeviceInput | undefined): Disposable {
    this.controls.set(serial, control);
    return { dispose: () => void (this.controls.get(serial) === control && this.controls.delete(serial)) };
  }

  /** The way this device's input takes right now. */
  current(serial: string): DeviceInput {
    return this.controls.get(serial)?.() ?? this.adb(serial);
  }

  /**
   * Runs `job` with the device's current way once the device's earlier input has finished.
   *
   * @returns what the job returned, and the way it took
   * @throws MobaError CANCELLED when the signal aborts before the job's turn; what the job throws
   */
  async perform<T>(
    serial: string,
    job: (input: DeviceInput) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<{ via: InputVia; value: T }> {
    const before = this.queues.get(serial) ?? Promise.resolve();
    const run = before.then(async () => {
      if (signal?.aborted) throw cancelled('Input');
      const input = this.current(serial);
      return { via: input.via, value: await job(input) };
    });
    const settled = run.catch(() => undefined);
    this.queues.set(serial, settled);
    void settled.then(() => {
      if (this.queues.get(serial) === settled) this.queues.delete(serial);
    });
    return run;
  }

  /** A port for one device whose every call takes the current way, queued like {@link perform}. */
  port(serial: string): DeviceInput {
    const call = async (signal: AbortSignal | undefined, job: (input: DeviceInput) => Promise<void>) =>
      void (await this.perform(serial, job, signal));
    const current = () => this.current(serial);
    return {
      get via(): InputVia {
        return current().via;
      },
      tap: (at: Point, o: InputOptions = {}) => call(o.signal, (i) => i.tap(at, o)),
      doubleTap: (at: Point, o: InputOptions = {}) => call(o.signal, (i) => i.doubleTap(at, o)),
      swipe: (from: Point, to: Point, ms: number, o: InputOptions = {}) =>
        call(o.signal, (i) => i.swipe(from, to, ms, o)),
      scroll: (at, notches, screen, o: InputOptions = {}) => call(o.signal, (i) => i.scroll(at, notches, screen, o)),
      keys: (codes: readonly number[], o: InputOptions = {}) => call(o.signal, (i) => i.keys(codes, o)),
      back: (o: InputOptions = {}) => call(o.signal, (i) => i.back(o)),
      text: (text: string, o: InputOptions = {}) => call(o.signal, (i) => i.text(text, o)),
    };
  }
}
