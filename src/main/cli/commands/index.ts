import type { Command } from 'commander';
import type { CliIo } from '../io.ts';
import { registerServe } from './serve.ts';
import { registerRun } from './run.ts';
import { registerRuns } from './runs.ts';
import { registerModelServer } from './model-server.ts';
import { registerPerceive } from './perceive.ts';
import { registerSim } from './sim.ts';
import { registerDevices } from './devices.ts';
import { registerConnect } from './connect.ts';
import { registerObserve } from './observe.ts';
import { registerAct } from './act.ts';
import { registerExport } from './export.ts';
import { registerMemory } from './memory.ts';

/** Every subcommand, in the order `moba --help` lists them. */
export const COMMANDS: ReadonlyArray<(program: Command, io: CliIo) => void> = [registerServe, registerRun, registerRuns, registerModelServer, registerPerceive, registerSim, registerDevices, registerConnect, registerObserve, registerAct, registerExport, registerMemory];
