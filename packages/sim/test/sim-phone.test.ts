/**
 * The simulated phone through the SimulatedDevice interface (no adb): launcher, the MobA
 * case-study alarm done with taps and text only, dump bounds against screenshot pixels, the
 * soft keyboard, ADB Keyboard, key events, language, intents, reset and snapshots.
 */
import type { PhonePage } from '../src/phone/page-session.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DISABLED_FEATURES } from '../src/phone/browser.ts';
import { createSimulatedPhone } from '../src/index.ts';
import type { SimulatedPhone } from '../src/index.ts';
import { dump, dumpAll, tapOn } from '../src/testing/device-driver.ts';
import { commandLine, descendants } from '@moba/testkit/rigs';
import {
  closeTo,
  decodePng,
  findNode,
  fractionOfColor,
  hexRgb,
  parseDump,
  pixel,
  requireNode,
} from '../src/testing/ui-dump.ts';

const LATIN = 'com.android.inputmethod.latin/.LatinIME';
const ADB_IME = 'com.android.adbkeyboard/.AdbIME';
const KEY = {
  HOME: 3,
  BACK: 4,
  A: 29,
  ENTER: 66,
  DEL: 67,
  FORWARD_DEL: 112,
  MOVE_HOME: 122,
  MOVE_END: 123,
  APP_SWITCH: 187,
};

let phone: SimulatedPhone;

beforeAll(async () => {
  phone = await createSimulatedPhone({ seed: 7 });
});

afterAll(async () => {
  await phone?.close();
});

beforeEach(async () => {
  await phone.reset();
});

interface AlarmState {
  id: number;
  hour: number;
  minute: number;
  label: string;
  enabled: boolean;
  repeat: string[];
  vibrate: boolean;
  ringtone: string;
}

async function alarms(): Promise<AlarmState[]> {
  return ((await phone.state('com.android.deskclock')) as { alarms: AlarmState[] }).alarms;
}

describe('launcher', () => {
  it('shows every app as a labelled icon on the home screen', async () => {
    expect(await phone.focus()).toEqual({ packageName: 'com.android.launcher3', activity: '.Launcher' });
    const xml = await dump(phone);
    expect(xml.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">")).toBe(
      true,
    );
    for (const label of [
      'Clock',
      'Calendar',
      'Settings',
      'Notes',
      'Messages',
      'Contacts',
      'Weather',
      'Shop',
      'Railway',
    ]) {
      const icon = requireNode(xml, { desc: label });
      expect(icon.text).toBe(label);
      expect(icon.attrs.clickable).toBe('true');
      expect(icon.attrs['long-clickable']).toBe('true');
    }
    const root = parseDump(xml)[0];
    expect(root?.bounds).toEqual({ left: 0, top: 0, right: 1080, bottom: 2400 });
    expect(root?.attrs.package).toBe('com.android.launcher3');
  });

  it('opens Clock when its icon is tapped at the centre of its dumped bounds', async () => {
    await tapOn(phone, { desc: 'Clock' });
    expect(await phone.focus()).toEqual({ packageName: 'com.android.deskclock', activity: '.DeskClock' });
    const xml = await dump(phone);
    expect(requireNode(xml, { desc: 'Add alarm' }).resourceId).toBe('com.android.deskclock:id/fab');
    expect(parseDump(xml)[0]?.packageName).toBe('com.android.deskclock');
  });

  it('lists all ten apps (and the keyboards) as installed packages', () => {
    const names = phone.packages().map((p) => p.packageName);
    for (const pkg of [
      'com.android.launcher3',
      'com.android.deskclock',
      'com.android.calendar',
      'com.android.settings',
      'com.moba.notes',
      'com.android.messaging',
      'com.android.contacts',
      'com.moba.weather',
      'com.moba.shop',
      'com.moba.railway',
      'com.android.inputmethod.latin',
      'com.android.adbkeyboard',
    ]) {
      expect(names).toContain(pkg);
    }
    expect(phone.packages().find((p) => p.packageName === 'com.android.messaging')?.launchActivity).toBe(
      '.ui.ConversationListActivity',
    );
  });
});

