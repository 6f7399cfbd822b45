/**
 * One simulated phone on the network: the device side of ADB over TCP in front of a
 * SimulatedDevice. The real adb server (`adb connect 127.0.0.1:<port>`) and adbkit talk to it
 * exactly as to a phone with wireless debugging on.
 */
import { createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { MobaError } from '@moba/base';
import { AbstractSocketRegistry, ServiceRegistry } from './adb/services.ts';
import type { AbstractSocketListener } from './adb/services.ts';
import { createShellService } from './adb/shell-service.ts';
import type { Disposable } from '@moba/base';
import { ReverseForwards } from './adb/reverse.ts';
import type { AdbSocket } from './adb/socket.ts';
import { registerSystemServices } from './adb/system-services.ts';
import { AdbTransport } from './adb/transport.ts';
import { DEFAULT_SIMULATOR_PORT } from './constants.ts';
import type { SimulatedDevice } from './device.ts';
import { PhoneOs } from './os/phone-os.ts';
import { createDefaultCommands } from './shell/commands/index.ts';
import type { ShellEnvironment } from './shell/interpreter.ts';
import type { AppProcessHandler, CommandRegistry } from './shell/registry.ts';
import { createSyncService } from './sync/sync-service.ts';
import { installUiautomator2Server } from './u2/index.ts';

/** Features the simulated adbd advertises: enough for v2 shells with exit codes, nothing it does not implement. */
export const DEVICE_FEATURES: readonly string[] = ['shell_v2', 'fixed_push_mkdir'];

export interface SimulatorServerOptions {
  device: SimulatedDevice;
  /** Default 6520; 0 picks any free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The shell's command table; default a fresh `createDefaultCommands()`. */
  commands?: CommandRegistry;
  /**
   * Answer uiautomator2's client with the stand-in server (u2/index.ts) when it starts its
   * jar with app_process. Default true.
   */
  uiautomator2?: boolean;
  /** Diagnostics (dropped connections, failing services). Default: console.warn. */
  log?: (message: string, error?: unknown) => void;
}

export interface SimulatorServer {
  readonly port: number;
  readonly host: string;
  /** `host:port`, what to pass to `adb connect`; also the serial the adb server shows. */
  readonly address: string;
  /** ro.serialno of the phone (`adb shell getprop ro.serialno`). */
  readonly serial: string;
  /** Live ADB connections (transports). */
  readonly connections: number;
  /** Connections accepted since the server started (reconnects count again). */
  readonly acceptedConnections: number;
  readonly device: SimulatedDevice;
  /** The phone's processes, log and adbd state (shared by its shells and services). */
  readonly os: PhoneOs;
  /** Device services by name (`shell`, `exec`, `sync`, `localabstract`, `reboot`, …); add more here. */
  readonly services: ServiceRegistry;
  /** This phone's shell commands; register or replace commands here. */
  readonly commands: CommandRegistry;
  /**
   * Listens on the abstract Unix socket `name` (reached by the host as `localabstract:<name>`).
   * @throws MobaError CONFLICT when something already listens there.
   */
  registerAbstractSocket(name: string, onOpen: AbstractSocketListener): Disposable;
  /**
   * Listens on the phone's TCP port (reached by the host as `tcp:<port>`, e.g. through `adb
   * forward tcp:X tcp:<port>`). @throws MobaError CONFLICT when something already listens there.
   */
  registerTcpPort(port: number, onOpen: AbstractSocketListener): Disposable;
  /**
   * Connects from the phone to `local` (`localabstract:NAME`, `tcp:PORT`): a stream to the host
   * when `adb reverse` forwards it. @throws MobaError NOT_FOUND when nothing is reverse-forwarded there
   */
  connectReverse(local: string): Promise<AdbSocket>;
  /** Lets a handler run programs started with `app_process` (newest handler asked first). */
  registerAppProcessHandler(handler: AppProcessHandler): Disposable;
  /** Drops every ADB connection (the adb server marks the phone offline and reconnects). */
  dropConnections(): void;
  /** Stops listening and drops every connection. */
  close(): Promise<void>;
}

/** `key=value` banner values may not contain the separators the host splits on. */
function bannerValue(text: string): string {
  return text.replace(/[:;=,\s]+/g, '_');
}

/** The CNXN payload: product, model and device for `adb devices -l`, and the features we implement. */
export function deviceBanner(device: SimulatedDevice): string {
  const { product, model, device: name } = device.props;
  return `device::ro.product.name=${bannerValue(product)};ro.product.model=${bannerValue(model)};ro.product.device=${bannerValue(name)};features=${DEVICE_FEATURES.join(',')}`;
}

/**
 * Starts serving `device` over ADB/TCP.
 * @throws MobaError SIMULATOR_FAILED when the port cannot be bound (e.g. in use).
 */
export async function startSimulatorServer(options: SimulatorServerOptions): Promise<SimulatorServer> {
  const { device } = options;
  const log =
    options.log ??
    ((message: string, error?: unknown) =>
      console.warn(`[moba-sim ${device.props.serial}] ${message}`, ...(error === undefined ? [] : [error])));
  const commands = options.commands ?? createDefaultCommands();
  const appProcess: AppProcessHandler[] = [];
  const os = new PhoneOs(device);
  const environment: ShellEnvironment = { device, commands, hooks: { appProcess }, os };
  const services = new ServiceRegistry();
  const abstractSockets = new AbstractSocketRegistry();
  const tcpPorts = new AbstractSocketRegistry((port) => `TCP port ${port}`);
  const reverses = new ReverseForwards();
  const transports = new Set<AdbTransport>();
  let accepted = 0;

  const dropConnections = () => {
    for (const transport of [...transports]) transport.close();
  };

  const shell = createShellService({ environment, log });
  services.register('shell', shell);
  services.register('exec', shell);
  services.register(
    'sync',
    createSyncService(
      () => device.fs,
      () => (os.root ? 'root' : 'shell'),
    ),
  );
  services.register('localabstract', abstractSockets.handler);
  os.onReboot = () => setTimeout(dropConnections, 50);
  registerSystemServices(services, { os, restartAdbd: dropConnections });
  services.register('reverse', reverses.handler);
  services.register('tcp', (socket, request) => {
    // `tcp:PORT[:HOST]`: only the phone's own ports are reachable (no outside network).
    const [port = '', host] = request.rest.split(':');
    if (host !== undefined && host !== 'localhost' && host !== '127.0.0.1') return false;
    return tcpPorts.handler(socket, { ...request, rest: port });
  });

  const server = createServer((socket: Socket) => {
    accepted++;
    const transport = new AdbTransport({
      socket,
      banner: () => deviceBanner(device),
      openService: (stream) => services.open(stream),
      log,
      onDidClose: () => transports.delete(transport),
    });
    transports.add(transport);
  });

  const host = options.host ?? '127.0.0.1';
  const requested = options.port ?? DEFAULT_SIMULATOR_PORT;
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE' ? `port ${requested} is in use; pick another (0 = any free port)` : error.message;
      reject(new MobaError('SIMULATOR_FAILED', `Cannot listen on ${host}:${requested}: ${why}`, { cause: error }));
    };
    server.once('error', onError);
    server.listen(requested, host, () => {
      server.off('error', onError);
      server.on('error', (error) => log('listener error', error));
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  const registerAppProcessHandler = (handler: AppProcessHandler): Disposable => {
    appProcess.push(handler);
    return {
      dispose: () => {
        const at = appProcess.lastIndexOf(handler);
        if (at >= 0) appProcess.splice(at, 1);
      },
    };
  };
  const registerTcpPort = (tcpPort: number, onOpen: AbstractSocketListener): Disposable =>
    tcpPorts.register(String(tcpPort), onOpen);
  if (options.uiautomator2 !== false) installUiautomator2Server({ device, registerTcpPort, registerAppProcessHandler });

  return {
    port,
    host,
    address: `${host}:${port}`,
    get serial() {
      return device.props.serial;
    },
    get connections() {
      return transports.size;
    },
    get acceptedConnections() {
      return accepted;
    },
    device,
    os,
    services,
    commands,
    registerAbstractSocket: (name, onOpen) => abstractSockets.register(name, onOpen),
    registerTcpPort,
    connectReverse: (local) => reverses.connect(local),
    registerAppProcessHandler,
    dropConnections,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        dropConnections();
      });
      return closing;
    },
  };
}
