/**
 * The app's errors: the one error class and its codes come from @moba/base (shared with the
 * simulated phone); this module is where the app's contract, main and renderer import them.
 */
export { ERROR_CODES, MobaError, deserializeError, errorMessage, isErrorCode, isSerializedError, serializeError } from '@moba/base';
export type { ErrorCode, SerializedError } from '@moba/base';
