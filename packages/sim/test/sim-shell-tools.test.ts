/**
 * The shell tools agents call, through the real adb server on the Chromium phone: `content`
 * on the contacts, calendar and SMS providers (what the apps then show), `settings`, `svc`,
 * `ps`/`pidof`, and `ls /system/bin` listing only programs that run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedPhone, startSimulatorServer } from '../src/index.ts';
import type { SimulatedPhone, SimulatorServer } from '../src/index.ts';
import { decodePng, parseDump } from '../src/testing/ui-dump.ts';
import { startAdbServer } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';

let phone: SimulatedPhone;
let sim: SimulatorServer;
let adb: PrivateAdbServer;
let serial: string;

const sh = async (command: string) => {
  const result = await adb.adb(['-s', serial, 'shell', command]);
  return { code: result.code, out: result.stdout.toString(), err: result.stderr };
};

/** `Row: N a=1, b=x` lines → objects (values as printed). */
function rows(text: string): Array<Record<string, string>> {
  return text
    .split('\n')
    .filter((line) => line.startsWith('Row: '))
    .map((line) => {
      const out: Record<string, string> = {};
      for (const part of line.replace(/^Row: \d+ /, '').split(', ')) {
        const eq = part.indexOf('=');
        out[part.slice(0, eq)] = part.slice(eq + 1);
      }
      return out;
    });
}

beforeAll(async () => {
  phone = await createSimulatedPhone({ seed: 3, freezeClock: true });
  sim = await startSimulatorServer({ device: phone, port: 0 });
  adb = await startAdbServer();
  serial = await adb.connectDevice(sim.address);
});

afterAll(async () => {
  await adb?.dispose();
  await sim?.close();
  await phone?.close();
});

describe('content providers', () => {
  it('queries contacts and their phones, and adds one the way scripts do (raw_contacts, then data rows)', async () => {
    const people = rows(
      (
        await sh(
          'content query --uri content://com.android.contacts/contacts --projection _id:display_name:starred --where "starred=1" --sort \'display_name ASC\'',
        )
      ).out,
    );
    expect(people.map((p) => p.display_name)).toEqual(['Alice Wang', 'Mom']);
    const phones = rows(
      (await sh('content query --uri content://com.android.contacts/data/phones --projection display_name:data1')).out,
    );
    expect(phones.find((p) => p.display_name === 'Alice Wang')?.data1).toMatch(/^1\d\d \d{4} \d{4}$/);

    expect(
      (await sh('content insert --uri content://com.android.contacts/raw_contacts --bind account_name:n:')).code,
    ).toBe(0);
    const id = rows(
      (await sh('content query --uri content://com.android.contacts/raw_contacts --projection _id --sort "_id DESC"'))
        .out,
    )[0]?._id;
    await sh(
      `content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:${id} --bind mimetype:s:vnd.android.cursor.item/name --bind data1:s:'Zoe Lin'`,
    );
    await sh(
      `content insert --uri content://com.android.contacts/data --bind raw_contact_id:i:${id} --bind mimetype:s:vnd.android.cursor.item/phone_v2 --bind data1:s:13900001111`,
    );
    const state = (await phone.state('com.android.contacts')) as { contacts: Array<{ name: string; phone: string }> };
    expect(state.contacts.find((c) => c.name === 'Zoe Lin')?.phone).toBe('13900001111');

    await sh(
      'content update --uri content://com.android.contacts/contacts --bind starred:i:1 --where "display_name=\'Zoe Lin\'"',
    );
    expect(
      rows(
        (
          await sh(
            'content query --uri content://com.android.contacts/contacts --where "starred=1" --projection display_name',
          )
        ).out,
      ),
    ).toContainEqual({ display_name: 'Zoe Lin' });
    await sh('content delete --uri content://com.android.contacts/contacts --where "display_name LIKE \'zoe%\'"');
    expect(
      ((await phone.state('com.android.contacts')) as { contacts: Array<{ name: string }> }).contacts.some(
        (c) => c.name === 'Zoe Lin',
      ),
    ).toBe(false);
  });

  it('adds a calendar event from dtstart/dtend in epoch ms, shown at the local time', async () => {
    // 2025-06-05 18:00–19:30 in Asia/Shanghai.
    const start = Date.UTC(2025, 5, 5, 10, 0);
    const result = await sh(
      `content insert --uri content://com.android.calendar/events --bind calendar_id:i:1 --bind title:s:Gym --bind dtstart:l:${start} --bind dtend:l:${start + 90 * 60_000} --bind eventTimezone:s:Asia/Shanghai`,
    );
    expect(result.code).toBe(0);
    const events = ((await phone.state('com.android.calendar')) as { events: Array<Record<string, unknown>> }).events;
    expect(events.find((e) => e.title === 'Gym')).toMatchObject({
      date: '2025-06-05',
      start: '18:00',
      end: '19:30',
      allDay: false,
    });
    const row = rows(
      (
        await sh(
          'content query --uri content://com.android.calendar/events --where "title=\'Gym\'" --projection title:dtstart:dtend',
        )
      ).out,
    )[0];
    expect(row).toEqual({ title: 'Gym', dtstart: String(start), dtend: String(start + 90 * 60_000) });
  });

  it('reads and writes SMS: the inbox, a new message, marking it read, deleting it', async () => {
    const inbox = rows((await sh('content query --uri content://sms/inbox --projection address:body:read:type')).out);
    expect(inbox.length).toBeGreaterThan(2);
    expect(inbox.every((r) => r.type === '1')).toBe(true);
    await sh("content insert --uri content://sms/inbox --bind address:s:10690000 --bind body:s:'Your code is 4711'");
    const added = rows(
      (await sh('content query --uri content://sms --where "address=\'10690000\'" --projection _id:body:read')).out,
    );
    expect(added).toEqual([{ _id: added[0]?._id ?? '', body: 'Your code is 4711', read: '0' }]);
    const messages = (await phone.state('com.android.messaging')) as {
      conversations: Array<{ address: string; unread: boolean }>;
    };
    expect(messages.conversations.find((c) => c.address === '10690000')?.unread).toBe(true);
    await sh(`content update --uri content://sms/${added[0]?._id} --bind read:i:1`);
    expect(rows((await sh(`content query --uri content://sms/${added[0]?._id} --projection read`)).out)).toEqual([
      { read: '1' },
    ]);
    await sh('content delete --uri content://sms --where "address=\'10690000\'"');
    expect((await sh('content query --uri content://sms --where "address=\'10690000\'"')).out).toBe(
      'No result found.\n',
    );
    const bad = await sh('content query --uri content://sms --where "nonsense = = 1"');
    expect(bad.err).toMatch(
      /^Error while accessing provider:sms\nandroid\.database\.sqlite\.SQLiteException: .*syntax error/,
    );
    const unknown = await sh('content query --uri content://nope/things');
    expect(unknown.err).toMatch(/^Error while accessing provider:nope\n.*Could not find provider: nope/);
  });
});