describe('the MobA case study', () => {
  it('creates "Work" at 6:30 PM, Mon–Thu, vibrate on, with taps and text only', async () => {
    await tapOn(phone, { desc: 'Clock' });
    await tapOn(phone, { desc: 'Add alarm' });
    // The time picker: hour 6 on the dial, PM, then minute 30.
    await tapOn(phone, { desc: '6', className: 'android.view.View' });
    await tapOn(phone, { id: 'android:id/pm_label' });
    expect(requireNode(await dump(phone), { id: 'android:id/minutes' }).attrs.selected).toBe('true');
    await tapOn(phone, { desc: '30' });
    await tapOn(phone, { id: 'android:id/button1' });
    const created = (await alarms()).find((a) => a.hour === 18 && a.minute === 30);
    expect(created).toMatchObject({ enabled: true, label: '', repeat: [], vibrate: false });

    await tapOn(phone, { id: 'edit_label' });
    expect(await phone.keyboardShown()).toBe(true);
    await phone.text('Work');
    expect(requireNode(await dump(phone), { id: 'label_input_field' }).text).toBe('Work');
    await tapOn(phone, { id: 'android:id/button1' });
    expect(await phone.keyboardShown()).toBe(false);

    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday']) await tapOn(phone, { desc: day });
    await tapOn(phone, { id: 'vibrate_onoff' });

    const alarm = (await alarms()).find((a) => a.id === created?.id);
    expect(alarm).toEqual({
      id: created?.id,
      hour: 18,
      minute: 30,
      label: 'Work',
      enabled: true,
      repeat: ['MON', 'TUE', 'WED', 'THU'],
      vibrate: true,
      ringtone: 'Default',
    });
    const xml = await dump(phone);
    expect(requireNode(xml, { desc: 'Friday' }).attrs.checked).toBe('false');
    expect(requireNode(xml, { desc: 'Monday' }).attrs.checked).toBe('true');
    expect(findNode(xml, { text: '6:30 PM' })).toBeDefined();
    expect(phone.errors()).toEqual([]);
  });
});

describe('dump bounds match the pixels', () => {
  it('finds the FAB, a switch thumb, the keyboard and a dialog where the dump says they are', async () => {
    await tapOn(phone, { desc: 'Clock' });
    let xml = await dump(phone);
    let image = await decodePng(await phone.screencap());
    expect(image.width).toBe(1080);
    expect(image.height).toBe(2400);
    const fab = requireNode(xml, { desc: 'Add alarm' });
    // The FAB is a filled rounded square (primary-soft #d6e3ff) with a small glyph in the middle.
    expect(fractionOfColor(image, fab.bounds, hexRgb('#d6e3ff'))).toBeGreaterThan(0.8);
    expect(closeTo(pixel(image, fab.bounds.left - 6, fab.center.y), hexRgb('#d6e3ff'))).toBe(false);
    expect(closeTo(pixel(image, fab.center.x, fab.bounds.top - 6), hexRgb('#d6e3ff'))).toBe(false);

    // A switch that is on has its white thumb at the centre; off shows the grey track there.
    const on = requireNode(xml, { id: 'onoff' });
    expect(closeTo(pixel(image, on.center.x, on.center.y), hexRgb('#ffffff'))).toBe(true);
    await phone.tap(on.center.x, on.center.y);
    image = await decodePng(await phone.screencap());
    expect(closeTo(pixel(image, on.center.x, on.center.y), hexRgb('#e1e2ec'))).toBe(true);

    // The label dialog and the keyboard: both are their own windows in the all-window dump,
    // between the status bar and the navigation bar.
    await tapOn(phone, { desc: 'Expand alarm' });
    await tapOn(phone, { id: 'edit_label' });
    xml = await dumpAll(phone);
    image = await decodePng(await phone.screencap());
    const roots = parseDump(xml).filter((n) => n.depth === 0);
    expect(roots.map((r) => r.packageName)).toEqual([
      'com.android.systemui',
      'com.android.deskclock',
      'com.android.deskclock',
      'com.android.inputmethod.latin',
      'com.android.systemui',
    ]);
    // `uiautomator dump` (the active window only) is the dialog alone.
    const active = parseDump(await phone.dumpUi({ compressed: false })).filter((n) => n.depth === 0);
    expect(active.map((r) => [r.packageName, r.bounds])).toEqual([['com.android.deskclock', roots[2]!.bounds]]);
    const ime = roots[3]!;
    expect(ime.bounds.right).toBe(1080);
    expect(closeTo(pixel(image, 20, ime.bounds.top + 8), hexRgb('#e4e7ec'))).toBe(true);
    expect(closeTo(pixel(image, 20, ime.bounds.top - 8), hexRgb('#e4e7ec'))).toBe(false);
    const dialog = roots[2]!;
    expect(closeTo(pixel(image, dialog.center.x, dialog.bounds.top + 12), hexRgb('#eef0f7'))).toBe(true);
    expect(closeTo(pixel(image, dialog.center.x, dialog.bounds.top - 12), hexRgb('#eef0f7'))).toBe(false);
    const q = requireNode(xml, { desc: 'q' });
    expect(q.packageName).toBe('com.android.inputmethod.latin');
    expect(q.bounds.top).toBeGreaterThanOrEqual(ime.bounds.top);
  });
});

