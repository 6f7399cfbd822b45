/**
 * adbd's own one-shot services: `reboot:[target]`, `tcpip:<port>`, `usb:`, `root:`, `unroot:`,
 * `remount:`, answered with the messages a production (non-root) phone prints.
 */
import type { ServiceHandler, ServiceRegistry } from './services.ts';
import type { Disposable } from '@moba/base';
import type { AdbSocket } from './socket.ts';

function reply(socket: AdbSocket, text: string): void {
  void socket.write(text);
  void socket.end();
}

export interface SystemServiceOptions {
  /** Called after a `reboot:` stream has closed: the phone drops its connections, as a real one does. */
  onReboot(target: string): void;
}

/** Registers the one-shot adbd services on `registry`; dispose to remove them. */
export function registerSystemServices(registry: ServiceRegistry, options: SystemServiceOptions): Disposable {
  const handlers: Record<string, ServiceHandler> = {
    reboot: (socket, request) => {
      void socket.end().then(() => options.onReboot(request.rest));
    },
    tcpip: (socket, request) => {
      const port = Number.parseInt(request.rest, 10);
      if (!Number.isInteger(port) || port <= 0 || port > 65535) {
        reply(socket, `invalid port '${request.rest}'\n`);
        return;
      }
      // Already on TCP: keep listening where we are, but answer like adbd.
      reply(socket, `restarting in TCP mode port: ${port}\n`);
    },
    usb: (socket) => reply(socket, 'restarting in USB mode\n'),
    root: (socket) => reply(socket, 'adbd cannot run as root in production builds\n'),
    unroot: (socket) => reply(socket, 'adbd not running as root\n'),
    remount: (socket) => reply(socket, 'Not running as root. Try "adb root" first.\n'),
  };
  const disposables = Object.entries(handlers).map(([name, handler]) => registry.register(name, handler));
  return { dispose: () => disposables.forEach((d) => d.dispose()) };
}
