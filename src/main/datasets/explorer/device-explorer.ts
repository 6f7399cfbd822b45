/**
 * The explorer's phone: a device the adb server knows, reset with the simulated phone's
 * `sim-reset` (a real phone cannot be reset, so it is refused) and the app launched from its
 * launcher activity; observations and actions go through the same observer and executors as
 * the agent's.
 */
import type { ActionCall } from '../../../shared/actions.ts';
import { MobaError } from '../../../shared/errors.ts';
import type { Observation } from '../../../shared/schemas/perception.ts';
import { delay } from '@moba/base';
import { actOnDevice } from '../../device/device-actions.ts';
import type { DeviceService } from '../../device/device-service.ts';
import type { Observer } from '../../device/observe.ts';
import type { ExplorerDevice } from './explorer.ts';

export function deviceExplorer(o: {
  devices: DeviceService;
  observer: Observer;
  serial: string;
  app: string;
  settleTimeoutMs: number;
}): ExplorerDevice {
  const observe = async (signal?: AbortSignal): Promise<Observation> =>
    (await o.observer.observe(o.serial, { ...(signal ? { signal } : {}) })).observation;
  return {
    async restart(signal) {
      const device = await o.devices.onlineDevice(o.serial, { ...(signal ? { signal } : {}) });
      const reset = await device.run('sim-reset', { ...(signal ? { signal } : {}) });
      const said = `${reset.stdout.toString('utf8')}${reset.stderr.toString('utf8')}`.trim();
      if ((reset.exitCode !== null && reset.exitCode !== 0) || !/^OK/m.test(said))
        throw new MobaError(
          'DEVICE_COMMAND_FAILED',
          `${o.serial} cannot be reset (sim-reset: ${said.slice(0, 200) || 'no answer'}); the explorer needs a resettable phone such as the simulated one`,
        );
      await device.launchApp(o.app, { ...(signal ? { signal } : {}) });
      // Wait until the app is in front and its screen stops changing.
      let last = '';
      for (let i = 0; i < 40; i++) {
        const obs = await observe(signal);
        const key = JSON.stringify(obs.elements.map((e) => [e.bounds, e.text]));
        if (obs.currentApp?.packageName === o.app && key === last) return;
        last = obs.currentApp?.packageName === o.app ? key : '';
        await delay(150, signal);
      }
      throw new MobaError('TIMEOUT', `${o.app} did not settle in front on ${o.serial}`);
    },
    observe,
    async act(action: ActionCall, seen: Observation, signal?: AbortSignal) {
      const r = await actOnDevice({
        devices: o.devices,
        observer: o.observer,
        serial: o.serial,
        action,
        elements: seen.elements,
        screen: seen.screen,
        settleTimeoutMs: o.settleTimeoutMs,
        signal,
      });
      return r.ok ? { ok: true } : { ok: false, error: r.error?.message ?? r.detail };
    },
  };
}
