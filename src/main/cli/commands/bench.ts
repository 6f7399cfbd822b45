/**
 * `moba bench …`: validate task files, run a benchmark over the simulated phone, resume one,
 * report on one or more. Subcommands load what they need when they run, so `moba bench
 * validate` opens no database and starts no phone.
 */
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import type { CliIo } from '../io.ts';
import { parsePositiveInt } from '../options.ts';
import type { ReportOpts } from './bench-read.ts';
import { printValidation } from './bench-validate.ts';
import type { ValidateOpts } from './bench-validate.ts';
import { addModelOverrideOptions } from '../../llm/override-options.ts';
import {
  ABLATIONS,
  AUTONOMY_MODES,
  BENCH_PRESETS,
  CATEGORIES,
  LOCALES,
  MEMORY_REGIMES,
  USER_MEMORY_MODES,
  agentNames,
} from '../../../shared/choices.ts';

const heavy = () => import('./bench-run.ts');

/** Sweeps across machines (docs/sweeps.md): the episodes go to `moba worker`s through Redis. */
function addSweepOptions(c: Command): void {
  c.option(
    '--distributed',
    'run the episodes on `moba worker`s through a Redis queue instead of phones here (needs --redis)',
    false,
  )
    .option(
      '--redis <url>',
      "with --distributed: the sweep's Redis, redis://[user:password@]host[:port][/db] or rediss:// for TLS",
    )
    .option('--profile <name>', 'with --distributed: the device profile whose workers run the episodes (default sim)');
}

function csvOf<T extends string>(allowed: () => readonly T[], what: string) {
  return (value: string): T[] => {
    const out = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const v of out)
      if (!(allowed() as readonly string[]).includes(v))
        throw new InvalidArgumentError(`unknown ${what} "${v}" (${allowed().join(', ')})`);
    return out as T[];
  };
}

function parseNumber(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('expected a number ≥ 0');
  return n;
}

const FOLLOW_LINKS_HELP =
  'read task files in the folders that are symbolic links to files outside them (refused by default)';

export function registerBench(program: Command, io: CliIo): void {
  const bench = program
    .command('bench')
    .description('benchmarks: task files, runs over simulated phones, metrics and reports (docs/benchmark.md)');
  registerValidate(bench, io);
  registerRunAndResume(bench, io);
  registerReads(bench, io);
  registerMeasureDeleteSchema(bench, io);
  registerStats(bench, io);
}

/** `moba bench stats`: the suite's statistics from its task files, checked against the targets. */
function registerStats(bench: Command, io: CliIo): void {
  bench
    .command('stats')
    .description(
      "print a suite's statistics (tasks, apps, categories, cross-app share, human steps, scrolling, milestones, parameters, set-up patches, disturbances, ask-user tasks) and check the targets; exits 1 when one is missed",
    )
    .argument('[paths...]', 'task files or folders, or `builtin` (default: the built-in suite)')
    .option('--follow-links', FOLLOW_LINKS_HELP, false)
    .option('--json', 'print one JSON object', false)
    .action(async (paths: string[], opts: { json: boolean; followLinks: boolean }) => {
      const { loadTasks } = await import('../../bench/task-files.ts');
      const { formatStats, statsTargets, suiteStats } = await import('../../bench/suite-stats.ts');
      const tasks = loadTasks(paths.length ? paths : ['builtin'], { followLinks: opts.followLinks }).map((l) => l.task);
      const stats = suiteStats(tasks);
      const targets = statsTargets(stats);
      const missed = targets.filter((t) => !t.ok);
      if (opts.json) io.out(`${JSON.stringify({ ...stats, targets, missed: missed.length })}\n`);
      else io.out(formatStats(stats, targets));
      if (missed.length) io.exitCode = 1;
    });
}

