import type { Command } from 'commander';
import { Option } from 'commander';
import { AUTONOMY_MODES } from '../../../shared/schemas/settings.ts';
import type { AutonomyMode } from '../../../shared/schemas/settings.ts';
import { BENCH_APP_ALIASES, packageOfApp } from '../../../shared/bench/apps.ts';
import { MobaError } from '../../../shared/errors.ts';
import { createApp } from '../lazy-app.ts';
import { addModelOverrideOptions } from '../../llm/override-options.ts';
import type { CliIo } from '../io.ts';
import { dataDirOf, parsePositiveInt } from '../options.ts';
import { followRun } from '../follow-run.ts';
import { runModelOverrides } from './run.ts';

interface ExploreOpts {
  strategy: 'appagent';
  app: string;
  task: string;
  steps?: number;
  device: string;
  mode?: AutonomyMode;
  json: boolean;
  [key: string]: unknown;
}

const PACKAGE_RE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/;

/** `moba explore`: AppAgent's exploration phase as an ordinary run. */
export function registerExplore(program: Command, io: CliIo): void {
  const cmd = program
    .command('explore')
    .description(
      "explore an app with AppAgent for a task: after each action a reflection call writes the element's documentation into memory (Memory → Element docs)",
    )
    .addOption(
      new Option('-s, --strategy <name>', 'the exploring agent (AppAgent explores, as in its paper)')
        .choices(['appagent'])
        .default('appagent'),
    )
    .requiredOption('--app <alias>', `the app to explore: ${BENCH_APP_ALIASES.join(', ')}, or a package name`)
    .requiredOption('-t, --task <text>', 'what to try to do in the app while exploring it')
    .option('--steps <n>', 'stop after this many exploratory actions (default: the agent setting)', parsePositiveInt)
    .requiredOption('-d, --device <serial>', 'device serial (see `moba devices`), e.g. 127.0.0.1:6520')
    .addOption(
      new Option(
        '-m, --mode <mode>',
        'autonomy: auto (default: explore alone), step (approve each exploratory action), guarded, copilot',
      ).choices([...AUTONOMY_MODES]),
    )
    .option('--json', 'print JSON lines (one per event, then a summary)', false);
  addModelOverrideOptions(cmd);
  cmd.addHelpText(
    'after',
    '\nThe docs are memories of kind "element" (one per app and element, written by the run\'s model);\nthe next AppAgent run in that app shows each beside its element\'s tag. `moba memory list --kind element`.',
  );
  cmd.action((opts: ExploreOpts, command: Command) => explore(io, command, opts));
}

async function explore(io: CliIo, command: Command, opts: ExploreOpts): Promise<void> {
  const app = packageOfApp(opts.app.trim());
  if (!PACKAGE_RE.test(app))
    throw new MobaError(
      'INVALID_INPUT',
      `--app ${opts.app}: not a known app (${BENCH_APP_ALIASES.join(', ')}) nor a package name such as com.android.deskclock`,
    );
  const dataDir = dataDirOf(command);
  const studio = await createApp({ host: 'web', ...(dataDir ? { dataDir } : {}) });
  try {
    const run = await studio.runs.start({
      serial: opts.device,
      task: opts.task,
      options: {
        strategy: opts.strategy,
        mode: opts.mode ?? 'auto',
        ...(opts.steps ? { maxSteps: opts.steps } : {}),
        explore: { app },
        models: runModelOverrides(opts),
      },
    });
    io.out(opts.json ? `${JSON.stringify({ runId: run.runId })}\n` : `exploration run ${run.runId} (${app})\n`);
    const interactive = studio.runs.state(run.runId).options?.mode !== 'auto';
    io.exitCode = await followRun(studio, run, io, { json: opts.json, input: interactive ? io.input : null });
  } finally {
    await studio.dispose();
  }
}
