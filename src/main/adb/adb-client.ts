/**
 * The one adb client of the app: every exchange with the adb server — host requests, device
 * tracking, shell and exec, sync push/pull, `localabstract:` tunnels, forwards, wireless
 * connect/disconnect — goes through here, on adbkit (see `adbkit.ts`).
 *
 * Every call has a deadline (its `timeoutMs`, or the client's default) and takes an
 * AbortSignal; giving up destroys the call's sockets, so the adb server closes the device
 * stream behind it. A refused connection starts a server only when allowed and only on this
 * machine (`adb -P PORT start-server`); adbkit's own auto-start is always off.
 */
import { execFile } from 'node:child_process';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { MobaError } from '../../shared/errors.ts';
import { raceDeadline } from '@moba/base';
import type { AdbAddress } from './address.ts';
import { formatAddress, isLoopbackHost } from './address.ts';
import { CallClient, fromAdbkit, readToEnd, request } from './adbkit.ts';
import type { Connection } from './adbkit.ts';
import { AdbFailure, deviceFailure, streamCut } from './errors.ts';

export interface AdbClientOptions {
  address: AdbAddress;
  /** The adb binary that starts a local server. */
  binary: string;
  /**
   * Start a server when none answers. Only ever for a loopback host on an unprivileged port:
   * a remote server (device farm) cannot be started from here, and adb servers never live on
   * ports below 1024 — a closed port there is a mistake, not an invitation to spawn a daemon.
   */
  autoStart: boolean;
  /** Default bound for one host request (default 5 s). */
  hostTimeoutMs?: number;
  /** Default bound for one device request: shell, exec, push, pull (default 15 s). */
  deviceTimeoutMs?: number;
  /** Environment of a server we start (default: ours; tests point HOME elsewhere). */
  serverEnv?: NodeJS.ProcessEnv;
}

/** Every call's bound and cancellation. */
export interface AdbCallOptions {
  /** How long the whole exchange may take; default the client's host or device bound. */
  timeoutMs?: number;
  /** Aborting ends the call with CANCELLED and closes its sockets. */
  signal?: AbortSignal | undefined;
}

/** A host stream that pushes length-prefixed values (`host:track-devices`). */
export interface AdbValueStream {
  /**
   * The next value; waits as long as it takes (the stream's signal still ends it).
   *
   * @throws MobaError DEVICE_COMMAND_FAILED when the server closed the stream, CANCELLED
   */
  readValue(): Promise<string>;
  close(): void;
}

interface CallSpec<T> {
  what: string;
  options: AdbCallOptions;
  defaultMs: number;
  work: (client: CallClient) => PromiseLike<T>;
  /** For calls that hand out a stream: the socket that must stay open. */
  keep?: (value: T) => Socket | Duplex;
}

export class AdbClient {
  readonly address: AdbAddress;
  readonly binary: string;
  private readonly autoStart: boolean;
  private readonly hostTimeoutMs: number;
  private readonly deviceTimeoutMs: number;
  private readonly serverEnv: NodeJS.ProcessEnv | undefined;
  private starting: Promise<void> | undefined;

  constructor(options: AdbClientOptions) {
    this.address = options.address;
    this.binary = options.binary;
    this.autoStart = options.autoStart && isLoopbackHost(options.address.host) && options.address.port >= 1024;
    this.hostTimeoutMs = options.hostTimeoutMs ?? 5_000;
    this.deviceTimeoutMs = options.deviceTimeoutMs ?? 15_000;
    this.serverEnv = options.serverEnv;
  }

  get label(): string {
    return formatAddress(this.address);
  }

  /**
   * Sends a host request (`host:devices-l`, `host-serial:…`) and returns its value.
   *
   * @throws MobaError ADB_UNAVAILABLE, TIMEOUT, CANCELLED; AdbFailure on a FAIL reply
   */
  hostQuery(service: string, options: AdbCallOptions = {}): Promise<string> {
    return this.call({
      what: service,
      options,
      defaultMs: this.hostTimeoutMs,
      work: async (client) => {
        const connection = await client.connection();
        await request(connection, service);
        return (await connection.parser.readValue()).toString('utf8');
      },
    });
  }