describe('the rest of the shell', () => {
  it('lists in /system/bin exactly the programs that run', async () => {
    const names = (await sh('ls /system/bin')).out.trim().split('\n');
    expect(names.length).toBeGreaterThan(60);
    const missing: string[] = [];
    for (const name of names) if ((await sh(`command -v ${name}`)).code !== 0) missing.push(name);
    expect(missing).toEqual([]);
    expect((await sh('toybox')).out).toContain('sed');
  });

  it('svc and settings agree; ps and pidof see the running apps', async () => {
    await sh('svc wifi disable');
    expect((await sh('settings get global wifi_on')).out).toBe('0\n');
    expect(((await phone.state()) as { device: { wifi: boolean } }).device.wifi).toBe(false);
    await sh('svc wifi enable');
    await sh('am start -n com.android.deskclock/.DeskClock');
    const pid = (await sh('pidof com.android.deskclock')).out.trim();
    expect(pid).toMatch(/^\d+$/);
    expect((await sh('ps -A -o PID,NAME | grep deskclock')).out.trim().split(/\s+/)).toEqual([
      pid,
      'com.android.deskclock',
    ]);
  });

  it('keys carry their meta state: Shift types capitals, Ctrl+A selects all, Ctrl+X cuts, Ctrl+V pastes', async () => {
    const focused = async () =>
      parseDump(await phone.dumpUi({ compressed: false })).find((n) => n.attrs.focused === 'true')?.text;
    await sh('am start -n com.moba.notes/.MainActivity');
    const fab = parseDump(await phone.dumpUi({ compressed: false })).find((n) => n.resourceId.endsWith('fab_new_note'));
    await sh(`input tap ${fab?.center.x} ${fab?.center.y}`);
    // "Gift" the way a hardware keyboard (or scrcpy) sends it: Shift held for the G only.
    await sh('input keycombination KEYCODE_SHIFT_LEFT KEYCODE_G');
    await sh('input keyevent KEYCODE_I KEYCODE_F KEYCODE_T');
    await sh('input keycombination KEYCODE_SHIFT_LEFT KEYCODE_1');
    expect(await focused()).toBe('Gift!');
    await sh('input keycombination KEYCODE_CTRL_LEFT KEYCODE_A');
    await sh('input keycombination KEYCODE_CTRL_LEFT KEYCODE_X');
    expect(await focused()).not.toContain('Gift');
    expect(((await phone.state()) as { device: { clipboard: string } }).device.clipboard).toBe('Gift!');
    await sh('input keycombination KEYCODE_CTRL_LEFT KEYCODE_V');
    await sh('input keycombination KEYCODE_CTRL_LEFT KEYCODE_V');
    expect(await focused()).toBe('Gift!Gift!');
    await sh('input keyevent KEYCODE_BACK KEYCODE_BACK');
  });

  it('turns with settings put system user_rotation: screencap, the dump and dumpsys are in the turned pixels', async () => {
    await sh('settings put system accelerometer_rotation 0');
    await sh('settings put system user_rotation 1');
    try {
      const png = await decodePng((await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p'])).stdout);
      expect([png.width, png.height]).toEqual([2400, 1080]);
      const dump = await phone.dumpUi({ compressed: false });
      expect(dump).toMatch(/<hierarchy rotation="1">/);
      expect(Math.max(...parseDump(dump).map((n) => n.bounds.right))).toBe(2400);
      expect((await sh('dumpsys display')).out).toContain('mCurrentOrientation=1');
      expect((await sh('wm user-rotation')).out).toBe('lock 1\n');
    } finally {
      await sh('settings put system user_rotation 0');
    }
    const png = await decodePng((await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p'])).stdout);
    expect([png.width, png.height]).toEqual([1080, 2400]);
  });
});
