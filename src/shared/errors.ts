/**
 * The app's errors: the one error class and its codes come from @moba/base (shared with the
 * simulated phone); this module is where the app's contract, main and renderer import them,
 * with the few questions every layer asks of an error.
 */
import { MobaError, deserializeError, isSerializedError, serializeError } from '@moba/base';
import type { ErrorCode } from '@moba/base';

export {
  ERROR_CODES,
  MobaError,
  deserializeError,
  errorMessage,
  isErrorCode,
  isSerializedError,
  serializeError,
} from '@moba/base';
export type { ErrorCode, SerializedError } from '@moba/base';

/** A schema's first problems on one line (`path: message; …`, at most `limit` of them), for an error message or a log. */
export function issuesInOneLine(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  limit = 5,
): string {
  return issues
    .slice(0, limit)
    .map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/**
 * Any thrown value as a MobaError, e.g. a rejected contract call in the renderer: a MobaError
 * as it is, its wire form rebuilt, anything else INTERNAL with its message (an AbortError
 * CANCELLED), as serializeError maps it.
 */
export function toMobaError(error: unknown): MobaError {
  if (error instanceof MobaError) return error;
  return deserializeError(isSerializedError(error) ? error : serializeError(error));
}

/** The stable code of a MobaError or of its wire form; undefined for anything else. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (error instanceof MobaError) return error.code;
  return isSerializedError(error) ? error.code : undefined;
}

/**
 * The codes that mean the device is gone (unplugged, offline, no longer authorised) or the
 * adb server cannot be reached: going on with that device is pointless until it is back.
 */
export const DEVICE_GONE_CODES: readonly ErrorCode[] = [
  'DEVICE_NOT_FOUND',
  'DEVICE_OFFLINE',
  'DEVICE_UNAUTHORIZED',
  'ADB_UNAVAILABLE',
];

/** Whether the error says the device (or its adb server) is gone: see DEVICE_GONE_CODES. */
export function isDeviceGone(error: unknown): boolean {
  const code = errorCode(error);
  return code !== undefined && DEVICE_GONE_CODES.includes(code);
}

/** Whether the error is a cancellation (CANCELLED): the caller gave up, nothing failed. */
export function isCancelled(error: unknown): boolean {
  return errorCode(error) === 'CANCELLED';
}

/**
 * What a device state (`adb get-state`, `adb devices`) or an adb FAIL reply says about the
 * device: not there, not authorised (`unauthorized`, and `authorizing` while the phone still
 * shows its prompt), offline; null when it says none of these (`device`, or another failure).
 */
export function deviceProblem(text: string): 'DEVICE_NOT_FOUND' | 'DEVICE_UNAUTHORIZED' | 'DEVICE_OFFLINE' | null {
  const t = text.trim();
  if (/not found|no devices|no emulators/i.test(t)) return 'DEVICE_NOT_FOUND';
  if (/unauthori[sz]ed|authori[sz]ing/i.test(t)) return 'DEVICE_UNAUTHORIZED';
  if (/offline/i.test(t)) return 'DEVICE_OFFLINE';
  return null;
}

/**
 * The error for a device that is listed but not ready for commands (`state` is not `device`):
 * DEVICE_UNAUTHORIZED for `unauthorized`/`authorizing`, else DEVICE_OFFLINE (offline,
 * connecting, recovery, bootloader, no permissions…), with what to do about it.
 */
export function deviceStateError(serial: string, state: string, options: { cause?: unknown } = {}): MobaError {
  const code = deviceProblem(state) === 'DEVICE_UNAUTHORIZED' ? 'DEVICE_UNAUTHORIZED' : 'DEVICE_OFFLINE';
  const message =
    code === 'DEVICE_UNAUTHORIZED'
      ? `Device ${serial} has not authorised this computer (it is ${state.trim()}): accept the "Allow USB debugging?" prompt on the phone.`
      : `Device ${serial} is ${state.trim()}, not ready for commands. Reconnect it (USB cable, or \`moba connect HOST:PORT\`).`;
  return new MobaError(code, message, {
    details: { serial },
    ...(options.cause === undefined ? {} : { cause: options.cause }),
  });
}