  /** The server's protocol version (a server answers; a local one is started when allowed). */
  version(options: AdbCallOptions = {}): Promise<number> {
    return this.call({
      what: 'host:version',
      options,
      defaultMs: this.hostTimeoutMs,
      work: (client) => client.version(),
    });
  }

  /**
   * The device's state as the server sees it (`device`, `offline`, `unauthorized`, `authorizing`…).
   *
   * @throws MobaError DEVICE_NOT_FOUND when the server does not know the serial
   */
  getState(serial: string, options: AdbCallOptions = {}): Promise<string> {
    return this.deviceCall<string>(serial, {
      what: `get-state of ${serial}`,
      options,
      defaultMs: this.hostTimeoutMs,
      work: (client) => client.getDevice(serial).getState(),
    }).then((s) => s.trim());
  }

  /** The transport's adb features (`shell_v2`, `cmd`…), not Android's `pm list features`. */
  async features(serial: string, options: AdbCallOptions = {}): Promise<Set<string>> {
    try {
      const text = await this.hostQuery(`host-serial:${serial}:features`, options);
      return new Set(text.trim().split(',').filter(Boolean));
    } catch (error) {
      throw error instanceof AdbFailure ? deviceFailure(serial, error.reply) : error;
    }
  }

  /**
   * `adb connect HOST:PORT`.
   *
   * @returns the serial (`host:port`)
   * @throws AdbFailure with adb's reply when it did not connect (`unable to connect to …`,
   *   `failed to authenticate …`); ADB_UNAVAILABLE, TIMEOUT, CANCELLED
   */
  connect(host: string, port: number, options: AdbCallOptions = {}): Promise<string> {
    return this.call({
      what: `connecting to ${host}:${port}`,
      options,
      defaultMs: this.hostTimeoutMs,
      work: (client) => client.connect(host, port).catch(replyAsFailure),
    });
  }

  /**
   * `adb disconnect HOST:PORT`.
   *
   * @throws AdbFailure with adb's reply when there is no such connection
   */
  async disconnect(host: string, port: number, options: AdbCallOptions = {}): Promise<void> {
    await this.call({
      what: `disconnecting ${host}:${port}`,
      options,
      defaultMs: this.hostTimeoutMs,
      work: (client) => client.disconnect(host, port).catch(replyAsFailure),
    });
  }

  /**
   * Opens `host:track-devices`: the connect and OKAY are bounded, the stream is not (the
   * signal still ends it, and so does `close()`).
   */
  async trackDevices(options: AdbCallOptions = {}): Promise<AdbValueStream> {
    const connection = await this.call({
      what: 'host:track-devices',
      options,
      defaultMs: this.hostTimeoutMs,
      work: async (client) => {
        const c = await client.connection();
        await request(c, 'host:track-devices');
        return c;
      },
      keep: (c) => c.socket,
    });
    const close = () => connection.socket.destroy();
    return {
      close,
      readValue: async () => {
        try {
          const value = await raceDeadline(Promise.resolve(connection.parser.readValue()), {
            ms: Number.POSITIVE_INFINITY,
            what: 'Tracking devices',
            signal: options.signal,
            onGiveUp: close,
          });
          return value.toString('utf8');
        } catch (error) {
          throw fromAdbkit(error, 'Tracking devices');
        }
      },
    };
  }

