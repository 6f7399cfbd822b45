import type { Command } from 'commander';
import { Option } from 'commander';
import { RunStatus } from '../../../shared/schemas/run.ts';
import { withApp } from '../lazy-app.ts';
import type { CliIo } from '../io.ts';
import { oneLine } from '../terminal-text.ts';
import { parsePositiveInt } from '../options.ts';
import { describeEvent, formatCounts, formatTree } from '../run-printer.ts';
import { followRun } from '../follow-run.ts';
import { reduceRun, initialRunState } from '../../../shared/run/reducer.ts';
import { registerRunsResearch } from './runs-research.ts';

function when(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 16);
}

export function registerRuns(program: Command, io: CliIo): void {
  const runs = program.command('runs').description('list, inspect, resume and delete recorded runs');

  runs
    .command('list')
    .description('recorded runs, newest first')
    .option('-s, --search <text>', 'match the task text or run id')
    .option('-d, --device <serial>', 'only runs on this device')
    .addOption(new Option('--status <status>', 'only runs with this status').choices([...RunStatus.options]))
    .option('-n, --limit <n>', 'at most this many', parsePositiveInt, 20)
    .option('--json', 'print JSON', false)
    .action(
      (
        opts: { search?: string; device?: string; status?: RunStatus; limit: number; json: boolean },
        command: Command,
      ) =>
        withApp(command, async (app) => {
          const { runs: list, total } = app.runs.list({
            ...(opts.search ? { search: opts.search } : {}),
            ...(opts.device ? { serial: opts.device } : {}),
            ...(opts.status ? { status: opts.status } : {}),
            limit: opts.limit,
          });
          if (opts.json) {
            io.out(`${JSON.stringify({ runs: list, total })}\n`);
            return;
          }
          if (!list.length) {
            io.out('No runs recorded yet. Start one with `moba run --device SERIAL --task "…"`.\n');
            return;
          }
          for (const r of list) {
            io.out(
              `${r.id}  ${when(r.createdAt)}  ${r.status.padEnd(9)} ${r.mode.padEnd(7)} ${String(r.steps).padStart(3)} steps ${String(r.modelCalls).padStart(3)} calls  ${oneLine(r.serial)}  ${oneLine(r.task.length > 60 ? `${r.task.slice(0, 59)}…` : r.task)}\n`,
            );
          }
          if (total > list.length) io.out(`(${total - list.length} more; use --limit)\n`);
        }),
    );

  runs
    .command('show <runId>')
    .description("a run's events, task tree and counts")
    .option('--json', 'print the events as JSON lines', false)
    .action((runId: string, opts: { json: boolean }, command: Command) =>
      withApp(command, async (app) => {
        const summary = app.runs.get(runId);
        const { events, skipped } = app.runs.events(runId);
        if (opts.json) {
          io.out(`${JSON.stringify({ summary })}\n`);
          for (const e of events) io.out(`${JSON.stringify(e)}\n`);
          return;
        }
        io.out(`run ${summary.id} — ${summary.status}${summary.outcomeReason ? `: ${summary.outcomeReason}` : ''}\n`);
        let state = initialRunState(runId);
        for (const e of events) {
          state = reduceRun(state, e);
          const line = describeEvent(e, state);
          if (line) io.out(`${String(e.seq).padStart(4)}  ${line}\n`);
        }
        if (skipped) io.out(`(${skipped} events could not be read and were skipped)\n`);
        io.out(`\nTask tree:\n${formatTree(state)}\n${formatCounts(state)}\n`);
      }),
    );

  runs
    .command('resume <runId>')
    .description('continue a paused run (e.g. after Ctrl-C or a restart) and follow it')
    .option('--json', 'print JSON lines', false)
    .action((runId: string, opts: { json: boolean }, command: Command) =>
      withApp(command, async (app) => {
        app.runs.resume(runId);
        const interactive = app.runs.state(runId).options?.mode !== 'auto';
        io.exitCode = await followRun(app, app.runs.follow(runId), io, {
          json: opts.json,
          input: interactive ? io.input : null,
        });
      }),
    );

  registerRunsResearch(runs, io);

  runs
    .command('delete <runId>')
    .description('delete an ended (or paused) run and its events')
    .action((runId: string, _opts: unknown, command: Command) =>
      withApp(command, async (app) => {
        io.out(app.runs.delete(runId) ? `deleted ${runId}\n` : `no run ${runId}\n`);
      }),
    );
}
