import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const APP_FOLDER = 'moba-studio';

/**
 * The data folder (database, artifacts, recordings). `MOBA_HOME` overrides the platform's
 * app-data folder, so the CLI, the web host and the desktop app share one store by default.
 */
export function resolveDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const override = env.MOBA_HOME?.trim();
  if (override) return resolve(override);
  if (platform === 'win32') return join(env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'MobA Studio');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'MobA Studio');
  return join(env.XDG_DATA_HOME?.trim() || join(home, '.local', 'share'), APP_FOLDER);
}

export interface DataPaths {
  dataDir: string;
  databasePath: string;
  artifactsDir: string;
  secretsPath: string;
}

export function dataPaths(dataDir: string): DataPaths {
  return {
    dataDir,
    databasePath: join(dataDir, 'moba.sqlite'),
    artifactsDir: join(dataDir, 'artifacts'),
    secretsPath: join(dataDir, 'secrets.bin'),
  };
}
