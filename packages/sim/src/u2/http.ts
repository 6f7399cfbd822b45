/**
 * HTTP over an ADB stream: the phone's side of a `tcp:<port>` connection becomes a Node stream
 * that `http.Server` accepts as a connection (Node's own HTTP/1.1 parser reads the requests, as
 * it would from a TCP socket).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { Duplex } from 'node:stream';
import type { AdbSocket } from '../adb/socket.ts';

/** An AdbSocket as a Duplex, with the few net.Socket methods the HTTP server calls. */
class AdbDuplex extends Duplex {
  private readonly socket: AdbSocket;

  constructor(socket: AdbSocket) {
    super();
    this.socket = socket;
    socket.onDidReceiveData((data) => {
      if (!this.push(Buffer.from(data))) socket.pause();
    });
    socket.onDidClose(() => {
      this.push(null);
      if (!this.destroyed) this.destroy();
    });
  }

  override _read(): void {
    this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    void this.socket.write(chunk).then(() => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    void this.socket.end().then(() => callback());
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.close();
    callback(error);
  }

  setTimeout(): this {
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  get remoteAddress(): string {
    return '127.0.0.1';
  }
}

export type HttpHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** An HTTP server that takes ADB streams as its connections (it never listens on a port). */
export class AdbHttpServer {
  private readonly server: Server;

  constructor(handler: HttpHandler) {
    this.server = createServer({ keepAliveTimeout: 60_000 }, handler);
  }

  accept(socket: AdbSocket): void {
    this.server.emit('connection', new AdbDuplex(socket));
  }

  close(): void {
    this.server.closeAllConnections();
    this.server.close();
  }
}

/** The request body as text (bodies are JSON-RPC calls: small). */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
