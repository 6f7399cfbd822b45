/**
 * The app's errors: the one error class and its codes come from @moba/base (shared with the
 * simulated phone); this module is where the app's contract, main and renderer import them.
 */
export { ERROR_CODES, MobaError, deserializeError, errorMessage, isErrorCode, isSerializedError, serializeError } from '@moba/base';
export type { ErrorCode, SerializedError } from '@moba/base';
import { MobaError as Moba } from '@moba/base';
import type { ErrorCode as Code } from '@moba/base';

/**
 * Codes that mean the device (or the adb server in front of it) is out of reach: retrying the
 * same call cannot help, a fallback (screenshots instead of scrcpy, OCR instead of a dump)
 * cannot either, and a run stops instead of reflecting on the failure.
 */
export const DEVICE_GONE_CODES: readonly Code[] = ['DEVICE_NOT_FOUND', 'DEVICE_OFFLINE', 'DEVICE_UNAUTHORIZED', 'ADB_UNAVAILABLE'];

function codeOf(error: unknown): string | undefined {
  if (error instanceof Moba) return error.code;
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The device or the adb server is gone (a MobaError or a serialised one with such a code). */
export function isDeviceGone(error: unknown): boolean {
  const code = codeOf(error);
  return code !== undefined && (DEVICE_GONE_CODES as readonly string[]).includes(code);
}

/** The caller gave up (its AbortSignal fired). */
export function isCancelled(error: unknown): boolean {
  return codeOf(error) === 'CANCELLED';
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
export function deviceStateError(serial: string, state: string, options: { cause?: unknown } = {}): Moba {
  const code = deviceProblem(state) === 'DEVICE_UNAUTHORIZED' ? 'DEVICE_UNAUTHORIZED' : 'DEVICE_OFFLINE';
  const message =
    code === 'DEVICE_UNAUTHORIZED'
      ? `Device ${serial} has not authorised this computer (it is ${state.trim()}): accept the "Allow USB debugging?" prompt on the phone.`
      : `Device ${serial} is ${state.trim()}, not ready for commands. Reconnect it (USB cable, or \`moba connect HOST:PORT\`).`;
  return new Moba(code, message, { details: { serial }, ...(options.cause === undefined ? {} : { cause: options.cause }) });
}
