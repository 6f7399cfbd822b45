/** `pm` (package manager) and `monkey -p PKG -c CATEGORY N` over the device's package list. */
import { inAppDrawer } from '../../device.ts';
import type { PackageInfo } from '../../device.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { command, longComponent, parseIntArg, sleep } from './util.ts';

const FEATURES = [
  'reqGlEsVersion=0x30002',
  'android.hardware.audio.output',
  'android.hardware.bluetooth',
  'android.hardware.bluetooth_le',
  'android.hardware.camera',
  'android.hardware.camera.any',
  'android.hardware.faketouch',
  'android.hardware.location',
  'android.hardware.location.network',
  'android.hardware.microphone',
  'android.hardware.ram.normal',
  'android.hardware.screen.landscape',
  'android.hardware.screen.portrait',
  'android.hardware.sensor.accelerometer',
  'android.hardware.touchscreen',
  'android.hardware.touchscreen.multitouch',
  'android.hardware.touchscreen.multitouch.distinct',
  'android.hardware.touchscreen.multitouch.jazzhand',
  'android.hardware.wifi',
  'android.software.app_widgets',
  'android.software.autofill',
  'android.software.backup',
  'android.software.home_screen',
  'android.software.input_methods',
  'android.software.live_wallpaper',
  'android.software.print',
  'android.software.webview',
];

/** Deterministic per-package uid, like 10000 + app id. */
function uidOf(pkg: PackageInfo, index: number): number {
  return pkg.system ? 1000 + index : 10100 + index;
}

async function listPackages(ctx: CommandContext, args: readonly string[]): Promise<number> {
  const flags = new Set<string>();
  let filter: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--user' || arg === '--uid') i++;
    else if (arg.startsWith('--')) flags.add(arg);
    else if (arg.startsWith('-')) for (const c of arg.slice(1)) flags.add(c);
    else filter = arg;
  }
  const all = ctx.device.packages();
  const lines: string[] = [];
  for (const [index, pkg] of all.entries()) {
    if (flags.has('3') && pkg.system) continue;
    if (flags.has('s') && !pkg.system) continue;
    if (filter !== undefined && !pkg.packageName.includes(filter)) continue;
    let line = 'package:';
    if (flags.has('f')) line += `${pkg.apkPath}=`;
    line += pkg.packageName;
    if (flags.has('--show-versioncode')) line += ' versionCode:1';
    if (flags.has('i')) line += '  installer=null';
    if (flags.has('U')) line += ` uid:${uidOf(pkg, index)}`;
    lines.push(`${line}\n`);
  }
  await ctx.out(lines.join(''));
  return 0;
}

function packageArg(args: readonly string[]): string | undefined {
  return args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--user')[0];
}

export const pm: ShellCommand = command('pm', async (ctx) => {
  const [sub, ...rest] = ctx.args;
  const find = (name: string | undefined) => ctx.device.packages().find((p) => p.packageName === name);
  switch (sub) {
    case 'list': {
      const [what, ...more] = rest;
      if (what === 'packages') return listPackages(ctx, more);
      if (what === 'features') {
        await ctx.out(FEATURES.map((f) => `feature:${f}\n`).join(''));
        return 0;
      }
      if (what === 'users') {
        await ctx.out('Users:\n\tUserInfo{0:Owner:c13} running\n');
        return 0;
      }
      if (what === 'libraries') {
        await ctx.out(
          'library:android.test.base\nlibrary:android.test.mock\nlibrary:android.test.runner\nlibrary:javax.obex\nlibrary:org.apache.http.legacy\n',
        );
        return 0;
      }
      await ctx.err(`Error: unknown list type '${what ?? ''}'\n`);
      return 1;
    }
    case 'path': {
      const pkg = find(packageArg(rest));
      if (!pkg) return 1;
      await ctx.out(`package:${pkg.apkPath}\n`);
      return 0;
    }
    case 'clear': {
      const name = packageArg(rest);
      if (!name || !(await ctx.device.clearPackageData(name))) {
        await ctx.out('Failed\n');
        return 1;
      }
      await ctx.out('Success\n');
      return 0;
    }
    case 'uninstall': {
      const name = packageArg(rest);
      if (!name || !(await ctx.device.uninstallPackage(name))) {
        await ctx.out('Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
        return 1;
      }
      await ctx.out('Success\n');
      return 0;
    }
    case 'install':
    case 'install-create':
      await ctx.out('Failure [INSTALL_FAILED_INVALID_APK: the simulated phone cannot install APKs]\n');
      return 1;
    case 'query-activities':
      return queryActivities(ctx, rest);
    case 'resolve-activity': {
      const pkg = find(packageArg(rest));
      if (!pkg) {
        await ctx.out('No activity found\n');
        return 0;
      }
      const component = longComponent(pkg.packageName, pkg.launchActivity);
      if (rest.includes('--brief'))
        await ctx.out(`priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n${component}\n`);
      else
        await ctx.out(
          `Activity Resolver Table:\n  ActivityInfo:\n    name=${component.split('/')[1]}\n    packageName=${pkg.packageName}\n    enabled=true exported=true directBootAware=false\n`,
        );
      return 0;
    }
    case 'grant':
    case 'revoke':
    case 'enable':
    case 'disable':
    case 'disable-user': {
      const name = packageArg(rest);
      if (!find(name)) {
        await ctx.err(
          `Exception occurred while executing '${sub}':\njava.lang.IllegalArgumentException: Unknown package: ${name ?? ''}\n`,
        );
        return 255;
      }
      return 0;
    }
    default:
      await ctx.err(
        sub === undefined
          ? 'usage: pm [list|path|install|uninstall|clear|resolve-activity|grant|revoke] ...\n'
          : `Unknown command: ${sub}\n`,
      );
      return sub === undefined ? 0 : 255;
  }
});

const MAIN = 'android.intent.action.MAIN';
const LAUNCHER = 'android.intent.category.LAUNCHER';

/** The apps in the app drawer: what `-a MAIN -c LAUNCHER` resolves to. */
function launcherApps(ctx: CommandContext): PackageInfo[] {
  return ctx.device.packages().filter(inAppDrawer);
}

/**
 * `pm query-activities [--brief|--components] [-a ACTION] [-c CATEGORY] [-p PKG] [--user N]`:
 * only the launcher query (MAIN + LAUNCHER) has answers on the simulated phone; other intents
 * resolve to nothing, as an intent no app declares does.
 */
async function queryActivities(ctx: CommandContext, args: readonly string[]): Promise<number> {
  let action: string | undefined;
  const categories: string[] = [];
  let onlyPackage: string | undefined;
  let brief = false;
  let components = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-a') action = args[++i];
    else if (arg === '-c') categories.push(args[++i] ?? '');
    else if (arg === '-p') onlyPackage = args[++i];
    else if (arg === '--brief') brief = true;
    else if (arg === '--components') components = true;
    else if (arg === '--user') i++;
  }
  const matches =
    action === MAIN && categories.every((c) => c === LAUNCHER) && categories.length > 0
      ? launcherApps(ctx).filter((p) => onlyPackage === undefined || p.packageName === onlyPackage)
      : [];
  if (components) {
    await ctx.out(matches.map((p) => `${longComponent(p.packageName, p.launchActivity)}\n`).join(''));
    return 0;
  }
  if (matches.length === 0) {
    await ctx.out('No activities found\n');
    return 0;
  }
  let out = `${matches.length} activities found:\n`;
  for (const [i, p] of matches.entries()) {
    const component = longComponent(p.packageName, p.launchActivity);
    out += `  Activity #${i}:\n`;
    out += brief
      ? `    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n    ${component}\n`
      : `    ActivityInfo:\n      name=${component.split('/')[1]}\n      packageName=${p.packageName}\n      enabled=true exported=true directBootAware=false\n`;
  }
  await ctx.out(out);
  return 0;
}

