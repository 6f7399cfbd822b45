/**
 * One ADB stream as a device-side service sees it. Without delayed-ack the protocol allows at
 * most one unacknowledged WRTE per stream and direction, so each socket keeps its own output
 * queue: a stalled stream never blocks its neighbours.
 */
import type { Disposable } from '@moba/base';
import { A_CLSE, A_OKAY, A_WRTE } from './packet.ts';

/** The device end of an ADB stream, handed to a service when the host OPENs it. */
export interface AdbSocket {
  /** The service string the host opened (`shell,v2,raw:echo hi`, `sync:`, …). */
  readonly service: string;
  readonly closed: boolean;
  /** Aborted when the stream closes (either side); long-running services stop on it. */
  readonly signal: AbortSignal;
  /** Bytes queued or sent but not yet acknowledged by the host. */
  readonly bufferedAmount: number;
  /**
   * Queues bytes for the host (split into WRTEs ≤ the negotiated max payload). Resolves when
   * the queue is below the high-water mark again: await it to apply back-pressure. Resolves
   * false (never rejects) when the stream is closed or ending.
   */
  write(data: Uint8Array | string): Promise<boolean>;
  /** Sends everything queued, then CLSE. Resolves once the stream is closed. */
  end(): Promise<void>;
  /** Closes now (CLSE), dropping anything still queued. Idempotent. */
  close(): void;
  /**
   * Bytes from the host, in order; each chunk is the listener's to keep (never reused).
   * Data that arrives before the first listener is kept (and its OKAY withheld) until one is
   * added.
   */
  onDidReceiveData(listener: (data: Uint8Array) => void): Disposable;
  /** Fires once when the stream closes, whichever side closed it. */
  onDidClose(listener: () => void): Disposable;
  /** Stops acknowledging host data (back-pressure towards the host) until resume(). */
  pause(): void;
  resume(): void;
}

/** The ADB connection a stream runs on, as device-side services see it. */
export interface HostLink {
  /** Distinct per connection (the `host-N` in `adb reverse --list`). */
  readonly id: number;
  /**
   * Opens a stream from the phone to the host (`tcp:27183`, the target of a reverse forward).
   * Resolves to the socket once the host accepts, undefined when it refuses or the connection is gone.
   */
  openToHost(service: string): Promise<AdbSocket | undefined>;
  /** Fires once when the connection goes away. */
  onDidClose(listener: () => void): Disposable;
}

/** What a socket needs from its transport. */
export interface SocketLink {
  send(command: number, arg0: number, arg1: number, data?: Uint8Array): void;
  readonly maxPayload: number;
  release(localId: number): void;
  reportError(error: unknown): void;
}

const HIGH_WATER_MARK = 1024 * 1024;

export class DeviceSocket implements AdbSocket {
  readonly service: string;
  readonly localId: number;
  /** The host's id for the stream; 0 until the host accepts a stream the phone opened. */
  remoteId: number;
  /** The transport the stream runs on (the reverse-forward service needs it). */
  readonly origin: HostLink | undefined;
  private readonly link: SocketLink;
  private readonly abort = new AbortController();

  private started = false;
  private closeRequested = false;
  private isClosed = false;
  private ending = false;
  private queue: Uint8Array[] = [];
  private queued = 0;
  private inFlight = 0;
  private waiters: Array<() => void> = [];
  private endWaiters: Array<() => void> = [];

  private readonly dataListeners = new Set<(data: Uint8Array) => void>();
  private readonly closeListeners = new Set<() => void>();
  private inbound: Uint8Array[] = [];
  private paused = false;

  constructor(options: { service: string; localId: number; remoteId: number; link: SocketLink; origin?: HostLink }) {
    this.service = options.service;
    this.localId = options.localId;
    this.remoteId = options.remoteId;
    this.link = options.link;
    this.origin = options.origin;
  }

  get closed(): boolean {
    return this.isClosed || this.closeRequested;
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get bufferedAmount(): number {
    return this.queued + this.inFlight;
  }

  write(data: Uint8Array | string): Promise<boolean> {
    if (this.closed || this.ending) return Promise.resolve(false);
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    if (bytes.length === 0) return Promise.resolve(true);
    this.queue.push(bytes);
    this.queued += bytes.length;
    this.pump();
    if (this.bufferedAmount <= HIGH_WATER_MARK) return Promise.resolve(true);
    return new Promise((resolve) => this.waiters.push(() => resolve(!this.closed)));
  }

  end(): Promise<void> {
    if (this.isClosed) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.endWaiters.push(resolve));
    this.ending = true;
    this.pump();
    return done;
  }

