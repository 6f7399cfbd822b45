/** Collects what a device is and shows: properties, screen, apps, foreground app, keyboard, IMEs. */
import type { DeviceFacts, InstalledApp } from '../../shared/contract/devices.ts';
import type { AndroidDevice, CallOptions } from './android-device.ts';
import { ADB_KEYBOARD_IME, ADB_KEYBOARD_PACKAGE } from './android-device.ts';
import { parseComponents } from './device-parsers.ts';

/** The parts that do not change while a device stays connected, worth caching. */
export interface StaticFacts {
  model: string;
  manufacturer: string;
  brand: string;
  androidVersion: string;
  sdk: number | null;
  screen: DeviceFacts['screen'];
  packages: InstalledApp[];
}

// Stock Android's shell prints no app labels; `label` stays null unless a caller fills it in.
const LAUNCHER_QUERY =
  'cmd package query-activities --brief -a android.intent.action.MAIN -c android.intent.category.LAUNCHER';

export async function collectStaticFacts(device: AndroidDevice, options: CallOptions = {}): Promise<StaticFacts> {
  const [props, screen, packages, launchers] = await Promise.all([
    device.properties(options),
    device.screen(options),
    device.packages(options),
    device.shell(LAUNCHER_QUERY, options).then(parseComponents),
  ]);
  const launch = new Map(launchers.map((c) => [c.packageName, c.activity]));
  const apps: InstalledApp[] = packages
    .sort()
    .map((packageName) => ({ packageName, label: null, launchActivity: launch.get(packageName) ?? null }));
  const sdk = Number.parseInt(props['ro.build.version.sdk'] ?? '', 10);
  return {
    model: props['ro.product.model'] ?? '',
    manufacturer: props['ro.product.manufacturer'] ?? '',
    brand: props['ro.product.brand'] ?? '',
    androidVersion: props['ro.build.version.release'] ?? '',
    sdk: Number.isFinite(sdk) ? sdk : null,
    screen:
      screen && screen.width > 0 && screen.height > 0
        ? {
            width: screen.width,
            height: screen.height,
            density: screen.density && screen.density > 0 ? screen.density : null,
          }
        : null,
    packages: apps,
  };
}

export async function collectFacts(
  device: AndroidDevice,
  staticFacts: StaticFacts,
  options: CallOptions = {},
): Promise<DeviceFacts> {
  const [currentApp, ime, current, all, enabled] = await Promise.all([
    device.foregroundApp(options),
    device.inputMethodState(options),
    device.currentInputMethod(options),
    device.inputMethods('all', options),
    device.inputMethods('enabled', options),
  ]);
  const installed =
    all.includes(ADB_KEYBOARD_IME) || staticFacts.packages.some((p) => p.packageName === ADB_KEYBOARD_PACKAGE);
  return {
    serial: device.serial,
    ...staticFacts,
    currentApp,
    keyboardShown: ime.shown ?? false,
    inputMethod: current ?? ime.current,
    adbKeyboard: { installed, enabled: enabled.includes(ADB_KEYBOARD_IME) },
    collectedAt: Date.now(),
  };
}
