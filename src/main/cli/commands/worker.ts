/**
 * `moba worker`: run benchmark sweep episodes from a BullMQ queue on this machine's devices
 * (docs/sweeps.md). The heavy part (the app, the phones, BullMQ) loads only when it runs.
 */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { CliIo } from '../io.ts';
import { parsePositiveInt } from '../options.ts';

function list(value: string): string[] {
  const out = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!out.length) throw new InvalidArgumentError('expected a comma-separated list');
  return out;
}

export function registerWorker(program: Command, io: CliIo): void {
  program
    .command('worker')
    .description(
      "run benchmark sweep episodes from a Redis queue on this machine's devices (simulated phones it starts, devices on its adb server, or remote adb endpoints); Ctrl-C finishes the running episodes, a second Ctrl-C hands them back",
    )
    .requiredOption(
      '--redis <url>',
      "the sweep's Redis: redis://[user:password@]host[:port][/db], rediss:// for TLS (the password may instead be in MOBA_REDIS_PASSWORD)",
    )
    .option('--phones <n>', 'start this many simulated phones (default 1 when no devices are named)', parsePositiveInt)
    .option('--devices <serials>', "use these devices of this machine's adb server (comma-separated serials)", list)
    .option('--adb <host:port,...>', 'adb connect to these remote endpoints and use them', list)
    .option(
      '--stf <url>',
      'lease devices from this DeviceFarmer/STF server (its access token in MOBA_STF_TOKEN) and connect to them over remote adb',
    )
    .option('--stf-count <n>', 'with --stf: how many devices to lease (default 1)', parsePositiveInt)
    .option(
      '--serve <host:port>',
      "serve this worker's screenshots and dumps to coordinators over its web host (token: MOBA_SWEEP_TOKEN, the same on every machine), e.g. 0.0.0.0:8741",
    )
    .option(
      '--public-url <url>',
      'with --serve: the address coordinators reach it at (default: http://<this host name>:<port>)',
    )
    .option(
      '--profile <name>',
      'the device profile whose queue this worker serves (default: sim for simulated phones, device otherwise)',
    )
    .option('--name <name>', "the worker's name in the workers list (default: host-pid)")
    .option('--json', 'print JSON lines', false)
    .action(async (opts: { redis: string; json: boolean }, command: Command) =>
      (await import('./worker-run.ts')).runWorker(io, command, opts),
    );
}
