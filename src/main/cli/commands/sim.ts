import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import type { SimulatedDevice } from '../../../simulator/device.ts';
import { FakeDevice } from '../../../simulator/fake-device.ts';
import { DEFAULT_SIMULATOR_PORT, startSimulatorServer } from '../../../simulator/server.ts';
import { installScrcpyServer } from '../../../simulator/scrcpy/index.ts';
import type { CliIo } from '../io.ts';
import { parsePort, parsePositiveInt } from '../options.ts';

function parseSeed(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw new InvalidArgumentError('expected a whole number 0–4294967295');
  return n;
}

interface SimStartOptions {
  port: number;
  host: string;
  seed: number;
  width?: number;
  height?: number;
  density?: number;
  serial?: string;
  fake?: boolean;
}

export function registerSim(program: Command, io: CliIo): void {
  const sim = program.command('sim').description('the simulated Android phone (Chromium-rendered apps behind a real ADB endpoint)');
  sim
    .command('start')
    .description('start a simulated phone that adb, adbkit and scrcpy clients connect to like a phone with wireless debugging on')
    .option('-p, --port <port>', `port to listen on (0 = any free port; 5555–5585 would also show up as an emulator)`, parsePort, DEFAULT_SIMULATOR_PORT)
    .option('--host <addr>', 'address to bind', '127.0.0.1')
    .option('--seed <n>', 'seed for the apps’ deterministic data', parseSeed, 0)
    .option('--width <px>', 'screen width in pixels (default 1080)', parsePositiveInt)
    .option('--height <px>', 'screen height in pixels (default 2400)', parsePositiveInt)
    .option('--density <dpi>', 'screen density (default 420)', parsePositiveInt)
    .option('--serial <serial>', 'ro.serialno of the phone (default: a fresh one)')
    .option('--fake', 'serve the small in-memory test phone instead (no Chromium; fixed screen)')
    .action(async (opts: SimStartOptions) => {
      const size = { ...(opts.width ? { width: opts.width } : {}), ...(opts.height ? { height: opts.height } : {}), ...(opts.density ? { density: opts.density } : {}) };
      let device: SimulatedDevice;
      if (opts.fake) {
        device = new FakeDevice({ ...size, ...(opts.serial ? { serial: opts.serial } : {}) });
      } else {
        // Loaded on demand: it brings Playwright, which other commands do not need.
        const { createSimulatedPhone } = await import('../../../simulator/phone/index.ts');
        device = await createSimulatedPhone({ seed: opts.seed, ...size, ...(opts.serial ? { serial: opts.serial } : {}) });
      }
      let server;
      try {
        server = await startSimulatorServer({ device, port: opts.port, host: opts.host, log: (message, error) => io.err(`[sim] ${message}${error instanceof Error ? `: ${error.message}` : ''}\n`) });
      } catch (error) {
        await device.close();
        throw error;
      }
      // The simulated phone answers scrcpy clients (the mirror, `scrcpy -s …`) like scrcpy-server 3.3.3.
      const scrcpy = opts.fake ? undefined : installScrcpyServer(server, { log: (message) => io.err(`[sim scrcpy] ${message}\n`) });
      const { width, height, density } = device.props;
      io.out(`Simulated phone listening on ${server.address} — connect with: adb connect ${server.address}\n`);
      io.out(`  serial ${server.serial}, ${width}x${height} @ ${density} dpi${opts.fake ? ' (fake device)' : `, seed ${opts.seed}`}\n`);
      io.out('Press Ctrl-C to stop.\n');
      const signal = await io.untilStopped();
      io.out(`\nStopping (${signal})…\n`);
      await scrcpy?.close();
      await server.close();
      await device.close();
    });
}
