/**
 * The adb client's guarantees that need no phone: a request to a server that never answers
 * ends at its deadline (or when the caller aborts) and its socket is closed; no server is
 * ever started by adbkit, nor by us for a remote address; and what an `authorizing` device
 * means is the same for the device layer and the mirror. The servers here are small TCP
 * stand-ins: a real adb server cannot be made to hang or to hold a device mid-authorisation.
 */
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MobaError } from '../../shared/errors.ts';
import { freePort, tempDir, waitUntil } from '@moba/testkit/rigs';
import { DeviceService } from '../device/device-service.ts';
import { MirrorService } from '../mirror/mirror-service.ts';
import { AdbClient } from './adb-client.ts';

const cleanup: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** A TCP server on loopback; `onSocket` gets every accepted connection. */
async function listen(
  onSocket: (socket: Socket) => void,
): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.on('error', () => undefined);
    onSocket(socket);
    // Flowing, so that the client's close reaches 'close' here even when nothing is read.
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  );
  return { server, port: (server.address() as AddressInfo).port, sockets };
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));

async function failure(work: Promise<unknown>): Promise<MobaError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a failure').toBeInstanceOf(MobaError);
  return error as MobaError;
}

describe('a server that accepts and never answers', () => {
  it('a host request ends at its deadline and its socket is closed', async () => {
    const hung = await listen(() => undefined);
    const client = new AdbClient({ address: { host: '127.0.0.1', port: hung.port }, binary: 'adb', autoStart: false });
    const started = Date.now();
    const error = await failure(client.hostQuery('host:version', { timeoutMs: 300 }));
    expect(error.code).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(10_000); // a request with no deadline would hang
    expect(hung.sockets).toHaveLength(1);
    await closed(hung.sockets[0]!);
  });

  it('a device request ends when the caller aborts, and its socket is closed', async () => {
    const hung = await listen(() => undefined);
    const client = new AdbClient({ address: { host: '127.0.0.1', port: hung.port }, binary: 'adb', autoStart: false });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await failure(
      client.query('emulator-5554', 'exec:screencap -p', { timeoutMs: 60_000, signal: controller.signal }),
    );
    expect(error.code).toBe('CANCELLED');
    await closed(hung.sockets[0]!);
  });

  it('a stream that is open but silent: opening a shell is bounded too', async () => {
    // Answers the transport with OKAY, then never answers the shell request.
    const half = await listen((socket) => socket.once('data', () => socket.write('OKAY')));
    const client = new AdbClient({ address: { host: '127.0.0.1', port: half.port }, binary: 'adb', autoStart: false });
    const error = await failure(client.openShell('emulator-5554', 'sleep 100', { timeoutMs: 300 }));
    expect(error.code).toBe('TIMEOUT');
    await closed(half.sockets[0]!);
  });
});

describe('starting servers', () => {
  /** An "adb" that only records that it was run. */
  function recorder(): { binary: string; ran: () => boolean } {
    const dir = tempDir('moba-adb-recorder-');
    cleanup.push(() => dir.dispose());
    const marker = join(dir.path, 'ran');
    const binary = join(dir.path, 'adb');
    writeFileSync(binary, `#!/bin/sh\necho "$@" >> '${marker}'\n`);
    chmodSync(binary, 0o755);
    return { binary, ran: () => existsSync(marker) };
  }

  it('adbkit never starts a server by itself: a refused connection is ADB_UNAVAILABLE', async () => {
    const adb = recorder();
    const client = new AdbClient({
      address: { host: '127.0.0.1', port: await freePort() },
      binary: adb.binary,
      autoStart: false,
    });
    expect((await failure(client.version())).code).toBe('ADB_UNAVAILABLE');
    expect((await failure(client.getState('emulator-5554'))).code).toBe('ADB_UNAVAILABLE');
    expect(adb.ran()).toBe(false);
  });

  it('a remote address is never started, even with auto-start on; a loopback one is', async () => {
    const adb = recorder();
    const port = await freePort();
    // The IPv4-mapped spelling reaches this machine's refusing port, but is not a loopback host name to MobA.
    const remote = new AdbClient({ address: { host: '::ffff:127.0.0.1', port }, binary: adb.binary, autoStart: true });
    expect((await failure(remote.hostQuery('host:devices-l'))).code).toBe('ADB_UNAVAILABLE');
    expect(adb.ran()).toBe(false);
    // The same port on loopback: the recorder is run (and starts nothing, so the retry is refused too).
    const local = new AdbClient({ address: { host: '127.0.0.1', port }, binary: adb.binary, autoStart: true });
    expect((await failure(local.hostQuery('host:devices-l'))).code).toBe('ADB_UNAVAILABLE');
    expect(adb.ran()).toBe(true);
  });
});

