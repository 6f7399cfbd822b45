import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { MobaError, errorMessage } from '../../../shared/errors.ts';
import { createApp } from '../lazy-app.ts';
import type { MobaApp } from '../../app.ts';
import { parseAdbAddress } from '../../adb/index.ts';
import type { AdbAddress } from '../../adb/index.ts';
import type { CliIo } from '../io.ts';
import { oneLine } from '../terminal-text.ts';
import { dataDirOf } from '../options.ts';

export interface AdbCliOptions {
  adb?: AdbAddress;
}

export function parseAdbOption(value: string): AdbAddress {
  try {
    return parseAdbAddress(value);
  } catch (error) {
    throw new InvalidArgumentError(errorMessage(error));
  }
}

/** `--adb HOST:PORT` on every device command (ADB_SERVER_SOCKET=tcp:HOST:PORT works too, as for adb). */
export function withAdbOption(command: Command): Command {
  return command.option(
    '--adb <host:port>',
    'adb server to use (default: $ADB_SERVER_SOCKET, else settings adb.host/port, i.e. 127.0.0.1:5037)',
    parseAdbOption,
  );
}

/** The app graph for a device command; the caller disposes it. */
export async function openApp(command: Command, opts: AdbCliOptions): Promise<MobaApp> {
  const dataDir = dataDirOf(command);
  return createApp({ host: 'web', ...(dataDir ? { dataDir } : {}), ...(opts.adb ? { adbAddress: opts.adb } : {}) });
}

/**
 * `--device`, else $ANDROID_SERIAL, else the only online device (as adb chooses).
 *
 * @throws MobaError DEVICE_NOT_FOUND when there is none or several to choose from
 */
export async function pickDevice(app: MobaApp, requested: string | undefined): Promise<string> {
  const wanted = requested ?? (process.env.ANDROID_SERIAL || undefined);
  if (wanted) return wanted;
  const online = (await app.devices.list()).filter((d) => d.state === 'device');
  if (online.length === 1) return online[0]!.serial;
  if (online.length === 0)
    throw new MobaError(
      'DEVICE_NOT_FOUND',
      'No device is online. Connect one by USB, or `moba connect HOST:PORT` for wireless debugging.',
    );
  throw new MobaError(
    'DEVICE_NOT_FOUND',
    `${online.length} devices are online (${online.map((d) => d.serial).join(', ')}); choose one with --device SERIAL.`,
  );
}

export function registerDevices(program: Command, io: CliIo): void {
  withAdbOption(program.command('devices'))
    .description('list the devices of the adb server: serial, state, model, Android version, transport')
    .option('--json', 'print JSON')
    .action(async (opts: AdbCliOptions & { json?: boolean }, command: Command) => {
      const app = await openApp(command, opts);
      try {
        const devices = await app.devices.list();
        const rows = await Promise.all(
          devices.map(async (d) => {
            let model = d.model?.replace(/_/g, ' ') ?? '';
            let androidVersion = '';
            if (d.state === 'device') {
              try {
                const props = await app.devices.device(d.serial).properties();
                model = props['ro.product.model'] || model;
                androidVersion = props['ro.build.version.release'] ?? '';
              } catch (error) {
                androidVersion = `? (${errorMessage(error)})`;
              }
            }
            return {
              serial: d.serial,
              state: d.state,
              model,
              androidVersion,
              transport: d.transport,
              product: d.product,
              device: d.device,
            };
          }),
        );
        if (opts.json) {
          io.out(`${JSON.stringify(rows)}\n`);
          return;
        }
        if (rows.length === 0) {
          io.out(
            `No devices on the adb server at ${app.devices.server.label}. Plug a phone in by USB (USB debugging on), or \`moba connect HOST:PORT\`.\n`,
          );
          return;
        }
        const table = [
          ['SERIAL', 'STATE', 'MODEL', 'ANDROID', 'TRANSPORT'],
          ...rows.map((r) => [r.serial, r.state, r.model, r.androidVersion, r.transport]),
        ];
        const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
        for (const row of table)
          io.out(
            `${row
              .map((cell, i) => oneLine(cell).padEnd(widths[i]!))
              .join('  ')
              .trimEnd()}\n`,
          );
      } finally {
        await app.dispose();
      }
    });
}
