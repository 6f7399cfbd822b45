/**
 * `moba runs list`: recorded runs from the store alone (no devices, model SDK or strategies).
 * A run whose process is gone shows as paused — what any MobA Studio process that opens the
 * service graph records for it (RunService.recover) — without writing anything here.
 */
import type { Command } from 'commander';
import type { RunStatus, RunSummary } from '../../../shared/schemas/run.ts';
import { ownerAlive } from '../../agent/ownership.ts';
import { RunSummaries } from '../../store/run-summaries.ts';
import type { CliIo } from '../io.ts';
import { withStore } from '../read-store.ts';
import { oneLine } from '../terminal-text.ts';

export interface RunsListOpts {
  search?: string;
  device?: string;
  status?: RunStatus;
  limit: number;
  json: boolean;
}

function when(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 16);
}

/** The runs as they stand: a running run whose owner process is gone is paused. */
function asRecovered(repo: RunSummaries, runs: RunSummary[], now: number): RunSummary[] {
  const orphaned = new Set(
    repo
      .unfinished()
      .filter((r) => r.status === 'running' && !ownerAlive(r.owner, r.heartbeatAt, now))
      .map((r) => r.id),
  );
  return runs.map((r) => (orphaned.has(r.id) ? { ...r, status: 'paused' } : r));
}

export async function runsList(io: CliIo, command: Command, opts: RunsListOpts): Promise<void> {
  await withStore(command, (db) => {
    const repo = new RunSummaries(db);
    const { runs, total } = repo.list({
      ...(opts.search ? { search: opts.search } : {}),
      ...(opts.device ? { serial: opts.device } : {}),
      ...(opts.status ? { status: opts.status } : {}),
      limit: opts.limit,
    });
    // A --status filter sees the status shown (an orphaned run is listed as paused, not running).
    const list = asRecovered(repo, runs, Date.now()).filter((r) => !opts.status || r.status === opts.status);
    if (opts.json) return void io.out(`${JSON.stringify({ runs: list, total })}\n`);
    if (!list.length)
      return void io.out('No runs recorded yet. Start one with `moba run --device SERIAL --task "…"`.\n');
    for (const r of list) {
      io.out(
        `${r.id}  ${when(r.createdAt)}  ${r.status.padEnd(9)} ${r.mode.padEnd(7)} ${String(r.steps).padStart(3)} steps ${String(r.modelCalls).padStart(3)} calls  ${oneLine(r.serial)}  ${oneLine(r.task.length > 60 ? `${r.task.slice(0, 59)}…` : r.task)}\n`,
      );
    }
    if (total > list.length) io.out(`(${total - list.length} more; use --limit)\n`);
  });
}
