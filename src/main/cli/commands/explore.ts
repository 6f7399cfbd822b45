import type { Command } from 'commander';
import { Option } from 'commander';
import { AUTONOMY_MODES } from '../../../shared/schemas/settings.ts';
import type { AutonomyMode, ModelRole } from '../../../shared/schemas/settings.ts';
import { BENCH_APP_ALIASES, packageOfApp } from '../../../shared/bench/apps.ts';
import { MobaError } from '../../../shared/errors.ts';
import { createApp } from '../lazy-app.ts';
import { addApiKeyOption, addModelOverrideOptions, apiKeysFromOptions } from '../../llm/override-options.ts';
import type { CliIo } from '../io.ts';
import { dataDirOf, parsePositiveInt } from '../options.ts';
import { followRun } from '../follow-run.ts';
import { runModelOverrides } from './run.ts';
import { oneLine } from '../terminal-text.ts';
import type { MobaApp } from '../../app.ts';
import { ModelGateway } from '../../llm/model-gateway.ts';
import { strategyMemory } from '../../memory/strategy-memory.ts';
import { demonstrationSteps, documentDemonstration } from '../../agent/strategies/appagent/demonstration.ts';

interface ExploreOpts {
  strategy: 'appagent';
  app?: string;
  task?: string;
  steps?: number;
  device?: string;
  fromRun?: string;
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
    .option('--app <alias>', `the app to explore: ${BENCH_APP_ALIASES.join(', ')}, or a package name`)
    .option('-t, --task <text>', 'what to try to do in the app while exploring it')
    .option('--steps <n>', 'stop after this many exploratory actions (default: the agent setting)', parsePositiveInt)
    .option('-d, --device <serial>', 'device serial (see `moba devices`), e.g. 127.0.0.1:6520')
    .option(
      '--from-run <runId>',
      "document the elements a recorded run (a demonstration, e.g. a person's copilot run) acted on, instead of exploring; --app keeps one app's steps",
    )
    .addOption(
      new Option(
        '-m, --mode <mode>',
        'autonomy: auto (default: explore alone), step (approve each exploratory action), guarded, copilot',
      ).choices([...AUTONOMY_MODES]),
    )
    .option('--json', 'print JSON lines (one per event, then a summary)', false);
  addModelOverrideOptions(cmd);
  addApiKeyOption(cmd);
  cmd.addHelpText(
    'after',
    '\nThe docs are memories of kind "element" (one per app and element, written by the run\'s model);\nthe next AppAgent run in that app shows each beside its element\'s tag. `moba memory list --kind element`.',
  );
  cmd.action((opts: ExploreOpts, command: Command) => explore(io, command, opts));
}

function packageOf(alias: string): string {
  const app = packageOfApp(alias.trim());
  if (!PACKAGE_RE.test(app))
    throw new MobaError(
      'INVALID_INPUT',
      `--app ${alias}: not a known app (${BENCH_APP_ALIASES.join(', ')}) nor a package name such as com.android.deskclock`,
    );
  return app;
}

async function explore(io: CliIo, command: Command, opts: ExploreOpts): Promise<void> {
  if (opts.fromRun === undefined && (!opts.app || !opts.task?.trim() || !opts.device))
    throw new MobaError(
      'INVALID_INPUT',
      'Exploring needs --app, --task and --device (or --from-run RUN_ID to learn from a recorded run).',
    );
  const apiKeys = apiKeysFromOptions(opts);
  const dataDir = dataDirOf(command);
  const studio = await createApp({ host: 'web', ...(dataDir ? { dataDir } : {}) });
  try {
    if (opts.fromRun !== undefined) {
      const app = opts.app ? packageOf(opts.app) : null;
      io.exitCode = await fromDemonstration(studio, io, { runId: opts.fromRun, app, apiKeys }, opts);
      return;
    }
    const app = packageOf(opts.app!);
    const run = await studio.runs.start({
      serial: opts.device!,
      task: opts.task!.trim(),
      options: {
        strategy: opts.strategy,
        mode: opts.mode ?? 'auto',
        ...(opts.steps ? { maxSteps: opts.steps } : {}),
        explore: { app },
        models: runModelOverrides(opts),
      },
      ...(apiKeys ? { apiKeys } : {}),
    });
    io.out(opts.json ? `${JSON.stringify({ runId: run.runId })}\n` : `exploration run ${run.runId} (${app})\n`);
    const interactive = studio.runs.state(run.runId).options?.mode !== 'auto';
    io.exitCode = await followRun(studio, run, io, { json: opts.json, input: interactive ? io.input : null });
  } finally {
    await studio.dispose();
  }
}

/** `--from-run`: the reflection call on each step of a recorded run. @returns the exit code */
async function fromDemonstration(
  studio: MobaApp,
  io: CliIo,
  from: { runId: string; app: string | null; apiKeys: Partial<Record<ModelRole, string>> | undefined },
  opts: ExploreOpts,
): Promise<number> {
  const { runId, app, apiKeys } = from;
  const state = studio.runs.state(runId);
  const steps = demonstrationSteps(studio.runs.events(runId).events);
  if (!steps.length)
    throw new MobaError('INVALID_INPUT', `Run ${runId} has no executed step with a screen after it to learn from.`);
  const gateway = new ModelGateway({
    settings: studio.settings,
    overrides: { roles: runModelOverrides(opts) },
    artifacts: studio.artifacts,
    ...(apiKeys ? { apiKeys } : {}),
  });
  try {
    const { documented, failed } = await documentDemonstration({
      runId,
      task: state.task,
      steps,
      app,
      gateway,
      artifacts: studio.artifacts,
      memory: strategyMemory(studio.memory),
      noteModel: (model) => studio.memory.noteRunModel(runId, model),
      report: (line) => io.out(`${oneLine(line)}\n`),
    });
    io.out(
      `${documented.length} element doc${documented.length === 1 ? '' : 's'} written from run ${runId}${failed ? `; ${failed} step${failed === 1 ? '' : 's'} could not be documented` : ''}\n`,
    );
    return failed ? 1 : 0;
  } finally {
    gateway.dispose();
  }
}
