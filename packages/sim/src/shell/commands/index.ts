/** The default command table of a simulated phone's shell. */
import { CommandRegistry } from '../registry.ts';
import type { ShellCommand } from '../registry.ts';
import { am } from './am.ts';
import { appProcess } from './app-process.ts';
import { BASIC_COMMANDS } from './basic.ts';
import { content } from './content.ts';
import { date } from './date.ts';
import { dumpsys } from './dumpsys.ts';
import { FILE_INFO_COMMANDS } from './file-info.ts';
import { FILE_COMMANDS } from './files.ts';
import { find } from './find.ts';
import { input } from './input.ts';
import { logcat } from './logcat.ts';
import { NET_COMMANDS } from './net.ts';
import { PACKAGE_COMMANDS } from './pm.ts';
import { PROCESS_COMMANDS } from './process.ts';
import { SCREEN_COMMANDS } from './screen.ts';
import { screenrecord } from './screenrecord.ts';
import { sed } from './sed.ts';
import { SH_COMMANDS } from './sh.ts';
import { SIM_COMMANDS } from './sim.ts';
import { SVC_COMMANDS } from './svc.ts';
import { SYSTEM_COMMANDS } from './system.ts';
import { TEXT_TOOL_COMMANDS } from './text-tools.ts';
import { TEXT_COMMANDS } from './text.ts';
import { TOYBOX_COMMANDS } from './toybox.ts';

export const DEFAULT_COMMANDS: readonly ShellCommand[] = [
  ...BASIC_COMMANDS,
  ...FILE_COMMANDS,
  ...FILE_INFO_COMMANDS,
  find,
  ...TEXT_COMMANDS,
  ...TEXT_TOOL_COMMANDS,
  sed,
  ...SH_COMMANDS,
  date,
  input,
  am,
  ...PACKAGE_COMMANDS,
  dumpsys,
  ...SYSTEM_COMMANDS,
  ...SVC_COMMANDS,
  ...NET_COMMANDS,
  ...PROCESS_COMMANDS,
  content,
  logcat,
  ...TOYBOX_COMMANDS,
  ...SCREEN_COMMANDS,
  screenrecord,
  appProcess,
  ...SIM_COMMANDS,
];

/** A fresh registry holding every default command; add or replace commands on it per phone. */
export function createDefaultCommands(): CommandRegistry {
  const registry = new CommandRegistry();
  for (const command of DEFAULT_COMMANDS) registry.register(command);
  return registry;
}
