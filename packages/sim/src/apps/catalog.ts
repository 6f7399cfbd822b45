/**
 * The simulated phone's installed packages. Pure data: the Node side (`pm list packages`,
 * `am start`) and the in-page runtime (launcher grid, recents) read the same list.
 */

export interface CatalogEntry {
  packageName: string;
  /** The launcher activity in Android's short form (".DeskClock"), or "" when not launchable. */
  launchActivity: string;
  label: string;
  labelZh: string;
  system: boolean;
  apkPath: string;
  /** Shown on the home screen and in the app drawer. */
  launcher: boolean;
  /** An input method service this package provides ("pkg/.Service"). */
  inputMethod?: string;
  /** Other activities `am start -n` accepts (short or fully qualified names). */
  activities?: string[];
  /** Implicit intents this package handles: actions, and URI schemes/authorities for `-d`. */
  intentFilters?: Array<{ action: string; dataPrefix?: string }>;
}

export const LAUNCHER_PACKAGE = 'com.android.launcher3';
export const SYSTEMUI_PACKAGE = 'com.android.systemui';
export const LATIN_IME_PACKAGE = 'com.android.inputmethod.latin';
export const LATIN_IME_ID = 'com.android.inputmethod.latin/.LatinIME';
export const ADB_KEYBOARD_PACKAGE = 'com.android.adbkeyboard';
export const ADB_KEYBOARD_ID = 'com.android.adbkeyboard/.AdbIME';
export const RECENTS_ACTIVITY = 'com.android.quickstep.RecentsActivity';

const dataApp = (pkg: string): string => `/data/app/${pkg}-1/base.apk`;

/** The Settings screens reachable by `am start -a <action>` (the app maps each to a screen). */
export const SETTINGS_ACTIONS = [
  'android.settings.SETTINGS',
  'android.settings.WIFI_SETTINGS',
  'android.settings.WIRELESS_SETTINGS',
  'android.settings.AIRPLANE_MODE_SETTINGS',
  'android.settings.BLUETOOTH_SETTINGS',
  'android.settings.DISPLAY_SETTINGS',
  'android.settings.LOCALE_SETTINGS',
  'android.settings.INPUT_METHOD_SETTINGS',
  'android.settings.DATE_SETTINGS',
  'android.settings.DEVICE_INFO_SETTINGS',
  'android.settings.APPLICATION_SETTINGS',
  'android.settings.MANAGE_APPLICATIONS_SETTINGS',
  'android.settings.APPLICATION_DETAILS_SETTINGS',
  'android.settings.SOUND_SETTINGS',
  'android.settings.BATTERY_SAVER_SETTINGS',
];

