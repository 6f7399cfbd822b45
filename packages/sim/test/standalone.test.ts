/**
 * The simulated phone on its own: `npx moba-sim start` from the workspace, driven by the real
 * adb, with nothing of MobA Studio loaded — every module the process loads is recorded and
 * checked.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startAdbServer, tempDir, waitUntil } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';

const simRoot = realpathSync(join(import.meta.dirname, '..'));
const workspace = realpathSync(join(simRoot, '..', '..'));

let adb: PrivateAdbServer;
let sim: ChildProcess | undefined;
let output = '';
const temp = tempDir('moba-sim-modules-');
const moduleLog = join(temp.path, 'modules.txt');

beforeAll(async () => {
  adb = await startAdbServer();
});

afterAll(async () => {
  if (sim?.pid && sim.exitCode === null && sim.signalCode === null) process.kill(-sim.pid, 'SIGKILL');
  await adb?.dispose();
  temp.dispose();
});

function loadedFiles(): string[] {
  return readFileSync(moduleLog, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => realpathSync(fileURLToPath(url)));
}

describe('npx moba-sim start', () => {
  it('serves a phone to the real adb with only @moba/sim and @moba/base loaded', async () => {
    const port = await freePort();
    sim = spawn('npx', ['--no-install', 'moba-sim', 'start', '--port', String(port), '--seed', '2'], {
      cwd: workspace,
      env: {
        ...process.env,
        MOBA_MODULE_LOG: moduleLog,
        NODE_OPTIONS: `--import=${join(simRoot, 'test', 'fixtures', 'record-modules.mjs')}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so Ctrl-C can be played to npx and moba-sim together, as a terminal does.
      detached: true,
    });
    sim.stdout?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    sim.stderr?.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    await waitUntil(
      () => output.includes('Press Ctrl-C to stop') || sim?.exitCode !== null,
      'moba-sim to start',
      90_000,
    );
    expect(output).toContain(
      `Simulated phone listening on 127.0.0.1:${port} — connect with: adb connect 127.0.0.1:${port}`,
    );

    const serial = await adb.connectDevice(`127.0.0.1:${port}`);
    const model = await adb.adb(['-s', serial, 'shell', 'getprop ro.product.model']);
    expect(model.stdout.toString()).toBe('MobA_Sim\n');
    await adb.adb(['-s', serial, 'shell', 'am start -n com.android.deskclock/.DeskClock']);
    const focus = await adb.adb(['-s', serial, 'shell', 'dumpsys window | grep mCurrentFocus']);
    expect(focus.stdout.toString()).toContain('com.android.deskclock');
    const state = JSON.parse(
      (await adb.adb(['-s', serial, 'shell', 'sim-state com.android.deskclock'])).stdout.toString(),
    ) as { alarms: unknown[] };
    expect(Array.isArray(state.alarms)).toBe(true);
    const png = (await adb.adb(['-s', serial, 'exec-out', 'screencap', '-p'])).stdout;
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 2400]);

    process.kill(-sim.pid!, 'SIGINT');
    const ended = () => sim?.exitCode !== null || sim?.signalCode !== null;
    await waitUntil(ended, 'moba-sim to stop', 30_000);
    // npx passes Ctrl-C on and then ends by it; moba-sim itself stops cleanly.
    expect(sim.exitCode === 0 || sim.signalCode === 'SIGINT').toBe(true);
    expect(output).toMatch(/Stopping \(SIGINT\)…\n$/);

    const files = loadedFiles();
    expect(files.some((f) => f.startsWith(join(simRoot, 'src') + '/'))).toBe(true);
    const outside = files.filter((f) => {
      if (f.startsWith(join(simRoot, 'src') + '/') || f.startsWith(join(simRoot, 'bin') + '/')) return false;
      if (f.startsWith(join(workspace, 'packages', 'base', 'src') + '/')) return false;
      return !f.includes('/node_modules/');
    });
    // Nothing of the app (src/main, src/shared, …) nor of other workspace packages.
    expect(outside).toEqual([]);
    const appOnly =
      /\/node_modules\/(better-sqlite3|openai|react|react-dom|zustand|electron|tesseract\.js|@devicefarmer|ws|zod|@moba\/testkit)\//;
    expect(files.filter((f) => appOnly.test(f))).toEqual([]);
  });
});
