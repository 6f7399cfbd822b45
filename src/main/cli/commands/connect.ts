import type { Command } from 'commander';
import type { CliIo } from '../io.ts';
import { openApp, withAdbOption } from './devices.ts';
import type { AdbCliOptions } from './devices.ts';

export function registerConnect(program: Command, io: CliIo): void {
  withAdbOption(program.command('connect'))
    .argument('<host:port>', 'the phone’s wireless-debugging address (port 5555 when left out)')
    .description('connect a phone over Wi-Fi (adb connect) and wait until it is online')
    .action(async (address: string, opts: AdbCliOptions, command: Command) => {
      const app = await openApp(command, opts);
      try {
        const d = await app.devices.connect(address);
        io.out(`connected to ${d.serial} (${d.model?.replace(/_/g, ' ') ?? 'unknown model'})\n`);
      } finally {
        await app.dispose();
      }
    });
  withAdbOption(program.command('disconnect'))
    .argument('<host:port>', 'a wireless connection made with `moba connect` or `adb connect`')
    .description('disconnect a phone connected over Wi-Fi (adb disconnect)')
    .action(async (address: string, opts: AdbCliOptions, command: Command) => {
      const app = await openApp(command, opts);
      try {
        io.out(`disconnected ${await app.devices.disconnect(address)}\n`);
      } finally {
        await app.dispose();
      }
    });
}
