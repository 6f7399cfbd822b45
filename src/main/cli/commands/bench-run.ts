/**
 * The heavy `moba bench` subcommands (they open the app): run, resume, measure, delete
 * (`bench-read.ts` has list and report, which open the store alone). `bench.ts` registers them and loads this module only when one runs.
 */
import { EpisodeBroker } from '../../bench/episode-broker.ts';
import { splitCommand } from '../../agent/strategies/external/external-loop.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { BenchConfigurationInput, BenchSpecInput } from '../../../shared/bench/config.ts';
import { MobaError } from '../../../shared/errors.ts';
import { presetConfigurations } from '../../../shared/bench/presets.ts';
import type { BenchPreset } from '../../../shared/bench/presets.ts';
import type { MobaApp } from '../../app.ts';
import { MAX_TASK_FILE_BYTES, readRegularFile } from '../../bounded-read.ts';
import type { BenchmarkRunner } from '../../bench/runner.ts';
import { loadTasks } from '../../bench/task-files.ts';
import type { TaskFileCheck } from '../../bench/task-files.ts';
import { deepCheckTasks } from '../../bench/deep-check.ts';
import type { TaskProblem } from '../../bench/task-validate.ts';
import { printValidation } from './bench-validate.ts';
import type { ValidateOpts } from './bench-validate.ts';
import { calibrationFailures, formatCalibration } from '../../bench/report/calibration.ts';
import { benchmarkReport } from '../../bench/report/benchmark-report.ts';
import { reportTable } from '../../bench/report/formats.ts';
import { formatTaskJson } from '../../bench/task-format.ts';
import { createApp } from '../lazy-app.ts';
import type { CliIo } from '../io.ts';
import { dataDirOf } from '../options.ts';
import { runModelOverrides } from './run.ts';

export async function withApp<T>(
  command: Command,
  fn: (app: MobaApp, runner: BenchmarkRunner) => Promise<T>,
): Promise<T> {
  const dataDir = dataDirOf(command);
  const app = await createApp({ host: 'web', ...(dataDir ? { dataDir } : {}) });
  try {
    return await fn(app, app.benchmarks);
  } finally {
    await app.dispose();
  }
}

export interface RunOpts {
  config?: string;
  tasks?: string[];
  ids?: string[];
  category?: string[];
  agent?: string[];
  ablation?: string[];
  locale?: string[];
  mode?: string[];
  memory?: string[];
  memorySeed?: string;
  userMemory?: 'none' | 'seeded';
  simulatedUser?: 'keywords' | 'model';
  externalCmd?: string;
  seeds?: number;
  reps?: number;
  phones?: number;
  timeout?: number;
  maxSteps?: number;
  costCap?: number;
  retries?: number;
  suiteSeed?: number;
  name?: string;
  followLinks?: boolean;
  json: boolean;
  [key: string]: unknown;
}

