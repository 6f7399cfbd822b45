/**
 * The controls benchmarks need, through the real adb server: reseeding a running phone
 * (`sim-reset --seed N`), writing app data with a JSON merge patch (`sim-state set`, checked
 * against the app's schema), reading the stored data (`sim-state data`), the clock policy
 * (`sim-clock policy frozen | real | stepped:5s`), kept by snapshots and undone by reset, and
 * seeded clocks (`sim-reset --clock seeded`, `sim-clock date`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedBrowser, createSimulatedPhone, startSimulatorServer } from '../src/index.ts';
import type { SharedBrowser, SimulatedPhone, SimulatorServer } from '../src/index.ts';
import { dump, tapOn } from '../src/testing/device-driver.ts';
import { PhoneStateSchema } from '../src/state.ts';
import { requireNode } from '../src/testing/ui-dump.ts';
import { addDays, relativeDay, seededLocalStart, weekdayOf } from '../src/time.ts';
import { startAdbServer } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';

const CLOCK = 'com.android.deskclock';
const CONTACTS = 'com.android.contacts';

let browser: SharedBrowser;
let phone: SimulatedPhone;
let sim: SimulatorServer;
let adb: PrivateAdbServer;

async function sh(command: string): Promise<{ code: number; out: string; err: string }> {
  const r = await adb.adb(['-s', sim.address, 'shell', command]);
  return { code: r.code ?? -1, out: String(r.stdout), err: String(r.stderr) };
}
async function json<T>(command: string): Promise<T> {
  const r = await sh(command);
  expect(r.code, r.err).toBe(0);
  return JSON.parse(r.out) as T;
}
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

beforeAll(async () => {
  browser = createSharedBrowser({ keepAlive: true });
  phone = await createSimulatedPhone({ seed: 3, browser });
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

describe('benchmark controls of the simulated phone', () => {
  it('sim-reset --seed N reseeds the running phone exactly as a new phone with that seed', async () => {
    const seed3 = await json<unknown>(`sim-state ${CONTACTS}`);
    expect((await sh('sim-reset --seed 8')).out).toBe('OK\n');
    expect(phone.seed).toBe(8);
    const seed8 = await json<unknown>('sim-state');
    const fresh = await createSimulatedPhone({ seed: 8, browser });
    try {
      // Everything but the running clock's milliseconds.
      const untimed = (s: unknown) => ({
        ...(s as { device: object }),
        device: { ...(s as { device: object }).device, time: undefined },
      });
      expect(untimed(await phone.state())).toEqual(untimed(await fresh.state()));
      expect(await phone.dumpUi({ compressed: false })).toBe(await fresh.dumpUi({ compressed: false }));
    } finally {
      await fresh.close();
    }
    expect(await json<{ contacts: unknown[] }>(`sim-state ${CONTACTS}`)).not.toEqual(seed3);
    // A plain reset keeps the new seed; going back to 3 gives the first data again.
    await sh('sim-reset');
    expect(await json<unknown>(`sim-state ${CONTACTS}`)).toEqual(
      (seed8 as { packages: Record<string, unknown> }).packages[CONTACTS],
    );
    await sh('sim-reset --seed=3');
    expect(await json<unknown>(`sim-state ${CONTACTS}`)).toEqual(seed3);
    const bad = await sh('sim-reset --seed banana');
    expect([bad.code, bad.err]).toEqual([2, 'usage: sim-reset [--seed N]   (N a whole number 0…2147483647)\n']);
    expect(phone.errors()).toEqual([]);
  });

  it('sim-state set merges a patch into app data, which the app then shows; sim-state data prints it', async () => {
    await sh('sim-reset');
    const alarm = {
      id: 41,
      hour: 5,
      minute: 45,
      label: 'Patched',
      enabled: true,
      repeat: ['SAT'],
      vibrate: true,
      ringtone: 'Silent',
    };
    const data = await json<{ alarms: unknown[] }>(`sim-state data ${CLOCK}`);
    const r = await sh(`sim-state set ${CLOCK} ${quote(JSON.stringify({ alarms: [...data.alarms, alarm] }))}`);
    expect([r.code, r.out, r.err]).toEqual([0, 'OK\n', '']);
    const clock = await json<{ alarms: Array<{ id: number }> }>(`sim-state ${CLOCK}`);
    expect(clock.alarms.at(-1)).toEqual(alarm);
    // The id counter follows the ids a patch adds, so the next alarm made in the app gets 42.
    expect((await json<{ nextAlarmId: number }>(`sim-state data ${CLOCK}`)).nextAlarmId).toBe(42);
    await tapOn(phone, { desc: 'Clock' });
    expect(requireNode(await dump(phone), { text: 'Patched' })).toBeDefined();
    // Chinese text survives adb's shell.
    expect(
      (await sh(`sim-state set ${CLOCK} ${quote(JSON.stringify({ alarms: [{ ...alarm, label: '早起' }] }))}`)).code,
    ).toBe(0);
    expect((await json<{ alarms: Array<{ label: string }> }>(`sim-state ${CLOCK}`)).alarms.map((a) => a.label)).toEqual(
      ['早起'],
    );
    await sh('input keyevent 3');
  });

  it('refuses bad patches with a reason and leaves the data as it was', async () => {
    await sh('sim-reset');
    const before = await json<unknown>(`sim-state ${CLOCK}`);
    const broken = await sh(`sim-state set ${CLOCK} ${quote('{"alarms": "none"}')}`);
    expect(broken.code).toBe(1);
    expect(broken.err).toBe(
      "sim-state: The patch was refused: com.android.deskclock's data would not match its schema: alarms: Invalid input: expected array, received string\n",
    );
    // A patch in the shape sim-state prints (not the stored one) is refused, naming each field.
    const timer = await sh(
      `sim-state set ${CLOCK} ${quote('{"timer": {"durationSeconds": 90, "remainingSeconds": 90}}')}`,
    );
    expect(timer.code).toBe(1);
    expect(timer.err).toContain('timer.durationSeconds: unknown field; timer.remainingSeconds: unknown field');
    expect((await sh(`sim-state set ${CLOCK} ${quote('{"alarms": [')}`)).err).toMatch(
      /^sim-state: the patch is not JSON: /,
    );
    expect((await sh(`sim-state set ${CLOCK} ${quote('[1]')}`)).err).toBe(
      'sim-state: An app-data patch is a JSON object (a merge patch, RFC 7386)\n',
    );
    expect((await sh(`sim-state set com.example.nothing ${quote('{}')}`)).err).toMatch(
      /^sim-state: No app data for com\.example\.nothing/,
    );
    expect((await sh('sim-state set')).code).toBe(2);
    expect(await json<unknown>(`sim-state ${CLOCK}`)).toEqual(before);
    expect(phone.errors()).toEqual([]);
  });

  it('sim-clock policy: stepped moves on with each input, frozen stands still, reset brings back the default', async () => {
    await sh('sim-reset');
    expect((await sh('sim-clock policy')).out).toBe('real\n');
    expect((await sh('sim-clock policy stepped:5s')).out).toBe('stepped:5s\n');
    await sh('sim-clock set 1748854800000');
    await sh('input tap 540 1200');
    await sh('input keyevent 4');
    await new Promise((r) => setTimeout(r, 300));
    expect((await sh('sim-clock')).out).toBe(`${new Date(1748854800000 + 10_000).toISOString()}\n`);
    expect((await sh('date +%s')).out.trim()).toBe(String(1748854810));
    await sh('sim-clock policy frozen');
    await sh('input tap 540 1200');
    await new Promise((r) => setTimeout(r, 300));
    expect(phone.now()).toBe(1748854810000);
    // Snapshots keep the seed and the policy; reset goes back to the phone's own.
    await sh('sim-clock policy stepped:2s');
    await sh('sim-snapshot save stepped');
    await sh('sim-reset --seed 9');
    expect((await sh('sim-clock policy')).out).toBe('real\n');
    await sh('sim-snapshot restore stepped');
    expect([phone.seed, (await sh('sim-clock policy')).out]).toEqual([3, 'stepped:2s\n']);
    expect((await sh('sim-clock policy sometimes')).err).toBe(
      'sim-clock: Unknown clock policy "sometimes": use real, frozen or stepped:<seconds>s (e.g. stepped:5s)\n',
    );
    await sh('sim-reset');
  });

  it('sim-reset --clock seeded: the seed draws the date and time, the apps are seeded for that day, dates are named from it', async () => {
    interface Device {
      date: string;
      localTime: string;
      weekday: string;
      clockStart: string;
      clockPolicy: string;
    }
    const device = async () => (await json<{ device: Device }>('sim-state')).device;
    expect(await sh('sim-reset --seed 5 --clock seeded')).toMatchObject({ code: 0, out: 'OK\n' });
    const start = seededLocalStart(5);
    let d = await device();
    expect([d.date, d.localTime, d.weekday, d.clockStart]).toEqual([
      start.slice(0, 10),
      start.slice(11),
      weekdayOf(start.slice(0, 10)),
      'seeded',
    ]);
    const events = await json<{ events: Array<{ title: string; date: string }> }>('sim-state com.android.calendar');
    expect(events.events.find((e) => e.title === 'Team standup')?.date).toBe(d.date);
    expect(events.events.find((e) => e.title === 'Lunch with Alice')?.date).toBe(addDays(d.date, 1));
    expect((await sh('sim-clock date tomorrow')).out).toBe(`${addDays(d.date, 1)}\n`);
    expect((await sh('sim-clock date next friday')).out).toBe(`${relativeDay(d.date, 'next friday')}\n`);
    expect(await json<Record<string, string>>('sim-clock date')).toMatchObject({ today: d.date, weekday: d.weekday });
    expect((await sh('sim-clock date someday')).err).toMatch(/^sim-clock: Unknown day "someday"/);

    // The same seed and clock on a new phone give the same data; a plain reset keeps both.
    const fresh = await createSimulatedPhone({ seed: 5, clockStart: 'seeded', freezeClock: true, browser });
    try {
      expect(await fresh.state('com.android.calendar')).toEqual(events);
      expect(await fresh.state('com.moba.notes')).toEqual(await json('sim-state com.moba.notes'));
    } finally {
      await fresh.close();
    }
    expect((await sh('sim-clock policy stepped:60s')).code).toBe(0);
    await sh('input keyevent 4');
    expect((await device()).localTime).not.toBe(start.slice(11));
    await sh('sim-reset');
    d = await device();
    expect([d.date, d.clockStart, d.clockPolicy]).toEqual([start.slice(0, 10), 'seeded', 'real']);

    // A local time without a zone is the phone's local time.
    await sh('sim-clock set 2025-06-14T08:00');
    d = await device();
    expect([d.date, d.localTime, d.weekday]).toEqual(['2025-06-14', '08:00', 'SAT']);
    await sh('sim-reset --clock 2025-12-31T23:30');
    expect((await device()).date).toBe('2025-12-31');
    expect((await sh('sim-clock date tomorrow')).out).toBe('2026-01-01\n');
    expect((await sh('sim-reset --clock whenever')).code).toBe(2);
    await sh('sim-reset --seed 3 --clock default');
    d = await device();
    expect([d.date, d.clockStart]).toEqual(['2025-06-02', '2025-06-02T01:00:00.000Z']);
  });

  it('sim-state prints the whole phone in the shape PhoneStateSchema (@moba/sim/state) describes', async () => {
    const state = await json<unknown>('sim-state');
    const parsed = PhoneStateSchema.parse(state);
    expect(parsed.device).toMatchObject({ timezone: expect.any(String), keyboardShown: expect.any(Boolean) });
    expect(parsed.device.installed).toContain(CLOCK);
    expect(Object.keys(parsed.packages)).toContain(CLOCK);
    // A state without the phone's clock is not one a client can score against.
    const broken = PhoneStateSchema.safeParse({ ...parsed, device: { ...parsed.device, time: undefined } });
    expect(broken.success).toBe(false);
    expect(broken.error?.issues.map((i) => i.path.join('.'))).toEqual(['device.time']);
  });
});
