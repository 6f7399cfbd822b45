/**
 * The device side of one ADB transport (one TCP connection from an adb server): handshake,
 * stream table, packet dispatch. Protocol violations (bad magic, oversized payload) drop this
 * connection only; nothing here throws into the event loop.
 */
import type { Socket } from 'node:net';
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_STLS,
  A_VERSION,
  A_VERSION_MIN,
  A_WRTE,
  DEVICE_MAX_PAYLOAD,
  MAX_PAYLOAD_V1,
  PacketReader,
  commandName,
  encodePacket,
} from './packet.ts';
import type { AdbPacket } from './packet.ts';
import type { Disposable } from '@moba/base';
import { DeviceSocket } from './socket.ts';
import type { AdbSocket, HostLink, SocketLink } from './socket.ts';

let transportCounter = 0;

export interface TransportOptions {
  socket: Socket;
  /** The CNXN banner, built at handshake time (`device::ro.product.name=…;features=…`). */
  banner: () => string;
  /**
   * Offers a newly OPENed stream to the services. Return false to refuse it (the host sees
   * CLSE(0, id)); anything queued on the socket during the call is sent after the OKAY.
   */
  openService: (socket: DeviceSocket) => boolean;
  /** Diagnostics (protocol violations, failing services); never throws. */
  log: (message: string, error?: unknown) => void;
  onDidClose?: () => void;
}

export class AdbTransport implements HostLink {
  readonly id = ++transportCounter;
  private readonly options: TransportOptions;
  /** Streams the phone opened that the host has not answered yet, by local id. */
  private readonly pending = new Map<number, { socket: DeviceSocket; settle: (accepted: boolean) => void }>();
  private readonly closeListeners = new Set<() => void>();
  private readonly socket: Socket;
  private readonly reader = new PacketReader(DEVICE_MAX_PAYLOAD);
  private readonly streams = new Map<number, DeviceSocket>();
  private online = false;
  private version = A_VERSION;
  private maxPayload = MAX_PAYLOAD_V1;
  private nextId = 1;
  private isClosed = false;
  private readonly link: SocketLink;

