import type { Command } from 'commander';
import { addSimStartCommand } from '@moba/sim/cli';
import type { CliIo } from '../io.ts';

/** `moba sim start`: the simulated phone's own command (`moba-sim start`), under `moba`. */
export function registerSim(program: Command, io: CliIo): void {
  const sim = program
    .command('sim')
    .description('the simulated Android phone (Chromium-rendered apps behind a real ADB endpoint)');
  addSimStartCommand(sim, io);
}