  /**
   * Runs a device service that ends by itself (`shell:…`, `shell,v2,raw:…`, `exec:…`) on one
   * serial and returns all it sent.
   *
   * @throws MobaError DEVICE_NOT_FOUND / DEVICE_OFFLINE / DEVICE_UNAUTHORIZED from the server,
   *   DEVICE_COMMAND_FAILED when the device refuses the service, ADB_UNAVAILABLE, TIMEOUT
   *   (the stream is closed), CANCELLED
   */
  query(serial: string, service: string, options: AdbCallOptions = {}): Promise<Buffer> {
    const what = `${service.slice(0, 60)} on ${serial}`;
    return this.deviceCall(serial, {
      what,
      options,
      defaultMs: this.deviceTimeoutMs,
      work: async (client) => {
        const connection = await client.getDevice(serial).transport();
        await this.service(connection, serial, service);
        return readToEnd(connection.socket, what);
      },
    });
  }

  /**
   * Starts a long-running shell command (`shell:`) and hands out its stream; opening is
   * bounded, the stream is the caller's to read and destroy (which ends the command).
   */
  openShell(serial: string, command: string, options: AdbCallOptions = {}): Promise<Duplex> {
    return this.deviceCall(serial, {
      what: `starting \`${command.slice(0, 60)}\` on ${serial}`,
      options,
      defaultMs: 10_000,
      work: (client) => client.getDevice(serial).shell(command),
      keep: (s) => s,
    });
  }

  /**
   * Connects to a socket on the device (`localabstract:name`, `tcp:port`…) through the server
   * (a forward tunnel); opening is bounded, the stream is the caller's.
   */
  openLocal(serial: string, name: string, options: AdbCallOptions = {}): Promise<Duplex> {
    return this.deviceCall(serial, {
      what: `opening ${name} on ${serial}`,
      options,
      defaultMs: 5_000,
      work: (client) => client.getDevice(serial).openLocal(name),
      keep: (s) => s,
    });
  }

  /** Copies a local file to the device (sync SEND). */
  async push(serial: string, localPath: string, remotePath: string, options: AdbCallOptions = {}): Promise<void> {
    await this.deviceCall(serial, {
      what: `pushing ${localPath} to ${serial}:${remotePath}`,
      options,
      defaultMs: 30_000,
      work: async (client) => {
        const transfer = await client.getDevice(serial).push(localPath, remotePath);
        await new Promise<void>((resolve, reject) => {
          transfer.once('end', () => resolve());
          transfer.once('error', reject);
        });
      },
    });
  }

