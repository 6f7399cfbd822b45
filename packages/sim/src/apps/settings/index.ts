/**
 * Settings (com.android.settings/.Settings): Wi-Fi, Bluetooth, airplane mode, dark theme,
 * brightness, languages (English / 中文), keyboards, date & time, About phone, apps. The
 * system-wide switches are real `settings` keys (global wifi_on, secure ui_night_mode, system
 * system_locales…), so `adb shell settings get …` and the app always agree.
 */
import { defineApp } from '../../phone/page/types.ts';
import type { Route } from '../../phone/page/types.ts';
import {
  allAppsScreen,
  aboutScreen,
  appInfoScreen,
  appsScreen,
  deviceNameDialog,
  mainScreen,
  searchScreen,
  simpleScreens,
} from './main-screens.ts';
import { initialSettingsData } from './model.ts';
import type { SettingsData, SettingsUi } from './model.ts';
import {
  connectedScreen,
  networkScreen,
  pairScreen,
  wifiDetailScreen,
  wifiPasswordDialog,
  wifiScreen,
} from './network-screens.ts';
import { SETTINGS_CSS } from './settings-css.ts';
import { SETTINGS_STRINGS } from './strings.ts';
import {
  dateTimeScreen,
  displayDialogs,
  displayScreen,
  keyboardsScreen,
  languagesScreen,
  soundScreen,
  systemScreen,
} from './system-screens.ts';

/** `am start -a <action>` and `-n pkg/<activity>` → the page it opens. */
const ACTION_SCREENS: Record<string, string> = {
  'android.settings.SETTINGS': 'main',
  'android.settings.WIFI_SETTINGS': 'wifi',
  'android.settings.WIRELESS_SETTINGS': 'network',
  'android.settings.AIRPLANE_MODE_SETTINGS': 'network',
  'android.settings.BLUETOOTH_SETTINGS': 'connected',
  'android.settings.DISPLAY_SETTINGS': 'display',
  'android.settings.LOCALE_SETTINGS': 'languages',
  'android.settings.INPUT_METHOD_SETTINGS': 'keyboards',
  'android.settings.DATE_SETTINGS': 'datetime',
  'android.settings.DEVICE_INFO_SETTINGS': 'about',
  'android.settings.APPLICATION_SETTINGS': 'apps-all',
  'android.settings.MANAGE_APPLICATIONS_SETTINGS': 'apps-all',
  'android.settings.APPLICATION_DETAILS_SETTINGS': 'app-info',
  'android.settings.SOUND_SETTINGS': 'sound',
  'android.settings.BATTERY_SAVER_SETTINGS': 'battery',
};

const ACTIVITY_SCREENS: Record<string, string> = {
  '.Settings$WifiSettingsActivity': 'wifi',
  '.Settings$BluetoothSettingsActivity': 'connected',
  '.Settings$DisplaySettingsActivity': 'display',
  '.Settings$LanguageSettingsActivity': 'languages',
  '.Settings$NetworkDashboardActivity': 'network',
  '.Settings$ConnectedDeviceDashboardActivity': 'connected',
  '.Settings$MyDeviceInfoActivity': 'about',
  '.applications.InstalledAppDetails': 'app-info',
};

/** The activity each directly-launched page reports (the inverse of ACTIVITY_SCREENS). */
const SCREEN_ACTIVITY: Record<string, string> = Object.fromEntries(
  Object.entries(ACTIVITY_SCREENS).map(([activity, screen]) => [screen, activity]),
);

function shortName(activity: string): string {
  return activity.startsWith('com.android.settings.') ? activity.slice('com.android.settings'.length) : activity;
}

export const settingsApp = defineApp<SettingsData, SettingsUi>({
  packageName: 'com.android.settings',
  icon: { bg: '#5f6368', fg: '#ffffff', glyph: 'settings' },
  strings: SETTINGS_STRINGS,
  css: SETTINGS_CSS,
  initialData: initialSettingsData,
  initialUi: () => ({ search: '', password: '', wrongPassword: null, deviceName: '', scanning: false }),
  launch(_ctx, request, resuming): Route[] | null {
    const activity = shortName(request.activity);
    const screen = (request.action ? ACTION_SCREENS[request.action] : undefined) ?? ACTIVITY_SCREENS[activity];
    if (screen && screen !== 'main') {
      const params: Record<string, unknown> = {};
      if (screen === 'app-info') params.pkg = (request.data ?? '').replace(/^package:/, '');
      return [
        {
          screen,
          params,
          activity: ACTIVITY_SCREENS[activity] ? activity : (SCREEN_ACTIVITY[screen] ?? '.SubSettings'),
        },
      ];
    }
    if (screen === 'main' || !resuming) return [{ screen: 'main' }];
    return null;
  },
  screens: {
    main: mainScreen,
    search: searchScreen,
    network: networkScreen,
    wifi: wifiScreen,
    'wifi-detail': wifiDetailScreen,
    connected: connectedScreen,
    'bt-pair': pairScreen,
    apps: appsScreen,
    'apps-all': allAppsScreen,
    'app-info': appInfoScreen,
    display: displayScreen,
    sound: soundScreen,
    system: systemScreen,
    languages: languagesScreen,
    keyboards: keyboardsScreen,
    datetime: dateTimeScreen,
    about: aboutScreen,
    ...simpleScreens(),
  },
  dialogs: { 'wifi-password': wifiPasswordDialog, 'device-name': deviceNameDialog, ...displayDialogs },
  onBack(ctx) {
    if (ctx.route.screen === 'search') ctx.ui.search = '';
    return false;
  },
  publicState(data, settings) {
    const g = settings.global ?? {};
    const sys = settings.system ?? {};
    const sec = settings.secure ?? {};
    const wifi = g.wifi_on === '1';
    return {
      wifi,
      wifiNetwork: wifi ? data.connected : null,
      savedNetworks: data.networks.filter((n) => n.saved).map((n) => n.ssid),
      bluetooth: g.bluetooth_on === '1',
      bluetoothDevices: data.devices.filter((d) => d.paired).map((d) => ({ name: d.name, connected: d.connected })),
      airplaneMode: g.airplane_mode_on === '1',
      darkMode: sec.ui_night_mode === '2',
      language: sys.system_locales ?? 'en-US',
      timeFormat: sys.time_12_24 === '24' ? '24h' : '12h',
      autoTime: g.auto_time === '1',
      brightness: Number(sys.screen_brightness ?? 128),
      adaptiveBrightness: data.adaptiveBrightness,
      screenTimeoutMs: Number(sys.screen_off_timeout ?? 600000),
      fontScale: Number(sys.font_scale ?? 1),
      deviceName: g.device_name ?? '',
      location: sec.location_mode !== '0',
      doNotDisturb: g.zen_mode === '1',
      batterySaver: data.batterySaver,
      dataSaver: data.dataSaver,
      hotspot: data.hotspot,
      developerOptions: g.development_settings_enabled === '1',
      defaultInputMethod: sec.default_input_method ?? '',
      volumes: {
        media: Number(sys.volume_music ?? 0),
        ring: Number(sys.volume_ring ?? 0),
        alarm: Number(sys.volume_alarm ?? 0),
      },
    };
  },
});
