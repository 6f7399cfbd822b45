/**
 * The simulated phone's screen side: apps rendered in headless Chromium behind the
 * `SimulatedDevice` seam (src/simulator/device.ts).
 *
 * ```ts
 * const phone = await createSimulatedPhone({ seed: 1 });
 * await phone.tap(540, 1200);
 * const png = await phone.screencap();
 * await phone.close();
 * ```
 * Several phones can share one Chromium: `const browser = createSharedBrowser();` then pass
 * `{ browser }` to each; the browser exits when the last phone closes (or on `browser.close()`).
 */
import { SharedBrowser } from './browser.ts';
import { SimulatedPhone } from './phone.ts';
import { nextSerial } from './phone-options.ts';
import type { SimulatedPhoneOptions } from './phone-options.ts';

export { SharedBrowser, findChromium } from './browser.ts';
export { SimulatedPhone } from './phone.ts';
export type { CaptureFrameOptions, CapturedFrame, SimulatedPhoneOptions } from './phone-options.ts';
export { DEFAULT_CLOCK_START, DEFAULT_TIMEZONE } from './defaults.ts';

export const DEFAULT_WIDTH = 1080;
export const DEFAULT_HEIGHT = 2400;
export const DEFAULT_DENSITY = 420;

/**
 * A Chromium for several phones in one process.
 * @param options.keepAlive keep it running when its last phone closes (close it yourself).
 * @throws MobaError BROWSER_MISSING when no Chromium can be found.
 */
export function createSharedBrowser(options: { executablePath?: string; keepAlive?: boolean } = {}): SharedBrowser {
  return new SharedBrowser(options);
}

/**
 * Starts a simulated phone (defaults: 1080×2400, density 420, seed 0, clock Mon 2025-06-02
 * 09:00 Asia/Shanghai). The caller owns it and must `close()` it.
 * @returns the phone: a `SimulatedDevice` plus `captureFrame`, `errors`, `screenVersion`.
 * @throws MobaError BROWSER_MISSING (no Chromium) or SIMULATOR_FAILED (it did not start).
 */
export async function createSimulatedPhone(options: SimulatedPhoneOptions = {}): Promise<SimulatedPhone> {
  const width = options.width ?? DEFAULT_WIDTH;
  const height = options.height ?? DEFAULT_HEIGHT;
  const density = options.density ?? DEFAULT_DENSITY;
  const phone = new SimulatedPhone({
    ...options,
    seed: options.seed ?? 0,
    width,
    height,
    density,
    serial: options.serial ?? nextSerial(),
  });
  await phone.start(options.browser ?? new SharedBrowser());
  return phone;
}
