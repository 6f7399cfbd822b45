/**
 * Acting on a device from outside the agent (UI, CLI): finds the screen an action refers to
 * (given elements, else the last observation, else a fresh one), then executes it.
 */
import { ACTIONS, targetIndex } from '../../shared/actions.ts';
import type { ActionCall } from '../../shared/actions.ts';
import type { ActionResult } from '../../shared/contract/devices.ts';
import { serializeError } from '../../shared/errors.ts';
import type { ScreenSize, UiElement } from '../../shared/schemas/perception.ts';
import type { AppResolver } from './actions/types.ts';
import { nameMatchResolver } from './app-resolver.ts';
import type { DeviceService } from './device-service.ts';
import { executeAction } from './execute-action.ts';
import type { Observer } from './observe.ts';

export interface ActOnDeviceOptions {
  devices: DeviceService;
  observer: Observer;
  serial: string;
  action: ActionCall;
  elements?: readonly UiElement[] | undefined;
  screen?: ScreenSize | undefined;
  settleTimeoutMs: number;
  /** Default: match the query against the device's package names. */
  resolveApp?: AppResolver | undefined;
  signal?: AbortSignal | undefined;
}

/** @returns the action's result; problems reaching the device are `ok: false` results too */
export async function actOnDevice(options: ActOnDeviceOptions): Promise<ActionResult> {
  const { devices, observer, serial, action, signal } = options;
  const started = performance.now();
  try {
    const device = ACTIONS[action.name].terminal
      ? devices.device(serial)
      : await devices.onlineDevice(serial, { signal });
    let elements = options.elements;
    let screen = options.screen;
    const needsElements = targetIndex(action) !== undefined;
    const needsScreen = needsElements || action.name === 'Swipe' || /_by_Coordinate$/.test(action.name);
    const last = observer.lastObservation(serial);
    if (needsElements && !elements) {
      const seen = last ?? (await observer.observe(serial, { signal, ocr: true })).observation;
      elements = seen.elements;
      screen ??= seen.screen;
    }
    if (needsScreen && !screen) {
      screen = last?.screen ?? (await observer.observe(serial, { signal, ocr: false })).observation.screen;
    }
    return await executeAction(action, {
      device,
      input: devices.input(serial),
      elements: elements ?? [],
      screen: screen ?? { width: 1, height: 1 },
      resolveApp:
        options.resolveApp ?? nameMatchResolver(async () => (await devices.facts(serial, { signal })).packages),
      signal,
      settleTimeoutMs: options.settleTimeoutMs,
    });
  } catch (error) {
    const e = serializeError(error);
    return {
      ok: false,
      action: action.name,
      error: { name: e.name, code: e.code, message: e.message },
      durationMs: performance.now() - started,
      settleMs: 0,
      settled: false,
      detail: e.message,
      terminal: false,
    };
  }
}
