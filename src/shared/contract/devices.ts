/**
 * The Devices panel's part of the contract: the adb server's devices and their facts,
 * wireless connect/disconnect, one observation, one action. Serials and addresses are
 * validated here so nothing malformed reaches the adb server.
 */
import { z } from 'zod';
import { ActionCallSchema } from '../actions.ts';
import { ERROR_CODES } from '../errors.ts';
import { Observation, ScreenSize, UiElement } from '../schemas/perception.ts';
import { defineMethod } from './define.ts';

/** adb serials: USB serials, `host:port`, `[v6]:port`, `emulator-5554`, mDNS service names. */
export const DeviceSerial = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._:@%\-[\]]+$/, 'an adb serial such as emulator-5554, R58M123ABC or 192.168.1.20:5555');

/** `HOST:PORT` of a phone with wireless debugging (the port defaults to 5555 when left out). */
export const DeviceAddress = z
  .string()
  .trim()
  .min(1)
  .max(260)
  .regex(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/, 'HOST:PORT, e.g. 192.168.1.20:5555');

export const DEVICE_STATES = [
  'device',
  'offline',
  'unauthorized',
  'authorizing',
  'connecting',
  'recovery',
  'rescue',
  'sideload',
  'bootloader',
  'host',
  'no permissions',
  'unknown',
] as const;
export const DeviceState = z.enum(DEVICE_STATES);
export type DeviceState = z.infer<typeof DeviceState>;

export const DeviceTransport = z.enum(['usb', 'tcp', 'emulator', 'unknown']);
export type DeviceTransport = z.infer<typeof DeviceTransport>;

/** One line of `adb devices -l`. */
export const DeviceSummary = z.object({
  serial: z.string(),
  state: DeviceState,
  transport: DeviceTransport,
  product: z.string().nullable(),
  model: z.string().nullable(),
  device: z.string().nullable(),
  transportId: z.string().nullable(),
});
export type DeviceSummary = z.infer<typeof DeviceSummary>;

export const InstalledApp = z.object({
  packageName: z.string(),
  /** The name on the launcher, when the device reports it (stock Android's shell does not). */
  label: z.string().nullable(),
  /** The launcher activity, fully qualified, when known. */
  launchActivity: z.string().nullable(),
});
export type InstalledApp = z.infer<typeof InstalledApp>;

export const ForegroundApp = z.object({ packageName: z.string(), activity: z.string() });
export type ForegroundApp = z.infer<typeof ForegroundApp>;

/** What one device is, and what it shows, at `collectedAt`. */
export const DeviceFacts = z.object({
  serial: z.string(),
  model: z.string(),
  manufacturer: z.string(),
  brand: z.string(),
  androidVersion: z.string(),
  sdk: z.number().int().nullable(),
  screen: z
    .object({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      density: z.number().int().positive().nullable(),
    })
    .nullable(),
  packages: z.array(InstalledApp),
  currentApp: ForegroundApp.nullable(),
  keyboardShown: z.boolean(),
  /** The active input method id. */
  inputMethod: z.string().nullable(),
  /** ADB Keyboard (`com.android.adbkeyboard/.AdbIME`) types non-ASCII text (Chinese, emoji). */
  adbKeyboard: z.object({ installed: z.boolean(), enabled: z.boolean() }),
  collectedAt: z.number(),
});
export type DeviceFacts = z.infer<typeof DeviceFacts>;

export const AdbServerStatus = z.object({
  host: z.string(),
  port: z.number().int(),
  /** 'idle' until something asked for devices; 'unavailable' while the server cannot be reached. */
  status: z.enum(['idle', 'connected', 'unavailable']),
  error: z.string().optional(),
});
export type AdbServerStatus = z.infer<typeof AdbServerStatus>;

export const DevicesSnapshot = z.object({ server: AdbServerStatus, devices: z.array(DeviceSummary) });
export type DevicesSnapshot = z.infer<typeof DevicesSnapshot>;

export const DeviceListEntry = DeviceSummary.extend({
  facts: DeviceFacts.nullable(),
  /** Why the facts are missing for an online device. */
  factsError: z.string().optional(),
});
export type DeviceListEntry = z.infer<typeof DeviceListEntry>;

export const ActionError = z.object({ name: z.string(), code: z.enum(ERROR_CODES), message: z.string() });

/** What executing one action did. A failed action is a result with `ok: false`, not a thrown error. */
export const ActionResult = z.object({
  ok: z.boolean(),
  /** The action as written, e.g. `Click(3)`. */
  action: z.string(),
  error: ActionError.optional(),
  durationMs: z.number(),
  /** Time spent waiting for the screen to settle after the action (part of durationMs). */
  settleMs: z.number(),
  /** False when the screen was still changing when `agent.settleTimeoutMs` ran out. */
  settled: z.boolean(),
  /** What was done, e.g. `tap (540, 1210) on [3] "Clock"`. */
  detail: z.string(),
  /** Finish/Failed end the run rather than touch the device. */
  terminal: z.boolean(),
});
export type ActionResult = z.infer<typeof ActionResult>;

export const deviceMethods = {
  listDevices: defineMethod({
    summary:
      "The adb server's devices; with facts, each online device's model, Android version, screen, apps and foreground app.",
    input: z.object({ facts: z.boolean().default(false) }).strict(),
    output: z.object({ server: AdbServerStatus, devices: z.array(DeviceListEntry) }),
  }),
  getDeviceFacts: defineMethod({
    summary:
      'Model, Android version, screen, installed apps, foreground app, keyboard and ADB Keyboard state of one device.',
    input: z.object({ serial: DeviceSerial, refresh: z.boolean().default(false) }).strict(),
    output: DeviceFacts,
  }),
  connectDevice: defineMethod({
    summary: 'adb connect HOST:PORT (wireless debugging) and wait until the device is online.',
    input: z.object({ address: DeviceAddress }).strict(),
    output: DeviceSummary,
  }),
  disconnectDevice: defineMethod({
    summary: 'adb disconnect HOST:PORT.',
    input: z.object({ address: DeviceAddress }).strict(),
    output: z.object({ address: z.string() }),
  }),
  observeDevice: defineMethod({
    summary:
      'Screenshot, UI dump, indexed elements, set-of-marks image, foreground app and keyboard state as one observation.',
    input: z.object({ serial: DeviceSerial, ocr: z.boolean().default(true) }).strict(),
    output: Observation,
  }),
  executeAction: defineMethod({
    summary: 'Perform one action (Click(3), Swipe(up), Box_Input(2, "text")…) and wait for the screen to settle.',
    input: z
      .object({
        serial: DeviceSerial,
        action: ActionCallSchema,
        /** The elements the action's index refers to; default: the last observation of this device (observed now if none). */
        elements: z.array(UiElement).max(5_000).optional(),
        screen: ScreenSize.optional(),
      })
      .strict(),
    output: ActionResult,
  }),
};

export const deviceEvents = {
  /** The device list or the adb server's reachability changed. */
  didChangeDevices: DevicesSnapshot,
};
