/**
 * `moba workers --redis URL [--benchmark ID]`: the sweep workers announced in Redis (machine,
 * devices, current episodes, heartbeat age, throughput) and, with a benchmark id, its progress
 * and time left from this data folder's store.
 */
import type { Command } from 'commander';
import type { CliIo } from '../io.ts';

export function registerWorkers(program: Command, io: CliIo): void {
  program
    .command('workers')
    .description(
      "the sweep workers announced in Redis (machine, devices, current episodes, heartbeat age, throughput); with --benchmark, that sweep's progress and time left",
    )
    .requiredOption(
      '--redis <url>',
      "the sweep's Redis (redis://… or rediss://…; password also from MOBA_REDIS_PASSWORD)",
    )
    .option('--benchmark <id>', "also show this benchmark's progress (from this data folder)")
    .option('--json', 'print one JSON object', false)
    .action(async (opts: { redis: string; benchmark?: string; json: boolean }, command: Command) =>
      (await import('./workers-run.ts')).showWorkers(io, command, opts),
    );
}
