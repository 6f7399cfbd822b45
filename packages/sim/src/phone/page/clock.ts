/**
 * The device clock inside the page. Apps and the status bar read `Date` / `Date.now()`; both
 * are replaced so they follow the device clock (settable, optionally frozen) instead of the
 * host's. Timers (`setTimeout`) keep real time.
 */

let offsetMs = 0;
let frozenAt: number | undefined;
const realNow = Date.now.bind(Date);
const RealDate = Date;

/** The host's own time (epoch ms): what a wait in the real world measures. */
export function hostNow(): number {
  return realNow();
}

/** Device time in epoch ms. */
export function deviceNow(): number {
  return frozenAt ?? realNow() + offsetMs;
}

/** @param epochMs the device time now; @param frozen stop the clock at that moment. */
export function setDeviceClock(epochMs: number, frozen: boolean): void {
  if (frozen) frozenAt = epochMs;
  else {
    frozenAt = undefined;
    offsetMs = epochMs - realNow();
  }
}

export function installDateOverride(): void {
  class DeviceDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(deviceNow());
      else super(...(args as [string]));
    }
    static override now(): number {
      return deviceNow();
    }
  }
  (globalThis as { Date: DateConstructor }).Date = DeviceDate as DateConstructor;
}