/** The spec from a config file and the options (options win; --agent and friends add a matrix). */
export function specFromOptions(opts: RunOpts): BenchSpecInput {
  let spec: BenchSpecInput = {};
  if (opts.config) {
    try {
      spec = JSON.parse(
        readRegularFile(opts.config, MAX_TASK_FILE_BYTES, 'benchmark config').toString('utf8'),
      ) as BenchSpecInput;
    } catch (error) {
      throw new MobaError(
        'INVALID_INPUT',
        `Cannot read the benchmark config ${opts.config}: ${(error as Error).message}`,
      );
    }
  }
  const models = runModelOverrides(opts);
  const set = <K extends keyof BenchSpecInput>(k: K, v: BenchSpecInput[K] | undefined) => {
    if (v !== undefined) spec[k] = v;
  };
  for (const preset of (opts.preset as string[] | undefined) ?? [])
    spec.configurations = [...(spec.configurations ?? []), ...presetConfigurations(preset as BenchPreset)];
  set('name', opts.name);
  set('tasks', opts.tasks);
  if (opts.ids || opts.category)
    spec.only = {
      ...spec.only,
      ...(opts.ids ? { ids: opts.ids } : {}),
      ...(opts.category ? { categories: opts.category as never } : {}),
    };
  set('seeds', opts.seeds);
  set('repetitions', opts.reps);
  set('phones', opts.phones);
  set('timeoutS', opts.timeout);
  set('costCapUsd', opts.costCap);
  set('retries', opts.retries);
  set('suiteSeed', opts.suiteSeed);
  if (opts.agent || opts.ablation || opts.locale || opts.mode || opts.memory) {
    // Each combination of the listed values becomes a configuration.
    const base: Partial<BenchConfigurationInput> = {
      ...(opts.memorySeed ? { memorySeed: opts.memorySeed } : {}),
      ...(Object.keys(models).length ? { models } : {}),
      ...(opts.maxSteps ? { maxSteps: opts.maxSteps } : {}),
    };
    const agents = opts.agent ?? ['moba'];
    const ablations = opts.ablation ?? ['full'];
    const configurations: BenchConfigurationInput[] = [...(spec.configurations ?? [])];
    for (const agent of agents)
      for (const ablation of ablations)
        for (const locale of opts.locale ?? ['en'])
          for (const mode of opts.mode ?? ['auto'])
            for (const memory of opts.memory ?? ['cold'])
              configurations.push({
                ...base,
                ...(agent === 'external' && opts.externalCmd
                  ? { externalCommand: splitCommand(opts.externalCmd) }
                  : {}),
                agent,
                usePlan: !ablation.includes('no-plan'),
                useMemory: !ablation.includes('no-memory'),
                locale: locale as 'en',
                mode: mode as 'auto',
                memory: memory as 'cold',
              });
    spec.configurations = configurations;
  } else if (Object.keys(models).length || opts.maxSteps) {
    spec.configurations = (spec.configurations ?? []).map((c) => ({
      ...c,
      ...(Object.keys(models).length ? { models } : {}),
      ...(opts.maxSteps ? { maxSteps: opts.maxSteps } : {}),
    }));
  }
  if (opts.simulatedUser) {
    const simulatedUser = { mode: opts.simulatedUser };
    spec.configurations = (spec.configurations ?? []).map((c) => ({ ...c, simulatedUser }));
  }
  if (opts.userMemory) {
    const userMemory = opts.userMemory;
    // Only MobA with memory reads user memory: the other configurations are left as they are.
    spec.configurations = (spec.configurations ?? []).map((c) =>
      c.agent === 'moba' && c.useMemory !== false ? { ...c, userMemory } : c,
    );
  }
  return spec;
}

/** Ctrl-C / SIGTERM interrupt the benchmark (resumable); a second one is left to the default. */
async function runUntilStopped(
  io: CliIo,
  runner: BenchmarkRunner,
  id: string,
  opts: { json: boolean; retryErrors?: boolean; externalBroker?: EpisodeBroker },
): Promise<void> {
  const stop = new AbortController();
  void io.untilStopped().then((sig) => {
    io.err(`\n${sig}: stopping after the running episodes are given back; \`moba bench resume ${id}\` continues\n`);
    stop.abort();
  });
  const sub = runner.onDidChange((p) => {
    if (opts.json && p.episode && (p.episode.status === 'done' || p.episode.status === 'error'))
      io.out(
        `${JSON.stringify({ episode: p.episode.id, status: p.episode.status, runId: p.episode.runId, reached: p.episode.result?.reached ?? null, total: p.episode.result?.total ?? null })}\n`,
      );
  });
  try {
    const summary = await runner.run(id, {
      signal: stop.signal,
      retryErrors: opts.retryErrors ?? false,
      ...(opts.externalBroker ? { externalBroker: opts.externalBroker } : {}),
      log: opts.json ? undefined : (line) => io.out(`${line}\n`),
    });
    const benchmark = runner.repo.get(id)!;
    const episodes = runner.repo.episodes(id);
    // The report the runner kept at the end (worked out here when it could not keep one).
    const report = benchmarkReport(runner.repo, [id], { keep: true });
    const failures = calibrationFailures(benchmark, episodes);
    if (opts.json)
      io.out(
        `${JSON.stringify({ benchmark: id, status: summary.status, reason: summary.reason, counts: summary.counts, failures, report })}\n`,
      );
    else
      io.out(
        `\nbenchmark ${id}: ${summary.status}${summary.reason ? ` — ${summary.reason}` : ''} (${summary.counts.done} done, ${summary.counts.error} errors, ${summary.counts.pending} left)\n\n${reportTable(report)}${formatCalibration(failures)}`,
      );
    if (summary.status === 'failed' || failures.length) io.exitCode = 1;
  } finally {
    sub.dispose();
  }
}

