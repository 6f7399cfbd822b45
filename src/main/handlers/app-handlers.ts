import type { Handlers } from '../contract/router.ts';
import type { AppServices } from '../app-services.ts';
import { APP_NAME, APP_VERSION } from '../version.ts';

type AppHandlerNames = 'getAppInfo' | 'ping' | 'getSettings' | 'updateSettings' | 'resetSettings' | 'setApiKey';

export function appHandlers(s: AppServices): Pick<Handlers, AppHandlerNames> {
  return {
    getAppInfo: () => ({
      name: APP_NAME,
      version: APP_VERSION,
      host: s.host,
      dataDir: s.paths.dataDir,
      databasePath: s.paths.databasePath,
      platform: process.platform,
      nodeVersion: process.versions.node,
      startedAt: s.startedAt,
    }),
    ping: ({ value }) => (value === undefined ? { now: Date.now() } : { value, now: Date.now() }),
    getSettings: () => s.settings.view(),
    updateSettings: ({ patch }) => s.settings.update(patch),
    resetSettings: ({ section }) => s.settings.reset(section),
    setApiKey: ({ role, key }) => s.settings.setApiKey(role, key),
  };
}
