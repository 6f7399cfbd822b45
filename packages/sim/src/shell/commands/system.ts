/** `wm size|density|user-rotation`, `settings get|put|list`, `ime list|enable|disable|set`. */
import type { CommandContext, ShellCommand } from '../registry.ts';
import { command } from './util.ts';

/** `wm user-rotation [free | lock [0-3]]` (and the older `set-user-rotation`): the settings behind the rotation. */
async function userRotation(ctx: CommandContext, args: readonly string[]): Promise<number> {
  const [mode, value] = args.filter((a, i) => a !== '-d' && args[i - 1] !== '-d');
  if (mode === undefined) {
    const locked = ctx.device.getSetting('system', 'accelerometer_rotation') !== '1';
    await ctx.out(locked ? `lock ${ctx.device.getSetting('system', 'user_rotation') ?? '0'}\n` : 'free\n');
    return 0;
  }
  if (mode === 'free') {
    await ctx.device.putSetting('system', 'accelerometer_rotation', '1');
    return 0;
  }
  if (mode !== 'lock' || (value !== undefined && !/^[0-3]$/.test(value))) {
    await ctx.err(
      `Error: ${mode === 'lock' ? `invalid rotation ${value}` : `unknown mode ${mode}`}; expected free or lock [0-3]\n`,
    );
    return 255;
  }
  await ctx.device.putSetting('system', 'accelerometer_rotation', '0');
  if (value !== undefined) await ctx.device.putSetting('system', 'user_rotation', value);
  return 0;
}

export const wm: ShellCommand = command('wm', async (ctx) => {
  if (ctx.args[0] === 'user-rotation' || ctx.args[0] === 'set-user-rotation')
    return userRotation(ctx, ctx.args.slice(1));
  const [sub, value] = ctx.args.filter((a, i) => a !== '-d' && ctx.args[i - 1] !== '-d');
  const { width, height, density } = ctx.device.props;
  if (sub === 'size' || sub === 'density') {
    if (value !== undefined && value !== 'reset') {
      await ctx.err(`wm ${sub}: changing the display ${sub} is not supported by the simulated phone\n`);
      return 1;
    }
    if (value === undefined)
      await ctx.out(sub === 'size' ? `Physical size: ${width}x${height}\n` : `Physical density: ${density}\n`);
    return 0;
  }
  await ctx.err(sub === undefined ? 'usage: wm size|density|user-rotation\n' : `Unknown command: ${sub}\n`);
  return sub === undefined ? 0 : 255;
});

const NAMESPACES = new Set(['system', 'secure', 'global']);

export const settings: ShellCommand = command('settings', async (ctx) => {
  const args = ctx.args.filter((a, i) => a !== '--user' && ctx.args[i - 1] !== '--user' && a !== '--lineage');
  const [verb, namespace, key, ...valueParts] = args;
  if (verb === undefined) {
    await ctx.err(
      'usage:  settings [--user <USER_ID> | current] get namespace key\n        settings [--user <USER_ID> | current] put namespace key value\n        settings [--user <USER_ID> | current] list namespace\n',
    );
    return 1;
  }
  if (namespace === undefined || !NAMESPACES.has(namespace)) {
    await ctx.err(`Invalid namespace '${namespace ?? ''}'\n`);
    return 1;
  }
  switch (verb) {
    case 'get':
      if (key === undefined) break;
      await ctx.out(`${ctx.device.getSetting(namespace, key) ?? 'null'}\n`);
      return 0;
    case 'put': {
      if (key === undefined || valueParts.length === 0) break;
      // A trailing `default` token is Android's "make default" switch, not part of the value.
      const value =
        valueParts[valueParts.length - 1] === 'default' && valueParts.length > 1 ? valueParts.slice(0, -1) : valueParts;
      await ctx.device.putSetting(namespace, key, value.join(' '));
      return 0;
    }
    case 'list': {
      const all = ctx.device.listSettings(namespace);
      await ctx.out(
        Object.keys(all)
          .sort()
          .map((k) => `${k}=${all[k]}\n`)
          .join(''),
      );
      return 0;
    }
  }
  await ctx.err(`Invalid command: ${verb} ${namespace} ${key ?? ''}\n`);
  return 1;
});

async function imeList(ctx: CommandContext, args: readonly string[]): Promise<number> {
  const all = args.includes('-a');
  const short = args.includes('-s');
  const methods = ctx.device.inputMethods().filter((m) => all || m.enabled);
  if (short) {
    await ctx.out(methods.map((m) => `${m.id}\n`).join(''));
    return 0;
  }
  const blocks = methods.map((m) => {
    const [pkg = '', cls = ''] = m.id.split('/');
    const name = cls.startsWith('.') ? `${pkg}${cls}` : cls;
    return `${m.id}:\n  mId=${m.id} mSettingsActivityName=null mIsVrOnly=false mSupportsSwitchingToNextInputMethod=false\n  mIsDefaultResId=0x0\n  Service:\n    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n    ServiceInfo:\n      name=${name}\n      packageName=${pkg}\n      labelRes=0x0 nonLocalizedLabel=${m.label} icon=0x0 banner=0x0\n      enabled=true exported=true directBootAware=false\n      permission=android.permission.BIND_INPUT_METHOD\n`;
  });
  await ctx.out(blocks.join(''));
  return 0;
}

export const ime: ShellCommand = command('ime', async (ctx) => {
  const [sub, ...rest] = ctx.args;
  const id = rest.filter((a, i) => !a.startsWith('-') && rest[i - 1] !== '--user')[0];
  switch (sub) {
    case 'list':
      return imeList(ctx, rest);
    case 'enable':
    case 'disable': {
      const enable = sub === 'enable';
      const before = ctx.device.inputMethods().find((m) => m.id === id);
      if (!id || !before) {
        await ctx.err(`Unknown input method ${id ?? ''} cannot be ${enable ? 'enabled' : 'disabled'} for user #0\n`);
        return 1;
      }
      if (before.enabled === enable) {
        await ctx.out(`Input method ${id}: already ${enable ? 'enabled' : 'disabled'} for user #0\n`);
        return 0;
      }
      ctx.device.enableInputMethod(id, enable);
      await ctx.out(`Input method ${id}: now ${enable ? 'enabled' : 'disabled'} for user #0\n`);
      return 0;
    }
    case 'set': {
      if (!id || !ctx.device.setInputMethod(id)) {
        await ctx.err(`Unknown input method ${id ?? ''} cannot be selected for user #0\n`);
        return 1;
      }
      await ctx.out(`Input method ${id} selected for user #0\n`);
      return 0;
    }
    case 'reset': {
      const first = ctx.device.inputMethods()[0];
      if (first) ctx.device.setInputMethod(first.id);
      await ctx.out(`Reset current and enabled IMEs for user #0\n  Selected: ${first?.id ?? 'null'}\n`);
      return 0;
    }
    default:
      await ctx.out(
        'ime <command>:\n  list [-a] [-s]\n    prints all enabled input methods.\n  enable [--user <USER_ID>] <ID>\n    allows the given input method ID to be used.\n  disable [--user <USER_ID>] <ID>\n    disallows the given input method ID to be used.\n  set [--user <USER_ID>] <ID>\n    switches to the given input method ID.\n  reset [--user <USER_ID>]\n    reset currently selected/enabled IMEs to the default ones as if the device is initially booted with the current locale.\n',
      );
      return sub === undefined ? 0 : 255;
  }
});

export const SYSTEM_COMMANDS: readonly ShellCommand[] = [wm, settings, ime];
