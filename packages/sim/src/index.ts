/**
 * @moba/sim — a deterministic simulated Android phone behind a real ADB endpoint.
 *
 * ```ts
 * const device = await createSimulatedPhone({ seed: 1 });
 * const server = await startSimulatorServer({ device, port: 6520 });   // adb connect 127.0.0.1:6520
 * const scrcpy = installScrcpyServer(server);                          // answers scrcpy clients
 * …
 * await scrcpy.close(); await server.close(); await device.close();
 * ```
 * Everything a client needs is exported here; the package's folders are its own business.
 */
export {
  DEFAULT_SIMULATOR_PORT,
  SIMULATED_PHONE_MODEL,
  SIMULATED_PHONE_PRODUCT,
  scrcpyStandInPath,
} from './constants.ts';
export type {
  DeviceProps,
  FocusInfo,
  InputMethodInfo,
  Intent,
  KeyCode,
  PackageInfo,
  ClockStart,
  ResetOptions,
  SimulatedDevice,
} from './device.ts';
export { inAppDrawer } from './device.ts';
export { PhoneDeviceStateSchema, PhoneStateSchema } from './state.ts';
export type { PhoneState } from './state.ts';
export { DeviceClock, formatClockPolicy, parseClockPolicy } from './device-clock.ts';
export type { ClockPolicy } from './device-clock.ts';
export { FakeDevice, makeTestPng } from './fake-device.ts';
export type { FakeDeviceEvent, FakeDeviceOptions } from './fake-device.ts';
export { DEVICE_FEATURES, deviceBanner, startSimulatorServer } from './server.ts';
export type { SimulatorServer, SimulatorServerOptions } from './server.ts';
export { SCRCPY_SERVER_CLASS, SCRCPY_SERVER_VERSION, installScrcpyServer } from './scrcpy/index.ts';
export type { InstalledScrcpyServer, ScrcpyHost, ScrcpyServerInstallOptions } from './scrcpy/index.ts';
export { ffmpegPath, h264OutputArgs } from './scrcpy/encoder.ts';
export { UIAUTOMATOR2_DEFAULT_PORT, UIAUTOMATOR2_SERVER_CLASS, installUiautomator2Server } from './u2/index.ts';
export type { InstalledUiautomator2Server, Uiautomator2Host } from './u2/index.ts';
export {
  DEFAULT_CLOCK_START,
  DEFAULT_DENSITY,
  DEFAULT_HEIGHT,
  DEFAULT_TIMEZONE,
  DEFAULT_WIDTH,
  SharedBrowser,
  SimulatedPhone,
  createSharedBrowser,
  createSimulatedPhone,
  findChromium,
} from './phone/index.ts';
export type { CaptureFrameOptions, CapturedFrame, SimulatedPhoneOptions } from './phone/index.ts';
export type { CommandContext, ShellCommand } from './shell/registry.ts';
