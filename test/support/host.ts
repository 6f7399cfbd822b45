import WebSocket from 'ws';
import { createApp } from '../../src/main/app.ts';
import type { MobaApp } from '../../src/main/app.ts';
import { startWebHost } from '../../src/main/host/web-host.ts';
import type { WebHost } from '../../src/main/host/web-host.ts';
import type { ClientBufferLimits } from '../../src/main/host/ws-connection.ts';
import { tempDir } from '@moba/testkit/rigs';

export interface TestHost {
  app: MobaApp;
  host: WebHost;
  base: string;
  dataDir: string;
  dispose(): Promise<void>;
}

/** The real service graph behind the real web host, on a free port, in a temp data folder. */
export async function startTestHost(
  options: { rendererDir?: string; env?: NodeJS.ProcessEnv; clientBuffer?: Partial<ClientBufferLimits> } = {},
): Promise<TestHost> {
  const dir = tempDir('moba-host-');
  // Tests never start an adb server on the default port (or touch the user's ~/.android).
  const app = await createApp({ host: 'web', dataDir: dir.path, env: { MOBA_ADB_AUTOSTART: '0', ...options.env } });
  const host = await startWebHost({
    app,
    rendererDir: options.rendererDir ?? dir.path,
    port: 0,
    ...(options.clientBuffer ? { clientBuffer: options.clientBuffer } : {}),
  });
  return {
    app,
    host,
    base: `http://127.0.0.1:${host.port}`,
    dataDir: dir.path,
    async dispose() {
      await host.close();
      await app.dispose();
      dir.dispose();
    },
  };
}

/** A minimal contract client over the host's WebSocket, for tests. */
export class WsTestClient {
  readonly ws: WebSocket;
  private nextId = 1;
  private readonly waiters = new Map<number, (frame: unknown) => void>();
  readonly events: Array<{ event: string; payload: unknown }> = [];
  readonly errors: unknown[] = [];
  readonly binary: Buffer[] = [];

  private constructor(ws: WebSocket) {
    this.ws = ws;
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        this.binary.push(data as Buffer);
        return;
      }
      const frame = JSON.parse(String(data)) as {
        t: string;
        id?: number;
        event?: string;
        payload?: unknown;
        error?: unknown;
      };
      if (frame.t === 'result' && frame.id !== undefined) this.waiters.get(frame.id)?.(frame);
      else if (frame.t === 'event') this.events.push({ event: frame.event!, payload: frame.payload });
      else if (frame.t === 'error') this.errors.push(frame.error);
    });
  }

  static async connect(host: WebHost, options: { token?: string; origin?: string } = {}): Promise<WsTestClient> {
    const ws = new WebSocket(
      `ws://127.0.0.1:${host.port}/ws?token=${options.token ?? host.token}`,
      options.origin ? { origin: options.origin } : {},
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
    return new WsTestClient(ws);
  }

  call(
    method: string,
    input?: unknown,
    timeoutMs = 30_000,
  ): Promise<{ ok: boolean; result?: unknown; error?: { name: string; code: string; message: string } }> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${method} timed out`)), timeoutMs);
      this.waiters.set(id, (frame) => {
        clearTimeout(timer);
        this.waiters.delete(id);
        resolve(frame as never);
      });
      this.ws.send(JSON.stringify({ t: 'call', id, method, input }));
    });
  }

  sendRaw(data: string | Buffer): void {
    this.ws.send(data);
  }

  close(): void {
    this.ws.close();
  }
}
