/**
 * The `moba` command: the same services as the desktop app, from a terminal. Each subcommand
 * lives in `commands/<name>.ts` and registers itself on the program.
 */
import { Command, CommanderError, Help } from 'commander';
import { APP_VERSION } from '../version.ts';
import { planFor } from './commands/index.ts';
import type { CommandSummary } from './commands/index.ts';
import type { CliIo } from './io.ts';
import { processIo } from './io.ts';

/**
 * The program with the commands `argv` needs: the named command's module, or for help and
 * `--version` the commands' summaries without loading them; every module when `argv` is not given.
 */
export async function buildProgram(io: CliIo, argv?: readonly string[]): Promise<Command> {
  const program = new Command('moba')
    .description(
      'MobA Studio — a control center for LLM-driven Android agents (MobA: a Global Agent that plans and reflects, a Local Agent that acts).',
    )
    .version(APP_VERSION, '-V, --version', 'print the version')
    .option('--data-dir <dir>', 'data folder (database, artifacts); default $MOBA_HOME or the app-data folder')
    .showHelpAfterError('(run `moba --help` for usage)')
    .configureOutput({ writeOut: (s) => io.out(s), writeErr: (s) => io.err(s) })
    .exitOverride();
  const steps = planFor(argv);
  const registers = await Promise.all(steps.map((s) => ('load' in s ? s.load() : undefined)));
  const summaries = new Map<Command, CommandSummary>();
  steps.forEach((step, i) => {
    if ('load' in step) registers[i]?.(program, io);
    else summaries.set(program.command(step.name).description(step.summary.description), step.summary);
  });
  if (summaries.size > 0) {
    const help = new Help();
    program.configureHelp({ subcommandTerm: (cmd) => summaries.get(cmd)?.term ?? help.subcommandTerm(cmd) });
  }
  return program;
}

/** Runs the command line; resolves to the exit code. Long-running commands resolve when they stop. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  try {
    const program = await buildProgram(io, argv);
    await program.parseAsync(argv, { from: 'user' });
    return io.exitCode ?? 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    // Loaded here: `moba --help` and `--version` never need the error module.
    const { serializeError } = await import('../../shared/errors.ts');
    const e = serializeError(error);
    io.err(`moba: ${e.message}${e.code !== 'INTERNAL' ? ` [${e.code}]` : ''}\n`);
    if (e.code === 'INTERNAL' && process.env.MOBA_DEBUG) io.err(`${(error as Error).stack ?? ''}\n`);
    return 1;
  }
}
