/**
 * The apps a benchmark task can name, by short alias. Task files use the alias (`"app":
 * "clock"`); the runner reads that app's `sim-state` by its package name. `device` is the
 * phone itself (foreground app, Wi-Fi, locale…: the `device` part of `sim-state`).
 */
export const BENCH_APPS = {
  launcher: 'com.android.launcher3',
  clock: 'com.android.deskclock',
  calendar: 'com.android.calendar',
  settings: 'com.android.settings',
  notes: 'com.moba.notes',
  messages: 'com.android.messaging',
  contacts: 'com.android.contacts',
  weather: 'com.moba.weather',
  shop: 'com.moba.shop',
  railway: 'com.moba.railway',
  mail: 'com.moba.mail',
  files: 'com.moba.files',
  music: 'com.moba.music',
  bank: 'com.moba.bank',
  maps: 'com.moba.maps',
  browser: 'com.moba.browser',
} as const;

export type BenchAppAlias = keyof typeof BENCH_APPS;
export const BENCH_APP_ALIASES = Object.keys(BENCH_APPS) as BenchAppAlias[];

/** The package of an alias, or the name itself when it already is a package. */
export function packageOfApp(app: string): string {
  return (BENCH_APPS as Record<string, string>)[app] ?? app;
}
