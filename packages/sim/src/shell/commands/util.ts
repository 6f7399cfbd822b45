/** Helpers shared by the shell's command modules. */
import type { FocusInfo } from '../../device.ts';
import { resolvePath } from '../../fs/virtual-fs.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';

/** Defines a command from a name and a function. */
export function command(
  name: string,
  run: (ctx: CommandContext) => Promise<number>,
  aliases?: readonly string[],
): ShellCommand {
  return aliases ? { name, aliases, run } : { name, run };
}

/** A stable 7-hex-digit identity hash, like the ones in `Window{…}` / `ActivityRecord{…}`. */
export function identityHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash & 0x0fffffff).toString(16).padStart(7, '0');
}

/** `com.pkg.Main` / `.Main` → the fully qualified class name. */
export function fullClassName(packageName: string, activity: string): string {
  return activity.startsWith('.') ? `${packageName}${activity}` : activity;
}

/** ComponentName.flattenToShortString(): `pkg/.Main` when the class is inside the package. */
export function shortComponent(packageName: string, activity: string): string {
  const full = fullClassName(packageName, activity);
  return full.startsWith(`${packageName}.`)
    ? `${packageName}/${full.slice(packageName.length)}`
    : `${packageName}/${full}`;
}

/** ComponentName.flattenToString(): `pkg/pkg.Main`. */
export function longComponent(packageName: string, activity: string): string {
  return `${packageName}/${fullClassName(packageName, activity)}`;
}

/** A task id that stays the same for a package across calls. */
export function taskId(packageName: string): number {
  return 10 + (Number.parseInt(identityHash(packageName), 16) % 90);
}

export function windowRecord(focus: FocusInfo): string {
  const name = longComponent(focus.packageName, focus.activity);
  return `Window{${identityHash(`w:${name}`)} u0 ${name}}`;
}

export function activityRecord(focus: FocusInfo): string {
  const name = shortComponent(focus.packageName, focus.activity);
  return `ActivityRecord{${identityHash(`a:${name}`)} u0 ${name} t${taskId(focus.packageName)}}`;
}

/** Resolves a command's path argument against its cwd. */
export function pathArg(ctx: CommandContext, path: string): string {
  return resolvePath(ctx.cwd, path);
}

/** Sleeps for `ms`, resolving early (false) when the shell's stream closes. */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Parses a whole number argument (decimal, or 0x hex). */
export function parseIntArg(text: string | undefined): number | undefined {
  if (text === undefined || !/^[-+]?(0x[0-9a-f]+|\d+)$/i.test(text.trim())) return undefined;
  return Number(text.trim());
}

/** Parses a coordinate/number the way Android's `input` does (floats allowed). */
export function parseNumberArg(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** The device time zone (persist.sys.timezone), UTC when unset or unknown. */
export function deviceTimeZone(ctx: CommandContext): string {
  const zone = ctx.env.TZ || ctx.device.getprop()['persist.sys.timezone'] || 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    // An unknown zone name falls back to UTC, as bionic does.
    return 'UTC';
  }
}

/** The calendar fields of `epochMs` in `timeZone`. */
export function zonedParts(
  epochMs: number,
  timeZone: string,
): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
  offsetMinutes: number;
  zoneName: string;
} {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
    timeZoneName: 'short',
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const year = Number(get('year'));
  const month = Number(get('month'));
  const day = Number(get('day'));
  const hour = Number(get('hour'));
  const minute = Number(get('minute'));
  const second = Number(get('second'));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  const offsetMinutes = Math.round(
    (Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(epochMs / 1000) * 1000) / 60_000,
  );
  const zoneName = get('timeZoneName').replace(/^GMT$/, timeZone === 'UTC' ? 'UTC' : 'GMT');
  return { year, month, day, hour, minute, second, weekday, offsetMinutes, zoneName };
}

export const pad2 = (n: number): string => String(n).padStart(2, '0');
