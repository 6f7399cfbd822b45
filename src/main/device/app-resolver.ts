/**
 * A plain name matcher for `Open_App(…)` outside the agent (the CLI, the Devices panel): exact
 * package, then label, then words of the query against labels and package names. The agent
 * resolves descriptions with a model call instead.
 */
import { MobaError } from '../../shared/errors.ts';
import type { InstalledApp } from '../../shared/contract/devices.ts';
import type { AppResolver, ResolvedApp } from './actions/types.ts';

/** Packages that are not apps a user opens. */
const NOT_APPS =
  /^(android|com\.android\.(shell|systemui|providers\.[\w.]+|inputmethod\.[\w.]+|adbkeyboard)|com\.android\.adbkeyboard)$/;

function words(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^a-z0-9\u4e00-\u9fff]+/)
    .filter((w) => w.length >= 2);
}

/** Score of one app for the query; 0 means no match. */
export function scoreApp(query: string, app: InstalledApp): number {
  const q = query.trim().toLowerCase();
  const pkg = app.packageName.toLowerCase();
  const label = app.label?.toLowerCase() ?? '';
  if (q === pkg) return 100;
  if (label && q === label) return 90;
  let score = 0;
  const segments = pkg.split('.').slice(1);
  for (const w of words(q)) {
    if (label && words(label).includes(w)) score += 20;
    else if (label.includes(w)) score += 10;
    for (const seg of segments) {
      if (seg === w) score += 15;
      else if (seg.includes(w) || w.includes(seg)) score += 8;
      // "messages" ~ "messaging", "calendar" ~ "calendarprovider": a long shared prefix.
      else if (commonPrefix(seg, w) >= 5) score += 6;
    }
  }
  return score;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The best-matching installed app.
 *
 * @throws MobaError ACTION_FAILED naming some installed apps when nothing matches
 */
export function matchApp(query: string, apps: readonly InstalledApp[]): ResolvedApp {
  let best: { app: InstalledApp; score: number } | undefined;
  for (const app of apps) {
    if (NOT_APPS.test(app.packageName) && query.trim().toLowerCase() !== app.packageName) continue;
    const score = scoreApp(query, app);
    if (score > 0 && (!best || score > best.score)) best = { app, score };
  }
  if (!best) {
    const some = apps
      .filter((a) => !NOT_APPS.test(a.packageName))
      .slice(0, 12)
      .map((a) => a.label ?? a.packageName);
    throw new MobaError(
      'ACTION_FAILED',
      `No installed app matches ${JSON.stringify(query)}. Installed: ${some.join(', ')}${apps.length > 12 ? ', …' : ''}`,
    );
  }
  return {
    packageName: best.app.packageName,
    activity: best.app.launchActivity,
    reason: `matched ${JSON.stringify(query)} by name`,
  };
}

/** A resolver over a fixed list of apps (e.g. the device's facts). */
export function nameMatchResolver(apps: () => Promise<readonly InstalledApp[]>): AppResolver {
  return async (query) => matchApp(query, await apps());
}
