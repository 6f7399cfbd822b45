/** The running part of `moba workers` (loaded only when it runs). */
import type { Command } from 'commander';
import { MobaError } from '../../../shared/errors.ts';
import { BenchRepo } from '../../bench/bench-repo.ts';
import { parseRedisUrl } from '../../sweep/redis-url.ts';
import { readWorkersAt, sweepProgress } from '../../sweep/status.ts';
import type { SweepProgress, WorkerStatus } from '../../sweep/status.ts';
import { withApp } from '../lazy-app.ts';
import type { CliIo } from '../io.ts';

function duration(s: number): string {
  return s >= 3600
    ? `${Math.floor(s / 3600)} h ${Math.round((s % 3600) / 60)} min`
    : s >= 60
      ? `${Math.floor(s / 60)} min ${s % 60} s`
      : `${s} s`;
}

export async function showWorkers(
  io: CliIo,
  command: Command,
  opts: { redis: string; benchmark?: string; json: boolean },
): Promise<void> {
  const target = parseRedisUrl(opts.redis);
  const workers: WorkerStatus[] = await readWorkersAt(target);
  let progress: SweepProgress | null = null;
  if (opts.benchmark) {
    const id = opts.benchmark;
    progress = await withApp(command, async (app) => {
      const repo = new BenchRepo(app.db);
      if (!repo.get(id))
        throw new MobaError('NOT_FOUND', `No benchmark ${id} in this data folder (see moba bench list)`);
      return sweepProgress(repo, id);
    });
  }
  if (opts.json) return void io.out(`${JSON.stringify({ workers, ...(progress ? { progress } : {}) })}\n`);
  if (!workers.length)
    io.out(
      `No worker has announced itself at ${target.display} in the last 30 s. Start one: moba worker --redis URL --phones N\n`,
    );
  for (const w of workers)
    io.out(
      `${w.name.padEnd(20)} ${w.machine.padEnd(16)} ${w.profile.padEnd(8)} ${w.devices.length} device${w.devices.length === 1 ? ' ' : 's'} (${w.free} free)  heartbeat ${w.heartbeatAgeS} s ago  ${w.done} done, ${w.episodesPerMin}/min${w.current.length ? `  running ${w.current.join(', ')}` : ''}\n`,
    );
  if (progress)
    io.out(
      `\n${opts.benchmark}: ${progress.done + progress.error}/${progress.total} finished (${progress.error} errors), ${progress.running} running, ${progress.pending} waiting` +
        `${progress.episodesPerMin !== null ? ` — ${progress.episodesPerMin} episodes/min, about ${duration(progress.etaS ?? 0)} left` : ''}\n`,
    );
}
