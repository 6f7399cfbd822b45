/**
 * The one mapping from what the adb server, adbkit and sockets report to MobaErrors with
 * stable codes and actionable messages. What a device state means (`authorizing` is
 * unauthorised, too) comes from `deviceProblem` in src/shared/errors.ts, which the renderer
 * and the agent use as well.
 */
import { MobaError, deviceProblem } from '../../shared/errors.ts';
import type { AdbAddress } from './address.ts';
import { formatAddress } from './address.ts';

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
  switch (deviceProblem(text)) {
    case 'DEVICE_NOT_FOUND':
      return new MobaError(
        'DEVICE_NOT_FOUND',
        `Device ${serial} is not connected (adb: ${text}). Run \`moba devices\` to see what is.`,
        { details: { serial } },
      );
    case 'DEVICE_OFFLINE':
      return new MobaError(
        'DEVICE_OFFLINE',
        `Device ${serial} is offline (adb: ${text}). Reconnect it (USB cable, or \`moba connect HOST:PORT\`).`,
        { details: { serial } },
      );
    case 'DEVICE_UNAUTHORIZED':
      return new MobaError(
        'DEVICE_UNAUTHORIZED',
        `Device ${serial} has not authorised this computer (adb: ${text}): accept the "Allow USB debugging?" prompt on the phone.`,
        { details: { serial } },
      );
    case null:
      return new MobaError('DEVICE_COMMAND_FAILED', `adb refused a request for ${serial}: ${text}`, {
        details: { serial },
      });
  }
}

/**
 * The server cut a device stream: it refused the service with `closed`, or ended the
 * connection before the reply. That is what a transport that just broke looks like (the phone
 * went away a moment ago, before the server marked it offline), so the device layer asks the
 * device's state before reporting it (see {@link isStreamCut}).
 */
export function streamCut(message: string, options: { serial?: string; cause?: unknown } = {}): MobaError {
  return new MobaError('DEVICE_COMMAND_FAILED', message, {
    ...(options.cause === undefined ? {} : { cause: options.cause }),
    details: { ...(options.serial === undefined ? {} : { serial: options.serial }), cut: true },
  });
}

/** Whether the error is a {@link streamCut}. */
export function isStreamCut(error: unknown): boolean {
  return (
    error instanceof MobaError &&
    error.code === 'DEVICE_COMMAND_FAILED' &&
    (error.details as { cut?: unknown } | undefined)?.cut === true
  );
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
  return new MobaError(
    'ADB_UNAVAILABLE',
    `No adb server at ${where}: ${reason}. Start one (\`adb -P ${address.port} start-server\`) or set adb.host/adb.port (or ADB_SERVER_SOCKET=tcp:HOST:PORT).`,
    {
      cause,
      details: { host: address.host, port: address.port },
    },
  );
}

/** `adb connect` did not connect: what the reply means and what to check. */
export function connectFailure(serial: string, reply: string): MobaError {
  const text = reply.trim();
  let hint: string;
  if (/refused/i.test(text))
    hint =
      'the connection was refused: is wireless debugging on and the port right? (Android 11+: Developer options → Wireless debugging shows the port; older phones: connect by USB once and run `adb tcpip 5555`.)';
  else if (/unreachable|no route|timed out|timeout/i.test(text))
    hint = 'the phone is unreachable: is it on the same network as this computer?';
  else if (/resolve|unknown host|name or service/i.test(text)) hint = 'the host name does not resolve.';
  else if (/authenticat/i.test(text))
    hint = 'the phone rejected this computer: pair it first (`adb pair HOST:PAIRING_PORT`).';
  else hint = 'check the address and that wireless debugging is on.';
  return new MobaError('CONNECT_FAILED', `Cannot connect to ${serial}: ${hint} (adb: ${text || 'no reply'})`, {
    details: { serial, reply: text },
  });
}