export const CATALOG: readonly CatalogEntry[] = [
  {
    packageName: 'android',
    launchActivity: '',
    label: 'Android System',
    labelZh: 'Android 系统',
    system: true,
    apkPath: '/system/framework/framework-res.apk',
    launcher: false,
  },
  {
    packageName: 'com.android.shell',
    launchActivity: '',
    label: 'Shell',
    labelZh: 'Shell',
    system: true,
    apkPath: '/system/priv-app/Shell/Shell.apk',
    launcher: false,
  },
  {
    packageName: 'com.android.providers.settings',
    launchActivity: '',
    label: 'Settings Storage',
    labelZh: '设置存储',
    system: true,
    apkPath: '/system/priv-app/SettingsProvider/SettingsProvider.apk',
    launcher: false,
  },
  {
    packageName: SYSTEMUI_PACKAGE,
    launchActivity: '',
    label: 'System UI',
    labelZh: '系统界面',
    system: true,
    apkPath: '/system/priv-app/SystemUI/SystemUI.apk',
    launcher: false,
  },
  {
    packageName: LAUNCHER_PACKAGE,
    launchActivity: '.Launcher',
    label: 'Launcher',
    labelZh: '启动器',
    system: true,
    apkPath: '/system/priv-app/Launcher3QuickStep/Launcher3QuickStep.apk',
    launcher: false,
    activities: [RECENTS_ACTIVITY],
  },
  {
    packageName: LATIN_IME_PACKAGE,
    launchActivity: '',
    label: 'Android Keyboard (AOSP)',
    labelZh: 'Android 键盘 (AOSP)',
    system: true,
    apkPath: '/system/app/LatinIME/LatinIME.apk',
    launcher: false,
    inputMethod: LATIN_IME_ID,
  },
  {
    packageName: ADB_KEYBOARD_PACKAGE,
    launchActivity: '',
    label: 'ADB Keyboard',
    labelZh: 'ADB Keyboard',
    system: false,
    apkPath: dataApp(ADB_KEYBOARD_PACKAGE),
    launcher: false,
    inputMethod: ADB_KEYBOARD_ID,
  },
  {
    packageName: 'com.android.deskclock',
    launchActivity: '.DeskClock',
    label: 'Clock',
    labelZh: '时钟',
    system: true,
    apkPath: '/system/app/DeskClock/DeskClock.apk',
    launcher: true,
    activities: ['.SetAlarmActivity', 'com.android.deskclock.alarms.AlarmActivity'],
    intentFilters: [
      { action: 'android.intent.action.SET_ALARM' },
      { action: 'android.intent.action.SHOW_ALARMS' },
      { action: 'android.intent.action.SET_TIMER' },
      { action: 'android.intent.action.SHOW_TIMERS' },
    ],
  },
  {
    packageName: 'com.android.calendar',
    launchActivity: '.AllInOneActivity',
    label: 'Calendar',
    labelZh: '日历',
    system: true,
    apkPath: '/system/app/Calendar/Calendar.apk',
    launcher: true,
    activities: ['.LaunchActivity', '.event.EditEventActivity', '.EventInfoActivity'],
    intentFilters: [
      { action: 'android.intent.action.INSERT', dataPrefix: 'content://com.android.calendar' },
      { action: 'android.intent.action.EDIT', dataPrefix: 'content://com.android.calendar' },
      { action: 'android.intent.action.VIEW', dataPrefix: 'content://com.android.calendar' },
    ],
  },
  {
    packageName: 'com.android.settings',
    launchActivity: '.Settings',
    label: 'Settings',
    labelZh: '设置',
    system: true,
    apkPath: '/system/priv-app/Settings/Settings.apk',
    launcher: true,
    activities: [
      '.SubSettings',
      '.Settings$WifiSettingsActivity',
      '.Settings$BluetoothSettingsActivity',
      '.Settings$DisplaySettingsActivity',
      '.Settings$LanguageSettingsActivity',
      '.Settings$NetworkDashboardActivity',
      '.Settings$ConnectedDeviceDashboardActivity',
      '.Settings$MyDeviceInfoActivity',
      '.applications.InstalledAppDetails',
    ],
    intentFilters: SETTINGS_ACTIONS.map((action) => ({ action })),
  },
  {
    packageName: 'com.android.messaging',
    launchActivity: '.ui.ConversationListActivity',
    label: 'Messages',
    labelZh: '信息',
    system: true,
    apkPath: '/system/app/messaging/messaging.apk',
    launcher: true,
    activities: ['.ui.conversation.ConversationActivity'],
    intentFilters: [
      { action: 'android.intent.action.SENDTO', dataPrefix: 'sms' },
      { action: 'android.intent.action.VIEW', dataPrefix: 'sms' },
    ],
  },
  {
    packageName: 'com.android.contacts',
    launchActivity: '.activities.PeopleActivity',
    label: 'Contacts',
    labelZh: '通讯录',
    system: true,
    apkPath: '/system/priv-app/Contacts/Contacts.apk',
    launcher: true,
    activities: ['.activities.ContactEditorActivity', '.quickcontact.QuickContactActivity'],
    intentFilters: [
      { action: 'android.intent.action.INSERT', dataPrefix: 'content://com.android.contacts' },
      { action: 'android.intent.action.EDIT', dataPrefix: 'content://com.android.contacts' },
      { action: 'android.intent.action.VIEW', dataPrefix: 'content://com.android.contacts' },
    ],
  },
  {
    packageName: 'com.moba.notes',
    launchActivity: '.MainActivity',
    label: 'Notes',
    labelZh: '笔记',
    system: false,
    apkPath: dataApp('com.moba.notes'),
    launcher: true,
    activities: ['.EditorActivity'],
    intentFilters: [{ action: 'android.intent.action.SEND' }, { action: 'com.google.android.gms.actions.CREATE_NOTE' }],
  },
  {
    packageName: 'com.moba.weather',
    launchActivity: '.MainActivity',
    label: 'Weather',
    labelZh: '天气',
    system: false,
    apkPath: dataApp('com.moba.weather'),
    launcher: true,
    activities: ['.CityListActivity', '.CitySearchActivity', '.DetailActivity', '.SettingsActivity'],
  },
  {
    packageName: 'com.moba.shop',
    launchActivity: '.MainActivity',
    label: 'Shop',
    labelZh: '商城',
    system: false,
    apkPath: dataApp('com.moba.shop'),
    launcher: true,
  },
  {
    packageName: 'com.moba.railway',
    launchActivity: '.MainActivity',
    label: 'Railway',
    labelZh: '铁路出行',
    system: false,
    apkPath: dataApp('com.moba.railway'),
    launcher: true,
  },
  {
    packageName: 'com.moba.mail',
    launchActivity: '.MainActivity',
    label: 'Email',
    labelZh: '邮件',
    system: false,
    apkPath: dataApp('com.moba.mail'),
    launcher: true,
    activities: ['.MessageActivity', '.ComposeActivity', '.SearchActivity', '.SettingsActivity'],
    intentFilters: [
      { action: 'android.intent.action.SENDTO', dataPrefix: 'mailto' },
      { action: 'android.intent.action.VIEW', dataPrefix: 'mailto' },
    ],
  },
  {
    packageName: 'com.moba.files',
    launchActivity: '.MainActivity',
    label: 'Files',
    labelZh: '文件',
    system: false,
    apkPath: dataApp('com.moba.files'),
    launcher: true,
    activities: [
      '.PhotosActivity',
      '.BrowseActivity',
      '.CategoryActivity',
      '.ViewerActivity',
      '.PreviewActivity',
      '.MovePickerActivity',
      '.TrashActivity',
      '.SearchActivity',
      '.SettingsActivity',
    ],
  },
  {
    packageName: 'com.moba.music',
    launchActivity: '.MainActivity',
    label: 'Music',
    labelZh: '音乐',
    system: false,
    apkPath: dataApp('com.moba.music'),
    launcher: true,
    activities: [
      '.PlayerActivity',
      '.QueueActivity',
      '.AlbumActivity',
      '.ArtistActivity',
      '.PlaylistActivity',
      '.PodcastActivity',
      '.SettingsActivity',
    ],
  },
  {
    packageName: 'com.moba.bank',
    launchActivity: '.MainActivity',
    label: 'Bank',
    labelZh: '银行',
    system: false,
    apkPath: dataApp('com.moba.bank'),
    launcher: true,
    activities: [
      '.AccountActivity',
      '.TransactionActivity',
      '.TransferActivity',
      '.TransferResultActivity',
      '.PayeesActivity',
      '.PayeeEditActivity',
      '.ChangePinActivity',
    ],
  },
  {
    packageName: 'com.moba.maps',
    launchActivity: '.MainActivity',
    label: 'Maps',
    labelZh: '地图',
    system: false,
    apkPath: dataApp('com.moba.maps'),
    launcher: true,
    activities: [
      '.SearchActivity',
      '.PlaceActivity',
      '.ReviewActivity',
      '.DirectionsActivity',
      '.ChoosePlaceActivity',
      '.NavigationActivity',
      '.SavedListActivity',
      '.SettingsActivity',
    ],
    intentFilters: [{ action: 'android.intent.action.VIEW', dataPrefix: 'geo' }],
  },
  {
    packageName: 'com.moba.browser',
    launchActivity: '.MainActivity',
    label: 'Browser',
    labelZh: '浏览器',
    system: false,
    apkPath: dataApp('com.moba.browser'),
    launcher: true,
    activities: ['.TabSwitcherActivity', '.BookmarksActivity', '.HistoryActivity', '.SettingsActivity'],
    intentFilters: [
      { action: 'android.intent.action.VIEW', dataPrefix: 'http:' },
      { action: 'android.intent.action.VIEW', dataPrefix: 'https:' },
    ],
  },
];

export function catalogEntry(packageName: string): CatalogEntry | undefined {
  return CATALOG.find((entry) => entry.packageName === packageName);
}

/** ".Foo" → "pkg.Foo"; fully qualified names stay as they are. */
export function qualifyActivity(packageName: string, activity: string): string {
  return activity.startsWith('.') ? packageName + activity : activity;
}

/** Android's ComponentName.flattenToShortString form of an activity: "pkg.Foo" → ".Foo". */
export function shortActivity(packageName: string, activity: string): string {
  const full = qualifyActivity(packageName, activity);
  return full.startsWith(packageName + '.') ? full.slice(packageName.length) : full;
}
