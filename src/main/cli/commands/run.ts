import type { Command } from 'commander';
import { Option } from 'commander';
import { AUTONOMY_MODES, CHAT_ROLES } from '../../../shared/schemas/settings.ts';
import type { AutonomyMode, ModelRole } from '../../../shared/schemas/settings.ts';
import type { EndpointOverride } from '../../../shared/schemas/run.ts';
import { STRATEGY_NAMES } from '../../../shared/schemas/strategy.ts';
import type { ActionSpaceMode, PlanningMode, StrategyName } from '../../../shared/schemas/strategy.ts';
import { listStrategies } from '../../../shared/strategies.ts';
import { createApp } from '../lazy-app.ts';
import {
  addApiKeyOption,
  addModelOverrideOptions,
  apiKeysFromOptions,
  modelOverridesFromOptions,
} from '../../llm/override-options.ts';
import type { CliIo } from '../io.ts';
import { dataDirOf, parsePositiveInt } from '../options.ts';
import { followRun } from '../follow-run.ts';
import { MobaError } from '../../../shared/errors.ts';
import { CliSpeaker, readVoiceInput } from '../voice-cli.ts';
import { oneLine } from '../terminal-text.ts';
import { externalAgent } from '../../bench/agents/external-agent.ts';
import { splitCommand } from '../../agent/strategies/external/external-loop.ts';

interface RunOpts {
  device: string;
  task?: string;
  voiceIn?: string;
  speak?: string | boolean;
  mode?: AutonomyMode;
  plan: boolean;
  memory: boolean;
  approvedMemoriesOnly?: boolean;
  maxSteps?: number;
  planBudget?: number;
  replay?: string;
  strategy?: StrategyName;
  actionSpace?: ActionSpaceMode;
  planning?: PlanningMode;
  evolution: boolean;
  retryWithoutManager?: boolean;
  knowledge?: string;
  externalCmd?: string;
  json: boolean;
  [key: string]: unknown;
}

/** `--base-url/--model` apply to every chat role; `--<role>-…` to one role. */
export function runModelOverrides(opts: Record<string, unknown>): Partial<Record<ModelRole, EndpointOverride>> {
  const o = modelOverridesFromOptions(opts);
  const out: Partial<Record<ModelRole, EndpointOverride>> = {};
  const global: EndpointOverride = {
    ...(o.baseUrl ? { baseUrl: o.baseUrl } : {}),
    ...(o.model ? { model: o.model } : {}),
  };
  for (const role of CHAT_ROLES) if (Object.keys(global).length) out[role] = { ...global };
  for (const [role, override] of Object.entries(o.roles ?? {}) as Array<[ModelRole, EndpointOverride]>)
    out[role] = { ...out[role], ...override };
  return out;
}

export function registerRun(program: Command, io: CliIo): void {
  const cmd = program
    .command('run')
    .description(
      'run a task with an agent (MobA by default) on a device; prints events as they happen, then the task tree and counts',
    );
  addRunOptions(cmd);
  addModelOverrideOptions(cmd);
  addRunHelp(cmd);
  cmd.action((opts: RunOpts, command: Command) => runTask(io, command, opts));
}

/** What to run and how: the device, the task (typed or spoken), autonomy, ablations, the strategy. */
function addRunOptions(cmd: Command): void {
  cmd
    .requiredOption('-d, --device <serial>', 'device serial (see `moba devices`), e.g. 127.0.0.1:6520')
    .option('-t, --task <text>', 'what the agent should do, in plain language')
    .option(
      '--voice-in <file>',
      'speak the task instead: a recording (WAV, MP3, …) sent to the transcriber role, or - for the microphone',
    )
    .option(
      '--speak [file]',
      'speak the answers, questions and the end of the run (the speaker role): played, or written to FILE (then FILE-2, FILE-3 …)',
    )
    .addOption(
      new Option(
        '-m, --mode <mode>',
        'autonomy: auto (no approvals), step (approve every action), guarded (approve risky ones), copilot (you perform each step)',
      ).choices([...AUTONOMY_MODES]),
    )
    .option(
      '--no-plan',
      'without the Plan module: a single-level agent that reports its own completion (paper ablation)',
    )
    .option('--no-memory', 'without memory: nothing retrieved, nothing written (paper ablation)')
    .option(
      '--approved-memories-only',
      'prompts see only person-approved memories (their own, expert seeds, run memories approved with `moba memory approve`); default: the agent setting',
    )
    .option('--max-steps <n>', 'stop after this many executed actions', parsePositiveInt)
    .option('--plan-budget <n>', 'allow at most this many plan calls', parsePositiveInt)
    .option('--replay <runId>', 'serve the model replies recorded in that run instead of calling a model')
    .addOption(
      new Option(
        '-s, --strategy <name>',
        'the agent: moba (default), or another registered strategy (listed below)',
      ).choices([...STRATEGY_NAMES]),
    )
    .addOption(
      new Option(
        '--action-space <space>',
        "full, or candidates: only the candidate actions of the UI dump (ReachAgent's action space; moba, appagent)",
      ).choices(['full', 'candidates']),
    )
    .addOption(
      new Option(
        '--planning <mode>',
        'MobA: subgoals (default), or pages: page-reaching and page-operation sub-goals',
      ).choices(['subgoals', 'pages']),
    )
    .option('--no-evolution', 'mobile-agent-e: do not learn Tips and Shortcuts after the task (ablation)')
    .option(
      '--retry-without-manager',
      'mobile-agent-e: after one failed action the Operator retries without the Manager (default: the Manager on every iteration, as released)',
    )
    .option(
      '--knowledge <text>',
      'mobile-agent-v1/-v2/-e: a knowledge hint for this task, shown where the released prompts show one (v2: decision, reflection and planning)',
    )
    .option(
      '--external-cmd <command>',
      'external: your agent program, e.g. "python3 my_agent.py" (started with MOBA_AGENT_URL and MOBA_AGENT_TOKEN; docs/agent-protocol.md)',
    )
    .option('--json', 'print JSON lines (one per event, then a summary)', false);
  addApiKeyOption(cmd);
}

