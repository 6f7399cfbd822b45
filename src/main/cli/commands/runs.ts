import type { Command } from 'commander';
import { Option } from 'commander';
import { RUN_STATUSES } from '../../../shared/choices.ts';
import { withApp } from '../lazy-app.ts';
import type { CliIo } from '../io.ts';
import { parsePositiveInt } from '../options.ts';
import { registerRunsResearch } from './runs-research.ts';
import type { RunsListOpts } from './runs-list.ts';

export function registerRuns(program: Command, io: CliIo): void {
  const runs = program.command('runs').description('list, inspect, resume and delete recorded runs');

  runs
    .command('list')
    .description('recorded runs, newest first')
    .option('-s, --search <text>', 'match the task text or run id')
    .option('-d, --device <serial>', 'only runs on this device')
    .addOption(new Option('--status <status>', 'only runs with this status').choices([...RUN_STATUSES]))
    .option('-n, --limit <n>', 'at most this many', parsePositiveInt, 20)
    .option('--json', 'print JSON', false)
    .action(async (opts: RunsListOpts, command: Command) =>
      (await import('./runs-list.ts')).runsList(io, command, opts),
    );

  runs
    .command('show <runId>')
    .description("a run's events, task tree and counts")
    .option('--json', 'print the events as JSON lines', false)
    .action((runId: string, opts: { json: boolean }, command: Command) =>
      withApp(command, async (app) => {
        const [{ describeEvent, formatCounts, formatTree }, { reduceRun, initialRunState }] = await Promise.all([
          import('../run-printer.ts'),
          import('../../../shared/run/reducer.ts'),
        ]);
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
        const { followRun } = await import('../follow-run.ts');
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
