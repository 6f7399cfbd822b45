/**
 * One error class with a stable `code` per failure mode. Errors cross every boundary (IPC,
 * WebSocket, CLI JSON) as `{ name, code, message }`; `details` is optional plain data.
 */

export const ERROR_CODES = [
  // contract / transport
  'INVALID_INPUT',
  'INVALID_OUTPUT',
  'UNKNOWN_METHOD',
  'UNAUTHORIZED',
  'DISCONNECTED',
  'TIMEOUT',
  'CANCELLED',
  'NOT_FOUND',
  'CONFLICT',
  'INTERNAL',
  // store
  'STORE_CORRUPT',
  'STORE_MIGRATION_FAILED',
  'STORE_SCHEMA_NEWER',
  'STORE_SCHEMA_MISMATCH',
  // devices
  'ADB_UNAVAILABLE',
  'DEVICE_NOT_FOUND',
  'DEVICE_OFFLINE',
  'DEVICE_UNAUTHORIZED',
  'DEVICE_COMMAND_FAILED',
  'CONNECT_FAILED',
  'INPUT_METHOD_MISSING',
  // perception
  'DUMP_FAILED',
  'DUMP_INVALID',
  'SCREENSHOT_FAILED',
  'OCR_FAILED',
  // actions
  'ACTION_INVALID',
  'ACTION_FAILED',
  // model
  'MODEL_NOT_CONFIGURED',
  'MODEL_HTTP_ERROR',
  'MODEL_REPLY_INVALID',
  'MODEL_REFUSED',
  /** The configured model cannot do what is asked of it (images to a text-only model). */
  'MODEL_NOT_CAPABLE',
  'REPLAY_MISMATCH',
  // agent
  'RUN_NOT_FOUND',
  'RUN_STATE',
  'BUDGET_EXHAUSTED',
  // mirror / simulator
  'MIRROR_FAILED',
  'SCRCPY_SERVER_MISSING',
  'SIMULATOR_FAILED',
  'BROWSER_MISSING',
  // memory
  'MEMORY_IMPORT_INVALID',
  // voice
  'VOICE_AUDIO_INVALID',
  'VOICE_NO_SPEECH',
  'VOICE_NO_MICROPHONE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface SerializedError {
  name: string;
  code: ErrorCode;
  message: string;
  details?: unknown;
}

export class MobaError extends Error {
  override name = 'MobaError';
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options?.details;
  }

  toJSON(): SerializedError {
    const out: SerializedError = { name: this.name, code: this.code, message: this.message };
    if (this.details !== undefined) out.details = this.details;
    return out;
  }
}

const codeSet: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && codeSet.has(value);
}

export function isSerializedError(value: unknown): value is SerializedError {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.name === 'string' && typeof v.message === 'string' && isErrorCode(v.code);
}

/** Turns anything thrown into the wire form; unknown errors become INTERNAL with their message. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof MobaError) return error.toJSON();
  if (isSerializedError(error)) return { name: error.name, code: error.code, message: error.message };
  if (error instanceof Error) {
    if (error.name === 'AbortError')
      return { name: 'MobaError', code: 'CANCELLED', message: error.message || 'Cancelled' };
    return { name: error.name || 'Error', code: 'INTERNAL', message: error.message || String(error) };
  }
  return { name: 'Error', code: 'INTERNAL', message: String(error) };
}

/** Rebuilds a throwable error on the receiving side of a boundary. */
export function deserializeError(error: SerializedError): MobaError {
  const e = new MobaError(
    error.code,
    error.message,
    error.details === undefined ? undefined : { details: error.details },
  );
  if (error.name && error.name !== 'MobaError') e.name = error.name;
  return e;
}

export function errorMessage(error: unknown): string {
  return serializeError(error).message;
}
