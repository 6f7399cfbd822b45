/**
 * Every action of MobA's action space against the real simulated phone through a real adb
 * server: each one must change the phone as intended (checked with `sim-state`, the focused
 * app or the UI dump).
 */
import { describe, expect, it } from 'vitest';
import { useDeviceRig } from '../support/device-rig.ts';
import { parseAction } from '../../src/shared/actions.ts';
import type { ActionResult } from '../../src/shared/contract/devices.ts';
import type { UiElement } from '../../src/shared/schemas/perception.ts';
import { actOnDevice } from '../../src/main/device/device-actions.ts';
import type { AppResolver } from '../../src/main/device/actions/types.ts';
import { processViewHierarchy } from '../../src/main/perception/view-hierarchy.ts';
import type { ShellCommand } from '@moba/sim';

const LATIN = 'com.android.inputmethod.latin/.LatinIME';
const ADB_IME = 'com.android.adbkeyboard/.AdbIME';

const t = useDeviceRig({ resetBeforeEach: true });

async function elements(): Promise<UiElement[]> {
  return (await t.observer.observe(t.rig.serial, { ocr: false })).observation.elements;
}

/** The element whose text, description or resource id contains `needle`. */
async function find(needle: string): Promise<UiElement> {
  const all = await elements();
  const e =
    all.find(
      (x) => x.index > 0 && (x.text === needle || x.contentDesc === needle || x.resourceId.endsWith(`/${needle}`)),
    ) ?? all.find((x) => x.index > 0 && x.text.includes(needle));
  if (!e)
    throw new Error(
      `no element "${needle}" among: ${all.map((x) => `${x.index}:${x.text || x.contentDesc || x.resourceId}`).join(', ')}`,
    );
  return e;
}

async function act(
  text: string,
  extra: { elements?: UiElement[]; resolveApp?: AppResolver; settleTimeoutMs?: number } = {},
): Promise<ActionResult> {
  const parsed = parseAction(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return actOnDevice({
    devices: t.devices,
    observer: t.observer,
    serial: t.rig.serial,
    action: parsed.action,
    settleTimeoutMs: extra.settleTimeoutMs ?? 3_000,
    elements: extra.elements,
    resolveApp: extra.resolveApp,
  });
}

async function ok(text: string, extra: Parameters<typeof act>[1] = {}): Promise<ActionResult> {
  const r = await act(text, extra);
  expect(r, `${text}: ${r.detail}`).toMatchObject({ ok: true });
  return r;
}

async function focusedPackage(): Promise<string> {
  return (await t.rig.phone.focus()).packageName;
}

async function dumpText(resourceId: string): Promise<string | undefined> {
  const xml = await t.rig.phone.dumpUi({ compressed: false });
  const node = new RegExp(`<node [^>]*resource-id="[^"]*:id/${resourceId}"[^>]*>`).exec(xml)?.[0];
  const raw = node && /\btext="([^"]*)"/.exec(node)?.[1];
  return raw
    ?.replace(/&#(x[0-9a-fA-F]+|\d+);/g, (_, n: string) =>
      String.fromCodePoint(n.startsWith('x') ? Number.parseInt(n.slice(1), 16) : Number(n)),
    )
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Opens the launcher's app search with the keyboard up; returns the search field. */
async function openAppSearch(): Promise<UiElement> {
  await ok(`Click(${(await find('Search')).index})`);
  return find('search_box_input');
}

describe('taps', () => {
  it('Click opens an app from the launcher', async () => {
    const clock = await find('Clock');
    const r = await ok(`Click(${clock.index})`);
    expect(r.detail).toContain('"Clock"');
    expect(await focusedPackage()).toBe('com.android.deskclock');
    expect(r.settled).toBe(true);
    expect(r.settleMs).toBeGreaterThan(0);
  });

  it('Click_by_Coordinate taps grid and pixel coordinates', async () => {
    const calendar = await find('Calendar');
    const gx = Math.round((calendar.center[0] / 1080) * 1000);
    const gy = Math.round((calendar.center[1] / 2400) * 1000);
    await ok(`Click_by_Coordinate(${gx}, ${gy})`);
    expect(await focusedPackage()).toBe('com.android.calendar');
    await ok('Home()');
    const settings = await find('Settings');
    await ok(`Click_by_Coordinate(${settings.center[0]}, ${settings.center[1]}, px)`);
    expect(await focusedPackage()).toBe('com.android.settings');
  });

  it('Double_Click taps twice: the timer keypad takes the digit twice', async () => {
    await ok('Open_App(Clock)');
    await ok(`Click(${(await find('Timer')).index})`);
    const five = await find('timer_setup_digit_5');
    await ok(`Double_Click(${five.index})`);
    expect(await dumpText('timer_setup_time')).toBe('00h 00m 55s');
  });

  it('Long_Press holds: an icon opens its app menu instead of the app', async () => {
    const clock = await find('Clock');
    const r = await ok(`Long_Press(${clock.index})`);
    expect(r.durationMs).toBeGreaterThanOrEqual(1_000);
    expect(await focusedPackage()).toBe('com.android.launcher3');
    expect((await elements()).some((e) => e.text === 'App info')).toBe(true);
  });
});

