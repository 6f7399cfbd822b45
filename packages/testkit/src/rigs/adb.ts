/**
 * A private adb server for integration tests: its own port (never 5037), its own HOME (so
 * ~/.android/adbkey is never touched), started in the foreground so its pid is ours to kill.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import adbkit from '@devicefarmer/adbkit';

/**
 * adbkit's `Adb` entry. Node's ESM loader gives the CommonJS exports object as the default
 * import, Vitest gives its `default` (which is `Adb` itself): accept both.
 */
export const Adb: typeof adbkit.Adb =
  (adbkit as unknown as { Adb?: typeof adbkit.Adb }).Adb ?? (adbkit as unknown as typeof adbkit.Adb);

/** The adbkit client type (adbkit does not export it by name). */
export type AdbkitClient = ReturnType<typeof adbkit.Adb.createClient>;

export interface AdbResult {
  stdout: Buffer;
  stderr: string;
  /** Exit status; null when the process was killed (timeout). */
  code: number | null;
}

export interface AdbDeviceLine {
  serial: string;
  state: string;
  /** `product:x model:y device:z transport_id:n` from `adb devices -l`. */
  details: Record<string, string>;
}

export interface PrivateAdbServer {
  readonly port: number;
  /** The temporary HOME holding this server's .android folder. */
  readonly home: string;
  /** Environment for running the adb CLI against this server. */
  readonly env: NodeJS.ProcessEnv;
  /** Pid of the server process (started with `nodaemon server`). */
  readonly pid: number | undefined;
  /** Runs `adb <args>` against this server. Never rejects for a non-zero exit. */
  adb(args: string[], options?: { input?: string | Buffer; timeoutMs?: number }): Promise<AdbResult>;
  /** An adbkit client for this server; it never starts a server by itself. */
  client(): AdbkitClient;
  devices(): Promise<AdbDeviceLine[]>;
  /** `adb connect address`, then waits until the device is `device`; resolves to its serial. */
  connectDevice(address: string, timeoutMs?: number): Promise<string>;
  /** Waits until `serial` is listed with `state`. */
  waitForState(serial: string, state: string, timeoutMs?: number): Promise<void>;
  /** Stops the server (`kill-server`, then the pid); keeps HOME. Idempotent. */
  stop(): Promise<void>;
  /** stop() and remove HOME. */
  dispose(): Promise<void>;
}

/**
 * Reads a stream to its end. Unlike adbkit's `Adb.util.readAll` (which re-concatenates the
 * whole buffer per chunk: ~1.4 s for 10 MB) this stays linear.
 */
export function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/** A TCP port nobody listens on right now (outside the adb emulator scan range). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const { port: p } = server.address() as AddressInfo;
        server.close(() => resolve(p));
      });
    });
    if (port < 5555 || port > 5585) return port;
  }
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true or `timeoutMs` passes; throws with `what` on timeout. */
export async function waitUntil(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 15_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await delay(intervalMs);
  }
}

export function parseDevicesL(text: string): AdbDeviceLine[] {
  const out: AdbDeviceLine[] = [];
  for (const line of text.split('\n').slice(1)) {
    const match = /^(\S+)\s+(\S+)(.*)$/.exec(line.trim());
    if (!match) continue;
    const details: Record<string, string> = {};
    for (const pair of (match[3] ?? '').trim().split(/\s+/)) {
      const at = pair.indexOf(':');
      if (at > 0) details[pair.slice(0, at)] = pair.slice(at + 1);
    }
    out.push({ serial: match[1] as string, state: match[2] as string, details });
  }
  return out;
}

/**
 * Starts `adb -P <port> nodaemon server` with HOME in a temp dir and waits until it listens.
 * @throws when adb is missing or the server does not come up within 30 s.
 */
export async function startAdbServer(options: { port?: number; home?: string } = {}): Promise<PrivateAdbServer> {
  const port = options.port ?? (await freePort());
  const home = options.home ?? mkdtempSync(join(tmpdir(), 'moba-adb-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    ANDROID_SDK_HOME: home,
    ANDROID_ADB_SERVER_PORT: String(port),
  };
  delete env.ANDROID_SERIAL;
  delete env.ADB_SERVER_SOCKET;
  delete env.ANDROID_USER_HOME;
  delete env.ADB_VENDOR_KEYS;
  const child: ChildProcess = spawn('adb', ['-P', String(port), 'nodaemon', 'server'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  try {
    await waitUntil(
      async () => {
        if (spawnError) throw new Error(`cannot run adb: ${spawnError.message}`);
        if (child.exitCode !== null) throw new Error(`adb server exited with ${child.exitCode}: ${log}`);
        return listening(port);
      },
      `the adb server on port ${port}`,
      30_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    if (!options.home) rmSync(home, { recursive: true, force: true });
    throw error;
  }

  const adb = (args: string[], runOptions: { input?: string | Buffer; timeoutMs?: number } = {}) =>
    new Promise<AdbResult>((resolve) => {
      const proc = execFile(
        'adb',
        ['-P', String(port), ...args],
        { env, encoding: 'buffer', maxBuffer: 256 * 1024 * 1024, timeout: runOptions.timeoutMs ?? 60_000 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
          resolve({ stdout, stderr: stderr.toString('utf8'), code });
        },
      );
      if (runOptions.input !== undefined) proc.stdin?.end(runOptions.input);
      else proc.stdin?.end();
    });

  const devices = async () => parseDevicesL((await adb(['devices', '-l'])).stdout.toString('utf8'));

  const waitForState = (serial: string, state: string, timeoutMs = 20_000) =>
    waitUntil(
      async () => (await devices()).some((d) => d.serial === serial && d.state === state),
      `${serial} to be ${state}`,
      timeoutMs,
      150,
    );

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (child.exitCode === null) {
        await adb(['kill-server'], { timeoutMs: 10_000 });
        const gone = await Promise.race([exited.then(() => true), delay(5000).then(() => false)]);
        if (!gone) {
          child.kill('SIGKILL');
          await exited;
        }
      }
    })());

  return {
    port,
    home,
    env,
    pid: child.pid,
    adb,
    client: () => Adb.createClient({ host: '127.0.0.1', port, bin: '/bin/false' }),
    devices,
    waitForState,
    connectDevice: async (address, timeoutMs = 20_000) => {
      const result = await adb(['connect', address]);
      const text = result.stdout.toString('utf8');
      if (!/connected to/.test(text)) throw new Error(`adb connect ${address} failed: ${text}${result.stderr}`);
      await waitForState(address, 'device', timeoutMs);
      return address;
    },
    stop,
    dispose: async () => {
      await stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
