import type { Command } from 'commander';
import type { CliIo } from '../io.ts';

type Register = (program: Command, io: CliIo) => void;

/** How `moba --help` lists one top-level command, without loading its module. */
export interface CommandSummary {
  /** As the help's command column shows it, e.g. `connect [options] <host:port>`. */
  term: string;
  description: string;
}

interface CommandModule {
  /** The top-level command names the module registers. */
  names: readonly string[];
  load(): Promise<Register>;
  /**
   * One summary per name: `moba --help`, `--version` and typos are answered from these alone.
   * A module without them is loaded for help (slower, still correct); a unit test checks they
   * match what the module registers.
   */
  summaries?: Readonly<Record<string, CommandSummary>>;
}

/**
 * Every subcommand, in the order `moba --help` lists them. Modules load on demand: a command
 * loads only its own module (and what that imports), so `moba sim start` does not carry the
 * database, the model SDK or image processing in its process, and `moba --help` loads none.
 */
export const COMMANDS: readonly CommandModule[] = [
  {
    names: ['serve'],
    load: async () => (await import('./serve.ts')).registerServe,
    summaries: {
      serve: {
        term: 'serve [options]',
        description:
          'serve the MobA Studio UI in a browser (e.g. on a lab server); prints the URL with its access token',
      },
    },
  },
  {
    names: ['run'],
    load: async () => (await import('./run.ts')).registerRun,
    summaries: {
      run: {
        term: 'run [options]',
        description:
          'run a task with an agent (MobA by default) on a device; prints events as they happen, then the task tree and counts',
      },
    },
  },
  {
    names: ['explore'],
    load: async () => (await import('./explore.ts')).registerExplore,
    summaries: {
      explore: {
        term: 'explore [options]',
        description:
          "explore an app with AppAgent for a task: after each action a reflection call writes the element's documentation into memory (Memory → Element docs)",
      },
    },
  },
  {
    names: ['runs'],
    load: async () => (await import('./runs.ts')).registerRuns,
    summaries: { runs: { term: 'runs', description: 'list, inspect, resume and delete recorded runs' } },
  },
  {
    names: ['model-server'],
    load: async () => (await import('./model-server.ts')).registerModelServer,
    summaries: {
      'model-server': {
        term: 'model-server [options]',
        description:
          'run a scripted OpenAI-compatible model server (for tests and for trying MobA Studio without a key); prints the base URL for Settings → Models',
      },
    },
  },
  {
    names: ['perceive'],
    load: async () => (await import('./perceive.ts')).registerPerceive,
    summaries: {
      perceive: {
        term: 'perceive [options]',
        description: 'turn a uiautomator dump (and/or a screenshot, via OCR) into the indexed elements the agent sees',
      },
    },
  },
  {
    names: ['sim'],
    load: async () => (await import('./sim.ts')).registerSim,
    summaries: {
      sim: {
        term: 'sim',
        description: 'the simulated Android phone (Chromium-rendered apps behind a real ADB endpoint)',
      },
    },
  },
  {
    names: ['devices'],
    load: async () => (await import('./devices.ts')).registerDevices,
    summaries: {
      devices: {
        term: 'devices [options]',
        description: 'list the devices of the adb server: serial, state, model, Android version, transport',
      },
    },
  },
  {
    names: ['connect', 'disconnect'],
    load: async () => (await import('./connect.ts')).registerConnect,
    summaries: {
      connect: {
        term: 'connect [options] <host:port>',
        description: 'connect a phone over Wi-Fi (adb connect) and wait until it is online',
      },
      disconnect: {
        term: 'disconnect [options] <host:port>',
        description: 'disconnect a phone connected over Wi-Fi (adb disconnect)',
      },
    },
  },
  {
    names: ['observe'],
    load: async () => (await import('./observe.ts')).registerObserve,
    summaries: {
      observe: {
        term: 'observe [options]',
        description:
          'take one observation of a device: screenshot, UI dump, indexed elements, set-of-marks image, foreground app, keyboard',
      },
    },
  },
  {
    names: ['act'],
    load: async () => (await import('./act.ts')).registerAct,
    summaries: {
      act: {
        term: 'act [options] <action>',
        description:
          'perform one action on a device (observing first to find the element an index refers to) and wait for the screen to settle',
      },
    },
  },
  {
    names: ['export'],
    load: async () => (await import('./export.ts')).registerExport,
    summaries: {
      export: {
        term: 'export [options] <runId>',
        description:
          'export a run: run.json (events, final state, trajectory) + assets/ with its screenshots, and with --html a report.html (one self-contained file: the replay, offline)',
      },
    },
  },
  {
    names: ['memory'],
    load: async () => (await import('./memory.ts')).registerMemory,
    summaries: {
      memory: {
        term: 'memory',
        description: 'task, user and app memory: import/export seeds, list, search as the agent would',
      },
    },
  },
  {
    names: ['dataset'],
    load: async () => (await import('./dataset.ts')).registerDataset,
    summaries: {
      dataset: {
        term: 'dataset',
        description:
          'research data: export runs as a training dataset, check an export, summarise failure annotations, explore an app for sub-tasks, reward labels on a benchmark',
      },
    },
  },
  {
    names: ['settings'],
    load: async () => (await import('./settings.ts')).registerSettings,
    summaries: {
      settings: {
        term: 'settings',
        description: 'show and change settings on this machine; bind API keys to the endpoints saved now',
      },
    },
  },
  {
    names: ['bench'],
    load: async () => (await import('./bench.ts')).registerBench,
    summaries: {
      bench: {
        term: 'bench',
        description: 'benchmarks: task files, runs over simulated phones, metrics and reports (docs/benchmark.md)',
      },
    },
  },
  {
    names: ['worker'],
    load: async () => (await import('./worker.ts')).registerWorker,
    summaries: {
      worker: {
        term: 'worker [options]',
        description:
          "run benchmark sweep episodes from a Redis queue on this machine's devices (simulated phones it starts, devices on its adb server, or remote adb endpoints); Ctrl-C finishes the running episodes, a second Ctrl-C hands them back",
      },
    },
  },
  {
    names: ['workers'],
    load: async () => (await import('./workers.ts')).registerWorkers,
    summaries: {
      workers: {
        term: 'workers [options]',
        description:
          "the sweep workers announced in Redis (machine, devices, current episodes, heartbeat age, throughput); with --benchmark, that sweep's progress and time left",
      },
    },
  },
];

