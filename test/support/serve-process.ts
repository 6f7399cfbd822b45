/**
 * `moba serve` as a real child process (the host that must survive what a client sends), and a
 * raw HTTP client that sends exactly the bytes a test gives it — `fetch` would normalise paths
 * and refuse malformed headers before they ever reached the host.
 */
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';

export const MOBA_BIN = join(import.meta.dirname, '..', '..', 'bin', 'moba.js');

export interface ServeProcess {
  child: ChildProcessWithoutNullStreams;
  port: number;
  token: string;
  readonly output: string;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
}

/** Starts `moba serve --port 0` in a data folder and waits for the URL it prints. */
export async function startServeProcess(options: {
  dataDir: string;
  token: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
}): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [
      MOBA_BIN,
      '--data-dir',
      options.dataDir,
      'serve',
      '--port',
      '0',
      '--token',
      options.token,
      ...(options.args ?? []),
    ],
    {
      env: { ...process.env, MOBA_ADB_AUTOSTART: '0', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`moba serve did not print its URL: ${output}`)), 60_000);
    const check = () => {
      const m = /open: http:\/\/[^:]+:(\d+)\//.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', check);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`moba serve exited: ${output}`));
    });
  });
  return {
    child,
    port,
    token: options.token,
    get output() {
      return output;
    },
    alive: () => !exited,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    },
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` byte for byte on a new TCP connection and reads until the host closes it.
 * @returns the parsed status line and headers, or status 0 when the host answered nothing
 */
export function rawRequest(port: number, request: string | Buffer, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(String(request).slice(0, 120))}`));
    }, timeoutMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
      const headers: Record<string, string> = {};
      for (const h of headerLines) {
        const i = h.indexOf(':');
        if (i > 0) headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
      }
      resolve({ status, headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

/** A GET with `Connection: close` and the given extra header lines. */
export function get(path: string, headers: string[] = []): string {
  return [`GET ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', ...headers, '', ''].join('\r\n');
}

/** A WebSocket upgrade request with the given path and extra header lines. */
export function upgrade(path: string, headers: string[] = []): string {
  return [
    `GET ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Connection: Upgrade',
    'Upgrade: websocket',
    'Sec-WebSocket-Version: 13',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    ...headers,
    '',
    '',
  ].join('\r\n');
}