function addRunHelp(cmd: Command): void {
  cmd.addHelpText(
    'after',
    `\nStrategies (--strategy):\n${listStrategies()
      .map((s) => `  ${s.name.padEnd(16)} ${s.description}`)
      .join('\n')}`,
  );
  cmd.addHelpText(
    'after',
    '\nIn step, guarded and copilot modes the run waits for you; answer on stdin:\n  Enter/a approve · e ACTION edit (e.g. "e Click(4)") · o ACTION override · r FEEDBACK reject\n  t take over · h hand back · g TEXT guidance · p pause · s stop\nCtrl-C pauses the run; `moba runs resume ID` continues it.\nWith stdin closed (a script, CI) a run that needs a decision is paused instead, and moba exits 3.\nExit codes: 0 succeeded · 1 failed (or an error) · 2 stopped or paused · 3 paused: waiting for a person, stdin closed.',
  );
}

/** Starts the run, follows it until it ends or waits for a person, and sets the exit code. */
async function runTask(io: CliIo, command: Command, opts: RunOpts): Promise<void> {
  const dataDir = dataDirOf(command);
  if (!opts.task === !opts.voiceIn)
    throw new MobaError(
      'INVALID_INPUT',
      opts.task
        ? 'Give the task as --task or as --voice-in, not both.'
        : 'Give the task: --task "…" or --voice-in FILE.wav (- for the microphone).',
    );
  const app = await createApp({ host: 'web', ...(dataDir ? { dataDir } : {}) });
  // Only the voice roles' own options reach the voice calls (--transcriber-…, --speaker-…).
  const voiceOverrides = { roles: modelOverridesFromOptions(opts).roles ?? {} };
  const speaker = opts.speak
    ? new CliSpeaker(app, io, typeof opts.speak === 'string' ? opts.speak : null, voiceOverrides)
    : null;
  const listening = speaker?.listen();
  try {
    let task = opts.task ?? '';
    let voice: { transcriptId: string } | undefined;
    if (opts.voiceIn) {
      // Nothing starts unless the recording holds words the transcriber understood.
      const spoken = await app.voice.transcribe({
        audio: await readVoiceInput(opts.voiceIn, io),
        purpose: 'task',
        overrides: voiceOverrides,
      });
      task = spoken.record.text;
      voice = { transcriptId: spoken.transcriptId };
      if (!opts.json)
        io.out(`heard "${oneLine(task)}" (${oneLine(spoken.record.model)} at ${oneLine(spoken.record.baseUrl)})\n`);
    }
    const models = runModelOverrides(opts);
    const apiKeys = apiKeysFromOptions(opts);
    if ((opts.strategy === 'external') !== (opts.externalCmd !== undefined))
      throw new MobaError(
        'INVALID_INPUT',
        '--external-cmd goes with --strategy external, and --strategy external needs it.',
      );
    const command = opts.externalCmd === undefined ? [] : splitCommand(opts.externalCmd);
    if (opts.externalCmd !== undefined && !command.length)
      throw new MobaError('INVALID_INPUT', '--external-cmd is empty; give the program, e.g. "python3 my_agent.py"');
    const run = await app.runs.start({
      serial: opts.device,
      task,
      voice,
      ...(command.length ? { loop: externalAgent({ command, artifacts: app.artifacts }) } : {}),
      options: {
        ...(opts.mode ? { mode: opts.mode } : {}),
        usePlan: opts.plan,
        useMemory: opts.memory,
        ...(opts.approvedMemoriesOnly ? { approvedMemoriesOnly: true } : {}),
        ...(opts.maxSteps ? { maxSteps: opts.maxSteps } : {}),
        ...(opts.planBudget ? { planBudget: opts.planBudget } : {}),
        ...(opts.replay ? { replayOf: opts.replay } : {}),
        ...(opts.strategy ? { strategy: opts.strategy } : {}),
        ...(opts.actionSpace ? { actionSpace: opts.actionSpace } : {}),
        ...(opts.planning ? { planning: opts.planning } : {}),
        ...(opts.evolution === false ? { evolution: false } : {}),
        ...(opts.retryWithoutManager ? { retryWithoutManager: true } : {}),
        ...(opts.knowledge?.trim() ? { knowledge: opts.knowledge } : {}),
        models,
      },
      ...(apiKeys ? { apiKeys } : {}),
    });
    const { runId } = run;
    if (opts.json) io.out(`${JSON.stringify({ runId })}\n`);
    else io.out(`run ${runId}\n`);
    speaker?.attach(runId);
    const interactive = app.runs.state(runId).options?.mode !== 'auto';
    io.exitCode = await followRun(app, run, io, { json: opts.json, input: interactive ? io.input : null });
    await speaker?.idle();
  } finally {
    listening?.dispose();
    await app.dispose();
  }
}