export const monkey: ShellCommand = command('monkey', async (ctx) => {
  const args = ctx.args;
  const packages: string[] = [];
  const categories: string[] = [];
  let count: number | undefined;
  let throttle = 0;
  let verbose = 0;
  let seed = 0;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '-p') packages.push(args[++i] ?? '');
    else if (arg === '-c') categories.push(args[++i] ?? '');
    else if (arg === '-v') verbose++;
    else if (arg === '--throttle') throttle = parseIntArg(args[++i]) ?? 0;
    else if (arg === '-s') seed = parseIntArg(args[++i]) ?? 0;
    else if (arg === '--port') {
      await ctx.err('** Error: monkey --port is not available on the simulated phone\n');
      return 1;
    } else if (arg.startsWith('--pct-') || arg === '--pkg-blacklist-file' || arg === '--pkg-whitelist-file') i++;
    else if (!arg.startsWith('-')) count = parseIntArg(arg);
  }
  // The /system/bin/monkey wrapper script echoes its arguments before starting the VM.
  let out = args.map((a) => `  bash arg: ${a}\n`).join('');
  out += `args: [${args.join(', ')}]\n${args.map((a) => ` arg: "${a}"\n`).join('')}`;
  out += [...packages, ...categories].map((d) => `data="${d}"\n`).join('');
  await ctx.out(out);
  if (count === undefined) {
    await ctx.err('** Error: Count not specified\n');
    return 1;
  }
  if (verbose > 0)
    await ctx.out(
      `:Monkey: seed=${seed} count=${count}\n${packages.map((p) => `:AllowPackage: ${p}\n`).join('')}${categories.map((c) => `:IncludeCategory: ${c}\n`).join('')}`,
    );
  const launchable = ctx.device.packages().filter((p) => packages.length === 0 || packages.includes(p.packageName));
  if (launchable.length === 0) {
    await ctx.out('** No activities found to run, monkey aborted.\n');
    return 252;
  }
  const began = Date.now();
  // Deterministic pseudo-random taps after the launch, from the seed.
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  let injected = 0;
  for (let i = 0; i < count; i++) {
    if (ctx.signal.aborted) break;
    if (i === 0) {
      const pkg = launchable[0] as PackageInfo;
      await ctx.device.startActivity({
        action: 'android.intent.action.MAIN',
        categories: categories.length > 0 ? categories : ['android.intent.category.LAUNCHER'],
        component: `${pkg.packageName}/${pkg.launchActivity}`,
      });
    } else {
      await ctx.device.tap(
        Math.floor(random() * ctx.device.props.width),
        Math.floor(random() * ctx.device.props.height),
      );
    }
    injected++;
    if (throttle > 0) await sleep(throttle, ctx.signal);
  }
  const elapsed = Date.now() - began;
  await ctx.out(
    `Events injected: ${injected}\n## Network stats: elapsed time=${elapsed}ms (0ms mobile, 0ms wifi, ${elapsed}ms not connected)\n`,
  );
  return 0;
});

export const PACKAGE_COMMANDS: readonly ShellCommand[] = [pm, monkey];
