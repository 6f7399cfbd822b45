/**
 * Disturbances and the notification shade through the real adb server: each kind scheduled with
 * `sim-disturb add`, appearing when its trigger says (actions, device time, its app in front),
 * blocking or overlaying as it should, dismissed the way a phone dismisses it, reported in the
 * UI dump and in `sim-state`; the shade pulled down from the status bar; seeded ranges drawn the
 * same for the same seed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSharedBrowser, createSimulatedPhone, startSimulatorServer } from '../src/index.ts';
import type { SharedBrowser, SimulatedPhone, SimulatorServer } from '../src/index.ts';
import { dump, tapOn } from '../src/testing/device-driver.ts';
import { findNode, parseDump, requireNode } from '../src/testing/ui-dump.ts';
import { startAdbServer } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';

const SETTINGS = 'com.android.settings';
const MESSAGES = 'com.android.messaging';
const SHOP = 'com.moba.shop';

let browser: SharedBrowser;
let phone: SimulatedPhone;
let sim: SimulatorServer;
let adb: PrivateAdbServer;

interface Device {
  actions: number;
  shade: boolean;
  notifications: Array<{ id: number; app: string; title: string; text: string }>;
  disturbances: Array<{
    id: string;
    kind: string;
    app: string;
    status: string;
    outcome: string | null;
    afterActions?: number;
  }>;
  permissions: Record<string, Record<string, string>>;
  foreground: { packageName: string; activity: string };
}

async function sh(command: string): Promise<{ code: number; out: string; err: string }> {
  const r = await adb.adb(['-s', sim.address, 'shell', command]);
  return { code: r.code ?? -1, out: String(r.stdout), err: String(r.stderr) };
}
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
async function disturb(spec: unknown): Promise<string> {
  const r = await sh(`sim-disturb add ${quote(JSON.stringify(spec))}`);
  expect(r.err).toBe('');
  return r.out.trim();
}
async function device(): Promise<Device> {
  return ((await phone.state()) as { device: Device }).device;
}
const item = async (id: string) => (await device()).disturbances.find((d) => d.id === id);
const windowsOf = (xml: string, pkg: string) => parseDump(xml).filter((n) => n.packageName === pkg);
/** Every window, as the uiautomator2 server dumps them (a heads-up banner never takes focus). */
const allWindows = () => phone.dumpUi({ compressed: false, allWindows: true });

beforeAll(async () => {
  browser = createSharedBrowser({ keepAlive: true });
  phone = await createSimulatedPhone({ seed: 4, browser, freezeClock: true });
  sim = await startSimulatorServer({ device: phone, port: 0 });
  adb = await startAdbServer();
  await adb.connectDevice(sim.address);
});
afterAll(async () => {
  await adb?.dispose();
  await sim?.close();
  await phone?.close();
  await browser?.close();
});
beforeEach(async () => {
  await phone.reset();
});

