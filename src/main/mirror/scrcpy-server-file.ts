/**
 * Where the scrcpy-server 3.3.3 file comes from. It is never downloaded by the app or by
 * `npm install` (and never committed): a person puts it in one of these places.
 */
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';

export interface ScrcpyServerLookup {
  /** `settings.mirror.scrcpyServerPath` (empty = not set). */
  settingsPath: string;
  /** The app's `resources/` folder. */
  resourcesDir: string;
  env?: NodeJS.ProcessEnv;
  /** Where installed scrcpy keeps its server; default per platform. */
  installedCandidates?: string[];
}

export type ScrcpyServerFile =
  | { found: true; path: string; source: 'settings' | 'resources' | 'env' | 'installed' }
  | { found: false; searched: string[]; reason: string };

/** Installed scrcpy: Debian/Ubuntu packages, `make install`, Homebrew (Apple silicon and Intel), Linuxbrew, Scoop. */
export function installedScrcpyCandidates(env: NodeJS.ProcessEnv = process.env): string[] {
  const home = env.HOME ?? homedir();
  return [
    '/usr/share/scrcpy/scrcpy-server',
    '/usr/local/share/scrcpy/scrcpy-server',
    '/opt/homebrew/share/scrcpy/scrcpy-server',
    '/home/linuxbrew/.linuxbrew/share/scrcpy/scrcpy-server',
    join(home, '.linuxbrew', 'share', 'scrcpy', 'scrcpy-server'),
    join(home, 'scoop', 'apps', 'scrcpy', 'current', 'scrcpy-server'),
  ];
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Looks in order: the setting, `resources/scrcpy-server`, `$SCRCPY_SERVER_PATH` (the variable
 * scrcpy itself reads), an installed scrcpy. A configured path that does not exist is
 * reported as such rather than silently skipped.
 */
export function findScrcpyServer(lookup: ScrcpyServerLookup): ScrcpyServerFile {
  const env = lookup.env ?? process.env;
  const searched: string[] = [];
  const configured = lookup.settingsPath.trim();
  if (configured) {
    const path = isAbsolute(configured) ? configured : resolve(configured);
    if (isFile(path)) return { found: true, path, source: 'settings' };
    return {
      found: false,
      searched: [path],
      reason: `the configured scrcpy server file ${path} does not exist (Settings → Mirror)`,
    };
  }
  const bundled = join(lookup.resourcesDir, 'scrcpy-server');
  searched.push(bundled);
  if (isFile(bundled)) return { found: true, path: bundled, source: 'resources' };
  const fromEnv = env.SCRCPY_SERVER_PATH?.trim();
  if (fromEnv) {
    searched.push(fromEnv);
    if (isFile(fromEnv)) return { found: true, path: fromEnv, source: 'env' };
  }
  for (const candidate of lookup.installedCandidates ?? installedScrcpyCandidates(env)) {
    searched.push(candidate);
    if (isFile(candidate)) return { found: true, path: candidate, source: 'installed' };
  }
  return {
    found: false,
    searched,
    reason: `scrcpy server not found: put scrcpy-server v3.3.3 at ${bundled}, set SCRCPY_SERVER_PATH or Settings → Mirror, or install scrcpy 3.3.3`,
  };
}