/** `moba bench validate`: task files checked without a database or a phone; `--deep` also on a seeded phone. */
function registerValidate(bench: Command, io: CliIo): void {
  bench
    .command('validate')
    .description(
      'check task files (or folders of them) and name the exact field and reason of each problem; --deep also walks each reference solution on a seeded simulated phone; exits 1 when any is invalid',
    )
    .argument('<files...>', 'task files (.json) or folders')
    .option('--follow-links', FOLLOW_LINKS_HELP, false)
    .option(
      '--deep',
      'also check on a seeded simulated phone: every state path and field, every solution step, every milestone reached by the reference; warn about milestones reached by the first step or only at the final step',
      false,
    )
    .option('--seeds <n>', 'with --deep: instances per task (the seeds `moba bench run` uses)', parsePositiveInt, 1)
    .option('--suite-seed <n>', 'with --deep: the seed instance seeds derive from (default 30)', (v: string) =>
      Math.round(parseNumber(v)),
    )
    .option('--phones <n>', 'with --deep: simulated phones in parallel', parsePositiveInt, 1)
    .option('--strict', 'with --deep: warnings make a file invalid too', false)
    .option('--json', 'print one JSON object', false)
    .action(async (files: string[], opts: ValidateOpts, command: Command) => {
      const { validateFiles } = await import('../../bench/task-files.ts');
      const results = validateFiles(files, { followLinks: opts.followLinks });
      if (opts.deep) return (await heavy()).benchValidateDeep(io, command, results, opts);
      const invalid = results.filter((r) => !r.ok);
      if (opts.json)
        io.out(
          `${JSON.stringify({ files: results.map((r) => ({ file: r.file, ok: r.ok, id: r.task?.id ?? null, problems: r.problems })), valid: results.length - invalid.length, invalid: invalid.length })}\n`,
        );
      else {
        for (const r of results) printValidation(io, r);
        io.out(
          `${results.length} file${results.length === 1 ? '' : 's'}: ${results.length - invalid.length} valid, ${invalid.length} invalid\n`,
        );
      }
      if (invalid.length || results.length === 0) io.exitCode = 1;
    });
}