describe('notifications and the shade', () => {
  it('a text arrives after N actions: heads-up banner, unread thread, listed in the shade, opened by a tap', async () => {
    const id = await disturb({
      kind: 'notification',
      app: MESSAGES,
      after: 2,
      message: { from: '10086', text: 'Your June bill is ¥58.20.' },
    });
    await sh(`am start -n ${SETTINGS}/.Settings`);
    expect((await device()).notifications).toEqual([]);
    await sh('input swipe 540 1500 540 1200 200');
    const xml = await allWindows();
    expect(findNode(await dump(phone), { text: 'Your June bill is ¥58.20.' })).toBeUndefined();
    const banner = requireNode(xml, { id: 'android:id/text', text: 'Your June bill is ¥58.20.' });
    expect(banner.packageName).toBe('com.android.systemui');
    expect(requireNode(xml, { id: 'android:id/title', pkg: 'com.android.systemui' }).text).toBe('10086');
    const d = await device();
    expect(d.notifications).toMatchObject([{ app: MESSAGES, title: '10086', text: 'Your June bill is ¥58.20.' }]);
    expect(d.disturbances).toMatchObject([{ id, kind: 'notification', status: 'done', outcome: 'posted' }]);
    const thread = (
      (await phone.state(MESSAGES)) as {
        conversations: Array<{ address: string; unread: boolean; messages: Array<{ text: string }> }>;
      }
    ).conversations.find((c) => c.address === '10086');
    expect(thread?.unread).toBe(true);
    expect(thread?.messages.at(-1)?.text).toBe('Your June bill is ¥58.20.');

    // The next input elsewhere drops the banner; the notification stays for the shade.
    await sh('input tap 540 2000');
    expect(findNode(await allWindows(), { text: 'Your June bill is ¥58.20.' })).toBeUndefined();
    await sh('input swipe 540 10 540 1400 300');
    expect((await device()).shade).toBe(true);
    const shade = await dump(phone);
    expect(requireNode(shade, { id: 'com.android.systemui:id/notification_stack_scroller' })).toBeDefined();
    expect(requireNode(shade, { descStarts: 'Wi-Fi, On' }).attrs.checked).toBe('true');
    await tapOn(phone, { text: 'Your June bill is ¥58.20.' });
    const after = await device();
    expect([after.shade, after.notifications, after.foreground.activity]).toEqual([
      false,
      [],
      '.ui.conversation.ConversationActivity',
    ]);
  });

  it('a notification at a device time; the shade by cmd statusbar, its tiles, swipe-to-dismiss, Clear all, BACK', async () => {
    await sh('sim-clock policy stepped:60s');
    await disturb({
      kind: 'notification',
      app: SHOP,
      at: '09:03',
      title: 'Your order has shipped',
      text: 'Arrives Thursday',
    });
    await disturb({
      kind: 'notification',
      app: MESSAGES,
      at: '09:03',
      message: { from: '95338', text: 'Parcel picked up.' },
    });
    await sh('input keyevent 3');
    await sh('input keyevent 3');
    expect((await device()).notifications).toEqual([]);
    await sh('input keyevent 3');
    expect((await device()).notifications.map((n) => n.title)).toEqual(['95338', 'Your order has shipped']);

    expect((await sh('cmd statusbar expand-notifications')).code).toBe(0);
    const xml = await dump(phone);
    expect(
      parseDump(xml).filter((n) => n.resourceId === 'com.android.systemui:id/expandableNotificationRow'),
    ).toHaveLength(2);
    const row = requireNode(xml, { descStarts: 'Shop notification' });
    await phone.swipe(row.center.x, row.center.y, row.center.x + 500, row.center.y, 200);
    expect((await device()).notifications.map((n) => n.app)).toEqual([MESSAGES]);
    await tapOn(phone, { descStarts: 'Wi-Fi' });
    expect(phone.getSetting('global', 'wifi_on')).toBe('0');
    await phone.keyevent(4);
    expect((await device()).shade).toBe(false);
    await sh('cmd statusbar expand-notifications');
    await tapOn(phone, { text: 'Clear all' });
    expect(await device()).toMatchObject({ shade: false, notifications: [] });
    await sh('cmd statusbar expand-settings');
    expect(requireNode(await dump(phone), { text: 'No notifications' })).toBeDefined();
    await sh('cmd statusbar collapse');
    expect((await device()).shade).toBe(false);
    expect((await sh('cmd statusbar fly')).code).toBe(2);
  });
});

