/**
 * `toybox [APPLET [ARGS…]]` runs one of the toybox programs the phone has (`toybox md5sum
 * FILE`, as uiautomator2's client asks); alone it lists them. And `uptime`.
 */
import type { ShellCommand } from '../registry.ts';
import { command, deviceTimeZone, pad2, zonedParts } from './util.ts';

/** The phone's programs that are toybox applets on Android (am, pm, dumpsys… are not). */
export const TOYBOX_APPLETS: readonly string[] = [
  '[',
  'base64',
  'basename',
  'cat',
  'chmod',
  'cp',
  'cut',
  'date',
  'dirname',
  'echo',
  'egrep',
  'env',
  'false',
  'fgrep',
  'find',
  'grep',
  'head',
  'id',
  'ifconfig',
  'kill',
  'ln',
  'ls',
  'md5sum',
  'mkdir',
  'mv',
  'pgrep',
  'pidof',
  'pkill',
  'printf',
  'ps',
  'pwd',
  'readlink',
  'realpath',
  'rm',
  'rmdir',
  'sed',
  'sha1sum',
  'sha256sum',
  'sleep',
  'sort',
  'stat',
  'tail',
  'tee',
  'test',
  'touch',
  'tr',
  'true',
  'uname',
  'uniq',
  'uptime',
  'wc',
  'which',
  'whoami',
  'xargs',
];

export const toybox: ShellCommand = command('toybox', async (ctx) => {
  const [applet, ...args] = ctx.args;
  if (applet === undefined || applet === '--long' || applet === '--help') {
    const names = TOYBOX_APPLETS.filter((name) => ctx.commands.has(name));
    await ctx.out(`${names.join(' ')}\n`);
    return 0;
  }
  if (applet === '--version') {
    await ctx.out('toybox 0.8.9-android\n');
    return 0;
  }
  const program = TOYBOX_APPLETS.includes(applet) ? ctx.commands.get(applet) : undefined;
  if (!program) {
    await ctx.err(`toybox: Unknown command ${applet}\n`);
    return 1;
  }
  return program.run({ ...ctx, argv0: applet, args });
});

export const uptime: ShellCommand = command('uptime', async (ctx) => {
  const now = ctx.device.now();
  const minutes = Math.max(0, Math.floor((now - ctx.os.bootedAt) / 60_000));
  const t = zonedParts(now, deviceTimeZone(ctx));
  const up =
    minutes < 60
      ? `${minutes} min`
      : `${Math.floor(minutes / 1440) > 0 ? `${Math.floor(minutes / 1440)} days, ` : ''}${Math.floor((minutes % 1440) / 60)}:${pad2(minutes % 60)}`;
  await ctx.out(
    ` ${pad2(t.hour)}:${pad2(t.minute)}:${pad2(t.second)} up ${up},  0 users,  load average: 0.42, 0.38, 0.30\n`,
  );
  return 0;
});

export const TOYBOX_COMMANDS: readonly ShellCommand[] = [toybox, uptime];