  close(): void {
    if (this.closed) return;
    if (!this.started) {
      // The OKAY for the OPEN has not gone out yet; start() sends OKAY then CLSE.
      this.closeRequested = true;
      return;
    }
    this.link.send(A_CLSE, this.localId, this.remoteId);
    this.finish();
  }

  onDidReceiveData(listener: (data: Uint8Array) => void): Disposable {
    this.dataListeners.add(listener);
    if (this.inbound.length > 0) queueMicrotask(() => this.drainInbound());
    return { dispose: () => this.dataListeners.delete(listener) };
  }

  onDidClose(listener: () => void): Disposable {
    if (this.isClosed) {
      queueMicrotask(listener);
      return { dispose: () => undefined };
    }
    this.closeListeners.add(listener);
    return { dispose: () => this.closeListeners.delete(listener) };
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.drainInbound();
  }

  // ---- transport side ----

  /** Called by the transport right after it sent OKAY for the OPEN. */
  start(): void {
    this.started = true;
    if (this.closeRequested) {
      this.closeRequested = false;
      this.close();
      return;
    }
    this.pump();
  }

  /** The host acknowledged our WRTE. */
  handleOkay(): void {
    if (this.isClosed || this.inFlight === 0) return;
    this.inFlight = 0;
    this.pump();
    if (this.bufferedAmount <= HIGH_WATER_MARK) this.releaseWaiters();
  }

  /** The host wrote to us. */
  handleWrite(data: Uint8Array): void {
    if (this.isClosed) return;
    this.inbound.push(data);
    this.drainInbound();
  }

  /** The host closed the stream (or the transport went away). */
  handleRemoteClose(): void {
    if (this.isClosed) return;
    this.finish();
  }

  private drainInbound(): void {
    while (this.inbound.length > 0 && !this.paused && this.dataListeners.size > 0 && !this.isClosed) {
      const data = this.inbound.shift() as Uint8Array;
      for (const listener of [...this.dataListeners]) {
        try {
          listener(data);
        } catch (error) {
          this.link.reportError(error);
        }
      }
      if (!this.isClosed) this.link.send(A_OKAY, this.localId, this.remoteId);
    }
  }

  private pump(): void {
    if (!this.started || this.isClosed || this.inFlight > 0) return;
    if (this.queued === 0) {
      if (this.ending) this.close();
      return;
    }
    const max = this.link.maxPayload;
    let chunk: Uint8Array;
    const head = this.queue[0] as Uint8Array;
    if (head.length >= max) {
      chunk = head.subarray(0, max);
      if (head.length === max) this.queue.shift();
      else this.queue[0] = head.subarray(max);
    } else {
      // Coalesce small writes into one packet.
      const parts: Uint8Array[] = [];
      let size = 0;
      while (this.queue.length > 0 && size < max) {
        const next = this.queue[0] as Uint8Array;
        const room = max - size;
        if (next.length <= room) {
          parts.push(next);
          size += next.length;
          this.queue.shift();
        } else {
          parts.push(next.subarray(0, room));
          size += room;
          this.queue[0] = next.subarray(room);
        }
      }
      chunk = parts.length === 1 ? (parts[0] as Uint8Array) : Buffer.concat(parts, size);
    }
    this.queued -= chunk.length;
    this.inFlight = chunk.length;
    this.link.send(A_WRTE, this.localId, this.remoteId, chunk);
  }

  private releaseWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  private finish(): void {
    this.isClosed = true;
    this.closeRequested = false;
    this.queue = [];
    this.queued = 0;
    this.inFlight = 0;
    this.inbound = [];
    this.link.release(this.localId);
    this.abort.abort();
    this.releaseWaiters();
    const endWaiters = this.endWaiters;
    this.endWaiters = [];
    for (const wake of endWaiters) wake();
    for (const listener of [...this.closeListeners]) {
      try {
        listener();
      } catch (error) {
        this.link.reportError(error);
      }
    }
    this.closeListeners.clear();
    this.dataListeners.clear();
  }
}
