/**
 * The few adb operations the mirror needs, on adbkit 3.3.9 (push, shell, openLocal,
 * screencap), each bounded by a timeout so a vanished device fails instead of hanging.
 */
import type { Duplex } from 'node:stream';
import adbkit from '@devicefarmer/adbkit';
import { MobaError } from '../../shared/errors.ts';

/**
 * adbkit's `Adb` entry. Node's loader gives the CommonJS exports object as the default import,
 * some bundlers give `Adb` itself: accept both.
 */
const Adb: typeof adbkit.Adb = (adbkit as unknown as { Adb?: typeof adbkit.Adb }).Adb ?? (adbkit as unknown as typeof adbkit.Adb);

type AdbkitClient = ReturnType<typeof adbkit.Adb.createClient>;
type AdbkitDevice = ReturnType<AdbkitClient['getDevice']>;

export interface AdbAddress {
  host: string;
  port: number;
}

/** What the mirror does on one device; the tests and the service depend on this, not on adbkit. */
export interface MirrorDevice {
  readonly serial: string;
  /** Runs a command and returns its output (stdout and stderr mixed, as plain `shell:` gives them). */
  shell(command: string, timeoutMs?: number): Promise<string>;
  /** Starts a long-running command; the caller reads and ends the stream. */
  spawnShell(command: string): Promise<Duplex>;
  push(localPath: string, remotePath: string, timeoutMs?: number): Promise<void>;
  /** Connects to a socket on the device (`localabstract:name`); rejects while nothing listens. */
  openLocal(name: string): Promise<Duplex>;
  screencap(timeoutMs?: number): Promise<Buffer>;
}

function deviceError(serial: string, what: string, error: unknown): MobaError {
  if (error instanceof MobaError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/not found/i.test(message)) return new MobaError('DEVICE_NOT_FOUND', `Device ${serial} is not connected (${what}: ${message})`, { cause: error });
  if (/offline/i.test(message)) return new MobaError('DEVICE_OFFLINE', `Device ${serial} is offline (${what})`, { cause: error });
  if (/unauthorized/i.test(message)) return new MobaError('DEVICE_UNAUTHORIZED', `Device ${serial} is unauthorized (${what})`, { cause: error });
  // adbkit tries `<bin> start-server` when nothing answers; the mirror never starts servers (bin is /bin/false).
  if (/ECONNREFUSED|start-server|spawn .*ENOENT/.test(message)) return new MobaError('ADB_UNAVAILABLE', `The adb server is not reachable (${what})`, { cause: error });
  return new MobaError('DEVICE_COMMAND_FAILED', `${what} failed on ${serial}: ${message}`, { cause: error });
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work.finally(() => clearTimeout(timer)),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        onTimeout?.();
        reject(new MobaError('TIMEOUT', `${what} took longer than ${ms} ms`));
      }, ms);
    }),
  ]);
}

function readAll(stream: Duplex): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

class AdbkitMirrorDevice implements MirrorDevice {
  readonly serial: string;
  private readonly device: AdbkitDevice;

  constructor(device: AdbkitDevice, serial: string) {
    this.device = device;
    this.serial = serial;
  }

  async shell(command: string, timeoutMs = 15_000): Promise<string> {
    let stream: Duplex | undefined;
    try {
      return await withTimeout(
        (async () => {
          const opened = await this.device.shell(command);
          stream = opened;
          return (await readAll(opened)).toString('utf8');
        })(),
        timeoutMs,
        `adb shell ${command.slice(0, 60)}`,
        () => stream?.destroy(),
      );
    } catch (error) {
      throw deviceError(this.serial, `shell ${command.slice(0, 60)}`, error);
    }
  }

  async spawnShell(command: string): Promise<Duplex> {
    try {
      return await withTimeout(Promise.resolve(this.device.shell(command)), 10_000, 'starting a shell');
    } catch (error) {
      throw deviceError(this.serial, 'shell', error);
    }
  }

  async push(localPath: string, remotePath: string, timeoutMs = 30_000): Promise<void> {
    try {
      await withTimeout(
        (async () => {
          const transfer = await this.device.push(localPath, remotePath);
          await new Promise<void>((resolve, reject) => {
            transfer.once('end', () => resolve());
            transfer.once('error', reject);
          });
        })(),
        timeoutMs,
        `pushing ${localPath}`,
      );
    } catch (error) {
      throw deviceError(this.serial, `push ${remotePath}`, error);
    }
  }

  async openLocal(name: string): Promise<Duplex> {
    try {
      return await withTimeout(Promise.resolve(this.device.openLocal(name)), 5_000, `opening ${name}`);
    } catch (error) {
      throw deviceError(this.serial, `open ${name}`, error);
    }
  }

  async screencap(timeoutMs = 15_000): Promise<Buffer> {
    let stream: Duplex | undefined;
    try {
      return await withTimeout(
        (async () => {
          const opened = await this.device.screencap();
          stream = opened;
          return readAll(opened);
        })(),
        timeoutMs,
        'screencap',
        () => stream?.destroy(),
      );
    } catch (error) {
      throw deviceError(this.serial, 'screencap', error);
    }
  }
}

/**
 * adbkit clients per adb server address. adbkit opens one TCP connection per request, so a
 * client holds no sockets of its own; it never starts an adb server (`bin` is /bin/false):
 * the device layer owns that.
 */
export class MirrorAdb {
  private readonly address: () => AdbAddress;
  private client: { key: string; client: AdbkitClient } | undefined;

  constructor(address: () => AdbAddress) {
    this.address = address;
  }

  device(serial: string): MirrorDevice {
    const { host, port } = this.address();
    const key = `${host}:${port}`;
    if (this.client?.key !== key) this.client = { key, client: Adb.createClient({ host, port, bin: '/bin/false' }) };
    return new AdbkitMirrorDevice(this.client.client.getDevice(serial), serial);
  }
}