describe('soft keyboard and text input', () => {
  it('appears when a field is focused, types through its keys, and BACK dismisses it before anything else', async () => {
    await tapOn(phone, { id: 'search_container_hotseat' });
    expect(await phone.keyboardShown()).toBe(true);
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'search_box_input' }).attrs.focused).toBe('true');
    for (const key of ['c', 'l', 'o']) await tapOn(phone, { desc: key, pkg: 'com.android.inputmethod.latin' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'search_box_input' }).text).toBe('clo');
    expect(findNode(xml, { desc: 'Calendar' })).toBeUndefined();
    expect(findNode(xml, { desc: 'Clock' })).toBeDefined();

    await phone.keyevent(KEY.BACK);
    expect(await phone.keyboardShown()).toBe(false);
    expect((await phone.focus()).packageName).toBe('com.android.launcher3');
    // The field keeps focus after the keyboard goes: `input text` still types into it.
    await phone.text('c');
    expect(requireNode(await dump(phone), { id: 'search_box_input' }).text).toBe('cloc');
    await phone.keyevent(KEY.ENTER);
    expect((await phone.focus()).packageName).toBe('com.android.deskclock');
  });

  it('edits with DEL, FORWARD_DEL, MOVE_HOME, MOVE_END and letter keys; text() with no focus is a no-op', async () => {
    await tapOn(phone, { id: 'search_container_hotseat' });
    await phone.text('hello');
    await phone.keyevent(KEY.MOVE_HOME);
    await phone.keyevent(KEY.FORWARD_DEL);
    await phone.keyevent(KEY.MOVE_END);
    await phone.keyevent(KEY.DEL);
    await phone.keyevent(KEY.A);
    expect(requireNode(await dump(phone), { id: 'search_box_input' }).text).toBe('ella');
    await phone.keyevent(KEY.HOME);
    const before = await dump(phone);
    await phone.text('ignored');
    expect(await dump(phone)).toBe(before);
  });

  it('types UTF-8 through an ADB Keyboard broadcast, clears it, and stops once it is uninstalled', async () => {
    expect(phone.currentInputMethod()).toBe(LATIN);
    expect(phone.inputMethods().map((m) => m.id)).toEqual([LATIN, ADB_IME]);
    expect(phone.setInputMethod(ADB_IME)).toBe(true);
    expect(phone.getSetting('secure', 'default_input_method')).toBe(ADB_IME);
    await tapOn(phone, { id: 'search_container_hotseat' });
    expect(await phone.keyboardShown()).toBe(true);
    const roots = parseDump(await dumpAll(phone)).filter((n) => n.depth === 0);
    // The keyboard's window sits under the navigation bar; `uiautomator dump` leaves it out.
    expect(roots.at(-2)?.packageName).toBe('com.android.adbkeyboard');
    expect(parseDump(await dump(phone)).some((n) => n.packageName === 'com.android.adbkeyboard')).toBe(false);

    const result = await phone.broadcast({
      action: 'ADB_INPUT_B64',
      extras: { msg: Buffer.from('工作', 'utf8').toString('base64') },
    });
    expect(result).toBe('Broadcast completed: result=0');
    expect(requireNode(await dump(phone), { id: 'search_box_input' }).text).toBe('工作');
    await phone.broadcast({ action: 'ADB_INPUT_TEXT', extras: { msg: ' 2' } });
    expect(requireNode(await dump(phone), { id: 'search_box_input' }).text).toBe('工作 2');
    await phone.broadcast({ action: 'ADB_CLEAR_TEXT' });
    expect(requireNode(await dump(phone), { id: 'search_box_input' }).text).toBe('Search apps');

    expect(await phone.uninstallPackage('com.android.adbkeyboard')).toBe(true);
    expect(await phone.uninstallPackage('com.android.adbkeyboard')).toBe(false);
    expect(phone.inputMethods().map((m) => m.id)).toEqual([LATIN]);
    expect(phone.currentInputMethod()).toBe(LATIN);
    expect(phone.setInputMethod(ADB_IME)).toBe(false);
    await phone.broadcast({ action: 'ADB_INPUT_TEXT', extras: { msg: 'nobody listens' } });
    expect(requireNode(await dump(phone), { id: 'search_box_input' }).text).toBe('Search apps');
    await expect(phone.uninstallPackage('com.android.settings')).rejects.toThrow('DELETE_FAILED_INTERNAL_ERROR');
  });
});

