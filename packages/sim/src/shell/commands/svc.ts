/**
 * `svc wifi|data|bluetooth enable|disable`, `svc power stayon true|false|usb|ac|wireless`,
 * `svc power reboot|shutdown`, `svc usb getFunctions`, and `reboot`: the system service
 * controls, as settings the apps and `settings get` see.
 */
import { CommandError } from '../registry.ts';
import type { CommandContext, ShellCommand } from '../registry.ts';
import { command } from './util.ts';

const USAGE = `Available commands:
    help      Show information about the subcommands
    power     Control the power manager
    data      Control mobile data connectivity
    wifi      Control the Wi-Fi manager
    usb       Control Usb state
    nfc       Control NFC functions
    bluetooth Control Bluetooth service
`;

const TOGGLES: Readonly<Record<string, { key: string; what: string }>> = {
  wifi: { key: 'wifi_on', what: 'Wi-Fi' },
  data: { key: 'mobile_data', what: 'mobile data connectivity' },
  bluetooth: { key: 'bluetooth_on', what: 'Bluetooth' },
};

const STAY_ON: Readonly<Record<string, string>> = { true: '7', false: '0', usb: '2', ac: '1', wireless: '4' };

async function reboot(ctx: CommandContext): Promise<number> {
  ctx.os.log.system('I', 'ShutdownThread', 'Rebooting, reason: shell');
  await ctx.os.reboot();
  return 0;
}

export const svc: ShellCommand = command('svc', async (ctx) => {
  const [service, verb, value] = ctx.args;
  const toggle = service === undefined ? undefined : TOGGLES[service];
  if (toggle) {
    if (verb !== 'enable' && verb !== 'disable') {
      await ctx.err(`svc ${service} [enable|disable]\n         Turn ${toggle.what} on or off.\n`);
      return 1;
    }
    await ctx.device.putSetting('global', toggle.key, verb === 'enable' ? '1' : '0');
    return 0;
  }
  if (service === 'power') {
    if (verb === 'stayon' && value !== undefined && STAY_ON[value] !== undefined) {
      await ctx.device.putSetting('global', 'stay_on_while_plugged_in', STAY_ON[value] as string);
      return 0;
    }
    if (verb === 'reboot' || verb === 'shutdown') return reboot(ctx);
    await ctx.err(
      "Control the power manager\n\nusage: svc power stayon [true|false|usb|ac|wireless]\n         Set the 'keep awake while plugged in' setting.\n       svc power reboot [reason]\n         Perform a runtime shutdown and reboot device with specified reason.\n       svc power shutdown\n         Perform a runtime shutdown and power off the device.\n",
    );
    return 1;
  }
  if (service === 'usb' && verb === 'getFunctions') {
    await ctx.out('adb\n');
    return 0;
  }
  if (service === undefined || service === 'help') {
    await ctx.out(USAGE);
    return 0;
  }
  throw new CommandError(`No service ${service}`);
});

export const rebootCommand: ShellCommand = command('reboot', reboot);

export const SVC_COMMANDS: readonly ShellCommand[] = [svc, rebootCommand];
