/**
 * The one adb client (adbkit, bounded and cancellable), the server's address, and the mapping
 * of what adb reports to MobaErrors. Everything that talks to the adb server imports this.
 */
export { AdbClient } from './adb-client.ts';
export type { AdbCallOptions, AdbClientOptions, AdbValueStream } from './adb-client.ts';
export { DEFAULT_ADB_PORT, adbAddressFromEnv, formatAddress, isLoopbackHost, parseAdbAddress } from './address.ts';
export type { AdbAddress } from './address.ts';
export { AdbFailure, connectFailure, deviceFailure, isStreamCut, serverUnavailable } from './errors.ts';
export { decodeShellV2 } from './shell-v2.ts';
export type { ShellResult } from './shell-v2.ts';