/** A device service on the stand-in at `port`, closed after the test. */
function deviceServiceAt(port: number): DeviceService {
  const devices = new DeviceService({ adb: { host: '127.0.0.1', port, binary: 'adb' }, autoStartServer: false });
  cleanup.push(() => devices.close());
  return devices;
}

/** How a stand-in answers: OKAY or FAIL, with a length-prefixed value or (OKAY alone) none. */
type Answer = (status: 'OKAY' | 'FAIL', value?: string, options?: { keepOpen?: boolean }) => void;

/**
 * A stand-in adb server: reads the length-prefixed requests of each connection in turn (a
 * transport switch is followed by the device's service on the same socket) and lets `handle`
 * answer each; an answer ends the connection unless it keeps it open.
 */
async function standIn(handle: (service: string, answer: Answer) => void): Promise<number> {
  const { port } = await listen((socket) => {
    const answer: Answer = (status, value, options = {}) => {
      const body = value === undefined ? undefined : Buffer.from(value);
      const frame = body
        ? Buffer.concat([Buffer.from(status), Buffer.from(body.length.toString(16).padStart(4, '0')), body])
        : Buffer.from(status);
      if (options.keepOpen) socket.write(frame);
      else socket.end(frame);
    };
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 4) {
        const length = Number.parseInt(buffered.subarray(0, 4).toString('ascii'), 16);
        if (buffered.length < 4 + length) return;
        const service = buffered.subarray(4, 4 + length).toString('utf8');
        buffered = buffered.subarray(4 + length);
        handle(service, answer);
      }
    });
  });
  return port;
}

/**
 * A server that knows one device, still waiting for the person to accept the debugging
 * prompt: `get-state` says `authorizing`, device requests FAIL with adb's own words.
 */
async function authorizingServer(serial: string): Promise<number> {
  return standIn((service, answer) => {
    if (service === `host-serial:${serial}:get-state`) answer('OKAY', 'authorizing');
    else answer('FAIL', 'device still authorizing');
  });
}

describe('a device that is still authorizing', () => {
  it('is DEVICE_UNAUTHORIZED for the device layer and for the mirror alike', async () => {
    const serial = 'R58M123ABC';
    const port = await authorizingServer(serial);
    const devices = deviceServiceAt(port);
    expect((await failure(devices.onlineDevice(serial))).code).toBe('DEVICE_UNAUTHORIZED');
    expect((await failure(devices.device(serial).shell('echo hi'))).code).toBe('DEVICE_UNAUTHORIZED');
    expect((await failure(devices.device(serial).screencap())).message).toMatch(/Allow USB debugging/);

    const resources = tempDir('moba-mirror-resources-');
    cleanup.push(() => resources.dispose());
    const mirror = new MirrorService({
      device: (s) => devices.device(s),
      mirrorSettings: () => ({ maxSize: 1280, maxFps: 30, bitRate: 4_000_000, scrcpyServerPath: '' }),
      resourcesDir: resources.path,
      env: {},
      installedServerCandidates: [],
      log: () => undefined,
    });
    cleanup.push(() => mirror.dispose());
    const viewer = { id: 'w', sendBinary: () => true, onDidClose: () => ({ dispose() {} }) };
    // Not a fallback to screenshots: the device cannot be reached at all until the prompt is accepted.
    expect((await failure(mirror.start(serial, viewer))).code).toBe('DEVICE_UNAUTHORIZED');
    expect(mirror.isRunning(serial)).toBe(false);
  });
});

/**
 * A server that, like the real one for a moment, still lists a disconnected wireless device
 * (as `offline`) for the first `lingering` lists after `host:disconnect` answers.
 */
