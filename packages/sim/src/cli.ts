/**
 * `moba-sim start` (and MobA Studio's `moba sim start`, which adds this same command): a
 * simulated phone on a TCP port that any adb client connects to. Light to import: the phone
 * and its server load only when the command runs.
 */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { untilStopSignal } from '@moba/base/node';
import { DEFAULT_SIMULATOR_PORT } from './constants.ts';

/** Where the command writes and how it learns to stop; MobA Studio's CLI passes its own. */
export interface SimCliIo {
  out(text: string): void;
  err(text: string): void;
  /** Resolves with the signal's name when the user asks the command to stop (Ctrl-C, SIGTERM). */
  untilStopped(): Promise<string>;
}

function wholeNumber(min: number, max: number, what: string): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`expected ${what}`);
    return n;
  };
}

export const parsePort = wholeNumber(0, 65_535, 'a port number 0–65535');
export const parsePositiveInt = wholeNumber(1, Number.MAX_SAFE_INTEGER, 'a positive whole number');
const parseSeed = wholeNumber(0, 0xffffffff, 'a whole number 0–4294967295');

interface SimStartOptions {
  port: number;
  host: string;
  seed: number;
  width?: number;
  height?: number;
  density?: number;
  serial?: string;
  fake?: boolean;
  clock?: string;
}

/** `--clock`: `seeded`, or a local time `YYYY-MM-DDTHH:MM` in Asia/Shanghai. */
function parseClockStart(value: string): string {
  if (value === 'seeded' || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return value;
  throw new InvalidArgumentError('expected seeded or a local time YYYY-MM-DDTHH:MM');
}

/** Adds `start` under `parent` (the `moba-sim` program, or `moba sim`). */
export function addSimStartCommand(parent: Command, io: SimCliIo): Command {
  return parent
    .command('start')
    .description(
      'start a simulated phone that adb, adbkit and scrcpy clients connect to like a phone with wireless debugging on',
    )
    .option(
      '-p, --port <port>',
      `port to listen on (0 = any free port; 5555–5585 would also show up as an emulator)`,
      parsePort,
      DEFAULT_SIMULATOR_PORT,
    )
    .option('--host <addr>', 'address to bind', '127.0.0.1')
    .option('--seed <n>', 'seed for the apps’ deterministic data', parseSeed, 0)
    .option('--width <px>', 'screen width in pixels (default 1080)', parsePositiveInt)
    .option('--height <px>', 'screen height in pixels (default 2400)', parsePositiveInt)
    .option('--density <dpi>', 'screen density (default 420)', parsePositiveInt)
    .option('--serial <serial>', 'ro.serialno of the phone (default: a fresh one)')
    .option('--fake', 'serve the small in-memory test phone instead (no Chromium; fixed screen)')
    .option(
      '--clock <start>',
      'where the clock starts: seeded (a day and time the seed draws) or a local time YYYY-MM-DDTHH:MM (default 2025-06-02T09:00)',
      parseClockStart,
    )
    .action((opts: SimStartOptions) => runSimStart(opts, io));
}

async function runSimStart(opts: SimStartOptions, io: SimCliIo): Promise<void> {
  const { startSimulatorServer } = await import('./server.ts');
  const size = {
    ...(opts.width ? { width: opts.width } : {}),
    ...(opts.height ? { height: opts.height } : {}),
    ...(opts.density ? { density: opts.density } : {}),
  };
  const serial = opts.serial ? { serial: opts.serial } : {};
  let device;
  if (opts.fake) {
    const { FakeDevice } = await import('./fake-device.ts');
    device = new FakeDevice({ ...size, ...serial });
  } else {
    const { createSimulatedPhone } = await import('./phone/index.ts');
    const { localToEpoch } = await import('./time.ts');
    const clock =
      opts.clock === undefined
        ? {}
        : { clockStart: opts.clock === 'seeded' ? ('seeded' as const) : localToEpoch(opts.clock, 'Asia/Shanghai') };
    device = await createSimulatedPhone({ seed: opts.seed, ...size, ...serial, ...clock });
  }
  let server;
  try {
    server = await startSimulatorServer({
      device,
      port: opts.port,
      host: opts.host,
      log: (message, error) => io.err(`[sim] ${message}${error instanceof Error ? `: ${error.message}` : ''}\n`),
    });
  } catch (error) {
    await device.close();
    throw error;
  }
  // The simulated phone answers scrcpy clients (MobA's mirror, `scrcpy -s …`) like scrcpy-server 3.3.3.
  const scrcpy = opts.fake
    ? undefined
    : (await import('./scrcpy/index.ts')).installScrcpyServer(server, {
        log: (message) => io.err(`[sim scrcpy] ${message}\n`),
      });
  const { width, height, density } = device.props;
  io.out(`Simulated phone listening on ${server.address} — connect with: adb connect ${server.address}\n`);
  io.out(
    `  serial ${server.serial}, ${width}x${height} @ ${density} dpi${opts.fake ? ' (fake device)' : `, seed ${opts.seed}`}\n`,
  );
  io.out('Press Ctrl-C to stop.\n');
  const signal = await io.untilStopped();
  io.out(`\nStopping (${signal})…\n`);
  await scrcpy?.close();
  await server.close();
  await device.close();
}

/** Writes to stdout/stderr; stops on SIGINT / SIGTERM. */
export function processSimIo(): SimCliIo {
  return {
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    untilStopped: () => untilStopSignal(),
  };
}

/** The `moba-sim` program. @returns the exit code */
export async function main(argv: string[], io: SimCliIo = processSimIo()): Promise<number> {
  const { Command, CommanderError } = await import('commander');
  const program = new Command('moba-sim')
    .description('a simulated Android phone that the real adb server connects to (apps rendered in headless Chromium)')
    .exitOverride()
    .configureOutput({ writeOut: (t) => io.out(t), writeErr: (t) => io.err(t) });
  addSimStartCommand(program, io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    io.err(`moba-sim: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
