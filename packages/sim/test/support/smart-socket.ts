/**
 * A raw connection to the adb server's smart socket, speaking what Python clients (adbutils,
 * and uiautomator2 through it) send byte for byte: `<4 hex digits length><service>`, then
 * `OKAY` or `FAIL<4 hex length><message>`, then the service's stream. Used to replay their
 * requests exactly instead of through another client library.
 */
import { connect } from 'node:net';
import type { Socket } from 'node:net';

export class SmartSocket {
  readonly socket: Socket;
  private buffer = Buffer.alloc(0);
  private ended = false;
  private waiters: Array<() => void> = [];

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('end', () => {
      this.ended = true;
      this.wake();
    });
    socket.on('error', () => {
      this.ended = true;
      this.wake();
    });
  }

  static async open(port: number): Promise<SmartSocket> {
    const socket = connect({ host: '127.0.0.1', port });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return new SmartSocket(socket);
  }

  /** adbutils' `open_transport()` then `send_command(service)` + `check_okay()` on one socket. */
  static async service(port: number, serial: string, service: string): Promise<SmartSocket> {
    const c = await SmartSocket.open(port);
    c.send(`host:transport:${serial}`);
    await c.checkOkay();
    c.send(service);
    await c.checkOkay();
    return c;
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  send(service: string): void {
    const body = Buffer.from(service, 'utf8');
    this.socket.write(Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, '0'), 'latin1'), body]));
  }

  write(data: string | Uint8Array): void {
    this.socket.write(data);
  }

  /** Exactly `n` bytes (fewer only if the stream ended). */
  async read(n: number): Promise<Buffer> {
    while (this.buffer.length < n && !this.ended) await new Promise<void>((resolve) => this.waiters.push(resolve));
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(out.length);
    return out;
  }

  async checkOkay(): Promise<void> {
    const status = (await this.read(4)).toString('latin1');
    if (status === 'OKAY') return;
    if (status === 'FAIL') {
      const length = Number.parseInt((await this.read(4)).toString('latin1'), 16);
      throw new Error(`FAIL ${(await this.read(length)).toString('utf8')}`);
    }
    throw new Error(`unexpected status ${JSON.stringify(status)}`);
  }

  /** A `<4 hex length><text>` block (list-forward and friends). */
  async readStringBlock(): Promise<string> {
    const length = Number.parseInt((await this.read(4)).toString('latin1'), 16);
    return (await this.read(length)).toString('utf8');
  }

  async readUntilClose(): Promise<Buffer> {
    while (!this.ended) await new Promise<void>((resolve) => this.waiters.push(resolve));
    const out = this.buffer;
    this.buffer = Buffer.alloc(0);
    return out;
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * One HTTP exchange the way Python's http.client sends uiautomator2's requests (a new
 * connection per request, Host then Content-Length then the client's headers in its order),
 * over `tcp:<port>` on the phone; the response is parsed strictly (status line, headers,
 * Content-Length body).
 */
export async function u2Http(
  adbPort: number,
  serial: string,
  devicePort: number,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const c = await SmartSocket.service(adbPort, serial, `tcp:${devicePort}`);
  try {
    const payload = body === undefined ? undefined : Buffer.from(pythonJson(body), 'utf8');
    const head = [
      `${method} ${path} HTTP/1.1`,
      `Host: localhost:${devicePort}`,
      ...(payload ? [`Content-Length: ${payload.length}`] : []),
      'User-Agent: uiautomator2',
      'Accept-Encoding: ',
      'Content-Type: application/json',
      '',
      '',
    ].join('\r\n');
    c.write(payload ? Buffer.concat([Buffer.from(head, 'latin1'), payload]) : head);
    let raw = Buffer.alloc(0);
    for (;;) {
      const end = raw.indexOf('\r\n\r\n');
      if (end >= 0) {
        const lines = raw.subarray(0, end).toString('latin1').split('\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(lines[0] ?? '')?.[1]);
        const headers: Record<string, string> = {};
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        const length = Number(headers['content-length']);
        const rest = raw.subarray(end + 4);
        const needed = length - rest.length;
        const tail = needed > 0 ? await c.read(needed) : Buffer.alloc(0);
        return { status, headers, body: Buffer.concat([rest, tail]).subarray(0, length) };
      }
      const more = await c.read(1);
      if (more.length === 0) throw new Error(`connection closed before the response: ${raw.toString('latin1')}`);
      raw = Buffer.concat([raw, more]);
    }
  } finally {
    c.close();
  }
}

/** json.dumps with Python's default separators (", " and ": "). */
export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v)}`)
      .join(', ')}}`;
  if (typeof value === 'string')
    return JSON.stringify(value).replace(
      /[\u007f-\uffff]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
  return JSON.stringify(value);
}

/** uiautomator2's `_jsonrpc_call`: POST /jsonrpc/0 with {"jsonrpc": "2.0", "id": 1, "method", "params"}. */
export async function u2Call(
  adbPort: number,
  serial: string,
  method: string,
  params: unknown,
): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  const response = await u2Http(adbPort, serial, 9008, 'POST', '/jsonrpc/0', { jsonrpc: '2.0', id: 1, method, params });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return JSON.parse(response.body.toString('utf8')) as { result?: unknown; error?: { code: number; message: string } };
}

/** The Selector dict uiautomator2's client builds: fields, their mask bits, empty child lists. */
export function u2Selector(fields: Record<string, unknown>): Record<string, unknown> {
  const masks: Record<string, number> = {
    text: 0x01,
    textContains: 0x02,
    className: 0x10,
    description: 0x40,
    resourceId: 0x200000,
    packageName: 0x080000,
    focused: 0x020000,
    instance: 0x01000000,
  };
  let mask = 0;
  for (const key of Object.keys(fields)) mask |= masks[key] ?? 0;
  return { mask, childOrSibling: [], childOrSiblingSelector: [], ...fields };
}
