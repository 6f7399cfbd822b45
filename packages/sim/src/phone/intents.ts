/**
 * Resolving `am start` intents against the installed packages, with Android's error texts.
 */
import { LAUNCHER_PACKAGE, qualifyActivity } from '../apps/catalog.ts';
import type { CatalogEntry } from '../apps/catalog.ts';
import type { Intent } from '../device.ts';
import type { LaunchRequest } from './page/types.ts';
import { MobaError } from '@moba/base';

export interface ResolvedLaunch {
  pkg: string;
  request: LaunchRequest;
}

/** `Intent { act=… cat=[…] dat=… flg=… pkg=… cmp=… }` as Android abbreviates it in errors. */
export function intentShortString(intent: Intent, flags = 0x10000000): string {
  const parts: string[] = [];
  if (intent.action) parts.push(`act=${intent.action}`);
  if (intent.categories?.length) parts.push(`cat=[${intent.categories.join(',')}]`);
  if (intent.data) parts.push(`dat=${intent.data}`);
  if (flags) parts.push(`flg=0x${flags.toString(16)}`);
  if (intent.packageName) parts.push(`pkg=${intent.packageName}`);
  if (intent.component) parts.push(`cmp=${intent.component}`);
  if (intent.extras && Object.keys(intent.extras).length) parts.push('(has extras)');
  return `Intent { ${parts.join(' ')} }`;
}

function requestFor(intent: Intent, activity: string): LaunchRequest {
  const request: LaunchRequest = { activity };
  if (intent.action) request.action = intent.action;
  if (intent.data) request.data = intent.data;
  if (intent.extras) request.extras = { ...intent.extras };
  return request;
}

/**
 * Finds the package and activity an intent starts.
 * @throws MobaError DEVICE_COMMAND_FAILED with Android's message as `message`.
 */
export function resolveIntent(intent: Intent, installed: readonly CatalogEntry[]): ResolvedLaunch {
  const find = (pkg: string): CatalogEntry | undefined => installed.find((entry) => entry.packageName === pkg);
  if (intent.component) {
    const slash = intent.component.indexOf('/');
    const pkg = slash < 0 ? intent.component : intent.component.slice(0, slash);
    const cls = slash < 0 ? '' : intent.component.slice(slash + 1);
    const full = qualifyActivity(pkg, cls);
    const entry = find(pkg);
    const known = entry
      ? [entry.launchActivity, ...(entry.activities ?? [])].filter(Boolean).map((a) => qualifyActivity(pkg, a))
      : [];
    if (!entry || !cls || !known.includes(full))
      throw new MobaError('DEVICE_COMMAND_FAILED', `Error: Activity class {${pkg}/${full}} does not exist.`);
    return { pkg, request: requestFor(intent, cls) };
  }
  const action = intent.action;
  const categories = intent.categories ?? [];
  if (action === 'android.intent.action.MAIN' && categories.includes('android.intent.category.HOME')) {
    const launcher = find(LAUNCHER_PACKAGE);
    if (launcher) return { pkg: LAUNCHER_PACKAGE, request: requestFor(intent, launcher.launchActivity) };
  }
  if (action === 'android.intent.action.MAIN' && intent.packageName) {
    const entry = find(intent.packageName);
    if (entry?.launchActivity) return { pkg: entry.packageName, request: requestFor(intent, entry.launchActivity) };
  }
  if (action) {
    const match = installed.find(
      (entry) =>
        (!intent.packageName || entry.packageName === intent.packageName) &&
        (entry.intentFilters ?? []).some(
          (f) => f.action === action && (f.dataPrefix === undefined || (intent.data ?? '').startsWith(f.dataPrefix)),
        ),
    );
    if (match) return { pkg: match.packageName, request: requestFor(intent, match.launchActivity) };
  }
  throw new MobaError(
    'DEVICE_COMMAND_FAILED',
    `Error: Activity not started, unable to resolve ${intentShortString(intent)}`,
  );
}
