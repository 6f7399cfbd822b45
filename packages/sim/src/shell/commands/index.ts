/** The default command table of a simulated phone's shell. */
import { CommandRegistry } from '../registry.ts';
import type { ShellCommand } from '../registry.ts';
import { am } from './am.ts';
import { appProcess } from './app-process.ts';
import { BASIC_COMMANDS } from './basic.ts';
import { date } from './date.ts';
import { dumpsys } from './dumpsys.ts';
import { FILE_COMMANDS } from './files.ts';
import { input } from './input.ts';
import { PACKAGE_COMMANDS } from './pm.ts';
import { SCREEN_COMMANDS } from './screen.ts';
import { SH_COMMANDS } from './sh.ts';
import { SIM_COMMANDS } from './sim.ts';
import { SYSTEM_COMMANDS } from './system.ts';
import { TEXT_COMMANDS } from './text.ts';

export const DEFAULT_COMMANDS: readonly ShellCommand[] = [
  ...BASIC_COMMANDS,
  ...FILE_COMMANDS,
  ...TEXT_COMMANDS,
  ...SH_COMMANDS,
  date,
  input,
  am,
  ...PACKAGE_COMMANDS,
  dumpsys,
  ...SYSTEM_COMMANDS,
  ...SCREEN_COMMANDS,
  appProcess,
  ...SIM_COMMANDS,
];

/** A fresh registry holding every default command; add or replace commands on it per phone. */
export function createDefaultCommands(): CommandRegistry {
  const registry = new CommandRegistry();
  for (const command of DEFAULT_COMMANDS) registry.register(command);
  return registry;
}