describe('keys and navigation', () => {
  it('HOME, APP_SWITCH (recents), and BACK closing a dialog before leaving the app', async () => {
    await phone.startActivity({ component: 'com.android.deskclock/.DeskClock' });
    await tapOn(phone, { desc: 'Add alarm' });
    // All windows: status bar, app, dialog, navigation bar; `uiautomator dump`: the dialog alone.
    expect(parseDump(await dumpAll(phone)).filter((n) => n.depth === 0)).toHaveLength(4);
    const [dialog, ...others] = parseDump(await dump(phone)).filter((n) => n.depth === 0);
    expect(others).toEqual([]);
    expect(dialog?.bounds).not.toEqual({ left: 0, top: 0, right: 1080, bottom: 2400 });
    await phone.keyevent(KEY.BACK);
    expect(parseDump(await dumpAll(phone)).filter((n) => n.depth === 0)).toHaveLength(3);
    expect(parseDump(await dump(phone))[0]?.bounds).toEqual({ left: 0, top: 0, right: 1080, bottom: 2400 });
    expect((await phone.focus()).packageName).toBe('com.android.deskclock');
    await phone.keyevent(KEY.HOME);
    expect((await phone.focus()).packageName).toBe('com.android.launcher3');

    await phone.keyevent(KEY.APP_SWITCH);
    expect(await phone.focus()).toEqual({
      packageName: 'com.android.launcher3',
      activity: 'com.android.quickstep.RecentsActivity',
    });
    await tapOn(phone, { desc: 'Clock', id: 'task' });
    expect((await phone.focus()).packageName).toBe('com.android.deskclock');
    await phone.keyevent(KEY.BACK);
    expect((await phone.focus()).packageName).toBe('com.android.launcher3');
  });

  it('scrolls a list with a swipe and with the scroll wheel, and the dump follows', async () => {
    await phone.startActivity({ component: 'com.android.settings/.Settings' });
    expect(findNode(await dump(phone), { text: 'About phone' })).toBeUndefined();
    await phone.swipe(540, 1900, 540, 500, 300);
    const about = requireNode(await dump(phone), { text: 'About phone' });
    await phone.scroll(540, 1200, 0, 3);
    const afterWheel = findNode(await dump(phone), { text: 'About phone' });
    expect(afterWheel === undefined || afterWheel.bounds.top > about.bounds.top).toBe(true);
    await phone.scroll(540, 1200, 0, -3);
    expect(requireNode(await dump(phone), { text: 'About phone' }).bounds).toEqual(about.bounds);
    expect(requireNode(await dump(phone), { id: 'recycler_view' }).attrs.scrollable).toBe('true');
  });
});

describe('scrcpy touches', () => {
  it('catches up with a burst of moves: the drag ends under the finger, and waiting moves are merged, not replayed', async () => {
    await phone.startActivity({ component: 'com.android.settings/.Settings' });
    await phone.swipe(540, 1900, 540, 700, 300);
    const expected = requireNode(await dump(phone), { text: 'About phone' }).bounds;
    await phone.startActivity({ component: 'com.android.settings/.Settings' });
    await phone.swipe(540, 700, 540, 1900, 300);
    expect(findNode(await dump(phone), { text: 'About phone' })).toBeUndefined();

    // Count the moves that reach the page itself.
    const page = (phone as unknown as { page: PhonePage }).page;
    await page.evaluate(() => {
      const w = window as unknown as { movesSeen: number };
      w.movesSeen = 0;
      document.addEventListener('pointermove', () => void w.movesSeen++, true);
    });
    const sent: Array<Promise<void>> = [phone.touch(0, 540, 1900)];
    for (let i = 1; i <= 120; i++) sent.push(phone.touch(2, 540, 1900 - (1200 * i) / 120));
    sent.push(phone.touch(1, 540, 700));
    await Promise.all(sent);
    const seen = await page.evaluate(() => (window as unknown as { movesSeen: number }).movesSeen);
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(120);
    expect(requireNode(await dump(phone), { text: 'About phone' }).bounds).toEqual(expected);

    // A move after an up belongs to the next touch, never to the one that ended: the second
    // drag (back down) starts where its own down is.
    const again: Array<Promise<void>> = [
      phone.touch(0, 540, 700),
      phone.touch(2, 540, 1000),
      phone.touch(1, 540, 1000),
    ];
    again.push(
      phone.touch(0, 540, 1000),
      phone.touch(2, 540, 1300),
      phone.touch(2, 540, 1900),
      phone.touch(1, 540, 1900),
    );
    await Promise.all(again);
    const top = await dump(phone);
    expect(findNode(top, { text: 'About phone' })).toBeUndefined();
    expect(findNode(top, { text: 'Network & internet' })).toBeDefined();
  });
});