describe('gestures', () => {
  it('Scroll moves a list so that content further down comes into view, and back', async () => {
    await ok('Open_App(Settings)');
    const xml = await t.rig.phone.dumpUi({ compressed: false });
    const bounds =
      /resource-id="com\.android\.settings:id\/recycler_view"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(xml);
    expect(bounds, 'the Settings list').not.toBeNull();
    const [x1, y1, x2, y2] = bounds!.slice(1).map(Number) as [number, number, number, number];
    // The overlap rule keeps list items rather than the list; give the executor the list itself.
    const list: UiElement = {
      index: 1,
      bounds: [x1, y1, x2, y2],
      center: [(x1 + x2) / 2, (y1 + y2) / 2],
      text: '',
      contentDesc: '',
      resourceId: 'com.android.settings:id/recycler_view',
      className: 'androidx.recyclerview.widget.RecyclerView',
      packageName: 'com.android.settings',
      trueAttributes: ['scrollable'],
    };
    const top = () => processViewHierarchy(xmlNow, { screen: { width: 1080, height: 2400 } });
    let xmlNow = xml;
    const before = top()
      .elements.filter((e) => e.index > 0)
      .map((e) => e.text);
    expect(before.some((t) => t.startsWith('Network & internet'))).toBe(true);
    const r = await ok('Scroll(1, down, long)', { elements: [list] });
    expect(r.detail).toMatch(/finger \(540, \d+\) → \(540, \d+\)/);
    xmlNow = await t.rig.phone.dumpUi({ compressed: false });
    const after = top()
      .elements.filter((e) => e.index > 0)
      .map((e) => e.text);
    expect(after.some((t) => t.startsWith('Network & internet'))).toBe(false);
    expect(after.filter((t) => !before.includes(t)).length).toBeGreaterThan(0);
    await ok('Scroll(1, up, long)', { elements: [list] });
    await ok('Scroll(1, up, long)', { elements: [list] });
    xmlNow = await t.rig.phone.dumpUi({ compressed: false });
    expect(top().elements.some((e) => e.text.startsWith('Network & internet'))).toBe(true);
  });

  it('Swipe from a start point or element puts the finger down there, off the centre', async () => {
    const swipes: string[] = [];
    const original = t.rig.sim.commands.get('input')!;
    const spy: ShellCommand = {
      name: 'input',
      run: (ctx) => (ctx.args[0] === 'swipe' && swipes.push(ctx.args.slice(1, 5).join(' ')), original.run(ctx)),
    };
    const registration = t.rig.sim.commands.register(spy);
    try {
      const clock = await find('Clock');
      const [cx, cy] = clock.center.map(Math.round) as [number, number];
      await ok(`Swipe(down, short, ${clock.index})`, { elements: [clock] });
      await ok('Swipe(left, medium, x=900, y=500, unit=px)');
      expect(swipes).toEqual([
        `${cx} ${cy} ${cx} ${Math.round(cy + 0.2 * 2400)}`,
        `900 500 ${Math.round(900 - 0.32 * 1080)} 500`,
      ]);
    } finally {
      registration.dispose();
    }
  });

  it('Swipe up from the screen centre opens the app drawer', async () => {
    await ok('Swipe(up, medium)');
    expect((await elements()).some((e) => e.resourceId.endsWith('/search_box_input'))).toBe(true);
    await ok('Swipe(down, medium)');
    expect((await elements()).some((e) => e.resourceId.endsWith('/search_box_input'))).toBe(false);
  });
});

describe("the GUI-native models' gestures at points", () => {
  it('Long_Press_by_Coordinate holds for its seconds: an icon opens its app menu', async () => {
    const clock = await find('Clock');
    const r = await ok(`Long_Press_by_Coordinate(${clock.center[0]}, ${clock.center[1]}, 1.5, px)`);
    expect(r.durationMs).toBeGreaterThanOrEqual(1_500);
    expect(r.detail).toContain('long press 1500 ms');
    expect((await elements()).some((e) => e.text === 'App info')).toBe(true);
  });

  it('Double_Click_by_Coordinate taps a grid point twice: the timer keypad takes the digit twice', async () => {
    await ok('Open_App(Clock)');
    await ok(`Click(${(await find('Timer')).index})`);
    const five = await find('timer_setup_digit_5');
    await ok(
      `Double_Click_by_Coordinate(${Math.round((five.center[0] / 1080) * 1000)}, ${Math.round((five.center[1] / 2400) * 1000)})`,
    );
    expect(await dumpText('timer_setup_time')).toBe('00h 00m 55s');
  });

  it('Swipe_by_Coordinate moves the finger between its points: up opens the app drawer, down closes it', async () => {
    await ok('Swipe_by_Coordinate(540, 1900, 540, 700, px)');
    expect((await elements()).some((e) => e.resourceId.endsWith('/search_box_input'))).toBe(true);
    await ok('Swipe_by_Coordinate(500, 300, 500, 800)');
    expect((await elements()).some((e) => e.resourceId.endsWith('/search_box_input'))).toBe(false);
  });
});

describe('keys', () => {
  it('Back closes the keyboard, then the drawer', async () => {
    await openAppSearch();
    expect(await t.rig.phone.keyboardShown()).toBe(true);
    await ok('Back()');
    expect(await t.rig.phone.keyboardShown()).toBe(false);
    await ok('Back()');
    expect((await elements()).some((e) => e.resourceId.endsWith('/search_box_input'))).toBe(false);
  });

  it('Home goes to the launcher from an app', async () => {
    await ok('Open_App(Clock)');
    expect(await focusedPackage()).toBe('com.android.deskclock');
    await ok('Home()');
    expect(await focusedPackage()).toBe('com.android.launcher3');
  });

  it('Type then Enter submits: the search opens the matching app', async () => {
    await openAppSearch();
    await ok('Type("clo")');
    expect(await dumpText('search_box_input')).toBe('clo');
    await ok('Enter()');
    expect(await focusedPackage()).toBe('com.android.deskclock');
  });
});

describe('text', () => {
  const specials = [
    ' ',
    "'",
    '"',
    '&',
    '%',
    '(',
    ')',
    '<',
    '>',
    '|',
    ';',
    '*',
    '\\',
    '`',
    '$',
    '!',
    '#',
    '~',
    '?',
    '[',
    ']',
    '{',
    '}',
    '^',
    '=',
    '+',
    ',',
    ':',
    '@',
    '/',
    '-',
    '_',
    '.',
  ];

  it('Type escapes every special ASCII character for the shell and input text', async () => {
    await openAppSearch();
    const field = await find('search_box_input');
    // Digits around each character: Box_Input ends with Enter, and the app search opens the first
    // app whose label or package contains the query ("a.b" would open com.moba.bank).
    for (const ch of specials) {
      const text = `9${ch}9`;
      await ok(`Box_Input(${field.index}, ${JSON.stringify(text)})`, {
        elements: [{ ...field, text: 'xxxx' }],
        settleTimeoutMs: 0,
      });
      expect(await dumpText('search_box_input'), `typing ${JSON.stringify(text)}`).toBe(text);
    }
  });

  it('Box_Input clears the box and types ASCII with specials, including a literal %s', async () => {
    const field = await openAppSearch();
    await ok('Type("old text")');
    const withOld = await find('search_box_input');
    expect(withOld.text).toBe('old text');
    const text = `it's "5%s" & <b> $HOME (x|y); *\`z\``;
    const r = await ok(`Box_Input(${field.index}, ${JSON.stringify(text)})`);
    expect(r.detail).toContain('cleared 8 chars');
    expect(await dumpText('search_box_input')).toBe(text);
  });

  it('Box_Input of Chinese goes through ADB Keyboard and restores the previous input method', async () => {
    const imeCalls: string[] = [];
    const original = t.rig.sim.commands.get('ime')!;
    const spy: ShellCommand = { name: 'ime', run: (ctx) => (imeCalls.push(ctx.args.join(' ')), original.run(ctx)) };
    const registration = t.rig.sim.commands.register(spy);
    try {
      const field = await openAppSearch();
      expect(t.rig.phone.currentInputMethod()).toBe(LATIN);
      const r = await ok(`Box_Input(${field.index}, "工作")`);
      expect(r.detail).toContain('adb-keyboard');
      expect(await dumpText('search_box_input')).toBe('工作');
      expect(imeCalls).toContain(`set ${ADB_IME}`);
      expect(imeCalls.indexOf(`set ${LATIN}`)).toBeGreaterThan(imeCalls.indexOf(`set ${ADB_IME}`));
      expect(t.rig.phone.currentInputMethod()).toBe(LATIN);
    } finally {
      registration.dispose();
    }
  });

  it('ADB Keyboard is enabled for the text and disabled again when it was off', async () => {
    await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'ime', 'disable', ADB_IME]);
    await openAppSearch();
    await ok('Type("工作 ok 😀")');
    expect(await dumpText('search_box_input')).toBe('工作 ok 😀');
    const enabled = (await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'ime', 'list', '-s'])).stdout.toString();
    expect(enabled).not.toContain(ADB_IME);
    expect(t.rig.phone.currentInputMethod()).toBe(LATIN);
  });
});

describe('apps', () => {
  it('Open_App launches the app the resolver picks, by launcher intent or by activity', async () => {
    const r = await ok('Open_App("Calendar")');
    expect(r.detail).toContain('com.android.calendar');
    expect(await focusedPackage()).toBe('com.android.calendar');
    await ok('Home()');
    const resolveApp: AppResolver = async (query) => ({
      packageName: 'com.android.deskclock',
      activity: '.DeskClock',
      reason: `picked for ${query}`,
    });
    const r2 = await ok('Open_App("something to set alarms")', { resolveApp });
    expect(r2.detail).toContain('am start -n com.android.deskclock/.DeskClock');
    expect(await focusedPackage()).toBe('com.android.deskclock');
  });

  it('Open_App of an app that is not installed fails clearly', async () => {
    const r = await act('Open_App("Spotify")');
    expect(r).toMatchObject({ ok: false, error: { code: 'ACTION_FAILED' } });
    expect(r.error?.message).toContain('No installed app matches');
  });

  it('Close_App force-stops the app in front', async () => {
    await ok('Open_App(Clock)');
    expect(await focusedPackage()).toBe('com.android.deskclock');
    await ok('Close_App(com.android.deskclock)');
    expect(await focusedPackage()).not.toBe('com.android.deskclock');
  });
});

describe('control', () => {
  it('Wait waits without touching the screen', async () => {
    const version = t.rig.phone.screenVersion();
    const r = await ok('Wait(1)');
    expect(r.durationMs).toBeGreaterThanOrEqual(1_000);
    expect(r.durationMs).toBeLessThan(4_000);
    expect(r.settleMs).toBe(0);
    expect(t.rig.phone.screenVersion()).toBe(version);
  });

  it('Finish and Failed end the run without touching the device', async () => {
    const version = t.rig.phone.screenVersion();
    expect(await ok('Finish("done")')).toMatchObject({ terminal: true, detail: 'finished: done' });
    expect(await ok('Failed("no such setting")')).toMatchObject({ terminal: true, detail: 'failed: no such setting' });
    expect(t.rig.phone.screenVersion()).toBe(version);
  });

  it('an index that is not on the screen is ACTION_INVALID, naming the range', async () => {
    const r = await act('Click(999)');
    expect(r).toMatchObject({ ok: false, error: { code: 'ACTION_INVALID' } });
    expect(r.error?.message).toMatch(/no element 999 .*1–\d+/);
  });

  it('non-ASCII text without ADB Keyboard is INPUT_METHOD_MISSING, naming the fix', async () => {
    const removed = await t.rig.adb.adb(['-s', t.rig.serial, 'shell', 'pm', 'uninstall', 'com.android.adbkeyboard']);
    expect(removed.stdout.toString()).toContain('Success');
    await openAppSearch();
    const r = await act('Type("工作")');
    expect(r).toMatchObject({ ok: false, error: { code: 'INPUT_METHOD_MISSING' } });
    expect(r.error?.message).toContain('adb install ADBKeyboard.apk');
    expect(r.error?.message).toContain('ime enable com.android.adbkeyboard/.AdbIME');
    // ASCII still types without it.
    await ok('Type("ok")');
    expect(await dumpText('search_box_input')).toBe('ok');
  });
});