describe('disturbances', () => {
  it('a permission dialog shows when its app comes to the front, blocks the app, and BACK denies', async () => {
    const id = await disturb({ kind: 'permission', app: SETTINGS, permission: 'location' });
    expect((await item(id))?.status).toBe('pending');
    await sh(`am start -n ${SETTINGS}/.Settings`);
    let xml = await dump(phone);
    const message = requireNode(xml, { id: 'com.android.permissioncontroller:id/permission_message' });
    expect(message.text).toBe("Allow Settings to access this device's location?");
    expect(windowsOf(xml, 'com.android.permissioncontroller').length).toBeGreaterThan(0);
    expect(windowsOf(xml, SETTINGS)).toEqual([]);
    // A tap on the app underneath does nothing while the dialog is up.
    const battery = requireNode(await allWindows(), { text: 'Battery' });
    await phone.tap(battery.center.x, battery.center.y);
    expect((await device()).foreground.activity).toBe('.Settings');
    await phone.keyevent(4);
    expect(await item(id)).toMatchObject({ status: 'done', outcome: 'denied' });
    expect((await device()).permissions).toEqual({ [SETTINGS]: { location: 'denied' } });
    xml = await dump(phone);
    expect(findNode(xml, { id: 'com.android.permissioncontroller:id/permission_message' })).toBeUndefined();
  });

  it('a rating prompt after a seeded number of actions: the same for the same seed, rated with stars', async () => {
    const spec = { id: 'rate', kind: 'rating', app: SHOP, after: [2, 9] };
    await disturb(spec);
    const due = (await item('rate'))!.afterActions!;
    expect(due).toBeGreaterThanOrEqual(2);
    expect(due).toBeLessThanOrEqual(9);
    await phone.reset();
    await disturb(spec);
    expect((await item('rate'))?.afterActions).toBe(due);
    const draws = new Set<number>();
    for (const seed of [1, 2, 3, 5, 6, 7]) {
      await phone.reset({ seed });
      await disturb(spec);
      draws.add((await item('rate'))!.afterActions!);
    }
    expect(draws.size).toBeGreaterThan(1);
    await phone.reset({ seed: 4 });
    await disturb(spec);

    await sh(`am start -n ${SHOP}/.MainActivity`);
    for (let n = 1; n < due; n++) {
      expect(findNode(await dump(phone), { id: 'rating_card' })).toBeUndefined();
      await sh('input swipe 540 1600 540 1550 100');
    }
    expect((await device()).actions).toBe(due);
    expect(requireNode(await dump(phone), { id: 'rating_title' }).text).toBe('Enjoying Shop?');
    expect(requireNode(await dump(phone), { id: 'rating_submit' }).attrs.enabled).toBe('false');
    await tapOn(phone, { desc: '4 stars' });
    await tapOn(phone, { id: 'rating_submit' });
    expect(await item('rate')).toMatchObject({ status: 'done', outcome: 'rated:4' });
  });

  it('a login wall refuses a wrong password, holds the app until signed in, and stays gone after', async () => {
    await disturb({ kind: 'login', app: SETTINGS, account: 'li.ming@moba.test', password: 'tea-time' });
    await sh(`am start -n ${SETTINGS}/.Settings`);
    expect(requireNode(await dump(phone), { id: 'login_account' }).text).toBe('li.ming@moba.test');
    await phone.keyevent(4);
    expect((await device()).foreground.packageName).toBe('com.android.launcher3');
    await sh(`am start -n ${SETTINGS}/.Settings`);
    await tapOn(phone, { id: 'login_password' });
    const field = requireNode(await dump(phone), { id: 'login_password' });
    expect(field.attrs.password).toBe('true');
    await phone.text('coffee');
    await phone.keyevent(66);
    expect(requireNode(await dump(phone), { id: 'login_error' }).text).toBe('Wrong password. Try again.');
    for (let i = 0; i < 6; i++) await phone.keyevent(67);
    await phone.text('tea-time');
    await phone.keyevent(4);
    await tapOn(phone, { id: 'login_sign_in' });
    expect((await device()).disturbances[0]).toMatchObject({ status: 'done', outcome: 'signed-in' });
    expect(findNode(await dump(phone), { id: 'login_wall' })).toBeUndefined();
    expect(requireNode(await dump(phone), { text: 'Network & internet' })).toBeDefined();
  });

  it('a consent wall: manage options, choose, confirm', async () => {
    const id = await disturb({ kind: 'consent', app: SHOP });
    await sh(`am start -n ${SHOP}/.MainActivity`);
    await tapOn(phone, { id: 'consent_manage' });
    await tapOn(phone, { id: 'consent_analytics' });
    await tapOn(phone, { id: 'consent_confirm' });
    expect(await item(id)).toMatchObject({ status: 'done', outcome: 'custom:ads=0,analytics=1,content=0' });
  });

  it('a slow load covers the app with a spinner, swallows taps, and ends after its seconds of device time', async () => {
    // 15 inputs of 4 s each on the device clock; the host's 60 s would end it too, far later.
    await sh('sim-clock policy stepped:4s');
    await sh(`am start -n ${SETTINGS}/.Settings`);
    const id = await disturb({ kind: 'slow-load', app: SETTINGS, seconds: 60 });
    const xml = await dump(phone);
    expect(requireNode(xml, { id: 'loading_progress' }).className).toBe('android.widget.ProgressBar');
    await sh('input tap 540 1100');
    expect((await device()).foreground.activity).toBe('.Settings');
    for (let i = 0; i < 13; i++) await sh('input keyevent 0');
    expect((await item(id))?.status).toBe('showing');
    await sh('input keyevent 0');
    expect(await item(id)).toMatchObject({ status: 'done', outcome: 'loaded' });
    expect(findNode(await dump(phone), { id: 'loading_progress' })).toBeUndefined();
  });

  it('an interstitial counts down, then closes with its X; reset and snapshots cover disturbances', async () => {
    await sh('sim-clock policy stepped:1s');
    const id = await disturb({ kind: 'interstitial', app: SETTINGS, closeAfter: 3 });
    await sh('sim-snapshot save ad');
    await sh(`am start -n ${SETTINGS}/.Settings`);
    expect(requireNode(await dump(phone), { id: 'interstitial_countdown' }).text).toMatch(/^Close in [23]$/);
    await phone.keyevent(4);
    expect((await item(id))?.status).toBe('showing');
    for (let i = 0; i < 3; i++) await sh('input keyevent 0');
    await tapOn(phone, { desc: 'Close ad' });
    expect(await item(id)).toMatchObject({ status: 'done', outcome: 'closed' });
    await sh('sim-snapshot restore ad');
    expect((await item(id))?.status).toBe('pending');
    await sh('sim-reset');
    expect((await device()).disturbances).toEqual([]);
  });

  it('refuses bad specs naming the field; sim-disturb list and clear', async () => {
    let r = await sh(
      `sim-disturb add ${quote('{"kind":"permission","app":"com.moba.shop","permission":"telepathy"}')}`,
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^sim-disturb: Bad disturbance: permission: /);
    r = await sh(`sim-disturb add ${quote('[{"kind":"rating","app":"com.moba.shop"},{"kind":"quake"}]')}`);
    expect(r.err).toMatch(/^sim-disturb: Bad disturbance: \[1\]\.kind: /);
    r = await sh(`sim-disturb add ${quote('{"kind":"rating","app":"com.example.none"}')}`);
    expect(r.err).toBe('sim-disturb: Bad disturbance: app: com.example.none is not installed\n');
    r = await sh(`sim-disturb add ${quote('{"kind":"notification","app":"com.moba.shop"}')}`);
    expect(r.err).toContain('title: a notification needs a title');
    expect((await sh('sim-disturb add {')).err).toMatch(/^sim-disturb: not JSON/);
    await disturb({ kind: 'rating', app: SHOP, after: 5 });
    const listed = JSON.parse((await sh('sim-disturb list')).out) as Array<{ kind: string; afterActions: number }>;
    expect(listed).toMatchObject([{ kind: 'rating', afterActions: 5 }]);
    expect((await sh('sim-disturb clear')).out).toBe('OK\n');
    expect((await sh('sim-disturb list')).out).toBe('[]\n');
    expect(phone.errors()).toEqual([]);
  });
});
