/**
 * One request to the adb server over its smart-socket protocol (4 hex digits of length +
 * service; reply OKAY or FAIL + message). adbkit speaks the same protocol, but hides the
 * socket: a request to a dead transport can then wait forever, and a refused connection
 * makes it spawn `adb start-server` even for a remote server. Here every step races a
 * deadline and the caller's signal, and giving up destroys the socket.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { MobaError } from '../../shared/errors.ts';
import type { AdbAddress } from './adb-address.ts';
import { AdbFailure, serverUnavailable } from './adb-errors.ts';
import { raceDeadline } from '@moba/base';

export interface AdbSocketOptions {
  /** Absolute time (ms since epoch, `Date.now()` clock) by which the whole exchange must end. */
  deadline: number;
  what: string;
  signal?: AbortSignal | undefined;
}

/** Replies larger than this are not screenshots or dumps but a runaway stream. */
export const MAX_REPLY_BYTES = 256 * 1024 * 1024;

export class AdbSocket {
  private readonly socket: Socket;
  private options: AdbSocketOptions;
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  private constructor(socket: Socket, options: AdbSocketOptions) {
    this.socket = socket;
    this.options = options;
    socket.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      if (this.buffered > MAX_REPLY_BYTES) socket.destroy(new MobaError('DEVICE_COMMAND_FAILED', `${options.what}: the reply exceeded ${MAX_REPLY_BYTES} bytes.`));
      this.notify();
    });
    socket.on('end', () => {
      this.ended = true;
      this.notify();
    });
    socket.on('error', (error) => {
      this.failure ??= error;
      this.notify();
    });
    socket.on('close', () => {
      this.ended = true;
      this.notify();
    });
  }

  /**
   * Connects to the server.
   *
   * @throws MobaError ADB_UNAVAILABLE when nothing answers, TIMEOUT, CANCELLED
   */
  static async open(address: AdbAddress, options: AdbSocketOptions): Promise<AdbSocket> {
    const socket = connect({ host: address.host, port: address.port });
    socket.setNoDelay(true);
    const opened = new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    try {
      await raceDeadline(opened, { ms: options.deadline - Date.now(), what: `Connecting to the adb server for ${options.what}`, signal: options.signal, onGiveUp: () => socket.destroy() });
    } catch (error) {
      socket.destroy();
      if (error instanceof MobaError) throw error;
      throw serverUnavailable(address, error);
    }
    return new AdbSocket(socket, options);
  }

  /**
   * Sends a service request and waits for OKAY.
   *
   * @throws AdbFailure with the server's message on FAIL
   */
  async request(service: string): Promise<void> {
    const payload = Buffer.from(service, 'utf8');
    const header = Buffer.from(payload.length.toString(16).padStart(4, '0'), 'ascii');
    this.socket.write(Buffer.concat([header, payload]));
    const status = (await this.read(4)).toString('ascii');
    if (status === 'OKAY') return;
    if (status === 'FAIL') throw new AdbFailure(await this.readValue());
    throw new MobaError('DEVICE_COMMAND_FAILED', `${this.options.what}: the adb server answered ${JSON.stringify(status)} instead of OKAY/FAIL.`);
  }

  /** A length-prefixed value (4 hex digits + data), as host services reply. */
  async readValue(): Promise<string> {
    const lengthText = (await this.read(4)).toString('ascii');
    const length = Number.parseInt(lengthText, 16);
    if (!/^[0-9a-fA-F]{4}$/.test(lengthText) || Number.isNaN(length)) throw new MobaError('DEVICE_COMMAND_FAILED', `${this.options.what}: bad length ${JSON.stringify(lengthText)} from the adb server.`);
    return length === 0 ? '' : (await this.read(length)).toString('utf8');
  }

  /** Everything until the other side closes. */
  async readAll(): Promise<Buffer> {
    await this.waitFor(() => this.ended || this.failure !== undefined);
    if (this.failure && !this.ended) throw this.failure;
    return this.take(this.buffered);
  }

  /**
   * Exactly `n` bytes.
   *
   * @throws MobaError DEVICE_COMMAND_FAILED when the stream ends first
   */
  async read(n: number): Promise<Buffer> {
    await this.waitFor(() => this.buffered >= n || this.ended || this.failure !== undefined);
    if (this.buffered < n) {
      if (this.failure) throw this.failure;
      throw new MobaError('DEVICE_COMMAND_FAILED', `${this.options.what}: the adb server closed the connection early.`);
    }
    return this.take(n);
  }

  /** Moves the deadline, e.g. to infinity once a tracking stream is established. */
  setDeadline(deadline: number): void {
    this.options = { ...this.options, deadline };
  }

  close(): void {
    this.socket.destroy();
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private waitFor(ready: () => boolean): Promise<void> {
    if (ready()) return Promise.resolve();
    const waiting = new Promise<void>((resolve) => {
      const check = () => {
        if (ready()) resolve();
        else this.wake = check;
      };
      this.wake = check;
    });
    return raceDeadline(waiting, { ms: this.options.deadline - Date.now(), what: this.options.what, signal: this.options.signal, onGiveUp: () => this.socket.destroy() });
  }
}
