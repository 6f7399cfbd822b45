/**
 * Every app's stored-data schema, by package, and the check `sim-state set` runs on patched
 * data. Node side only (zod); loaded on the first patch, so a phone that is never patched
 * does not load it.
 */
import { bankStore } from './bank/schema.ts';
import { browserStore } from './browser/schema.ts';
import { calendarStore } from './calendar/schema.ts';
import { clockStore } from './clock/schema.ts';
import { contactsStore } from './contacts/schema.ts';
import { filesStore } from './files/schema.ts';
import { launcherStore } from './launcher/schema.ts';
import { mailStore } from './mail/schema.ts';
import { mapsStore } from './maps/schema.ts';
import { messagesStore } from './messages/schema.ts';
import { musicStore } from './music/schema.ts';
import { notesStore } from './notes/schema.ts';
import { railwayStore } from './railway/schema.ts';
import type { AppStore } from './schema-kit.ts';
import { describeIssues } from './schema-kit.ts';
import { settingsStore } from './settings/schema.ts';
import { shopStore } from './shop/schema.ts';
import { weatherStore } from './weather/schema.ts';

export const APP_STORES: Readonly<Record<string, AppStore>> = {
  'com.android.launcher3': launcherStore,
  'com.android.deskclock': clockStore,
  'com.android.calendar': calendarStore,
  'com.android.settings': settingsStore,
  'com.moba.notes': notesStore,
  'com.android.messaging': messagesStore,
  'com.android.contacts': contactsStore,
  'com.moba.weather': weatherStore,
  'com.moba.shop': shopStore,
  'com.moba.railway': railwayStore,
  'com.moba.mail': mailStore,
  'com.moba.bank': bankStore,
  'com.moba.files': filesStore,
  'com.moba.music': musicStore,
  'com.moba.maps': mapsStore,
  'com.moba.browser': browserStore,
};

/**
 * Checks an app's (patched) stored data against its schema and repairs its id counters.
 * @returns the data to store, or one line per problem, each naming the field.
 */
export function checkAppData(
  pkg: string,
  data: unknown,
): { ok: true; data: unknown } | { ok: false; problems: string[] } {
  const store = APP_STORES[pkg];
  if (!store) return { ok: true, data };
  const result = store.schema.safeParse(data);
  if (!result.success) return { ok: false, problems: describeIssues(result.error) };
  const out = structuredClone(data);
  store.normalize?.(out as never);
  return { ok: true, data: out };
}
