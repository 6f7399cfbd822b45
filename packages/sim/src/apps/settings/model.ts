/** Settings' own data (Wi-Fi networks, Bluetooth devices, toggles without a system setting). */
import { pick } from '../../phone/page/rng.ts';
import type { AppContext, SeedContext } from '../../phone/page/types.ts';

export interface WifiNetwork {
  ssid: string;
  /** null: open network. */
  password: string | null;
  /** 0–4 bars. */
  signal: number;
  saved: boolean;
}

export interface BluetoothDevice {
  name: string;
  kind: 'headphones' | 'car' | 'speaker' | 'watch' | 'phone';
  paired: boolean;
  connected: boolean;
}

export interface SettingsData {
  networks: WifiNetwork[];
  /** SSID of the connected network (while Wi-Fi is on). */
  connected: string | null;
  devices: BluetoothDevice[];
  /** Radios to restore when airplane mode goes off. */
  airplaneRestore: { wifi: boolean; bluetooth: boolean } | null;
  buildTaps: number;
  dataSaver: boolean;
  batterySaver: boolean;
  batteryPercentage: boolean;
  notificationHistory: boolean;
  vibrateForCalls: boolean;
  adaptiveBrightness: boolean;
  hotspot: boolean;
}

export interface SettingsUi {
  search: string;
  password: string;
  wrongPassword: string | null;
  deviceName: string;
  scanning: boolean;
}

export type SettingsCtx = AppContext<SettingsData, SettingsUi>;

export function initialSettingsData(seed: SeedContext): SettingsData {
  const signal = (): number => 1 + Math.floor(seed.rng() * 4);
  const suffix = Array.from({ length: 4 }, () => pick(seed.rng, [...'ABCDEF0123456789'])).join('');
  return {
    networks: [
      { ssid: 'MobA-Office', password: 'moba-office-2025', signal: 4, saved: true },
      { ssid: 'MobA-Guest', password: null, signal: signal(), saved: false },
      { ssid: 'CoffeeShop_5G', password: 'latte2024', signal: signal(), saved: false },
      { ssid: 'HomeNet-2.4G', password: 'home12345', signal: signal(), saved: false },
      { ssid: `TP-LINK_${suffix}`, password: `tp${suffix.toLowerCase()}88`, signal: signal(), saved: false },
      { ssid: 'ChinaNet-Free', password: null, signal: signal(), saved: false },
    ],
    connected: 'MobA-Office',
    devices: [
      { name: 'Pixel Buds Pro', kind: 'headphones', paired: true, connected: false },
      { name: 'MobA Car', kind: 'car', paired: true, connected: false },
      { name: 'JBL Flip 6', kind: 'speaker', paired: false, connected: false },
      { name: 'Galaxy Watch6', kind: 'watch', paired: false, connected: false },
      { name: 'Mi Band 8', kind: 'watch', paired: false, connected: false },
    ],
    airplaneRestore: null,
    buildTaps: 0,
    dataSaver: false,
    batterySaver: false,
    batteryPercentage: true,
    notificationHistory: false,
    vibrateForCalls: true,
    adaptiveBrightness: true,
    hotspot: false,
  };
}

export const on = (ctx: SettingsCtx, ns: string, key: string): boolean => ctx.setting(ns, key) === '1';

/** Sub-pages report `.SubSettings` like the platform app. */
export function go(ctx: SettingsCtx, screen: string, params?: Record<string, unknown>): void {
  ctx.navigate(screen, params, { activity: '.SubSettings' });
}

export function setWifi(ctx: SettingsCtx, enabled: boolean): void {
  ctx.putSetting('global', 'wifi_on', enabled ? '1' : '0');
  if (enabled && !ctx.data.connected) {
    const saved = ctx.data.networks.find((n) => n.saved);
    if (saved) ctx.data.connected = saved.ssid;
  }
}

export function setAirplane(ctx: SettingsCtx, enabled: boolean): void {
  if (enabled === on(ctx, 'global', 'airplane_mode_on')) return;
  if (enabled) {
    ctx.data.airplaneRestore = { wifi: on(ctx, 'global', 'wifi_on'), bluetooth: on(ctx, 'global', 'bluetooth_on') };
    ctx.putSetting('global', 'airplane_mode_on', '1');
    ctx.putSetting('global', 'wifi_on', '0');
    ctx.putSetting('global', 'bluetooth_on', '0');
    for (const device of ctx.data.devices) device.connected = false;
  } else {
    ctx.putSetting('global', 'airplane_mode_on', '0');
    const restore = ctx.data.airplaneRestore ?? { wifi: true, bluetooth: false };
    setWifi(ctx, restore.wifi);
    ctx.putSetting('global', 'bluetooth_on', restore.bluetooth ? '1' : '0');
    ctx.data.airplaneRestore = null;
  }
}
