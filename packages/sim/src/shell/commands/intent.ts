/** Intent arguments as `am` parses them, and Intent.toString()'s short form for its output. */
import type { Intent } from '../../device.ts';
import { CommandError } from '../registry.ts';

/** Options without a value that `am` accepts and the simulated phone ignores. */
const IGNORED_FLAGS = new Set([
  '-D',
  '-N',
  '--streaming',
  '--track-allocation',
  '--grant-read-uri-permission',
  '--grant-write-uri-permission',
  '--grant-persistable-uri-permission',
  '--grant-prefix-uri-permission',
  '--exclude-stopped-packages',
  '--include-stopped-packages',
  '--debug-log-resolution',
  '--activity-brought-to-front',
  '--activity-clear-top',
  '--activity-clear-when-task-reset',
  '--activity-exclude-from-recents',
  '--activity-launched-from-history',
  '--activity-multiple-task',
  '--activity-no-animation',
  '--activity-no-history',
  '--activity-no-user-action',
  '--activity-previous-is-top',
  '--activity-reorder-to-front',
  '--activity-reset-task-if-needed',
  '--activity-single-top',
  '--activity-clear-task',
  '--activity-task-on-home',
  '--activity-match-external',
  '--receiver-registered-only',
  '--receiver-replace-pending',
  '--receiver-foreground',
  '--receiver-no-abort',
  '--receiver-include-background',
  '--allow-background-activity-starts',
  '--async',
  '--task-overlay',
  '--lock-task',
  '--allow-background-activity-starts',
]);

/** Options with one value that are accepted and ignored. */
const IGNORED_WITH_VALUE = new Set([
  '-P',
  '--start-profiler',
  '--sampling',
  '-R',
  '--user',
  '--display',
  '--windowingMode',
  '--activityType',
  '--task',
  '-t',
  '-i',
  '--attach-agent',
  '--receiver-permission',
  '--activity-options',
]);

export interface ParsedAmArgs {
  intent: Intent;
  wait: boolean;
  stopFirst: boolean;
  /** Flags given with -f (numeric). */
  flags: number;
}

/** Parses `[options] <INTENT>` for am start / broadcast / startservice. */
export function parseIntentArgs(args: readonly string[]): ParsedAmArgs {
  const intent: Intent = {};
  const extras: Record<string, string | number | boolean> = {};
  let wait = false;
  let stopFirst = false;
  let flags = 0;
  const need = (i: number, option: string): string => {
    const value = args[i];
    if (value === undefined) throw new CommandError(`Error: No value given for ${option}`, 1);
    return value;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    switch (arg) {
      case '-W':
        wait = true;
        continue;
      case '-S':
        stopFirst = true;
        continue;
      case '-a':
        intent.action = need(++i, arg);
        continue;
      case '-d':
        intent.data = need(++i, arg);
        continue;
      case '-c':
        (intent.categories ??= []).push(need(++i, arg));
        continue;
      case '-n':
        intent.component = need(++i, arg);
        continue;
      case '-p':
        intent.packageName = need(++i, arg);
        continue;
      case '-f':
        flags = Number(need(++i, arg)) >>> 0;
        continue;
      case '-e':
      case '--es': {
        const key = need(++i, arg);
        extras[key] = need(++i, arg);
        continue;
      }
      case '--esn':
        extras[need(++i, arg)] = '';
        continue;
      case '--ez': {
        const key = need(++i, arg);
        const value = need(++i, arg).toLowerCase();
        extras[key] = value === 'true' || value === 't' || value === '1';
        continue;
      }
      case '--ei':
      case '--el':
      case '--ef':
      case '--ed': {
        const key = need(++i, arg);
        const raw = need(++i, arg);
        const value = Number(raw);
        if (!Number.isFinite(value)) throw new CommandError(`Error: Invalid number: ${raw}`, 1);
        extras[key] = value;
        continue;
      }
      case '--eu':
      case '--ecn':
      case '--eia':
      case '--eial':
      case '--ela':
      case '--elal':
      case '--efa':
      case '--efal':
      case '--esa':
      case '--esal': {
        const key = need(++i, arg);
        extras[key] = need(++i, arg);
        continue;
      }
      default:
        if (IGNORED_FLAGS.has(arg)) continue;
        if (IGNORED_WITH_VALUE.has(arg)) {
          i++;
          continue;
        }
        if (arg.startsWith('-')) throw new CommandError(`Error: Unknown option: ${arg}`, 1);
        // A bare argument is a URI (has ':'), a component (has '/') or a package name.
        if (arg.includes(':')) intent.data = arg;
        else if (arg.includes('/')) intent.component = arg;
        else intent.packageName = arg;
    }
  }
  if (Object.keys(extras).length > 0) intent.extras = extras;
  return { intent, wait, stopFirst, flags };
}

/** Intent.toShortString as `am` prints it: `Intent { act=… cat=[…] dat=… flg=0x… pkg=… cmp=… (has extras) }`. */
export function formatIntent(intent: Intent, flags = 0): string {
  const parts: string[] = [];
  if (intent.action) parts.push(`act=${intent.action}`);
  if (intent.categories?.length) parts.push(`cat=[${intent.categories.join(',')}]`);
  if (intent.data) parts.push(`dat=${redactUri(intent.data)}`);
  if (flags) parts.push(`flg=0x${flags.toString(16)}`);
  if (intent.packageName) parts.push(`pkg=${intent.packageName}`);
  if (intent.component) parts.push(`cmp=${intent.component}`);
  if (intent.extras && Object.keys(intent.extras).length > 0) parts.push('(has extras)');
  return `Intent { ${parts.join(' ')} }`;
}

/** Uri.toSafeString keeps only the scheme and authority of most URIs. */
function redactUri(uri: string): string {
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):(\/\/[^/?#]*)?/.exec(uri);
  if (!match) return uri;
  const scheme = match[1]?.toLowerCase() ?? '';
  if (scheme === 'tel' || scheme === 'sms' || scheme === 'smsto' || scheme === 'mailto' || scheme === 'nfc')
    return `${scheme}:xxx`;
  if (scheme === 'http' || scheme === 'https' || scheme === 'ftp' || scheme === 'rtsp')
    return `${scheme}:${match[2] ?? ''}/...`;
  return uri;
}