/** The `moba bench run` options of what to run: tasks, the configuration matrix, seeds, budgets. */
function addRunOptions(run: Command): void {
  run
    .option(
      '--config <file>',
      'a benchmark spec as JSON (tasks, configurations, matrix, seeds, repetitions, phones, budgets — see docs/benchmark.md); options below override it',
    )
    .option(
      '--preset <name>',
      `start from a named set of configurations (${BENCH_PRESETS.join(', ')}: MobA, w/o Memory, w/o Plan, w/o both, AppAgent and the reference — the MobA paper's Table 4); --agent and friends add to it`,
      csvOf(() => BENCH_PRESETS, 'preset'),
    )
    .option('--tasks <paths...>', 'task files or folders, or `builtin` (default: the built-in suite)')
    .option('--follow-links', FOLLOW_LINKS_HELP, false)
    .option('--ids <ids>', 'only these task ids (comma-separated)', (v: string) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .option(
      '--category <list>',
      `only these categories (${CATEGORIES.join(', ')})`,
      csvOf(() => CATEGORIES, 'category'),
    )
    .option(
      '--agent <list>',
      `agents: strategies or pseudo-agents (${agentNames().join(', ')})`,
      csvOf(agentNames, 'agent'),
    )
    .option(
      '--ablation <list>',
      `ablations (${ABLATIONS.join(', ')})`,
      csvOf(() => ABLATIONS, 'ablation'),
    )
    .option(
      '--locale <list>',
      `languages of the goal and the phone (${LOCALES.join(', ')})`,
      csvOf(() => LOCALES, 'locale'),
    )
    .option(
      '--mode <list>',
      `autonomy modes (${AUTONOMY_MODES.join(', ')}; copilot = the model proposes, you perform)`,
      csvOf(() => AUTONOMY_MODES, 'mode'),
    )
    .option(
      '--memory <list>',
      `memory regimes (${MEMORY_REGIMES.join(', ')})`,
      csvOf(() => MEMORY_REGIMES, 'memory regime'),
    )
    .option(
      '--external-cmd <command>',
      'the external agent\'s program, started per episode (e.g. "python3 my_agent.py"; docs/agent-protocol.md)',
    )
    .option('--memory-seed <file>', 'the memory file the seeded regime starts every episode from')
    .addOption(
      new Option(
        '--user-memory <mode>',
        "seeded: MobA's user memory holds each task's user facts for its episode (MobA configurations with memory)",
      ).choices([...USER_MEMORY_MODES]),
    )
    .addOption(
      new Option(
        '--simulated-user <mode>',
        "how the simulated user answers: keywords (the task's facts) or model (the simulatedUser role answers what keywords cannot, from the facts alone)",
      ).choices(['keywords', 'model']),
    )
    .option('--seeds <n>', 'instances per task (each with its own seed)', parsePositiveInt)
    .option('--reps <n>', 'runs of each instance per configuration', parsePositiveInt)
    .option('--phones <n>', 'simulated phones in parallel (one shared Chromium)', parsePositiveInt)
    .option('--timeout <s>', "wall-time limit per episode, seconds (default: the task's)", parsePositiveInt)
    .option('--max-steps <n>', "step limit per episode (default: the task's budget)", parsePositiveInt)
    .option('--cost-cap <usd>', 'start no more episodes once the benchmark has cost this much', parseNumber)
    .option('--retries <n>', 'retries of an episode after an infrastructure error (default 2)', (v: string) =>
      Math.round(parseNumber(v)),
    )
    .option('--suite-seed <n>', 'the seed instance seeds derive from (default 30)', (v: string) =>
      Math.round(parseNumber(v)),
    )
    .option('--name <text>', 'a name for the benchmark')
    .option('--json', 'print JSON lines (the id, each finished episode, then the summary with the report)', false);
}

/** `moba bench run` and `resume`: here on simulated phones, or with --distributed on `moba worker`s. */
function registerRunAndResume(bench: Command, io: CliIo): void {
  const run = bench
    .command('run')
    .description(
      'run a benchmark: every configuration on every task instance, on parallel simulated phones; prints the report at the end (Ctrl-C interrupts; `moba bench resume` continues)',
    );
  addRunOptions(run);
  addModelOverrideOptions(run);
  addSweepOptions(run);
  run.action(async (opts: Record<string, unknown> & { json: boolean }, command: Command) =>
    opts.distributed
      ? (await import('./bench-sweep.ts')).sweepRun(io, command, opts)
      : (await heavy()).benchRun(io, command, opts),
  );

  const serve = bench
    .command('serve')
    .description(
      "hand a benchmark's episodes to agents that connect on their own (an agent running elsewhere asks for the next episode and drives it through the agent protocol); prints the address and token, then the report",
    );
  addRunOptions(serve);
  serve
    .option('--port <n>', 'the port agents ask for episodes on (default: a free one)', parsePositiveInt)
    .option('--host <address>', 'the address to listen on (default 127.0.0.1)')
    .option('--token <text>', 'the bearer token agents send (default: a new random one)')
    .action(async (opts: Record<string, unknown> & { json: boolean }, command: Command) =>
      (await heavy()).benchServe(io, command, opts),
    );

  const resume = bench
    .command('resume')
    .description(
      'continue an interrupted benchmark (also after SIGKILL): episodes it left running are run again, finished ones are kept',
    )
    .argument('<id>', 'the benchmark id (moba bench list)');
  addSweepOptions(resume);
  resume
    .option('--retry-errors', 'also re-run episodes that ended in an infrastructure error', false)
    .option('--json', 'print JSON lines', false)
    .action(
      async (
        id: string,
        opts: { json: boolean; retryErrors: boolean; distributed?: boolean; redis?: string; profile?: string },
        command: Command,
      ) =>
        opts.distributed
          ? (await import('./bench-sweep.ts')).sweepResume(io, command, id, opts)
          : (await heavy()).benchResume(io, command, id, opts),
    );
}

/** `moba bench list` and `report`: they read the store and load nothing else (`bench-read.ts`). */
function registerReads(bench: Command, io: CliIo): void {
  bench
    .command('list')
    .description('the benchmarks in the data folder, newest first')
    .option('--json', 'print JSON', false)
    .action(async (opts: { json: boolean }, command: Command) =>
      (await import('./bench-read.ts')).benchList(io, command, opts),
    );

  bench
    .command('report')
    .description(
      'metrics of one or more benchmarks: the paper-style table (CR, MS, EE with 95% intervals), per category, cost, paired differences',
    )
    .argument('<ids...>', 'benchmark ids; several are compared side by side')
    .addOption(new Option('--format <format>', 'output').choices(['table', 'json', 'csv', 'html']).default('table'))
    .option('--episodes', 'CSV: one row per episode instead of per configuration and scope', false)
    .option('--out <file>', 'write to a file')
    .action(async (ids: string[], opts: ReportOpts, command: Command) =>
      (await import('./bench-read.ts')).benchReport(io, command, ids, opts),
    );
}

function registerMeasureDeleteSchema(bench: Command, io: CliIo): void {
  bench
    .command('measure')
    .description(
      "run the reference solutions and measure each task's human step count (median over seeds); --write stores it in the files",
    )
    .argument('[files...]', 'task files or folders (default: the built-in suite)')
    .option('--seeds <n>', 'instances per task', parsePositiveInt, 3)
    .option('--phones <n>', 'simulated phones in parallel', parsePositiveInt, 2)
    .option('--write', 'write human.steps into the task files', false)
    .action(async (files: string[], opts: { seeds: number; phones: number; write: boolean }, command: Command) =>
      (await heavy()).benchMeasure(io, command, files, opts),
    );

  bench
    .command('delete')
    .description('delete a benchmark and its scores (its runs stay in the history)')
    .argument('<id>')
    .action(async (id: string, _opts: unknown, command: Command) => (await heavy()).benchDelete(io, command, id));

  bench
    .command('schema')
    .description('print the JSON Schema of the task format (for editors); --out writes it to a file')
    .option('--out <file>', 'write it here instead of printing it')
    .action(async (opts: { out?: string }) => {
      const { taskJsonSchemaText } = await import('../../bench/task-json-schema.ts');
      if (opts.out) {
        writeFileSync(opts.out, taskJsonSchemaText());
        io.out(`wrote ${opts.out}\n`);
      } else io.out(taskJsonSchemaText());
    });
}