/** Program-level options that take a value (their value is not a command name). */
const VALUE_OPTIONS = new Set(['--data-dir']);

function firstArgument(argv: readonly string[], from: number): string | undefined {
  for (let i = from; i < argv.length; i++) {
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

/** The command name in `argv` (user arguments), or undefined when there is none before options end. */
export function commandName(argv: readonly string[]): string | undefined {
  return firstArgument(argv, 0);
}

/** The command `argv` runs or asks about: `moba help X` is about X. */
function targetName(argv: readonly string[]): string | undefined {
  const name = commandName(argv);
  if (name !== 'help') return name;
  return firstArgument(argv, argv.indexOf('help') + 1);
}

/** One step of building the program: a module to load and register, or a summary to list. */
export type CommandStep = { load: () => Promise<Register> } | { name: string; summary: CommandSummary };

/**
 * The steps `argv` needs, in listing order: the named command's module alone; for help,
 * `--version`, no command or a typo (whose suggestion needs every name) the summaries, loading
 * only modules that have none. Without `argv`, every module (the full program, for tests).
 */
export function planFor(argv?: readonly string[]): CommandStep[] {
  if (argv === undefined) return COMMANDS.map((c) => ({ load: c.load }));
  const name = targetName(argv);
  const only = name === undefined ? undefined : COMMANDS.find((c) => c.names.includes(name));
  if (only) return [{ load: only.load }];
  return COMMANDS.flatMap((c): CommandStep[] => {
    const s = c.summaries;
    return s && c.names.every((n) => s[n])
      ? c.names.map((n) => ({ name: n, summary: s[n] as CommandSummary }))
      : [{ load: c.load }];
  });
}
