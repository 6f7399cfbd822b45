import type { DeviceListEntry } from '../../shared/contract/devices.ts';
import { serializeError } from '../../shared/errors.ts';
import type { Handlers } from '../contract/router.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { Observer } from '../device/observe.ts';
import type { PersonActions } from '../person/person-actions.ts';

type DeviceHandlerNames =
  | 'listDevices'
  | 'getDeviceFacts'
  | 'connectDevice'
  | 'disconnectDevice'
  | 'observeDevice'
  | 'executeAction';

export interface DeviceHandlerServices {
  devices: DeviceService;
  observer: Observer;
  /** A person's actions: performed, and recorded in the run active on the device. */
  person: PersonActions;
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
    observeDevice: async ({ serial, ocr }, { signal }) =>
      (await s.observer.observe(serial, { ocr, signal })).observation,
    executeAction: ({ serial, action, elements, screen }, { signal }) =>
      s.person.perform(serial, { action, elements, screen }, signal),
  };
}
