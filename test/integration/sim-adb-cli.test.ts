/** `moba sim start`: prints where it listens, serves adb there, stops on Ctrl-C. */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/main/cli/io.ts';
import { main } from '../../src/main/cli/main.ts';
import { startAdbServer, waitUntil } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';

let adb: PrivateAdbServer;

beforeAll(async () => {
  adb = await startAdbServer();
});

afterAll(async () => {
  await adb?.dispose();
});

/** Runs `moba …` in-process; `stop()` plays the part of Ctrl-C. */
function runCli(args: string[]): {
  output: () => string;
  errors: () => string;
  stop: () => void;
  done: Promise<number>;
} {
  let out = '';
  let err = '';
  let stop: (signal: string) => void = () => undefined;
  const stopped = new Promise<string>((resolve) => {
    stop = resolve;
  });
  const io: CliIo = {
    input: Readable.from([]),
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    untilStopped: () => stopped,
  };
  const done = main(args, io);
  return { output: () => out, errors: () => err, stop: () => stop('SIGINT'), done };
}

async function startAndConnect(args: string[]): Promise<{ cli: ReturnType<typeof runCli>; address: string }> {
  const cli = runCli(args);
  await waitUntil(
    () => /Press Ctrl-C to stop/.test(cli.output()) || cli.errors() !== '',
    'the simulator to start',
    90_000,
  );
  const match = /^Simulated phone listening on (127\.0\.0\.1:(\d+)) — connect with: adb connect 127\.0\.0\.1:\2\n/.exec(
    cli.output(),
  );
  expect(match, `${cli.output()}${cli.errors()}`).not.toBeNull();
  const address = match?.[1] as string;
  await adb.connectDevice(address);
  return { cli, address };
}

describe('moba sim start', () => {
  it('serves the fake phone with --fake and stops on Ctrl-C', async () => {
    const { cli, address } = await startAndConnect(['sim', 'start', '--fake', '--port', '0', '--serial', 'CLIFAKE01']);
    const result = await adb.adb(['-s', address, 'shell', 'getprop ro.serialno']);
    expect(result.stdout.toString()).toBe('CLIFAKE01\n');
    cli.stop();
    expect(await cli.done).toBe(0);
    expect(cli.output()).toMatch(/Stopping \(SIGINT\)…\n$/);
    await adb.adb(['disconnect', address]);
  });

  it('serves the Chromium phone with the requested size and seed', async () => {
    const { cli, address } = await startAndConnect([
      'sim',
      'start',
      '--port',
      '0',
      '--seed',
      '3',
      '--width',
      '720',
      '--height',
      '1600',
      '--density',
      '320',
    ]);
    expect(cli.output()).toMatch(/720x1600 @ 320 dpi, seed 3/);
    const size = await adb.adb(['-s', address, 'shell', 'wm size; wm density']);
    expect(size.stdout.toString()).toBe('Physical size: 720x1600\nPhysical density: 320\n');
    const png = (await adb.adb(['-s', address, 'exec-out', 'screencap', '-p'])).stdout;
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([720, 1600]);
    cli.stop();
    expect(await cli.done).toBe(0);
    await adb.adb(['disconnect', address]);
  });

  it('refuses a port that is in use with a clear message', async () => {
    const first = runCli(['sim', 'start', '--fake', '--port', '0']);
    await waitUntil(() => /Press Ctrl-C/.test(first.output()), 'the first simulator');
    const port = /127\.0\.0\.1:(\d+)/.exec(first.output())?.[1] as string;
    const second = runCli(['sim', 'start', '--fake', '--port', port]);
    expect(await second.done).toBe(1);
    expect(second.errors()).toMatch(
      new RegExp(`port ${port} is in use; pick another \\(0 = any free port\\) \\[SIMULATOR_FAILED\\]`),
    );
    first.stop();
    expect(await first.done).toBe(0);
  });
});
