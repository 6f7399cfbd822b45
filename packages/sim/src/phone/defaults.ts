/**
 * The simulated phone's identity and factory settings: properties, `settings` namespaces,
 * input methods, and the default device clock.
 */
import { ADB_KEYBOARD_ID, LATIN_IME_ID } from '../apps/catalog.ts';
import { SIMULATED_PHONE_MODEL, SIMULATED_PHONE_PRODUCT } from '../constants.ts';
import type { DeviceProps } from '../device.ts';

/** Mon 2025-06-02 09:00:00 in Asia/Shanghai (UTC+8), the default device time. */
export const DEFAULT_CLOCK_START = Date.UTC(2025, 5, 2, 1, 0, 0);
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';
export const BUILD_ID = 'UP1A.231005.007';

export interface SettingsMapShape {
  [namespace: string]: Record<string, string>;
}

export function defaultProps(options: { serial: string; width: number; height: number; density: number }): DeviceProps {
  return {
    product: SIMULATED_PHONE_PRODUCT,
    model: SIMULATED_PHONE_MODEL,
    device: SIMULATED_PHONE_PRODUCT,
    manufacturer: 'MobA',
    brand: 'moba',
    androidVersion: '14',
    sdk: 34,
    serial: options.serial,
    width: options.width,
    height: options.height,
    density: options.density,
  };
}

/** Hex android_id derived from the seed (stable per seed, like a factory-reset phone). */
function androidId(seed: number): string {
  let a = (seed ^ 0x9e3779b9) >>> 0;
  let out = '';
  for (let i = 0; i < 4; i++) {
    a = Math.imul(a ^ (a >>> 16), 0x45d9f3b) >>> 0;
    out += (a & 0xffff).toString(16).padStart(4, '0');
  }
  return out;
}

export function defaultSettings(seed: number): SettingsMapShape {
  return {
    global: {
      airplane_mode_on: '0',
      wifi_on: '1',
      bluetooth_on: '0',
      mobile_data: '1',
      auto_time: '1',
      auto_time_zone: '1',
      adb_enabled: '1',
      adb_wifi_enabled: '1',
      development_settings_enabled: '0',
      device_name: 'MobA Phone',
      stay_on_while_plugged_in: '0',
      window_animation_scale: '1.0',
      transition_animation_scale: '1.0',
      animator_duration_scale: '1.0',
      zen_mode: '0',
    },
    system: {
      system_locales: 'en-US',
      time_12_24: '12',
      screen_brightness: '128',
      screen_brightness_mode: '0',
      screen_off_timeout: '600000',
      font_scale: '1.0',
      accelerometer_rotation: '0',
      haptic_feedback_enabled: '1',
      volume_ring: '5',
      volume_music: '8',
      volume_alarm: '6',
    },
    secure: {
      android_id: androidId(seed),
      default_input_method: LATIN_IME_ID,
      enabled_input_methods: `${LATIN_IME_ID}:${ADB_KEYBOARD_ID}`,
      ui_night_mode: '1',
      location_mode: '3',
      show_ime_with_hard_keyboard: '0',
      screensaver_enabled: '0',
    },
  };
}

export function buildProps(props: DeviceProps, extra: { locale: string; timezone: string }): Record<string, string> {
  const fingerprint = `${props.brand}/${props.product}/${props.device}:${props.androidVersion}/${BUILD_ID}/1:userdebug/test-keys`;
  return {
    'dalvik.vm.heapsize': '512m',
    'dev.bootcomplete': '1',
    'gsm.operator.alpha': 'MobA Mobile',
    'gsm.sim.state': 'READY',
    'init.svc.adbd': 'running',
    'init.svc.bootanim': 'stopped',
    'persist.sys.locale': extra.locale,
    'persist.sys.timezone': extra.timezone,
    'persist.sys.usb.config': 'adb',
    'ro.boot.serialno': props.serial,
    'ro.build.characteristics': 'default',
    'ro.build.date.utc': '1717200000',
    'ro.build.description': `${props.product}-userdebug ${props.androidVersion} ${BUILD_ID} 1 test-keys`,
    'ro.build.display.id': `${props.product}-userdebug ${props.androidVersion} ${BUILD_ID}`,
    'ro.build.fingerprint': fingerprint,
    'ro.build.id': BUILD_ID,
    'ro.build.tags': 'test-keys',
    'ro.build.type': 'userdebug',
    'ro.build.version.codename': 'REL',
    'ro.build.version.incremental': '1',
    'ro.build.version.release': props.androidVersion,
    'ro.build.version.release_or_codename': props.androidVersion,
    'ro.build.version.sdk': String(props.sdk),
    'ro.build.version.security_patch': '2025-05-05',
    'ro.debuggable': '1',
    'ro.hardware': 'moba',
    'ro.kernel.qemu': '0',
    'ro.product.board': props.device,
    'ro.product.brand': props.brand,
    'ro.product.cpu.abi': 'x86_64',
    'ro.product.cpu.abilist': 'x86_64,arm64-v8a',
    'ro.product.device': props.device,
    'ro.product.locale': 'en-US',
    'ro.product.manufacturer': props.manufacturer,
    'ro.product.model': props.model,
    'ro.product.name': props.product,
    'ro.secure': '1',
    'ro.serialno': props.serial,
    'ro.sf.lcd_density': String(props.density),
    'service.adb.root': '0',
    'service.adb.tcp.port': '5555',
    'sys.boot_completed': '1',
    'sys.usb.state': 'adb',
  };
}
