/**
 * Determinism (same seed + same inputs → the same dump and the same pixels; another seed →
 * other data) and robustness (a 1000-step random input fuzz leaves the phone working and the
 * apps error-free), with two phones sharing one Chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedBrowser, createSimulatedPhone } from '../src/index.ts';
import type { SharedBrowser, SimulatedPhone } from '../src/index.ts';
import { dump, tapOn } from '../src/testing/device-driver.ts';
import { prng } from '@moba/testkit/rigs';
import { decodePng, findNode, parseDump } from '../src/testing/ui-dump.ts';

let browser: SharedBrowser;
let a: SimulatedPhone;
let b: SimulatedPhone;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => void unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  browser = createSharedBrowser({ keepAlive: true });
  [a, b] = await Promise.all([
    createSimulatedPhone({ seed: 3, browser, freezeClock: true }),
    createSimulatedPhone({ seed: 3, browser, freezeClock: true }),
  ]);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await browser?.close();
  process.off('unhandledRejection', onUnhandled);
});

async function both(step: (phone: SimulatedPhone) => Promise<unknown>): Promise<void> {
  await step(a);
  await step(b);
}

describe('determinism', () => {
  it('gives identical dumps and identical screenshots for the same seed and inputs', async () => {
    const steps: Array<(p: SimulatedPhone) => Promise<unknown>> = [
      (p) => tapOn(p, { desc: 'Settings' }),
      (p) => p.swipe(540, 1800, 540, 1500, 250),
      (p) => tapOn(p, { text: 'Network & internet' }),
      (p) => tapOn(p, { text: 'Internet' }),
      (p) => tapOn(p, { text: 'CoffeeShop_5G' }),
      (p) => p.text('latte2024'),
      (p) => p.keyevent(66),
      (p) => p.keyevent(3),
      (p) => tapOn(p, { desc: 'Clock' }),
      (p) => tapOn(p, { desc: 'Add alarm' }),
      (p) => tapOn(p, { desc: '11' }),
      (p) => tapOn(p, { id: 'android:id/button1' }),
    ];
    for (const step of steps) {
      await both(step);
      expect(await dump(a)).toBe(await dump(b));
    }
    const [pa, pb] = await Promise.all([a.screencap(), b.screencap()]);
    const [ia, ib] = await Promise.all([decodePng(pa), decodePng(pb)]);
    expect(ia.data.equals(ib.data)).toBe(true);
    expect(await a.state()).toEqual(await b.state());
    const settings = (await a.state('com.android.settings')) as { wifiNetwork: string };
    expect(settings.wifiNetwork).toBe('CoffeeShop_5G');
  });

  it('gives other seeded data for another seed', async () => {
    const c = await createSimulatedPhone({ seed: 4, browser, freezeClock: true });
    try {
      await Promise.all([a.reset(), c.reset()]);
      for (const p of [a, c]) await p.startActivity({ action: 'android.settings.WIFI_SETTINGS' });
      const ssids = async (p: SimulatedPhone): Promise<string[]> =>
        parseDump(await dump(p))
          .filter((n) => n.resourceId === 'android:id/title')
          .map((n) => n.text);
      const [sa, sc] = [await ssids(a), await ssids(c)];
      expect(sa.some((s) => s.startsWith('TP-LINK_'))).toBe(true);
      expect(sa).not.toEqual(sc);
    } finally {
      await c.close();
    }
  });
});

describe('robustness', () => {
  it('survives 1000 random inputs with no app errors and keeps answering', async () => {
    const rand = prng(20250602);
    const phone = a;
    await phone.reset();
    const int = (n: number): number => Math.floor(rand() * n);
    const keys = [
      3, 4, 4, 4, 187, 66, 67, 112, 122, 123, 61, 19, 20, 21, 22, 29, 30, 31, 45, 62, 7, 8, 26, 24, 82, 84, 111,
    ];
    const apps = [
      'com.android.deskclock/.DeskClock',
      'com.android.settings/.Settings',
      'com.android.calendar/.AllInOneActivity',
      'com.android.launcher3/.Launcher',
      'com.moba.shop/.MainActivity',
    ];
    const texts = ['hello', 'Work', '12', ' ', 'a b c', '工作', '😀', '\n'];
    let touchDown = false;
    for (let i = 0; i < 1000; i++) {
      const r = rand();
      const x = int(1080);
      const y = int(2400);
      if (r < 0.4) await phone.tap(x, y);
      else if (r < 0.5) await phone.swipe(x, y, int(1080), int(2400), 50 + int(300));
      else if (r < 0.7) await phone.keyevent(keys[int(keys.length)] as number);
      else if (r < 0.78) await phone.text(texts[int(texts.length)] as string);
      else if (r < 0.83) await phone.scroll(x, y, 0, int(7) - 3);
      else if (r < 0.87) await phone.startActivity({ component: apps[int(apps.length)] as string });
      else if (r < 0.92) {
        const action: 0 | 1 | 2 = touchDown ? (rand() < 0.5 ? 2 : 1) : 0;
        await phone.touch(action, x, y);
        touchDown = action !== 1;
      } else if (r < 0.925) await phone.swipe(x, y, x, y, 550);
      else if (r < 0.95) expect((await phone.dumpUi({ compressed: rand() < 0.5 })).startsWith('<?xml')).toBe(true);
      else if (r < 0.96) expect((await phone.screencap()).length).toBeGreaterThan(1000);
      else if (r < 0.97) await phone.putSetting('secure', 'ui_night_mode', rand() < 0.5 ? '2' : '1');
      else if (r < 0.975) await phone.putSetting('system', 'system_locales', rand() < 0.5 ? 'zh-CN' : 'en-US');
      else if (r < 0.985)
        phone.setInputMethod(
          rand() < 0.5 ? 'com.android.adbkeyboard/.AdbIME' : 'com.android.inputmethod.latin/.LatinIME',
        );
      else await phone.broadcast({ action: 'ADB_INPUT_TEXT', extras: { msg: 'fuzz' } });
      if (i % 100 === 99) expect(phone.errors()).toEqual([]);
    }
    if (touchDown) await phone.touch(1, 10, 10);
    expect(phone.errors()).toEqual([]);
    expect(unhandled).toEqual([]);
    await phone.keyevent(3);
    await phone.keyevent(3);
    expect((await phone.focus()).packageName).toBe('com.android.launcher3');
    await phone.putSetting('system', 'system_locales', 'en-US');
    expect(findNode(await dump(phone), { desc: 'Clock' })).toBeDefined();
  });
});
