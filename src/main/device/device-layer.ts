/** The device services as the app wires them: settings-driven adb address, observer with OCR fallback. */
import { errorMessage } from '../../shared/errors.ts';
import { OcrEngine } from '../perception/ocr.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { Disposable } from '@moba/base';
import { adbAddressFromEnv } from '../adb/index.ts';
import type { AdbAddress } from '../adb/index.ts';
import { DeviceService } from './device-service.ts';
import { Observer } from './observe.ts';

export interface DeviceLayer extends Disposable {
  devices: DeviceService;
  observer: Observer;
}

export interface DeviceLayerOptions {
  settings: SettingsService;
  artifacts: ArtifactStore;
  env: NodeJS.ProcessEnv;
  /**
   * Pins the adb server (the CLI's `--adb`); else ADB_SERVER_SOCKET / ANDROID_ADB_SERVER_PORT
   * from `env`; else settings. `env.MOBA_ADB_AUTOSTART=0` disables starting a local server.
   */
  adbAddress?: AdbAddress | undefined;
}

export function createDeviceLayer(options: DeviceLayerOptions): DeviceLayer {
  let override = options.adbAddress;
  if (!override) {
    try {
      override = adbAddressFromEnv(options.env);
    } catch (error) {
      console.error(`[moba] ignoring the adb server address from the environment: ${errorMessage(error)}`);
    }
  }
  // MOBA_ADB_AUTOSTART=0 keeps the app from ever spawning an adb server (tests, locked-down hosts).
  const autoStartServer = options.env.MOBA_ADB_AUTOSTART !== '0';
  const devices = new DeviceService({ adb: options.settings.get().adb, addressOverride: override, autoStartServer });
  const observer = new Observer({ devices, artifacts: options.artifacts, createOcr: () => new OcrEngine() });
  const sub = options.settings.onDidChange((view) => devices.configure(view.settings.adb));
  return {
    devices,
    observer,
    dispose() {
      sub.dispose();
      devices.dispose();
      void observer.dispose();
    },
  };
}