export async function benchRun(io: CliIo, command: Command, opts: RunOpts): Promise<void> {
  const spec = specFromOptions(opts);
  const tasks = loadTasks(spec.tasks ?? ['builtin'], { followLinks: opts.followLinks === true }).map((t) => t.task);
  await withApp(command, async (_app, runner) => {
    const id = runner.create(spec, tasks);
    if (opts.json) io.out(`${JSON.stringify({ benchmark: id })}\n`);
    else io.out(`benchmark ${id}\n`);
    await runUntilStopped(io, runner, id, opts);
  });
}

/**
 * `moba bench serve`: the benchmark's external configurations wait for agents that connect on
 * their own; the episode broker hands each episode's session to the next agent that asks.
 */
export async function benchServe(
  io: CliIo,
  command: Command,
  opts: RunOpts & { port?: number; host?: string; token?: string },
): Promise<void> {
  const spec = specFromOptions({ ...opts, agent: ['external'], externalCmd: undefined });
  spec.configurations = (spec.configurations ?? []).map((c) =>
    c.agent === 'external' ? { ...c, externalCommand: undefined, externalConnect: true } : c,
  );
  const tasks = loadTasks(spec.tasks ?? ['builtin'], { followLinks: opts.followLinks === true }).map((t) => t.task);
  await withApp(command, async (_app, runner) => {
    const broker = new EpisodeBroker(opts.token);
    const url = await broker.listen(opts.port ?? 0, opts.host ?? '127.0.0.1');
    try {
      const id = runner.create(spec, tasks);
      if (opts.json) io.out(`${JSON.stringify({ benchmark: id, serve: url, token: broker.token })}\n`);
      else
        io.out(
          `benchmark ${id}\nagents ask for episodes at ${url}/episodes/next (MOBA_SERVE_URL=${url} MOBA_SERVE_TOKEN=${broker.token})\n`,
        );
      await runUntilStopped(io, runner, id, { ...opts, externalBroker: broker });
    } finally {
      await broker.close();
    }
  });
}

export async function benchResume(
  io: CliIo,
  command: Command,
  id: string,
  opts: { json: boolean; retryErrors: boolean },
): Promise<void> {
  await withApp(command, (_app, runner) => runUntilStopped(io, runner, id, opts));
}

export async function benchDelete(io: CliIo, command: Command, id: string): Promise<void> {
  await withApp(command, async (_app, runner) => {
    if (!runner.repo.delete(id)) throw new MobaError('NOT_FOUND', `No benchmark ${id}`);
    io.out(`deleted benchmark ${id} (its runs are kept in the history)\n`);
  });
}

/**
 * Runs the reference solutions and takes each task's human step count (the median over
 * seeds); with `write`, stores it in the task file's `human.steps`.
 */
