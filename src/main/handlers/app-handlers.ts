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
    // A web client is not this machine's user: host-only fields and key bindings stay as they are.
    updateSettings: ({ patch }, { connection }) =>
      s.settings.update(patch, connection.kind === 'web' ? 'remote' : 'local'),
    resetSettings: ({ section }, { connection }) =>
      s.settings.reset(section, connection.kind === 'web' ? 'remote' : 'local'),
    setApiKey: ({ role, key }) => s.settings.setApiKey(role, key),
  };
}
