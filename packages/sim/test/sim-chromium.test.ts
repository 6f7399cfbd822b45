/**
 * The phone's own Chromium, driven over its debugging pipe: the headless shell and the full
 * browser both run a phone; closing the phone ends the browser and removes its profile; a
 * browser that dies or never starts gives SIMULATOR_FAILED with a reason, not a hang.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSharedBrowser, createSimulatedPhone } from '../src/index.ts';
import { tapOn } from '../src/testing/device-driver.ts';
import { isRunning } from '@moba/testkit/rigs';
import { decodePng } from '../src/testing/ui-dump.ts';

const BROWSERS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].filter((path) => existsSync(path));
const scratch = mkdtempSync(join(tmpdir(), 'moba-sim-chromium-'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.each(BROWSERS)('a phone on %s', (executablePath) => {
  it('draws, dumps and takes a tap; closing the phone ends Chromium and removes its profile', async () => {
    const browser = createSharedBrowser({ executablePath });
    const phone = await createSimulatedPhone({ seed: 3, width: 720, height: 1600, density: 320, browser });
    const pid = browser.pid as number;
    const profile = browser.userDataDir as string;
    try {
      expect(isRunning(pid)).toBe(true);
      expect(existsSync(profile)).toBe(true);
      const png = await decodePng(await phone.screencap());
      expect([png.width, png.height]).toEqual([720, 1600]);
      await tapOn(phone, { text: 'Clock' });
      expect((await phone.focus()).packageName).toBe('com.android.deskclock');
      expect(phone.errors()).toEqual([]);
    } finally {
      await phone.close();
    }
    expect(isRunning(pid)).toBe(false);
    expect(existsSync(profile)).toBe(false);
  });
});

describe('when Chromium fails', () => {
  it('turns a browser killed under a running phone into SIMULATOR_FAILED on the next call', async () => {
    const browser = createSharedBrowser();
    const phone = await createSimulatedPhone({ seed: 1, browser });
    try {
      process.kill(browser.pid as number, 'SIGKILL');
      await expect(phone.dumpUi({ compressed: false })).rejects.toMatchObject({ code: 'SIMULATOR_FAILED' });
      await expect(phone.screencap()).rejects.toMatchObject({ code: 'SIMULATOR_FAILED' });
      expect(phone.errors().join('\n')).toMatch(/crashed/);
    } finally {
      await phone.close();
    }
  });

  it('says what Chromium printed when it exits at start, and when the executable cannot run', async () => {
    const cases = [
      {
        name: 'broken-chromium',
        text: '#!/bin/sh\necho "error while loading shared libraries: libnss3.so" >&2\nexit 127\n',
        mode: 0o755,
        says: 'libnss3.so',
      },
      { name: 'not-executable', text: 'plain text', mode: 0o644, says: 'Could not start Chromium' },
    ];
    for (const { name, text, mode, says } of cases) {
      const executablePath = join(scratch, name);
      writeFileSync(executablePath, text);
      chmodSync(executablePath, mode);
      await expect(createSimulatedPhone({ browser: createSharedBrowser({ executablePath }) })).rejects.toMatchObject({
        code: 'SIMULATOR_FAILED',
        message: expect.stringContaining(says),
      });
    }
  });
});