  /**
   * Reads a file from the device (sync RECV).
   *
   * @throws MobaError DEVICE_COMMAND_FAILED when there is no such file
   */
  pull(serial: string, remotePath: string, options: AdbCallOptions = {}): Promise<Buffer> {
    return this.deviceCall(serial, {
      what: `pulling ${serial}:${remotePath}`,
      options,
      defaultMs: 30_000,
      work: async (client) => {
        const device = client.getDevice(serial);
        // adbkit ends a pull of a missing file as an empty one (its error comes after the end): ask first.
        await device.stat(remotePath).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT')
            throw new MobaError('DEVICE_COMMAND_FAILED', `${serial} has no file ${remotePath}.`, {
              details: { serial },
            });
          throw error;
        });
        const transfer = await device.pull(remotePath);
        return new Promise<Buffer>((resolve, reject) => {
          const chunks: Buffer[] = [];
          transfer.on('data', (chunk: Buffer) => chunks.push(chunk));
          transfer.once('end', () => resolve(Buffer.concat(chunks)));
          transfer.once('error', reject);
        });
      },
    });
  }

  /** `adb forward LOCAL REMOTE` (e.g. `tcp:27183` → `localabstract:scrcpy`), on the server's host. */
  async forward(serial: string, local: string, remote: string, options: AdbCallOptions = {}): Promise<void> {
    await this.deviceCall(serial, {
      what: `forwarding ${local} to ${remote} on ${serial}`,
      options,
      defaultMs: this.hostTimeoutMs,
      work: (client) => client.getDevice(serial).forward(local, remote),
    });
  }

  /** `adb forward --remove LOCAL`. */
  async removeForward(serial: string, local: string, options: AdbCallOptions = {}): Promise<void> {
    await this.deviceCall(serial, {
      what: `removing the forward ${local} on ${serial}`,
      options,
      defaultMs: this.hostTimeoutMs,
      work: async (client) => {
        const connection = await client.connection();
        // killforward answers OKAY for the host request, then OKAY/FAIL for the forward itself.
        await request(connection, `host-serial:${serial}:killforward:${local}`);
      },
    });
  }

  /** A device service request on a transport: a FAIL here is the device refusing it. */
  private async service(connection: Connection, serial: string, service: string): Promise<void> {
    try {
      await request(connection, service);
    } catch (error) {
      const e = fromAdbkit(error, service);
      if (e instanceof AdbFailure) {
        const message = `${serial} refused ${service.slice(0, 80)}: ${e.reply}`;
        if (e.reply.trim() === 'closed') throw streamCut(message, { serial });
        throw new MobaError('DEVICE_COMMAND_FAILED', message, { details: { serial } });
      }
      throw e;
    }
  }

  /** {@link call} for a request about one device: a FAIL reply says what is wrong with it. */
  private async deviceCall<T>(serial: string, spec: CallSpec<T>): Promise<T> {
    try {
      return await this.call(spec);
    } catch (error) {
      throw error instanceof AdbFailure ? deviceFailure(serial, error.reply) : error;
    }
  }

  /**
   * One exchange on a fresh CallClient, raced against its deadline and signal; its sockets
   * are destroyed when it gives up and when it ends (all but a stream it hands out). When the
   * server refuses the connection and may be started here, starts it and tries once more.
   */
  private async call<T>(spec: CallSpec<T>): Promise<T> {
    try {
      return await this.attempt(spec);
    } catch (error) {
      const refused =
        error instanceof MobaError &&
        error.code === 'ADB_UNAVAILABLE' &&
        (error.cause as NodeJS.ErrnoException | undefined)?.code === 'ECONNREFUSED';
      if (!refused || !this.autoStart) throw error;
      await this.startServer(spec.options.signal);
      return this.attempt(spec);
    }
  }

  private async attempt<T>(spec: CallSpec<T>): Promise<T> {
    const client = new CallClient(this.address, this.binary);
    let keep: Socket | Duplex | undefined;
    try {
      const work = Promise.resolve()
        .then(() => spec.work(client))
        .catch((error: unknown) => {
          throw fromAdbkit(error, spec.what);
        });
      const value = await raceDeadline(work, {
        ms: spec.options.timeoutMs ?? spec.defaultMs,
        what: spec.what,
        signal: spec.options.signal,
        onGiveUp: () => client.destroy(),
      });
      keep = spec.keep?.(value);
      return value;
    } finally {
      client.destroy(keep);
    }
  }

  /** `adb -P PORT start-server`, once at a time; the server daemonises and outlives this call. */
  private startServer(signal?: AbortSignal): Promise<void> {
    this.starting ??= new Promise<void>((resolve, reject) => {
      execFile(
        this.binary,
        ['-P', String(this.address.port), 'start-server'],
        { timeout: 30_000, signal, ...(this.serverEnv ? { env: this.serverEnv } : {}) },
        (error, _stdout, stderr) => {
          this.starting = undefined;
          if (!error) return resolve();
          const code = (error as NodeJS.ErrnoException).code;
          const why =
            code === 'ENOENT'
              ? `the adb binary "${this.binary}" was not found (install platform-tools or set adb.binary)`
              : String(stderr).trim() || error.message;
          reject(
            new MobaError('ADB_UNAVAILABLE', `Could not start an adb server on port ${this.address.port}: ${why}.`, {
              cause: error,
            }),
          );
        },
      );
    });
    return this.starting;
  }
}

/** adbkit's connect/disconnect throw a plain Error carrying adb's reply when it is not a success. */
function replyAsFailure(error: unknown): never {
  if (error instanceof Error && error.constructor === Error && (error as NodeJS.ErrnoException).code === undefined)
    throw new AdbFailure(error.message);
  throw error;
}
