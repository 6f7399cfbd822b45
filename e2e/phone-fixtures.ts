/**
 * e2e fixtures with a simulated phone: `phone` (the Chromium phone, its ADB side with the
 * scrcpy impersonation, and a private adb server that has `adb connect`ed it) and `phoneHost`
 * (a `moba serve` that talks to that adb server). Both live for the worker and are stopped
 * afterwards.
 */
import { startMirrorPhone } from '../test/support/mirror-phone.ts';
import type { MirrorPhone } from '../test/support/mirror-phone.ts';
import { expect, serve, test as base } from './fixtures.ts';
import type { ServedHost } from './fixtures.ts';

export const test = base.extend<object, { phone: MirrorPhone; phoneHost: ServedHost & { stop(): Promise<void> } }>({
  phone: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const phone = await startMirrorPhone();
      await use(phone);
      await phone.close();
    },
    { scope: 'worker' },
  ],
  phoneHost: [
    async ({ phone }, use) => {
      const host = await serve(phone.hostEnv);
      await use(host);
      await host.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect };
