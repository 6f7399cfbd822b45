/**
 * The built apps' screens driven through the SimulatedDevice interface: Settings (Wi-Fi with a
 * password, airplane mode, Bluetooth pairing, search), Clock (world clock, timer with the
 * device clock), Calendar (provider intents, editor, month navigation), and the dump's
 * compressed form.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSimulatedPhone } from '../src/index.ts';
import type { SimulatedPhone } from '../src/index.ts';
import { dump, scrollTo, tapOn } from '../src/testing/device-driver.ts';
import { findNode, parseDump, requireNode } from '../src/testing/ui-dump.ts';

let phone: SimulatedPhone;

beforeAll(async () => {
  phone = await createSimulatedPhone({ seed: 11 });
});

afterAll(async () => {
  await phone?.close();
});

beforeEach(async () => {
  await phone.reset();
});

async function settings(): Promise<Record<string, unknown>> {
  return (await phone.state('com.android.settings')) as Record<string, unknown>;
}

describe('Settings', () => {
  it('connects to a secured Wi-Fi network with its password, typed on the soft keyboard', async () => {
    await tapOn(phone, { desc: 'Settings' });
    await tapOn(phone, { text: 'Network & internet' });
    await tapOn(phone, { text: 'Internet' });
    await tapOn(phone, { text: 'CoffeeShop_5G' });
    expect(requireNode(await dump(phone), { id: 'password' }).attrs.password).toBe('true');
    await phone.text('wrong-pass');
    await tapOn(phone, { id: 'android:id/button1' });
    expect(requireNode(await dump(phone), { text: 'Check password and try again' })).toBeDefined();
    expect((await settings()).wifiNetwork).toBe('MobA-Office');

    await tapOn(phone, { text: 'CoffeeShop_5G' });
    await phone.text('latte2024');
    const field = requireNode(await dump(phone), { id: 'password' });
    expect(field.text).toBe('•••••••••');
    await tapOn(phone, { id: 'android:id/button1' });
    expect(await settings()).toMatchObject({ wifi: true, wifiNetwork: 'CoffeeShop_5G' });
    expect(requireNode(await dump(phone), { text: 'CoffeeShop_5G' })).toBeDefined();
  });

  it('airplane mode turns the radios off and restores them; Wi-Fi off shows in settings get', async () => {
    await phone.startActivity({ action: 'android.settings.AIRPLANE_MODE_SETTINGS' });
    await tapOn(phone, { text: 'Airplane mode' });
    expect(phone.getSetting('global', 'airplane_mode_on')).toBe('1');
    expect(phone.getSetting('global', 'wifi_on')).toBe('0');
    expect(requireNode(await dump(phone), { text: 'Internet' })).toBeDefined();
    await tapOn(phone, { text: 'Airplane mode' });
    expect(phone.getSetting('global', 'airplane_mode_on')).toBe('0');
    expect(phone.getSetting('global', 'wifi_on')).toBe('1');

    await tapOn(phone, { text: 'Internet' });
    await tapOn(phone, { id: 'wifi_toggle' });
    expect(phone.getSetting('global', 'wifi_on')).toBe('0');
    expect(findNode(await dump(phone), { text: 'MobA-Guest' })).toBeUndefined();
    expect((await settings()).wifiNetwork).toBeNull();
  });

  it('pairs a Bluetooth device and finds pages through search', async () => {
    await phone.startActivity({ action: 'android.settings.BLUETOOTH_SETTINGS' });
    await tapOn(phone, { text: 'Bluetooth' });
    expect(phone.getSetting('global', 'bluetooth_on')).toBe('1');
    await tapOn(phone, { text: 'Pair new device' });
    await tapOn(phone, { text: 'JBL Flip 6' });
    expect((await settings()).bluetoothDevices).toContainEqual({ name: 'JBL Flip 6', connected: true });

    // A running task would be brought to the front as it was (Android does that too).
    await phone.forceStop('com.android.settings');
    await phone.startActivity({ component: 'com.android.settings/.Settings' });
    await tapOn(phone, { id: 'search_action_bar' });
    await phone.text('dark');
    await tapOn(phone, { text: 'Dark theme' });
    expect(requireNode(await dump(phone), { id: 'dark_ui_mode' })).toBeDefined();
  });

  it('picks the font size from a single-choice dialog, which closes on the pick', async () => {
    await phone.startActivity({ action: 'android.settings.DISPLAY_SETTINGS' });
    await tapOn(phone, { text: 'Font size' });
    const options = parseDump(await dump(phone)).filter((n) => n.resourceId === 'android:id/text1');
    expect(options.map((n) => [n.text, n.attrs.checked])).toContainEqual(['Default', 'true']);
    await tapOn(phone, { id: 'android:id/text1', text: 'Large' });
    expect(phone.getSetting('system', 'font_scale')).toBe('1.15');
    expect(findNode(await dump(phone), { id: 'android:id/select_dialog_listview' })).toBeUndefined();
  });

  it('sets a volume with its slider (a tap jumps there, a drag follows the finger) and with its buttons', async () => {
    await phone.startActivity({ action: 'android.settings.SOUND_SETTINGS' });
    let slider = requireNode(await dump(phone), { descStarts: 'Media volume' });
    expect(slider.className).toBe('android.widget.SeekBar');
    expect(slider.contentDesc).toBe('Media volume 8/15');
    expect(slider.text).toBe('8');
    const { left, right } = slider.bounds;
    const at = (f: number) => Math.round(left + f * (right - left));
    await phone.tap(at(0.8), slider.center.y);
    expect(phone.getSetting('system', 'volume_music')).toBe('12');
    slider = requireNode(await dump(phone), { descStarts: 'Media volume' });
    expect(slider.contentDesc).toBe('Media volume 12/15');
    await phone.swipe(at(0.8), slider.center.y, at(0.2), slider.center.y + 30, 400);
    expect(phone.getSetting('system', 'volume_music')).toBe('3');
    await phone.swipe(at(0.5), slider.center.y, left - 40, slider.center.y, 300);
    expect(((await settings()).volumes as Record<string, number>).media).toBe(0);
    await tapOn(phone, { desc: 'Increase Media volume' });
    expect(((await settings()).volumes as Record<string, number>).media).toBe(1);
    const ring = requireNode(await dump(phone), { descStarts: 'Ring volume' });
    await phone.tap(ring.bounds.right - 2, ring.center.y);
    expect(((await settings()).volumes as Record<string, number>).ring).toBe(7);
  });

  it('renames the device and counts down to developer options from the build number', async () => {
    await phone.startActivity({ action: 'android.settings.DEVICE_INFO_SETTINGS' });
    await tapOn(phone, { text: 'Device name' });
    for (let i = 0; i < 10; i++) await phone.keyevent(67);
    await phone.text('Lab phone');
    await tapOn(phone, { id: 'android:id/button1' });
    expect(phone.getSetting('global', 'device_name')).toBe('Lab phone');
    const build = await scrollTo(phone, { text: 'Build number' });
    for (let i = 0; i < 7; i++) await phone.tap(build.center.x, build.center.y);
    expect(phone.getSetting('global', 'development_settings_enabled')).toBe('1');
  });
});

describe('Clock', () => {
  it('adds a world clock city through the city picker', async () => {
    await phone.startActivity({ component: 'com.android.deskclock/.DeskClock' });
    await tapOn(phone, { desc: 'Clock', id: 'tab_clock' });
    await tapOn(phone, { desc: 'Cities' });
    await tapOn(phone, { id: 'search_src_text' });
    await phone.text('tok');
    await tapOn(phone, { text: 'Tokyo' });
    await phone.keyevent(4);
    await phone.keyevent(4);
    const xml = await dump(phone);
    const tokyo = requireNode(xml, { text: 'Tokyo' });
    expect(tokyo.resourceId).toBe('com.android.deskclock:id/city_name');
    expect(findNode(xml, { text: '1 hr ahead' })).toBeDefined();
    const state = (await phone.state('com.android.deskclock')) as { worldClocks: Array<{ city: string }> };
    expect(state.worldClocks.map((c) => c.city)).toEqual(['London', 'New York', 'Tokyo']);
  });

  it('runs a timer on the device clock until it expires', async () => {
    await phone.startActivity({ component: 'com.android.deskclock/.DeskClock' });
    await tapOn(phone, { id: 'tab_timer' });
    for (const d of ['1', '3', '0']) await tapOn(phone, { id: `timer_setup_digit_${d}` });
    expect(requireNode(await dump(phone), { id: 'timer_setup_time' }).text).toBe('00h 01m 30s');
    await tapOn(phone, { desc: 'Start' });
    let timer = (
      (await phone.state('com.android.deskclock')) as {
        timer: { state: string; durationSeconds: number; remainingSeconds: number };
      }
    ).timer;
    expect(timer.state).toBe('running');
    expect(timer.durationSeconds).toBe(90);
    phone.setClock(phone.now() + 120_000);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    timer = (
      (await phone.state('com.android.deskclock')) as {
        timer: { state: string; durationSeconds: number; remainingSeconds: number };
      }
    ).timer;
    expect(timer.state).toBe('expired');
    expect(requireNode(await dump(phone), { id: 'timer_time_text' }).text).toBe("Time's up");
  });
});

describe('Calendar', () => {
  it('creates an event from an INSERT intent and shows it in month and day views', async () => {
    const begin = Date.UTC(2025, 5, 4, 6, 0); // 14:00 in Shanghai
    await phone.startActivity({
      action: 'android.intent.action.INSERT',
      data: 'content://com.android.calendar/events',
      extras: { title: 'Design sync', beginTime: begin, endTime: begin + 45 * 60_000, eventLocation: 'Room 12' },
    });
    expect(await phone.focus()).toEqual({ packageName: 'com.android.calendar', activity: '.event.EditEventActivity' });
    let xml = await dump(phone);
    expect(requireNode(xml, { id: 'title' }).text).toBe('Design sync');
    expect(requireNode(xml, { id: 'start_time' }).text).toBe('2:00 PM');
    await tapOn(phone, { id: 'rrule' });
    await tapOn(phone, { text: 'Every week' });
    await tapOn(phone, { id: 'action_done' });
    const events = ((await phone.state('com.android.calendar')) as { events: Array<Record<string, unknown>> }).events;
    expect(events.at(-1)).toMatchObject({
      title: 'Design sync',
      date: '2025-06-04',
      start: '14:00',
      end: '14:45',
      allDay: false,
      repeat: 'weekly',
      location: 'Room 12',
    });

    await tapOn(phone, { desc: 'Change view' });
    await tapOn(phone, { text: 'Month' });
    xml = await dump(phone);
    expect(requireNode(xml, { descStarts: 'Wednesday, June 11' }).contentDesc).toBe('Wednesday, June 11, 1 event');
    await tapOn(phone, { desc: 'Next month' });
    expect(requireNode(await dump(phone), { id: 'month_title' }).text).toBe('July 2025');
    await tapOn(phone, { descStarts: 'Wednesday, July 2' });
    xml = await dump(phone);
    expect(requireNode(xml, { id: 'day_title' }).text).toBe('Wednesday, July 2');
    await tapOn(phone, { descStarts: 'Design sync' });
    expect(await phone.focus()).toEqual({ packageName: 'com.android.calendar', activity: '.EventInfoActivity' });
    expect(requireNode(await dump(phone), { id: 'when_repeat' }).text).toBe('Every week');
  });

  it('draws overlapping events side by side in the day view, each one tappable', async () => {
    const data = (await phone.appData('com.android.calendar')) as { events: Array<Record<string, unknown>> };
    const standup = data.events.find((e) => e.title === 'Team standup')!;
    const events = [
      ...data.events,
      { ...standup, id: 90, title: 'Design review', start: '10:15', end: '11:00', repeat: 'none' },
      { ...standup, id: 91, title: 'Coffee', start: '10:20', end: '10:40', repeat: 'none' },
    ];
    await phone.setAppData('com.android.calendar', { events, nextId: 92 });
    await phone.startActivity({ component: 'com.android.calendar/.AllInOneActivity' });
    await tapOn(phone, { desc: 'Change view' });
    await tapOn(phone, { text: 'Day' });
    const xml = await dump(phone);
    const titles = ['Team standup', 'Design review', 'Coffee'];
    const blocks = titles.map((title) => requireNode(xml, { descStarts: `${title},` }));
    // All three overlap at 10:20: three columns, left to right, none covering another.
    const [a, b, c] = blocks.map((n) => n.bounds);
    expect(a!.right).toBeLessThanOrEqual(b!.left);
    expect(b!.right).toBeLessThanOrEqual(c!.left);
    expect(c!.right - c!.left).toBeGreaterThan(200);
    expect(b!.bottom - b!.top).toBeGreaterThan(1.4 * (a!.bottom - a!.top));
    for (const [i, node] of blocks.entries()) {
      await phone.tap(node.center.x, node.center.y);
      expect(await phone.focus()).toEqual({ packageName: 'com.android.calendar', activity: '.EventInfoActivity' });
      expect(findNode(await dump(phone), { text: titles[i] })).toBeDefined();
      await phone.keyevent(4);
    }
  });

  it('makes an all-day event with the editor and deletes it from its details page', async () => {
    await phone.startActivity({ component: 'com.android.calendar/.AllInOneActivity' });
    await tapOn(phone, { desc: 'Create new event' });
    await phone.text('Holiday');
    await tapOn(phone, { id: 'is_all_day' });
    expect(findNode(await dump(phone), { id: 'start_time' })).toBeUndefined();
    await tapOn(phone, { id: 'start_date' });
    await tapOn(phone, { desc: '20 June 2025' });
    await tapOn(phone, { id: 'android:id/button1' });
    await tapOn(phone, { id: 'action_done' });
    const created = (
      (await phone.state('com.android.calendar')) as {
        events: Array<{ id: number; title: string; date: string; allDay: boolean }>;
      }
    ).events.at(-1);
    expect(created).toMatchObject({ title: 'Holiday', date: '2025-06-20', allDay: true });

    await phone.startActivity({
      action: 'android.intent.action.VIEW',
      data: `content://com.android.calendar/events/${created?.id}`,
    });
    await tapOn(phone, { desc: 'Delete' });
    await tapOn(phone, { id: 'android:id/button1' });
    const titles = ((await phone.state('com.android.calendar')) as { events: Array<{ title: string }> }).events.map(
      (e) => e.title,
    );
    expect(titles).not.toContain('Holiday');
  });
});

describe('compressed dumps', () => {
  it('drops layout-only containers and keeps everything an agent can read or act on', async () => {
    await phone.startActivity({ component: 'com.android.settings/.Settings' });
    const full = parseDump(await phone.dumpUi({ compressed: false }));
    const compressed = parseDump(await phone.dumpUi({ compressed: true }));
    expect(compressed.length).toBeLessThan(full.length);
    for (const node of compressed.filter((n) => n.depth > 0)) {
      const a = node.attrs;
      expect(
        node.text !== '' ||
          node.contentDesc !== '' ||
          a.clickable === 'true' ||
          a.scrollable === 'true' ||
          a.focusable === 'true' ||
          a.checkable === 'true' ||
          a['long-clickable'] === 'true',
      ).toBe(true);
    }
    const actionable = (nodes: typeof full): string[] =>
      nodes.filter((n) => n.attrs.clickable === 'true').map((n) => JSON.stringify(n.bounds));
    expect(actionable(compressed)).toEqual(actionable(full));
  });

  it('opens placeholder apps that the second engineer will fill in', async () => {
    await phone.startActivity({ component: 'com.moba.railway/.MainActivity' });
    expect(await phone.focus()).toEqual({ packageName: 'com.moba.railway', activity: '.MainActivity' });
    expect(requireNode(await dump(phone), { text: 'Railway' })).toBeDefined();
  });
});
