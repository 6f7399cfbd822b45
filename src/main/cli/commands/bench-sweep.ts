/**
 * `moba bench run --distributed` and `moba bench resume --distributed`: the benchmark is
 * created in this data folder as usual, its episodes run on `moba worker`s through Redis, and
 * every result lands in this store (docs/sweeps.md). Ctrl-C stops following; the workers go
 * on, and `moba bench resume ID --distributed` picks the sweep up again.
 */
import type { Command } from 'commander';
import { MobaError } from '../../../shared/errors.ts';
import type { MobaApp } from '../../app.ts';
import type { BenchmarkRunner } from '../../bench/runner.ts';
import { loadTasks } from '../../bench/task-files.ts';
import { benchmarkReport } from '../../bench/report/benchmark-report.ts';
import { reportTable } from '../../bench/report/formats.ts';
import { SweepCoordinator, assertDistributable } from '../../sweep/coordinator.ts';
import { DEFAULT_PROFILE } from '../../sweep/jobs.ts';
import { parseRedisUrl } from '../../sweep/redis-url.ts';
import type { CliIo } from '../io.ts';
import { specFromOptions, withApp } from './bench-run.ts';
import type { RunOpts } from './bench-run.ts';

interface SweepOpts {
  json: boolean;
  redis?: string;
  profile?: string;
}

function redisOf(opts: SweepOpts) {
  if (!opts.redis) throw new MobaError('INVALID_INPUT', '--distributed needs --redis URL (the Redis the workers use)');
  return parseRedisUrl(opts.redis);
}

async function follow(io: CliIo, runner: BenchmarkRunner, app: MobaApp, id: string, opts: SweepOpts): Promise<void> {
  const { db, artifacts } = app;
  const coordinator = new SweepCoordinator(db, {
    redis: redisOf(opts),
    profile: opts.profile ?? DEFAULT_PROFILE,
    log: opts.json ? undefined : (line) => io.out(`${line}\n`),
    artifacts,
  });
  const stop = new AbortController();
  void io.untilStopped().then((sig) => {
    io.err(
      `\n${sig}: no longer following; the workers go on — \`moba bench resume ${id} --distributed --redis …\` picks the sweep up\n`,
    );
    stop.abort();
  });
  const summary = await coordinator.run(id, {
    signal: stop.signal,
    onChange: (e) => {
      if (opts.json && e && (e.status === 'done' || e.status === 'error'))
        io.out(
          `${JSON.stringify({ episode: e.id, status: e.status, runId: e.runId, attempts: e.attempts, reached: e.result?.reached ?? null, total: e.result?.total ?? null })}\n`,
        );
    },
  });
  // The report the coordinator kept at the end (worked out here when it could not keep one).
  const report = benchmarkReport(runner.repo, [id], { keep: true });
  if (opts.json)
    io.out(
      `${JSON.stringify({ benchmark: id, status: summary.status, reason: summary.reason, counts: summary.counts, report })}\n`,
    );
  else
    io.out(
      `\nbenchmark ${id}: ${summary.status}${summary.reason ? ` — ${summary.reason}` : ''} (${summary.counts.done} done, ${summary.counts.error} errors, ${summary.counts.pending + summary.counts.running} left)\n\n${reportTable(report)}`,
    );
}

export async function sweepRun(io: CliIo, command: Command, opts: RunOpts & SweepOpts): Promise<void> {
  redisOf(opts);
  const spec = specFromOptions(opts);
  const tasks = loadTasks(spec.tasks ?? ['builtin'], { followLinks: opts.followLinks === true }).map((t) => t.task);
  await withApp(command, async (app, runner) => {
    const id = runner.create(spec, tasks);
    try {
      assertDistributable(runner.repo.get(id)!.configurations);
    } catch (error) {
      runner.repo.delete(id);
      throw error;
    }
    if (opts.json) io.out(`${JSON.stringify({ benchmark: id })}\n`);
    else io.out(`benchmark ${id}\n`);
    await follow(io, runner, app, id, opts);
  });
}

export async function sweepResume(
  io: CliIo,
  command: Command,
  id: string,
  opts: SweepOpts & { retryErrors: boolean },
): Promise<void> {
  redisOf(opts);
  await withApp(command, async (app, runner) => {
    if (!runner.repo.get(id)) throw new MobaError('NOT_FOUND', `No benchmark ${id} (see moba bench list)`);
    if (opts.retryErrors) runner.repo.retryErrors(id);
    await follow(io, runner, app, id, opts);
  });
}
