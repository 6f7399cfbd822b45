import type { Command } from 'commander';
import type { CliIo } from '../io.ts';
import { registerServe } from './serve.ts';

/** Every subcommand, in the order `moba --help` lists them. */
export const COMMANDS: ReadonlyArray<(program: Command, io: CliIo) => void> = [registerServe];
