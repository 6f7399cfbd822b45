/** Devices: the adb server's devices, observing a screen, acting on it. */
export { DeviceService, WIRELESS_PORT } from './device-service.ts';
export type { DeviceServiceOptions } from './device-service.ts';
export { AndroidDevice, ADB_KEYBOARD_IME, DEFAULT_TIMEOUTS } from './android-device.ts';
export type { CallOptions, DeviceTimeouts, DumpResult } from './android-device.ts';
export { Observer } from './observe.ts';
export type { ObserveOptions, ObserveResult, ScreenshotProvider } from './observe.ts';
export { executeAction } from './execute-action.ts';
export type { ExecuteOptions } from './execute-action.ts';
export { actOnDevice } from './device-actions.ts';
export { EXECUTORS } from './actions/index.ts';
export type {
  ActionContext,
  ActionEffect,
  ActionExecutor,
  ActionExecutors,
  AppResolver,
  ResolvedApp,
} from './actions/index.ts';
export { matchApp, nameMatchResolver } from './app-resolver.ts';
export { typeText, withAdbKeyboard, ADB_KEYBOARD_FIX } from './text-input.ts';
export { waitForSettle, screenshotProbe } from './settle.ts';
export type { SettleProbe, SettleResult } from './settle.ts';
