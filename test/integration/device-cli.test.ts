/**
 * `moba devices | connect | disconnect | observe | act` as a user runs them: the real bin
 * script in a child process, a private adb server, the real simulated phone.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';
import { tempDir } from '@moba/testkit/rigs';

const BIN = resolve(import.meta.dirname, '..', '..', 'bin', 'moba.js');

let rig: PhoneRig;
const data = tempDir('moba-cli-devices-');

/** Runs the CLI asynchronously: the phone lives in this process and must keep serving it. */
function moba(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const base = { ...process.env };
  delete base.ADB_SERVER_SOCKET;
  delete base.ANDROID_SERIAL;
  delete base.ANDROID_ADB_SERVER_PORT;
  return new Promise((done) => {
    execFile(
      process.execPath,
      [BIN, '--data-dir', data.path, ...args],
      { env: { ...base, ...env }, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
      },
    );
  });
}

const adbFlag = () => ['--adb', `127.0.0.1:${rig.adb.port}`];

beforeAll(async () => {
  rig = await startPhoneRig();
});
afterAll(async () => {
  await rig?.dispose();
  data.dispose();
});

describe('moba devices / connect / disconnect', () => {
  it('lists the phone as a table and as JSON (with --adb or ADB_SERVER_SOCKET)', async () => {
    const table = await moba(['devices', ...adbFlag()]);
    expect(table.code, table.stderr).toBe(0);
    const [header, row] = table.stdout.trim().split('\n');
    expect(header).toMatch(/^SERIAL\s+STATE\s+MODEL\s+ANDROID\s+TRANSPORT$/);
    expect(row).toMatch(new RegExp(`^${rig.serial.replace(/\./g, '\\.')}\\s+device\\s+MobA_Sim\\s+14\\s+tcp$`));

    const json = await moba(['devices', '--json'], { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${rig.adb.port}` });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([
      {
        serial: rig.serial,
        state: 'device',
        model: 'MobA_Sim',
        androidVersion: '14',
        transport: 'tcp',
        product: 'moba_sim',
        device: 'moba_sim',
      },
    ]);
  });

  it('disconnects and connects a phone over the network', async () => {
    const off = await moba(['disconnect', rig.serial, ...adbFlag()]);
    expect(off).toMatchObject({ code: 0, stdout: `disconnected ${rig.serial}\n` });
    expect((await moba(['devices', '--json', ...adbFlag()])).stdout.trim()).toBe('[]');
    const on = await moba(['connect', rig.serial, ...adbFlag()]);
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toBe(`connected to ${rig.serial} (MobA Sim)\n`);
    const refused = await moba(['connect', '127.0.0.1:1', ...adbFlag()]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused.*\[CONNECT_FAILED\]/s);
  });

  it('fails clearly without an adb server', async () => {
    const r = await moba(['devices', '--adb', '127.0.0.1:9']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/No adb server at 127\.0\.0\.1:9.*\[ADB_UNAVAILABLE\]/s);
  });
});

describe('moba observe / act', () => {
  it('observe --out writes the screenshot, dump, elements, marked image and observation', async () => {
    await rig.phone.reset();
    const out = join(data.path, 'obs');
    const r = await moba(['observe', '--device', rig.serial, '--out', out, ...adbFlag()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\[\d+\] TextView "Clock"/);
    expect(r.stdout).toContain('com.android.launcher3/com.android.launcher3.Launcher, keyboard hidden');
    for (const f of [
      'screenshot.png',
      'window_dump.xml',
      'elements.json',
      'elements.txt',
      'marked.png',
      'observation.json',
    ])
      expect(existsSync(join(out, f)), f).toBe(true);
    expect(readFileSync(join(out, 'screenshot.png')).subarray(1, 4).toString()).toBe('PNG');
    expect(readFileSync(join(out, 'window_dump.xml'), 'utf8')).toMatch(/^<\?xml[\s\S]*<\/hierarchy>$/);
    const elements = JSON.parse(readFileSync(join(out, 'elements.json'), 'utf8')) as Array<{
      index: number;
      text: string;
    }>;
    const observation = JSON.parse(readFileSync(join(out, 'observation.json'), 'utf8')) as {
      elements: unknown[];
      serial: string;
      screenshot: { sha256: string };
    };
    expect(observation.serial).toBe(rig.serial);
    expect(observation.elements.length).toBe(elements.length);
    expect(readFileSync(join(out, 'elements.txt'), 'utf8')).toContain('"Clock"');
  });

  it("act 'Click(N)' observes, taps the element and reports what happened", async () => {
    await rig.phone.reset();
    const out = join(data.path, 'obs2');
    await moba(['observe', '--out', out, ...adbFlag()]);
    const clock = (
      JSON.parse(readFileSync(join(out, 'elements.json'), 'utf8')) as Array<{ index: number; text: string }>
    ).find((e) => e.text === 'Clock')!;
    const r = await moba(['act', '--device', rig.serial, `Click(${clock.index})`, ...adbFlag()]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`target: [${clock.index}] TextView "Clock"`);
    expect(r.stdout).toMatch(
      new RegExp(
        `Click\\(${clock.index}\\): tap \\(\\d+, \\d+\\) on \\[${clock.index}\\] "Clock" \\(\\d+ ms, settled after \\d+ ms\\)`,
      ),
    );
    expect((await rig.phone.focus()).packageName).toBe('com.android.deskclock');
  });

  it('act --json, and failures exit 1 with the error code', async () => {
    await rig.phone.reset();
    const r = await moba(['act', 'Swipe(up)', '--json', ...adbFlag()], { ANDROID_SERIAL: rig.serial });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, action: 'Swipe(up, medium)', terminal: false });
    const bad = await moba(['act', 'Click(999)', ...adbFlag()]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/no element 999.*\[ACTION_INVALID\]/);
    const unparsable = await moba(['act', 'Tap here', ...adbFlag()]);
    expect(unparsable.code).toBe(1);
    expect(unparsable.stderr).toContain('[ACTION_INVALID]');
  });
});