export async function benchMeasure(
  io: CliIo,
  command: Command,
  files: string[],
  opts: { seeds: number; phones: number; write: boolean },
): Promise<void> {
  const loaded = loadTasks(files.length ? files : ['builtin']);
  await withApp(command, async (_app, runner) => {
    const id = runner.create(
      {
        name: 'Human step counts (reference solutions)',
        tasks: files.length ? files : ['builtin'],
        configurations: [{ agent: 'reference' }],
        seeds: opts.seeds,
        phones: opts.phones,
      },
      loaded.map((l) => l.task),
    );
    io.out(`benchmark ${id}: the reference solutions on ${opts.seeds} seed${opts.seeds === 1 ? '' : 's'}\n`);
    await runUntilStopped(io, runner, id, { json: false });
    const episodes = runner.repo.episodes(id);
    let bad = 0;
    for (const { task, file } of loaded) {
      const mine = episodes.filter((e) => e.taskId === task.id);
      const complete = mine.filter((e) => e.result?.complete);
      if (complete.length !== mine.length || !mine.length) {
        bad++;
        io.out(
          `${task.id}: the reference did not complete every instance (${complete.length}/${mine.length}); not measured\n`,
        );
        continue;
      }
      const steps = complete.map((e) => e.result!.steps).sort((a, b) => a - b);
      const median = steps[Math.floor((steps.length - 1) / 2)]!;
      const was = task.human?.steps;
      io.out(
        `${task.id}: ${median} steps (seeds: ${steps.join(', ')})${was !== undefined && was !== median ? ` — the file said ${was}` : ''}\n`,
      );
      if (opts.write && was !== median) {
        const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        json.human = { steps: median };
        writeFileSync(file, formatTaskJson(json));
      }
    }
    if (bad) io.exitCode = 1;
  });
}

/**
 * `moba bench validate --deep`: the files that passed the file check are walked on seeded
 * simulated phones (`deep-check.ts`); every file is printed with its problems and warnings.
 */
export async function benchValidateDeep(
  io: CliIo,
  command: Command,
  files: TaskFileCheck[],
  opts: ValidateOpts,
): Promise<void> {
  const tasks = files.filter((f) => f.ok && f.task).map((f) => f.task!);
  const checks = tasks.length
    ? await withApp(command, (app) =>
        deepCheckTasks(app.benchHost, tasks, {
          seeds: opts.seeds,
          ...(opts.suiteSeed !== undefined ? { suiteSeed: opts.suiteSeed } : {}),
          phones: opts.phones,
          ...(opts.json ? {} : { log: (line: string) => io.err(`${line}\n`) }),
        }),
      )
    : [];
  const verdicts = files.map((f) => {
    const mine = checks.filter((c) => c.taskId === f.task?.id);
    const problems = [
      ...f.problems,
      ...mine.flatMap((c) => c.problems.map((p) => seeded(p, c.seed, opts.seeds))),
      ...mine.flatMap((c) =>
        c.error ? [{ path: '(phone)', message: `not checked on seed ${c.seed}: ${c.error}` }] : [],
      ),
    ];
    const warnings = unique(mine.flatMap((c) => c.warnings));
    const ok = problems.length === 0 && (!opts.strict || warnings.length === 0);
    return { file: f.file, ok, task: f.task, problems, warnings, steps: mine.map((c) => c.steps) };
  });
  const invalid = verdicts.filter((v) => !v.ok).length;
  const warned = verdicts.filter((v) => v.warnings.length).length;
  if (opts.json)
    io.out(
      `${JSON.stringify({
        files: verdicts.map((v) => ({
          file: v.file,
          ok: v.ok,
          id: v.task?.id ?? null,
          problems: v.problems,
          warnings: v.warnings,
          steps: v.steps,
        })),
        valid: verdicts.length - invalid,
        invalid,
        warned,
      })}\n`,
    );
  else {
    for (const v of verdicts) printValidation(io, v, v.warnings);
    io.out(
      `${verdicts.length} file${verdicts.length === 1 ? '' : 's'}: ${verdicts.length - invalid} valid, ${invalid} invalid, ${warned} with warnings\n`,
    );
  }
  if (invalid || verdicts.length === 0) io.exitCode = 1;
}

/** A problem found on one seed of several says which. */
function seeded(p: TaskProblem, seed: number, seeds: number): TaskProblem {
  return seeds > 1 ? { path: p.path, message: `${p.message} (seed ${seed})` } : p;
}

function unique(problems: readonly TaskProblem[]): TaskProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => !seen.has(`${p.path}\n${p.message}`) && seen.add(`${p.path}\n${p.message}`));
}