async function lingeringServer(
  serial: string,
  lingering: number,
  options: { failListsAfter?: boolean } = {},
): Promise<{ port: number; lists: () => number }> {
  let disconnected = false;
  let listsAfter = 0;
  const port = await standIn((service, answer) => {
    if (service === `host:disconnect:${serial}`) {
      disconnected = true;
      return answer('OKAY', `disconnected ${serial}`);
    }
    if (service !== 'host:devices-l') return answer('FAIL', 'not known');
    if (disconnected) listsAfter += 1;
    if (disconnected && options.failListsAfter) return answer('FAIL', 'busy');
    const listed = !disconnected || listsAfter <= lingering;
    answer('OKAY', listed ? `${serial}\t${disconnected ? 'offline' : 'device'} transport_id:1\n` : '');
  });
  return { port, lists: () => listsAfter };
}

describe('a disconnect the server finishes a moment later', () => {
  it('resolves only once the server no longer lists the device', async () => {
    const serial = '127.0.0.1:5555';
    const server = await lingeringServer(serial, 3);
    const devices = deviceServiceAt(server.port);
    expect((await devices.list()).map((d) => d.serial)).toEqual([serial]);
    expect(await devices.disconnect(serial)).toBe(serial);
    // Without the wait, the first list after the disconnect still shows it offline.
    expect(server.lists()).toBe(4);
    expect(await devices.list()).toEqual([]);
  });

  it('still returns when the server keeps listing the device past the bound', async () => {
    const serial = '127.0.0.1:5556';
    const server = await lingeringServer(serial, Number.POSITIVE_INFINITY);
    const devices = deviceServiceAt(server.port);
    expect(await devices.disconnect(serial, { timeoutMs: 200 })).toBe(serial);
    expect(server.lists()).toBeGreaterThan(1);
  });

  it('returns when the list cannot be read after the disconnect was accepted', async () => {
    const serial = '127.0.0.1:5557';
    const server = await lingeringServer(serial, Number.POSITIVE_INFINITY, { failListsAfter: true });
    const devices = deviceServiceAt(server.port);
    expect(await devices.disconnect(serial)).toBe(serial);
    expect(server.lists()).toBe(1);
  });
});

/**
 * A server whose device stream is cut (`shell` is refused with `closed`, as when the transport
 * breaks) while `get-state` still says `device` for the first `onlineFor` asks, then that the
 * device is offline — the order the real server reports a phone that has just gone away.
 */
async function cutServer(serial: string, onlineFor: number): Promise<{ port: number; stateAsks: () => number }> {
  let asks = 0;
  const port = await standIn((service, answer) => {
    if (service === `host-serial:${serial}:features`) answer('OKAY', 'shell_v2,cmd');
    else if (service === `host-serial:${serial}:get-state`) {
      asks += 1;
      if (asks <= onlineFor) answer('OKAY', 'device');
      else answer('FAIL', 'device offline');
    } else if (service === `host:transport:${serial}`) answer('OKAY', undefined, { keepOpen: true });
    else answer('FAIL', 'closed');
  });
  return { port, stateAsks: () => asks };
}

describe('a device stream the server cuts', () => {
  const serial = 'R58M00CUT';

  it('is DEVICE_OFFLINE once the server marks the device offline a moment later', async () => {
    const server = await cutServer(serial, 2);
    const devices = deviceServiceAt(server.port);
    const error = await failure(devices.device(serial).shell('echo hi'));
    expect(error.code).toBe('DEVICE_OFFLINE');
    expect(server.stateAsks()).toBe(3);
  });

  it('ends with CANCELLED when the caller aborts while the state is asked again', async () => {
    const server = await cutServer(serial, Number.POSITIVE_INFINITY);
    const devices = deviceServiceAt(server.port);
    const controller = new AbortController();
    const pending = failure(devices.device(serial).shell('echo hi', { signal: controller.signal }));
    await waitUntil(() => server.stateAsks() > 0, 'the state to be asked');
    controller.abort();
    expect((await pending).code).toBe('CANCELLED');
  });

  it('stays the refusal it is while the device stays online', async () => {
    const server = await cutServer(serial, Number.POSITIVE_INFINITY);
    const devices = deviceServiceAt(server.port);
    const error = await failure(devices.device(serial).shell('echo hi'));
    expect(error.code).toBe('DEVICE_COMMAND_FAILED');
    expect(error.message).toContain('closed');
    expect(server.stateAsks()).toBeGreaterThan(1);
  });
});
