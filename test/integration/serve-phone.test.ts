/**
 * `moba serve --sim` (what `npm run serve` runs): the web host comes up with a simulated phone
 * already connected to its adb server — the embedded default device, no click needed — on the
 * settings' port or, when that one is taken, another; the phone stops with the host.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdbServer, tempDir, waitUntil } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import { defaultSettings } from '../../src/shared/schemas/settings.ts';

const BIN = join(import.meta.dirname, '..', '..', 'bin', 'moba.js');
let adb: PrivateAdbServer;
const home = tempDir('moba-serve-phone-');

beforeAll(async () => {
  adb = await startAdbServer();
});
afterAll(async () => {
  await adb?.dispose();
  home.dispose();
});

function serve(args: string[]): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [BIN, '--data-dir', home.path, 'serve', '--port', '0', ...args], {
    env: { ...process.env, ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adb.port}`, MOBA_ADB_AUTOSTART: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => void (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => void (text += d.toString()));
  return { child, output: () => text };
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

describe('moba serve --sim', () => {
  it('starts a simulated phone with the host, connected to its adb server, on another port when the configured one is taken', async () => {
    const configured = defaultSettings().simulator.port;
    // Hold the configured port (if something else already does, it is taken all the same).
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => {
      blocker.once('error', () => resolve());
      blocker.listen(configured, '127.0.0.1', () => resolve());
    });
    const { child, output } = serve(['--sim']);
    try {
      await waitUntil(
        () => /phone: \S+ is ready|did not start/.test(output()) || child.exitCode !== null,
        'the simulated phone',
        90_000,
      );
      expect(output()).toMatch(/open: http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      expect(output()).toMatch(/phone: starting a simulated phone \(seed 1\)…/);
      const serial = /phone: (127\.0\.0\.1:(\d+)) is ready \(simulated, seed 1\)/.exec(output());
      expect(serial, output()).not.toBeNull();
      expect(Number(serial?.[2])).not.toBe(configured);
      const listed = (await adb.devices()).find((d) => d.serial === serial?.[1]);
      expect(listed).toMatchObject({ state: 'device', details: { model: 'MobA_Sim' } });
      expect(await stop(child)).toBe(0);
      expect(await reachable(Number(serial?.[2]))).toBe(false);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      blocker.close();
    }
  }, 120_000);

  it('starts no phone with --no-sim (nor by default, the setting being off)', async () => {
    for (const args of [['--no-sim'], []]) {
      const { child, output } = serve(args);
      await waitUntil(() => /Press Ctrl-C to stop/.test(output()) || child.exitCode !== null, 'the web host', 30_000);
      expect(output()).not.toMatch(/phone:/);
      expect(await stop(child)).toBe(0);
    }
  }, 60_000);
});
