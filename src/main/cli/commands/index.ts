import type { Command } from 'commander';
import type { CliIo } from '../io.ts';

type Register = (program: Command, io: CliIo) => void;

interface CommandModule {
  /** The top-level command names the module registers. */
  names: readonly string[];
  load(): Promise<Register>;
}

/**
 * Every subcommand, in the order `moba --help` lists them. Modules load on demand: a command
 * loads only its own module (and what that imports), so `moba sim start` does not carry the
 * database, the model SDK or image processing in its process.
 */
export const COMMANDS: readonly CommandModule[] = [
  { names: ['serve'], load: async () => (await import('./serve.ts')).registerServe },
  { names: ['run'], load: async () => (await import('./run.ts')).registerRun },
  { names: ['runs'], load: async () => (await import('./runs.ts')).registerRuns },
  { names: ['model-server'], load: async () => (await import('./model-server.ts')).registerModelServer },
  { names: ['perceive'], load: async () => (await import('./perceive.ts')).registerPerceive },
  { names: ['sim'], load: async () => (await import('./sim.ts')).registerSim },
  { names: ['devices'], load: async () => (await import('./devices.ts')).registerDevices },
  { names: ['connect', 'disconnect'], load: async () => (await import('./connect.ts')).registerConnect },
  { names: ['observe'], load: async () => (await import('./observe.ts')).registerObserve },
  { names: ['act'], load: async () => (await import('./act.ts')).registerAct },
  { names: ['export'], load: async () => (await import('./export.ts')).registerExport },
  { names: ['memory'], load: async () => (await import('./memory.ts')).registerMemory },
  { names: ['bench'], load: async () => (await import('./bench.ts')).registerBench },
];

/** Program-level options that take a value (their value is not a command name). */
const VALUE_OPTIONS = new Set(['--data-dir']);

/** The command name in `argv` (user arguments), or undefined when there is none before options end. */
export function commandName(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (VALUE_OPTIONS.has(arg)) {
      i++;
      continue;
    }
    if (arg === '--') return undefined;
    if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/**
 * The register functions `argv` needs: the named command's module alone, or every module
 * when no known command is named (help, `--version`, a typo that needs suggestions).
 */
export async function commandsFor(argv: readonly string[]): Promise<Register[]> {
  const name = commandName(argv);
  const only = name === undefined ? undefined : COMMANDS.find((c) => c.names.includes(name));
  return Promise.all((only ? [only] : COMMANDS).map((c) => c.load()));
}
