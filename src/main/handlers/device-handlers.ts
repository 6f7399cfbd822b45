import type { DeviceListEntry } from '../../shared/contract/devices.ts';
import { serializeError } from '../../shared/errors.ts';
import type { Handlers } from '../contract/router.ts';
import type { DeviceService } from '../device/device-service.ts';
import { actOnDevice } from '../device/device-actions.ts';
import type { Observer } from '../device/observe.ts';
import type { RunService } from '../agent/run-service.ts';
import type { SettingsService } from '../settings/settings-service.ts';

type DeviceHandlerNames = 'listDevices' | 'getDeviceFacts' | 'connectDevice' | 'disconnectDevice' | 'observeDevice' | 'executeAction';

export interface DeviceHandlerServices {
  devices: DeviceService;
  observer: Observer;
  settings: SettingsService;
  /** When given, actions a person runs here on a device with an active run are recorded in it. */
  runs?: RunService;
}

export function deviceHandlers(s: DeviceHandlerServices): Pick<Handlers, DeviceHandlerNames> {
  return {
    listDevices: async ({ facts }, { signal }) => {
      // The panel that lists devices wants to hear about changes from now on.
      s.devices.startTracking();
      const server = { ...s.devices.server.address };
      let devices;
      try {
        devices = await s.devices.list({ signal });
      } catch (error) {
        const e = serializeError(error);
        if (e.code !== 'ADB_UNAVAILABLE' && e.code !== 'TIMEOUT') throw error;
        return { server: { ...server, status: 'unavailable' as const, error: e.message }, devices: [] };
      }
      const entries = await Promise.all(
        devices.map(async (d): Promise<DeviceListEntry> => {
          if (!facts || d.state !== 'device') return { ...d, facts: null };
          try {
            return { ...d, facts: await s.devices.facts(d.serial, { signal }) };
          } catch (error) {
            return { ...d, facts: null, factsError: serializeError(error).message };
          }
        }),
      );
      return { server: { ...server, status: 'connected' as const }, devices: entries };
    },
    getDeviceFacts: ({ serial, refresh }, { signal }) => s.devices.facts(serial, { refresh, signal }),
    connectDevice: ({ address }, { signal }) => s.devices.connect(address, { signal }),
    disconnectDevice: async ({ address }, { signal }) => ({ address: await s.devices.disconnect(address, { signal }) }),
    observeDevice: async ({ serial, ocr }, { signal }) => (await s.observer.observe(serial, { ocr, signal })).observation,
    executeAction: async ({ serial, action, elements, screen }, { signal }) => {
      const result = await actOnDevice({ devices: s.devices, observer: s.observer, serial, action, elements, screen, settleTimeoutMs: s.settings.get().agent.settleTimeoutMs, signal });
      s.runs?.recordPersonAction(serial, action, { ok: result.ok, durationMs: result.durationMs });
      return result;
    },
  };
}
