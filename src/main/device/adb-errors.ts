/** Turns what the adb server and sockets report into MobaErrors with stable codes and actionable messages. */
import { MobaError } from '../../shared/errors.ts';
import type { AdbAddress } from './adb-address.ts';
import { formatAddress } from './adb-address.ts';

/** A FAIL reply from the adb server, with its message (e.g. `device offline`). */
export class AdbFailure extends Error {
  override name = 'AdbFailure';
  readonly reply: string;
  constructor(reply: string) {
    super(reply);
    this.reply = reply;
  }
}

/**
 * Maps a FAIL reply for a device request to DEVICE_NOT_FOUND / DEVICE_OFFLINE /
 * DEVICE_UNAUTHORIZED, else DEVICE_COMMAND_FAILED.
 */
export function deviceFailure(serial: string, reply: string): MobaError {
  const text = reply.trim();
  if (/not found|no devices|no emulators/i.test(text)) {
    return new MobaError('DEVICE_NOT_FOUND', `Device ${serial} is not connected (adb: ${text}). Run \`moba devices\` to see what is.`, { details: { serial } });
  }
  if (/offline/i.test(text)) {
    return new MobaError('DEVICE_OFFLINE', `Device ${serial} is offline (adb: ${text}). Reconnect it (USB cable, or \`moba connect HOST:PORT\`).`, { details: { serial } });
  }
  if (/unauthori[sz]ed|authorizing/i.test(text)) {
    return new MobaError('DEVICE_UNAUTHORIZED', `Device ${serial} has not authorised this computer: accept the "Allow USB debugging?" prompt on the phone.`, { details: { serial } });
  }
  return new MobaError('DEVICE_COMMAND_FAILED', `adb refused a request for ${serial}: ${text}`, { details: { serial } });
}

/** The adb server cannot be reached at all. */
export function serverUnavailable(address: AdbAddress, cause: unknown): MobaError {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const where = formatAddress(address);
  const reason =
    code === 'ECONNREFUSED'
      ? 'nothing listens there'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'the host name does not resolve'
        : code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH'
          ? 'the host is unreachable'
          : ((cause as Error | undefined)?.message ?? String(cause));
  return new MobaError('ADB_UNAVAILABLE', `No adb server at ${where}: ${reason}. Start one (\`adb -P ${address.port} start-server\`) or set adb.host/adb.port (or ADB_SERVER_SOCKET=tcp:HOST:PORT).`, {
    cause,
    details: { host: address.host, port: address.port },
  });
}

export function isConnectionError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ETIMEDOUT' || code === 'EPIPE';
}