  constructor(options: TransportOptions) {
    this.options = options;
    this.socket = options.socket;
    this.socket.setNoDelay(true);
    const maxPayload = () => this.maxPayload;
    this.link = {
      send: (command, arg0, arg1, data) => this.send(command, arg0, arg1, data),
      get maxPayload() {
        return maxPayload();
      },
      release: (localId) => this.streams.delete(localId),
      reportError: (error) => this.options.log('a stream listener failed', error),
    };
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error: NodeJS.ErrnoException) => {
      // Resets and broken pipes are how hosts usually leave; not worth a log line.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') this.options.log('connection error', error);
    });
    this.socket.on('close', () => this.teardown());
  }

  get isOnline(): boolean {
    return this.online;
  }

  get streamCount(): number {
    return this.streams.size;
  }

  /** Drops the connection (and every stream on it). */
  close(): void {
    this.socket.destroy();
    this.teardown();
  }

  private onData(chunk: Buffer): void {
    if (this.isClosed) return;
    const { packets, error } = this.reader.push(chunk);
    for (const packet of packets) {
      if (this.isClosed) return;
      try {
        this.handle(packet);
      } catch (failure) {
        this.options.log(`failed to handle ${commandName(packet.command)}`, failure);
        this.close();
        return;
      }
    }
    if (error) {
      const why =
        error.kind === 'bad-magic'
          ? `bad magic for command ${commandName(error.command)}`
          : `payload of ${error.length} bytes exceeds ${error.limit}`;
      this.options.log(`dropping connection: ${why}`);
      this.close();
    }
  }

  private handle(packet: AdbPacket): void {
    if (packet.command === A_CNXN) {
      this.handshake(packet);
      return;
    }
    // A debuggable adbd talks to nobody before the CNXN exchange.
    if (!this.online) return;
    switch (packet.command) {
      case A_OPEN:
        this.open(packet);
        return;
      case A_OKAY: {
        const waiting = this.pending.get(packet.arg1);
        if (waiting && packet.arg0 !== 0) {
          this.pending.delete(packet.arg1);
          waiting.socket.remoteId = packet.arg0;
          waiting.settle(true);
          return;
        }
        this.streamFor(packet)?.handleOkay();
        return;
      }
      case A_WRTE:
        this.streamFor(packet)?.handleWrite(packet.data);
        return;
      case A_CLSE: {
        const waiting = this.pending.get(packet.arg1);
        if (waiting) {
          this.pending.delete(packet.arg1);
          waiting.socket.handleRemoteClose();
          waiting.settle(false);
          return;
        }
        const stream = this.streams.get(packet.arg1);
        // arg0 = 0 is a refused OPEN; anything else must name the same pair. An echo of our
        // own CLSE finds no stream and is ignored.
        if (stream && (packet.arg0 === 0 || packet.arg0 === stream.remoteId)) stream.handleRemoteClose();
        return;
      }
      case A_AUTH:
      case A_STLS:
      default:
        // No auth requested, no TLS offered; unknown commands are ignored like adbd does.
        return;
    }
  }

  private handshake(packet: AdbPacket): void {
    if (this.online) {
      // A new CNXN resets the transport: the host has forgotten every stream.
      for (const stream of [...this.streams.values()]) stream.handleRemoteClose();
      this.streams.clear();
      for (const waiting of [...this.pending.values()]) waiting.settle(false);
      this.pending.clear();
    }
    this.version = Math.max(A_VERSION_MIN, Math.min(packet.arg0 >>> 0, A_VERSION));
    this.maxPayload = Math.max(MAX_PAYLOAD_V1, Math.min(packet.arg1 >>> 0, DEVICE_MAX_PAYLOAD));
    this.online = true;
    const banner = Buffer.from(this.options.banner(), 'utf8');
    this.send(A_CNXN, this.version, this.maxPayload, banner);
  }

  private open(packet: AdbPacket): void {
    const remoteId = packet.arg0;
    if (remoteId === 0) return;
    let end = packet.data.length;
    while (end > 0 && packet.data[end - 1] === 0) end--;
    const service = Buffer.from(packet.data.subarray(0, end)).toString('utf8');
    const stream = new DeviceSocket({ service, localId: this.allocateId(), remoteId, link: this.link, origin: this });
    this.streams.set(stream.localId, stream);
    let accepted = false;
    try {
      accepted = this.options.openService(stream);
    } catch (error) {
      this.options.log(`service ${JSON.stringify(service)} failed to open`, error);
    }
    if (!accepted) {
      stream.handleRemoteClose();
      this.send(A_CLSE, 0, remoteId);
      return;
    }
    this.send(A_OKAY, stream.localId, remoteId);
    stream.start();
  }

  openToHost(service: string): Promise<AdbSocket | undefined> {
    if (this.isClosed || !this.online) return Promise.resolve(undefined);
    const socket = new DeviceSocket({
      service,
      localId: this.allocateId(),
      remoteId: 0,
      link: this.link,
      origin: this,
    });
    this.streams.set(socket.localId, socket);
    return new Promise((resolve) => {
      this.pending.set(socket.localId, {
        socket,
        settle: (accepted) => {
          if (!accepted) {
            resolve(undefined);
            return;
          }
          socket.start();
          resolve(socket);
        },
      });
      this.send(A_OPEN, socket.localId, 0, Buffer.from(`${service}\0`, 'utf8'));
    });
  }

  onDidClose(listener: () => void): Disposable {
    if (this.isClosed) {
      queueMicrotask(listener);
      return { dispose: () => undefined };
    }
    this.closeListeners.add(listener);
    return { dispose: () => void this.closeListeners.delete(listener) };
  }

  private streamFor(packet: AdbPacket): DeviceSocket | undefined {
    const stream = this.streams.get(packet.arg1);
    return stream && stream.remoteId === packet.arg0 ? stream : undefined;
  }

  private allocateId(): number {
    for (;;) {
      const id = this.nextId;
      this.nextId = this.nextId >= 0xffffffff ? 1 : this.nextId + 1;
      if (!this.streams.has(id)) return id;
    }
  }

  private send(command: number, arg0: number, arg1: number, data: Uint8Array = new Uint8Array(0)): void {
    if (this.isClosed || this.socket.destroyed) return;
    this.socket.write(encodePacket({ command, arg0, arg1, data }, this.version));
  }

  private teardown(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.online = false;
    for (const stream of [...this.streams.values()]) stream.handleRemoteClose();
    this.streams.clear();
    for (const waiting of [...this.pending.values()]) waiting.settle(false);
    this.pending.clear();
    this.options.onDidClose?.();
    for (const listener of [...this.closeListeners]) listener();
    this.closeListeners.clear();
  }
}
