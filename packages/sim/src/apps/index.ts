/**
 * Every app on the simulated phone. The in-page runtime renders these; the package metadata
 * (labels, activities, intent filters) lives in catalog.ts so Node can read it without a page.
 */
import type { AnyApp } from '../phone/page/types.ts';
import { bankApp } from './bank/index.ts';
import { browserApp } from './browser/index.ts';
import { calendarApp } from './calendar/index.ts';
import { clockApp } from './clock/index.ts';
import { contactsApp } from './contacts/index.ts';
import { filesApp } from './files/index.ts';
import { launcherApp } from './launcher/index.ts';
import { mailApp } from './mail/index.ts';
import { mapsApp } from './maps/index.ts';
import { messagesApp } from './messages/index.ts';
import { musicApp } from './music/index.ts';
import { notesApp } from './notes/index.ts';
import { railwayApp } from './railway/index.ts';
import { settingsApp } from './settings/index.ts';
import { shopApp } from './shop/index.ts';
import { weatherApp } from './weather/index.ts';

export const APPS: readonly AnyApp[] = [
  launcherApp,
  clockApp,
  calendarApp,
  settingsApp,
  notesApp,
  messagesApp,
  contactsApp,
  weatherApp,
  shopApp,
  railwayApp,
  mailApp,
  filesApp,
  musicApp,
  bankApp,
  mapsApp,
  browserApp,
];
