/**
 * adbd's own one-shot services: `reboot:[target]`, `tcpip:<port>`, `usb:`, `root:`, `unroot:`,
 * `remount:`, `framebuffer:`, answered the way a userdebug build's adbd does: `adb root`
 * restarts adbd as root (shells then run as uid 0 and may write anywhere outside the read-only
 * partitions) and drops the connection, which the adb server re-establishes.
 */
import type { Disposable } from '@moba/base';
import type { PhoneOs } from '../os/phone-os.ts';
import type { ServiceHandler, ServiceRegistry } from './services.ts';
import type { AdbSocket } from './socket.ts';

function reply(socket: AdbSocket, text: string): Promise<void> {
  void socket.write(text);
  return socket.end();
}

export interface SystemServiceOptions {
  os: PhoneOs;
  /** adbd restarts (after root/unroot/reboot): every connection drops; the adb server reconnects. */
  restartAdbd(): void;
}

/** The framebuffer: a version-1 header (13 × u32 LE) and RGBA pixels. */
async function framebuffer(socket: AdbSocket, os: PhoneOs): Promise<void> {
  const { default: sharp } = await import('sharp');
  const png = await os.device.screencap();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const header = Buffer.alloc(52);
  const fields = [1, 32, data.length, info.width, info.height, 0, 8, 16, 8, 8, 8, 24, 8];
  fields.forEach((value, i) => header.writeUInt32LE(value, i * 4));
  await socket.write(header);
  await socket.write(data);
  await socket.end();
}

/** Registers the one-shot adbd services on `registry`; dispose to remove them. */
export function registerSystemServices(registry: ServiceRegistry, options: SystemServiceOptions): Disposable {
  const { os } = options;
  const restartAfter = (done: Promise<void>) => void done.then(() => setTimeout(() => options.restartAdbd(), 50));
  const handlers: Record<string, ServiceHandler> = {
    reboot: (socket) => {
      void socket
        .end()
        .then(() => os.reboot())
        .catch(() => options.restartAdbd());
    },
    tcpip: (socket, request) => {
      const port = Number.parseInt(request.rest, 10);
      if (!Number.isInteger(port) || port <= 0 || port > 65535) {
        void reply(socket, `invalid port '${request.rest}'\n`);
        return;
      }
      // Already on TCP: keep listening where we are, but answer like adbd.
      void reply(socket, `restarting in TCP mode port: ${port}\n`);
    },
    usb: (socket) => void reply(socket, 'restarting in USB mode\n'),
    root: (socket) => {
      if (os.root) {
        void reply(socket, 'adbd is already running as root\n');
        return;
      }
      os.root = true;
      os.log.write({ pid: 520, priority: 'I', tag: 'adbd', message: 'adbd restarting as root' });
      restartAfter(reply(socket, 'restarting adbd as root\n'));
    },
    unroot: (socket) => {
      if (!os.root) {
        void reply(socket, 'adbd not running as root\n');
        return;
      }
      os.root = false;
      restartAfter(reply(socket, 'restarting adbd as non root\n'));
    },
    remount: (socket) =>
      void reply(socket, os.root ? 'remount succeeded\n' : 'Not running as root. Try "adb root" first.\n'),
    framebuffer: (socket) => {
      framebuffer(socket, os).catch(() => socket.close());
    },
  };
  const disposables = Object.entries(handlers).map(([name, handler]) => registry.register(name, handler));
  return { dispose: () => disposables.forEach((d) => d.dispose()) };
}
