import type { Handlers } from '../contract/router.ts';
import type { RunService } from '../agent/run-service.ts';
import type { DeviceService } from '../device/device-service.ts';
import { actOnDevice } from '../device/device-actions.ts';
import type { Observer } from '../device/observe.ts';
import type { SettingsService } from '../settings/settings-service.ts';

/** The person's own actions from the cockpit: performed on the run's device, recorded in its log. */
export function cockpitHandlers(s: { runs: RunService; devices: DeviceService; observer: Observer; settings: SettingsService }): Pick<Handlers, 'actAsPerson'> {
  return {
    actAsPerson: async ({ runId, action, elements, screen }, { signal }) => {
      const serial = s.runs.get(runId).serial;
      const result = await actOnDevice({ devices: s.devices, observer: s.observer, serial, action, elements, screen, settleTimeoutMs: s.settings.get().agent.settleTimeoutMs, signal });
      if (result.ok) s.runs.recordPersonAction(serial, action, { ok: true, durationMs: result.durationMs });
      return result;
    },
  };
}