describe("the phone's Chromium", () => {
  it('is driven over its private pipe (no debugging port), without the desktop-only renderers, with our features off', () => {
    const cmdlines = descendants(process.pid)
      .map(commandLine)
      .filter((cmd): cmd is string[] => cmd !== undefined && /chrom/.test(cmd[0] ?? ''));
    const browser = cmdlines.find((cmd) => !cmd.some((a) => a.startsWith('--type=')));
    expect(browser, 'the browser process').toBeDefined();
    expect(browser).toContain('--remote-debugging-pipe');
    expect((browser as string[]).filter((a) => a.startsWith('--remote-debugging-port'))).toHaveLength(0);
    const lists = (browser as string[]).filter((a) => a.startsWith('--disable-features='));
    // Chromium keeps only the last switch: there must be exactly one, with everything in it.
    expect(lists).toHaveLength(1);
    expect(lists[0]?.slice('--disable-features='.length).split(',')).toEqual(expect.arrayContaining(DISABLED_FEATURES));
    expect(cmdlines.filter((cmd) => cmd.includes('--top-chrome-webui'))).toHaveLength(0);
  });
});

describe('intents', () => {
  it('starts activities by component and action, with Android messages for the rest', async () => {
    expect(await phone.startActivity({ component: 'com.android.calendar/.AllInOneActivity' })).toBe('');
    expect(await phone.startActivity({ component: 'com.android.calendar/.AllInOneActivity' })).toBe(
      'Warning: Activity not started, its current task has been brought to the front',
    );
    await expect(phone.startActivity({ component: 'com.foo/.Bar' })).rejects.toThrow(
      'Error: Activity class {com.foo/com.foo.Bar} does not exist.',
    );
    await expect(phone.startActivity({ action: 'com.example.NOPE' })).rejects.toThrow(
      'unable to resolve Intent { act=com.example.NOPE',
    );
    await phone.startActivity({ action: 'android.settings.WIFI_SETTINGS' });
    expect(await phone.focus()).toEqual({
      packageName: 'com.android.settings',
      activity: '.Settings$WifiSettingsActivity',
    });
    await phone.startActivity({
      action: 'android.intent.action.SET_ALARM',
      extras: {
        'android.intent.extra.alarm.HOUR': 7,
        'android.intent.extra.alarm.MINUTES': 15,
        'android.intent.extra.alarm.MESSAGE': 'Gym',
      },
    });
    expect((await alarms()).some((a) => a.hour === 7 && a.minute === 15 && a.label === 'Gym')).toBe(true);
    await phone.startActivity({ action: 'android.intent.action.MAIN', categories: ['android.intent.category.HOME'] });
    expect((await phone.focus()).packageName).toBe('com.android.launcher3');
  });

  it('force-stops an app back to the launcher and clears its data with pm clear', async () => {
    await phone.startActivity({
      action: 'android.intent.action.SET_ALARM',
      extras: { 'android.intent.extra.alarm.HOUR': 5, 'android.intent.extra.alarm.MINUTES': 0 },
    });
    expect(await alarms()).toHaveLength(3);
    await phone.forceStop('com.android.deskclock');
    expect((await phone.focus()).packageName).toBe('com.android.launcher3');
    expect(await phone.clearPackageData('com.android.deskclock')).toBe(true);
    expect(await alarms()).toHaveLength(2);
    expect(await phone.clearPackageData('com.nope')).toBe(false);
  });
});

