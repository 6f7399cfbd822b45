/**
 * The app's one adb client against the real adb server and the simulated phone, for the
 * exchanges the device layer's own tests do not reach: sync push and pull of exact bytes,
 * forwards (made, listed by adb, removed), a `localabstract:` socket that nothing listens on,
 * and a long-running shell stream that ends when it is destroyed.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdbClient } from '../../src/main/adb/index.ts';
import { freePort, tempDir, waitUntil } from '@moba/testkit/rigs';
import { startPhoneRig } from '../support/sim-phone-rig.ts';
import type { PhoneRig } from '../support/sim-phone-rig.ts';

let rig: PhoneRig;
let adb: AdbClient;
const dir = tempDir('moba-adb-client-');

beforeAll(async () => {
  rig = await startPhoneRig();
  adb = new AdbClient({ address: { host: '127.0.0.1', port: rig.adb.port }, binary: 'adb', autoStart: false });
});
afterAll(async () => {
  await rig?.dispose();
  dir.dispose();
});

describe('AdbClient on a real adb server', () => {
  it('pushes and pulls 2 MB byte for byte', async () => {
    const bytes = randomBytes(2 * 1024 * 1024);
    const local = join(dir.path, 'blob.bin');
    writeFileSync(local, bytes);
    await adb.push(rig.serial, local, '/data/local/tmp/blob.bin');
    const back = await adb.pull(rig.serial, '/data/local/tmp/blob.bin');
    expect(back.equals(bytes)).toBe(true);
    await expect(adb.pull(rig.serial, '/data/local/tmp/no-such-file')).rejects.toThrow();
  });

  it('makes a forward that adb lists, and removes it', async () => {
    const local = `tcp:${await freePort()}`;
    await adb.forward(rig.serial, local, 'localabstract:moba_test');
    const listed = async () => (await rig.adb.adb(['forward', '--list'])).stdout.toString('utf8');
    expect(await listed()).toContain(`${rig.serial} ${local} localabstract:moba_test`);
    await adb.removeForward(rig.serial, local);
    expect(await listed()).not.toContain(local);
  });

  it('runs exec and shell v2 services and reports the transport features', async () => {
    expect((await adb.features(rig.serial)).has('shell_v2')).toBe(true);
    expect((await adb.query(rig.serial, 'exec:echo hi')).toString('utf8')).toBe('hi\n');
    expect(await adb.getState(rig.serial)).toBe('device');
    await expect(adb.getState('127.0.0.1:1')).rejects.toMatchObject({ code: 'DEVICE_NOT_FOUND' });
  });

  it('hands out a long-running shell stream; destroying it ends the command', async () => {
    const shell = await adb.openShell(rig.serial, 'echo started; sleep 60');
    const out: Buffer[] = [];
    shell.on('data', (c: Buffer) => out.push(c));
    await waitUntil(() => Buffer.concat(out).toString('utf8').includes('started'), 'the command to print');
    let ended = false;
    shell.once('close', () => (ended = true));
    shell.destroy();
    await waitUntil(() => ended, 'the stream to close');
  });
});
