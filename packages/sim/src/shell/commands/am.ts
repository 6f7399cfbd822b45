/** `am start|start-activity|broadcast|force-stop|kill|startservice|get-current-user` over the device. */
import { packageUid } from '../../os/phone-os.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { formatIntent, parseIntentArgs } from './intent.ts';
import { command, shortComponent } from './util.ts';

/** Android sets FLAG_RECEIVER_FOREGROUND on broadcasts sent from the shell. */
const SHELL_BROADCAST_FLAGS = 0x400000;

function splitLines(text: string): string {
  const trimmed = text.replace(/\n+$/, '');
  return trimmed ? `${trimmed}\n` : '';
}

async function start(ctx: CommandContext, args: readonly string[]): Promise<number> {
  const { intent, wait, stopFirst, flags } = parseIntentArgs(args);
  if (!intent.component && !intent.action && !intent.data && !intent.packageName) {
    await ctx.err('Error: Intent does not match any activities: Intent {  }\n');
    return 1;
  }
  const target = intent.component?.split('/')[0] ?? intent.packageName;
  if (stopFirst && target) {
    await ctx.out(`Stopping: ${target}\n`);
    await ctx.device.forceStop(target);
  }
  await ctx.out(`Starting: ${formatIntent(intent, flags)}\n`);
  const began = Date.now();
  let result: string;
  try {
    result = await ctx.device.startActivity(intent);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/^Error: Activity class .* does not exist/.test(message)) await ctx.err('Error type 3\n');
    await ctx.err(splitLines(message));
    return 1;
  }
  ctx.os.log.system(
    'I',
    'ActivityTaskManager',
    `START u0 ${formatIntent(intent, flags).replace(/^Intent /, '')} with LAUNCH_MULTIPLE from uid ${ctx.user === 'root' ? 0 : 2000}`,
  );
  // Tolerate a device that echoes the Starting line itself.
  const lines = result.split('\n').filter((line) => !line.startsWith('Starting: Intent'));
  await ctx.out(splitLines(lines.join('\n')));
  if (wait) {
    const elapsed = Date.now() - began;
    const focus = await ctx.device.focus();
    await ctx.out(
      `Status: ok\nLaunchState: ${lines.some((l) => l.startsWith('Warning')) ? 'HOT' : 'COLD'}\nActivity: ${shortComponent(focus.packageName, focus.activity)}\nTotalTime: ${elapsed}\nWaitTime: ${elapsed + 2}\nComplete\n`,
    );
  }
  return 0;
}

async function broadcast(ctx: CommandContext, args: readonly string[]): Promise<number> {
  const { intent, flags } = parseIntentArgs(args);
  await ctx.out(`Broadcasting: ${formatIntent(intent, flags | SHELL_BROADCAST_FLAGS)}\n`);
  const result = await ctx.device.broadcast(intent);
  await ctx.out(
    splitLines(
      result
        .split('\n')
        .filter((line) => !line.startsWith('Broadcasting: Intent'))
        .join('\n'),
    ),
  );
  return 0;
}

const USAGE = `Activity manager (activity) commands:
  help
      Print this help text.
  start-activity [-D] [-N] [-W] [-P <FILE>] [--start-profiler <FILE>]
          [--sampling INTERVAL] [--streaming] [-R COUNT] [-S]
          [--track-allocation] [--user <USER_ID> | current] <INTENT>
      Start an Activity.
  start-service [--user <USER_ID> | current] <INTENT>
      Start a Service.
  broadcast [--user <USER_ID> | all | current] <INTENT>
      Send a broadcast Intent.
  force-stop [--user <USER_ID> | all | current] <PACKAGE>
      Completely stop the given application package.
  kill [--user <USER_ID> | all | current] <PACKAGE>
      Kill all background processes associated with the given application.
  get-current-user
      Returns id of the current foreground user.
`;

export const am: ShellCommand = command('am', async (ctx) => {
  const [sub, ...rest] = ctx.args;
  switch (sub) {
    case 'start':
    case 'start-activity':
      return start(ctx, rest);
    case 'broadcast':
      return broadcast(ctx, rest);
    case 'startservice':
    case 'start-service':
    case 'start-foreground-service': {
      const { intent, flags } = parseIntentArgs(rest);
      await ctx.out(`Starting service: ${formatIntent(intent, flags)}\n`);
      await ctx.err('Error: Not found; no service started.\n');
      return 1;
    }
    case 'force-stop':
    case 'kill': {
      const pkg = rest.filter((a, i) => !a.startsWith('-') && rest[i - 1] !== '--user')[0];
      if (!pkg) {
        await ctx.err(`Error: no package specified\n`);
        return 1;
      }
      if (sub === 'force-stop') {
        await ctx.device.forceStop(pkg);
        const uid = packageUid(ctx.device, pkg);
        if (uid !== undefined)
          ctx.os.log.system('I', 'ActivityManager', `Force stopping ${pkg} appid=${uid} user=0: from pid ${ctx.pid}`);
      }
      return 0;
    }
    case 'get-current-user':
      await ctx.out('0\n');
      return 0;
    case undefined:
    case 'help':
      await ctx.out(USAGE);
      return 0;
    default:
      await ctx.err(`Unknown command: ${sub}\n`);
      return 255;
  }
});
