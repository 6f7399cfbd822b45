/**
 * Where the adb server is: the settings' host/port, overridden like adb itself by
 * `ADB_SERVER_SOCKET=tcp:host:port` (or `ANDROID_ADB_SERVER_PORT`), or by the CLI's `--adb`.
 */
import { MobaError } from '../../shared/errors.ts';

export interface AdbAddress {
  host: string;
  port: number;
}

export const DEFAULT_ADB_PORT = 5037;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

/** Only a server on this machine can be started by us; remote ones (device farms) must already run. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK.has(host.toLowerCase()) || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Parses `host:port`, `[v6]:port`, `tcp:host:port` or a bare port (meaning localhost).
 *
 * @throws MobaError INVALID_INPUT naming the expected form
 */
export function parseAdbAddress(value: string, defaultPort = DEFAULT_ADB_PORT): AdbAddress {
  const text = value.trim().replace(/^tcp:/i, '');
  let host: string;
  let portText: string | undefined;
  const v6 = /^\[([0-9a-fA-F:.]+)\](?::(\d+))?$/.exec(text);
  if (v6) {
    host = v6[1]!;
    portText = v6[2];
  } else if (/^\d+$/.test(text)) {
    host = '127.0.0.1';
    portText = text;
  } else {
    const m = /^([A-Za-z0-9._-]+)(?::(\d+))?$/.exec(text);
    if (!m)
      throw new MobaError(
        'INVALID_INPUT',
        `Not an address: ${JSON.stringify(value.slice(0, 100))}. Expected HOST:PORT, e.g. 192.168.1.20:5555.`,
      );
    host = m[1]!;
    portText = m[2];
  }
  const port = portText === undefined ? defaultPort : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new MobaError('INVALID_INPUT', `Bad port in ${JSON.stringify(value.slice(0, 100))}: expected 1–65535.`);
  return { host, port };
}

/**
 * The server address the environment asks for, as adb reads it: `ADB_SERVER_SOCKET=tcp:HOST:PORT`
 * wins, else `ANDROID_ADB_SERVER_PORT` on localhost; undefined when neither is set.
 *
 * @throws MobaError INVALID_INPUT when a variable is set but malformed
 */
export function adbAddressFromEnv(env: NodeJS.ProcessEnv): AdbAddress | undefined {
  const socket = env.ADB_SERVER_SOCKET?.trim();
  if (socket) {
    if (!/^tcp:/i.test(socket))
      throw new MobaError(
        'INVALID_INPUT',
        `ADB_SERVER_SOCKET must look like tcp:HOST:PORT, got ${JSON.stringify(socket.slice(0, 100))}.`,
      );
    return parseAdbAddress(socket);
  }
  const port = env.ANDROID_ADB_SERVER_PORT?.trim();
  if (port) return parseAdbAddress(port);
  return undefined;
}

export function formatAddress(a: AdbAddress): string {
  return a.host.includes(':') ? `[${a.host}]:${a.port}` : `${a.host}:${a.port}`;
}
