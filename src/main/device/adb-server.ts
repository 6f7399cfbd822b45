/**
 * The adb server MobA talks to: host requests (devices, connect, disconnect), device requests
 * (shell/exec on one serial), and starting a local server when none runs.
 */
import { execFile } from 'node:child_process';
import { MobaError } from '../../shared/errors.ts';
import type { AdbAddress } from './adb-address.ts';
import { formatAddress, isLoopbackHost } from './adb-address.ts';
import { AdbFailure, deviceFailure } from './adb-errors.ts';
import { AdbSocket } from './adb-socket.ts';

export interface AdbServerOptions {
  address: AdbAddress;
  /** The adb binary that starts a local server. */
  binary: string;
  /**
   * Start a server when none answers. Only ever for a loopback host on an unprivileged port:
   * a remote server (device farm) cannot be started from here, and adb servers never live on
   * ports below 1024 — a closed port there is a mistake, not an invitation to spawn a daemon.
   */
  autoStart: boolean;
  /** Default bound for one host request. */
  hostTimeoutMs?: number;
  /** Environment of a server we start (default: ours; tests point HOME elsewhere). */
  serverEnv?: NodeJS.ProcessEnv;
}

export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal | undefined;
}

export class AdbServer {
  readonly address: AdbAddress;
  readonly binary: string;
  private readonly autoStart: boolean;
  private readonly hostTimeoutMs: number;
  private readonly serverEnv: NodeJS.ProcessEnv | undefined;
  private starting: Promise<void> | undefined;

  constructor(options: AdbServerOptions) {
    this.address = options.address;
    this.binary = options.binary;
    this.autoStart = options.autoStart && isLoopbackHost(options.address.host) && options.address.port >= 1024;
    this.hostTimeoutMs = options.hostTimeoutMs ?? 5_000;
    this.serverEnv = options.serverEnv;
  }

  get label(): string {
    return formatAddress(this.address);
  }

  /**
   * Sends a host request (`host:devices-l`, `host:connect:…`) and returns its value.
   *
   * @throws MobaError ADB_UNAVAILABLE, TIMEOUT, CANCELLED; AdbFailure on a FAIL reply
   */
  async hostQuery(service: string, options: RequestOptions = {}): Promise<string> {
    return this.withServer(options, async () => {
      const socket = await AdbSocket.open(this.address, this.socketOptions(service, options));
      try {
        await socket.request(service);
        return await socket.readValue();
      } finally {
        socket.close();
      }
    });
  }

  /**
   * Runs a device service (`shell:…`, `exec:…`) on one serial and returns all it printed.
   *
   * @throws MobaError DEVICE_NOT_FOUND / DEVICE_OFFLINE / DEVICE_UNAUTHORIZED from the server,
   *   ADB_UNAVAILABLE, TIMEOUT (the socket is closed), CANCELLED
   */
  async deviceQuery(serial: string, service: string, options: RequestOptions = {}): Promise<Buffer> {
    return this.withServer(options, async () => {
      const socket = await AdbSocket.open(this.address, this.socketOptions(`${service.slice(0, 60)} on ${serial}`, options));
      try {
        try {
          await socket.request(`host:transport:${serial}`);
        } catch (error) {
          if (error instanceof AdbFailure) throw deviceFailure(serial, error.reply);
          throw error;
        }
        try {
          await socket.request(service);
        } catch (error) {
          if (error instanceof AdbFailure) throw new MobaError('DEVICE_COMMAND_FAILED', `${serial} refused ${service.slice(0, 80)}: ${error.reply}`);
          throw error;
        }
        return await socket.readAll();
      } finally {
        socket.close();
      }
    });
  }

  /**
   * Opens a long-lived host stream (`host:track-devices`): connect and OKAY are bounded, the
   * stream itself is not. The caller closes the socket.
   */
  async openStream(service: string, options: RequestOptions = {}): Promise<AdbSocket> {
    const timeoutMs = options.timeoutMs ?? this.hostTimeoutMs;
    const socket = await AdbSocket.open(this.address, { deadline: Date.now() + timeoutMs, what: service, signal: options.signal });
    try {
      await socket.request(service);
    } catch (error) {
      socket.close();
      throw error;
    }
    socket.setDeadline(Number.POSITIVE_INFINITY);
    return socket;
  }

  /**
   * Checks that a server answers, starting a local one when allowed.
   *
   * @returns the server's protocol version
   */
  async version(options: RequestOptions = {}): Promise<number> {
    const value = await this.hostQuery('host:version', options);
    return Number.parseInt(value, 16);
  }

  private socketOptions(what: string, options: RequestOptions) {
    return { deadline: Date.now() + (options.timeoutMs ?? this.hostTimeoutMs), what, signal: options.signal };
  }

  private async withServer<T>(options: RequestOptions, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const refused = error instanceof MobaError && error.code === 'ADB_UNAVAILABLE' && (error.cause as NodeJS.ErrnoException | undefined)?.code === 'ECONNREFUSED';
      if (!refused || !this.autoStart) throw error;
      await this.startServer(options.signal);
      return run();
    }
  }

  /** `adb -P PORT start-server`, once at a time; the server daemonises and outlives this call. */
  private startServer(signal?: AbortSignal): Promise<void> {
    this.starting ??= new Promise<void>((resolve, reject) => {
      execFile(this.binary, ['-P', String(this.address.port), 'start-server'], { timeout: 30_000, signal, ...(this.serverEnv ? { env: this.serverEnv } : {}) }, (error, _stdout, stderr) => {
        this.starting = undefined;
        if (!error) return resolve();
        const code = (error as NodeJS.ErrnoException).code;
        const why = code === 'ENOENT' ? `the adb binary "${this.binary}" was not found (install platform-tools or set adb.binary)` : String(stderr).trim() || error.message;
        reject(new MobaError('ADB_UNAVAILABLE', `Could not start an adb server on port ${this.address.port}: ${why}.`, { cause: error }));
      });
    });
    return this.starting;
  }
}