describe('language, settings and properties', () => {
  it('switches every app to Chinese with settings put system system_locales zh-CN', async () => {
    await phone.putSetting('system', 'system_locales', 'zh-CN');
    let xml = await dump(phone);
    expect(requireNode(xml, { desc: '时钟' }).text).toBe('时钟');
    expect(requireNode(xml, { desc: '设置' })).toBeDefined();
    expect(phone.getprop()['persist.sys.locale']).toBe('zh-CN');
    await tapOn(phone, { desc: '时钟' });
    xml = await dump(phone);
    expect(requireNode(xml, { desc: '添加闹钟' }).resourceId).toBe('com.android.deskclock:id/fab');
    expect(findNode(xml, { text: '上午7:00' })).toBeDefined();
    expect(findNode(xml, { text: '闹钟' })).toBeDefined();
  });

  it('changes language and dark theme from the Settings app itself', async () => {
    await phone.startActivity({ action: 'android.settings.LOCALE_SETTINGS' });
    await tapOn(phone, { text: '中文（简体）' });
    expect(phone.getSetting('system', 'system_locales')).toBe('zh-CN');
    await phone.startActivity({ action: 'android.settings.DISPLAY_SETTINGS' });
    await tapOn(phone, { text: '深色主题' });
    expect(phone.getSetting('secure', 'ui_night_mode')).toBe('2');
    const image = await decodePng(await phone.screencap());
    // The dark theme background.
    expect(closeTo(pixel(image, 540, 2000), hexRgb('#121316'))).toBe(true);
    const settings = (await phone.state('com.android.settings')) as { darkMode: boolean; language: string };
    expect(settings).toMatchObject({ darkMode: true, language: 'zh-CN' });
  });

  it('reports Android properties and settings namespaces', () => {
    const props = phone.getprop();
    expect(props['ro.build.version.sdk']).toBe('34');
    expect(props['ro.sf.lcd_density']).toBe('420');
    expect(props['sys.boot_completed']).toBe('1');
    expect(props['persist.sys.timezone']).toBe('Asia/Shanghai');
    expect(phone.getSetting('global', 'wifi_on')).toBe('1');
    expect(phone.listSettings('secure').default_input_method).toBe(LATIN);
  });
});

describe('state, reset and snapshots', () => {
  it('restores a named snapshot and resets to the seeded state', async () => {
    const initial = await phone.state('com.android.deskclock');
    await phone.startActivity({
      action: 'android.intent.action.SET_ALARM',
      extras: { 'android.intent.extra.alarm.HOUR': 6, 'android.intent.extra.alarm.MINUTES': 45 },
    });
    await phone.putSetting('global', 'wifi_on', '0');
    phone.fs.writeFile('/sdcard/Download/note.txt', new TextEncoder().encode('hi'));
    await phone.saveSnapshot('with-alarm');
    const saved = await phone.state('com.android.deskclock');
    const focusAtSave = await phone.focus();

    await phone.keyevent(KEY.HOME);
    await phone.startActivity({
      action: 'android.intent.action.SET_ALARM',
      extras: { 'android.intent.extra.alarm.HOUR': 22, 'android.intent.extra.alarm.MINUTES': 0 },
    });
    await phone.putSetting('global', 'wifi_on', '1');
    phone.fs.remove('/sdcard/Download/note.txt');

    await phone.restoreSnapshot('with-alarm');
    expect(await phone.state('com.android.deskclock')).toEqual(saved);
    expect(phone.getSetting('global', 'wifi_on')).toBe('0');
    expect(new TextDecoder().decode(phone.fs.readFile('/sdcard/Download/note.txt'))).toBe('hi');
    expect(await phone.focus()).toEqual(focusAtSave);
    expect(phone.listSnapshots()).toEqual(['with-alarm']);
    await expect(phone.restoreSnapshot('missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await phone.reset();
    expect(await phone.state('com.android.deskclock')).toEqual(initial);
    expect(phone.getSetting('global', 'wifi_on')).toBe('1');
    expect(phone.fs.stat('/sdcard/Download/note.txt')).toBeUndefined();
    expect((await phone.focus()).packageName).toBe('com.android.launcher3');
    expect(phone.now()).toBeLessThan(Date.UTC(2025, 5, 2, 1, 5));
  });

  it('follows the settable device clock in the status bar and the apps', async () => {
    phone.setClock(Date.UTC(2025, 11, 24, 12, 34)); // 20:34 in Shanghai
    const all = (await phone.state()) as { device: { time: string }; packages: Record<string, unknown> };
    expect(all.device.time.startsWith('2025-12-24T12:34')).toBe(true);
    expect(Object.keys(all.packages)).toContain('com.android.settings');
    expect(requireNode(await dump(phone), { id: 'date' }).text).toBe('Wednesday, December 24');
  });
});
