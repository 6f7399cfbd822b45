/**
 * Mobile-Agent's device layer (X-PLUG/MobileAgent: Mobile-Agent-v2 and Mobile-Agent-E,
 * MobileAgent/controller.py) against the simulated phone through the real adb CLI, replaying
 * its commands: the screenshot (`rm`, `screencap -p`, `pull` into a folder), taps, typing one
 * character per command (letters with `input text`, spaces as `%s`, `_` as ENTER, the rest
 * through ADB Keyboard's `ADB_INPUT_TEXT` broadcast), slides, BACK and HOME, and Mobile-Agent-E's
 * recorder (`screenrecord` stopped with `pkill -SIGINT screenrecord`, then pulled).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedPhone, startSimulatorServer } from '../src/index.ts';
import type { SimulatedPhone, SimulatorServer } from '../src/index.ts';
import { decodePng, parseDump } from '../src/testing/ui-dump.ts';
import { startAdbServer, tempDir, waitUntil } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';

let phone: SimulatedPhone;
let sim: SimulatorServer;
let adb: PrivateAdbServer;
let serial: string;
let work: { path: string; dispose(): void };

/** `subprocess.run(adb_path + " shell …", shell=True)`: the host shell has already split and unquoted the words. */
const run = async (...args: string[]) => adb.adb(['-s', serial, ...args]);

/** controller.type(): one command per character. */
async function type(text: string): Promise<void> {
  for (const char of text.replace(/\\n/g, '_').replace(/\n/g, '_')) {
    if (char === ' ') await run('shell', 'input', 'text', '%s');
    else if (char === '_') await run('shell', 'input', 'keyevent', '66');
    else if (/^[a-zA-Z0-9]$/.test(char)) await run('shell', 'input', 'text', char);
    else if ("-.,!?@'°/:;()".includes(char)) await run('shell', 'input', 'text', char);
    else await run('shell', 'am', 'broadcast', '-a', 'ADB_INPUT_TEXT', '--es', 'msg', char);
  }
}

beforeAll(async () => {
  phone = await createSimulatedPhone({ seed: 4, freezeClock: true });
  sim = await startSimulatorServer({ device: phone, port: 0 });
  adb = await startAdbServer();
  serial = await adb.connectDevice(sim.address);
  work = tempDir('moba-mobile-agent-');
});

afterAll(async () => {
  work?.dispose();
  await adb?.dispose();
  await sim?.close();
  await phone?.close();
});

describe('Mobile-Agent', () => {
  it('takes its screenshot: rm, screencap -p to /sdcard, pull into ./screenshot', async () => {
    await run('shell', 'rm', '/sdcard/screenshot.png');
    expect((await run('shell', 'screencap', '-p', '/sdcard/screenshot.png')).code).toBe(0);
    const folder = join(work.path, 'screenshot');
    execFileSync('mkdir', ['-p', folder]);
    expect((await run('pull', '/sdcard/screenshot.png', folder)).code).toBe(0);
    const image = await decodePng(readFileSync(join(folder, 'screenshot.png')));
    expect([image.width, image.height, image.channels]).toEqual([1080, 2400, 4]);
  });

  it('types letters, punctuation, spaces, Chinese and a newline into a note, once ADB Keyboard is selected', async () => {
    expect((await run('shell', 'ime', 'set', 'com.android.adbkeyboard/.AdbIME')).code).toBe(0);
    await run('shell', 'am', 'start', '-n', 'com.moba.notes/.MainActivity');
    const fab = parseDump(await phone.dumpUi({ compressed: false })).find((n) => n.resourceId.endsWith('fab_new_note'));
    await run('shell', 'input', 'tap', String(fab?.center.x), String(fab?.center.y));
    await type('Buy milk, 鸡蛋!_Tomorrow');
    const body = parseDump(await phone.dumpUi({ compressed: false })).find((n) => n.attrs.focused === 'true');
    expect(body?.text).toBe('Buy milk, 鸡蛋!\nTomorrow');
    await run('shell', 'input', 'keyevent', '4');
    await run('shell', 'input', 'keyevent', '4');
    expect((await phone.state('com.moba.notes')) as { notes: Array<{ body: string }> }).toMatchObject({
      notes: expect.arrayContaining([expect.objectContaining({ body: 'Buy milk, 鸡蛋!\nTomorrow' })]),
    });
    await run('shell', 'ime', 'set', 'com.android.inputmethod.latin/.LatinIME');
  });

  it('slides (input swipe … 500), goes home with am start HOME and switches apps', async () => {
    await run('shell', 'am', 'start', '-n', 'com.android.settings/.Settings');
    const before = parseDump(await phone.dumpUi({ compressed: false })).find((n) => n.text === 'Network & internet');
    expect((await run('shell', 'input', 'swipe', '540', '1600', '540', '1000', '500')).code).toBe(0);
    const after = parseDump(await phone.dumpUi({ compressed: false })).find((n) => n.text === 'Network & internet');
    expect(after === undefined || (before?.bounds.top ?? 0) - after.bounds.top > 600).toBe(true);
    await run('shell', 'am', 'start', '-a', 'android.intent.action.MAIN', '-c', 'android.intent.category.HOME');
    expect((await phone.focus()).packageName).toBe('com.android.launcher3');
    await run('shell', 'input', 'keyevent', 'KEYCODE_APP_SWITCH');
    expect((await phone.focus()).activity).toMatch(/RecentsActivity/);
    await run('shell', 'input', 'keyevent', 'KEYCODE_HOME');
  });

  it("records with Mobile-Agent-E's recorder: screenrecord, pkill -SIGINT screenrecord, pull an H.264 MP4", async () => {
    await run('shell', 'rm', '/sdcard/screenrecord.mp4');
    const recorder = spawn('adb', ['-s', serial, 'shell', 'screenrecord', '/sdcard/screenrecord.mp4'], {
      env: adb.env,
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => recorder.once('exit', resolve));
    await waitUntil(async () => (await run('shell', 'pgrep', 'screenrecord')).code === 0, 'screenrecord to run');
    await run('shell', 'input', 'tap', '540', '1200');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect((await run('shell', 'pkill', '-SIGINT', 'screenrecord')).code).toBe(0);
    await exited;
    const local = join(work.path, 'step_0.mp4');
    expect((await run('pull', '/sdcard/screenrecord.mp4', local)).code).toBe(0);
    const mp4 = readFileSync(local);
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
    const probe = execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_name,width,height',
        '-of',
        'csv=p=0',
        local,
      ],
      { encoding: 'utf8' },
    );
    expect(probe.trim()).toBe('h264,1080,2400');
  });
});
