/**
 * The simulated phone impersonates scrcpy-server 3.3.3: `CLASSPATH=<jar> app_process /
 * com.genymobile.scrcpy.Server 3.3.3 key=value…` in its shell starts a server that streams the
 * screen as H.264 over the `localabstract:scrcpy_%08x` socket and applies control messages.
 *
 * The jar's bytes are never looked at (the phone runs no Java), but it must have been pushed
 * to the path in CLASSPATH: without it app_process fails the way Android's does, so a client
 * without a server file takes its fallback path here exactly as on a phone.
 *
 * ```ts
 * const server = await startSimulatorServer({ device: phone, port: 0 });
 * const scrcpy = installScrcpyServer(server);   // dispose() before server.close()
 * ```
 */
import type { AbstractSocketListener } from '../adb/services.ts';
import type { AdbSocket } from '../adb/socket.ts';
import type { Disposable } from '@moba/base';
import type { SimulatedDevice } from '../device.ts';
import { resolvePath } from '../fs/virtual-fs.ts';
import type { AppProcessHandler, CommandContext } from '../shell/registry.ts';
import { configurationError, listMessages } from './server-checks.ts';
import { SCRCPY_SERVER_CLASS, ScrcpyOptionsError, parseScrcpyServerArgs, scrcpySocketName } from './server-options.ts';
import type { ScrcpyLogLevel } from './server-options.ts';
import { ScrcpySession } from './session.ts';

export { SCRCPY_SERVER_CLASS, SCRCPY_SERVER_VERSION } from './server-options.ts';

/** What the impersonation needs from `startSimulatorServer`'s result. */
export interface ScrcpyHost {
  readonly device: SimulatedDevice;
  registerAbstractSocket(name: string, onOpen: AbstractSocketListener): Disposable;
  registerAppProcessHandler(handler: AppProcessHandler): Disposable;
  /**
   * Connects from the phone to a reverse-forwarded socket (`localabstract:scrcpy_…`, set up
   * with `adb reverse`): how the server reaches a client that did not ask for tunnel_forward.
   */
  connectReverse?(local: string): Promise<AdbSocket>;
}

export interface ScrcpyServerInstallOptions {
  /** Default `ffmpeg` (or MOBA_FFMPEG). */
  ffmpegPath?: string;
  log?: (message: string, error?: unknown) => void;
}

export interface InstalledScrcpyServer extends Disposable {
  /** Server runs in progress (each owns an ffmpeg while streaming). */
  readonly sessions: number;
  /** Ends every run and stops answering app_process. Resolves when their encoders are gone. */
  close(): Promise<void>;
}

const LEVEL_ORDER: Record<ScrcpyLogLevel, number> = { verbose: 0, debug: 1, info: 2, warn: 3, error: 4 };

/**
 * Teaches the simulated phone's `app_process` the scrcpy server class.
 * @returns a handle; dispose/close it before closing the simulator server.
 */
export function installScrcpyServer(host: ScrcpyHost, options: ScrcpyServerInstallOptions = {}): InstalledScrcpyServer {
  const log =
    options.log ??
    ((message: string, error?: unknown) =>
      console.warn(`[moba-sim scrcpy] ${message}`, ...(error === undefined ? [] : [error])));
  const sessions = new Set<ScrcpySession>();

  const handler: AppProcessHandler = async (invocation, ctx) => {
    if (invocation.className !== SCRCPY_SERVER_CLASS) return undefined;
    const jars = (invocation.classpath ?? '').split(':').filter(Boolean);
    // No jar on the phone: let app_process answer ClassNotFoundException like Android.
    if (jars.length === 0 || jars.some((jar) => !ctx.fs.stat(resolvePath(ctx.cwd, jar)))) return undefined;
    return runServer(invocation.args, ctx);
  };

  async function runServer(args: readonly string[], ctx: CommandContext): Promise<number> {
    let parsed;
    try {
      parsed = parseScrcpyServerArgs(args);
    } catch (error) {
      if (!(error instanceof ScrcpyOptionsError)) throw error;
      await ctx.err(
        `[server] ERROR: Exception on thread Thread[main,5,main]\njava.lang.IllegalArgumentException: ${error.message}\n`,
      );
      return 1;
    }
    const level = LEVEL_ORDER[parsed.logLevel];
    const print = (l: 'debug' | 'info' | 'warn' | 'error', text: string) => {
      if (LEVEL_ORDER[l] < level) return;
      const line = `[server] ${l.toUpperCase()}: ${text}\n`;
      void (l === 'warn' || l === 'error' ? ctx.err(line) : ctx.out(line));
    };
    for (const key of parsed.unknown) print('warn', `Unknown server option: ${key}`);
    const { props } = host.device;
    print('info', `Device: [${props.manufacturer}] ${props.brand} ${props.model} (Android ${props.androidVersion})`);
    // The list requests print and end before any socket or tunnel (as the real server does).
    const lists = listMessages(parsed, host.device);
    if (lists) {
      for (const message of lists) print('info', message);
      return 0;
    }
    const problem = configurationError(parsed, host.device);
    if (problem) {
      print('error', problem);
      return 1;
    }
    if (!parsed.tunnelForward && !host.connectReverse) {
      print('error', 'Could not connect to the client: this host serves tunnel_forward=true only');
      return 1;
    }
    const session = new ScrcpySession({
      device: host.device,
      options: parsed,
      socketName: scrcpySocketName(parsed.scid),
      listen: (name, onOpen) => host.registerAbstractSocket(name, onOpen),
      ...(host.connectReverse ? { connect: host.connectReverse } : {}),
      print,
      signal: ctx.signal,
      ...(options.ffmpegPath ? { ffmpegPath: options.ffmpegPath } : {}),
      log,
    });
    sessions.add(session);
    try {
      session.start();
    } catch (error) {
      sessions.delete(session);
      print(
        'error',
        `Could not listen on @${scrcpySocketName(parsed.scid)}: ${error instanceof Error ? error.message : String(error)}`,
      );
      session.finish(1);
      return 1;
    }
    const status = await session.done;
    sessions.delete(session);
    return status;
  }

  const registration = host.registerAppProcessHandler(handler);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      registration.dispose();
      const running = [...sessions];
      for (const s of running) s.finish(0);
      await Promise.all(running.map((s) => s.done));
    })();
    return closing;
  };
  return {
    get sessions() {
      return sessions.size;
    },
    close,
    dispose: () => void close(),
  };
}
