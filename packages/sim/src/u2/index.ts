/**
 * The simulated phone stands in for the uiautomator2 server (openatx/uiautomator2's on-device
 * part): its Python client pushes `/data/local/tmp/u2.jar`, starts it with
 * `CLASSPATH=/data/local/tmp/u2.jar app_process / com.wetest.uia2.Main -p 9008` on a shell
 * stream it keeps open, and talks HTTP through adb's `tcp:9008` service: `GET /ping` →
 * `pong`, `POST /jsonrpc/0` with JSON-RPC 2.0 calls (rpc.ts). Closing the shell stream stops
 * the server. The jar's bytes are never looked at, but it must be there, or app_process fails
 * the way Android's does.
 *
 * ```ts
 * const server = await startSimulatorServer({ device: phone, port: 0 });
 * const u2 = installUiautomator2Server(server);   // dispose() before server.close()
 * ```
 */
import type { Disposable } from '@moba/base';
import type { AbstractSocketListener } from '../adb/services.ts';
import type { SimulatedDevice } from '../device.ts';
import { resolvePath } from '../fs/virtual-fs.ts';
import type { AppProcessHandler, CommandContext } from '../shell/registry.ts';
import { AdbHttpServer, readBody } from './http.ts';
import { callMethod } from './rpc.ts';

/** The main class the uiautomator2 client starts (u2.jar 0.4.x). */
export const UIAUTOMATOR2_SERVER_CLASS = 'com.wetest.uia2.Main';
export const UIAUTOMATOR2_DEFAULT_PORT = 9008;

/** What the stand-in needs from `startSimulatorServer`'s result. */
export interface Uiautomator2Host {
  readonly device: SimulatedDevice;
  registerTcpPort(port: number, onOpen: AbstractSocketListener): Disposable;
  registerAppProcessHandler(handler: AppProcessHandler): Disposable;
}

export interface InstalledUiautomator2Server extends Disposable {
  /** Servers running now (one per started app_process). */
  readonly running: number;
}

function portOf(args: readonly string[]): number | undefined {
  const at = args.indexOf('-p');
  if (at < 0) return UIAUTOMATOR2_DEFAULT_PORT;
  const port = Number(args[at + 1]);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
}

function httpServer(device: SimulatedDevice): AdbHttpServer {
  return new AdbHttpServer((request, response) => {
    response.sendDate = false;
    const reply = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
      response.end(body);
    };
    if (request.method === 'GET' && request.url === '/ping') {
      reply(200, 'text/plain', 'pong');
      return;
    }
    if (request.method !== 'POST' || !request.url?.startsWith('/jsonrpc/0')) {
      reply(404, 'text/plain', 'Not Found');
      return;
    }
    void readBody(request)
      .then(async (text) => {
        let call: unknown;
        try {
          call = JSON.parse(text);
        } catch {
          return { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
        }
        return callMethod(device, call);
      })
      .then((answer) => reply(200, 'application/json', JSON.stringify(answer)))
      .catch((error: unknown) => reply(500, 'text/plain', String(error)));
  });
}

/**
 * Teaches the phone's `app_process` the uiautomator2 server class.
 * @returns a handle; dispose it before closing the simulator server.
 */
export function installUiautomator2Server(host: Uiautomator2Host): InstalledUiautomator2Server {
  let running = 0;

  async function serve(port: number, ctx: CommandContext): Promise<number> {
    const http = httpServer(host.device);
    let listening: Disposable;
    try {
      listening = host.registerTcpPort(port, (socket) => http.accept(socket));
    } catch {
      await ctx.err(`java.net.BindException: bind failed: EADDRINUSE (Address already in use)\n`);
      http.close();
      return 1;
    }
    running++;
    try {
      await new Promise<void>((resolve) => {
        if (ctx.signal.aborted) resolve();
        else ctx.signal.addEventListener('abort', () => resolve(), { once: true });
      });
      return 0;
    } finally {
      running--;
      listening.dispose();
      http.close();
    }
  }

  const handler: AppProcessHandler = async (invocation, ctx) => {
    if (invocation.className !== UIAUTOMATOR2_SERVER_CLASS) return undefined;
    const jars = (invocation.classpath ?? '').split(':').filter(Boolean);
    // No jar on the phone: app_process answers ClassNotFoundException like Android.
    if (jars.length === 0 || jars.some((jar) => !ctx.fs.stat(resolvePath(ctx.cwd, jar)))) return undefined;
    const port = portOf(invocation.args);
    if (port === undefined) {
      await ctx.err(`java.lang.NumberFormatException: For input string: "${invocation.args.join(' ')}"\n`);
      return 1;
    }
    return serve(port, ctx);
  };
  const registration = host.registerAppProcessHandler(handler);
  return {
    get running() {
      return running;
    },
    dispose: () => registration.dispose(),
  };
}
