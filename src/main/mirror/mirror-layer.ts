/**
 * Builds the mirror service for the app: adb through the device layer's handles, the
 * settings' stream options, events to every window, and the agent's screenshots taken from a
 * running mirror (the observer's 'mirror' source).
 */
import { join } from 'node:path';
import type { EventHub } from '../event-hub.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { Observer } from '../device/observe.ts';
import { scrcpyStandInPath } from '@moba/sim/constants';
import { packageRoot } from '../package-root.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { Disposable } from '@moba/base';
import { MirrorService } from './mirror-service.ts';

export interface MirrorLayerOptions {
  settings: SettingsService;
  devices: DeviceService;
  observer: Observer;
  events: EventHub;
  env?: NodeJS.ProcessEnv;
}

export interface MirrorLayer extends Disposable {
  mirror: MirrorService;
}

export function createMirrorLayer(options: MirrorLayerOptions): MirrorLayer {
  const mirror = new MirrorService({
    // The device layer's handles: the same adb client, address, deadlines and error mapping.
    device: (serial) => options.devices.device(serial),
    // …and its input router: while a scrcpy session runs, the agent's actions use its control socket too.
    inputs: options.devices.inputs,
    mirrorSettings: () => options.settings.get().mirror,
    resourcesDir: join(packageRoot(), 'resources'),
    simulatorStandIn: scrcpyStandInPath(),
    ...(options.env ? { env: options.env } : {}),
  });
  const providers = new Map<string, Disposable>();
  const stateSub = mirror.onDidChangeState((event) => {
    options.events.emit('didChangeMirror', event);
    if (event.state === 'running' && !providers.has(event.serial)) {
      providers.set(
        event.serial,
        options.observer.setScreenshotProvider(
          event.serial,
          ({ signal }) => mirror.captureFrame(event.serial, signal),
          () => mirror.sinceLastFrame(event.serial),
        ),
      );
    } else if (event.state === 'stopped' || event.state === 'failed') {
      providers.get(event.serial)?.dispose();
      providers.delete(event.serial);
    }
  });
  return {
    mirror,
    dispose() {
      stateSub.dispose();
      for (const p of providers.values()) p.dispose();
      providers.clear();
      mirror.dispose();
    },
  };
}
