/** `moba runs diff` and `moba runs annotate`: the research subcommands of `moba runs`. */
import type { Command } from 'commander';
import { Option } from 'commander';
import { FAILURE_CATEGORIES } from '../../../shared/choices.ts';
import type { FailureCategory } from '../../../shared/annotations/failure-categories.ts';
import type { DiffStep, RunDiff } from '../../../shared/datasets/run-diff.ts';
import { withApp } from '../lazy-app.ts';
import type { CliIo } from '../io.ts';

const REASONS = {
  screen: 'the screens differ',
  action: 'the actions differ',
  a_ended: 'run A has ended',
  b_ended: 'run B has ended',
} as const;

function stepLines(label: string, s: DiffStep | null, io: CliIo): void {
  if (!s) {
    io.out(`  ${label}: (no step: the run has ended)\n`);
    return;
  }
  io.out(
    `  ${label}: step ${s.index + 1} (${s.stepId}) for "${s.subgoal ?? '?'}" on screen ${s.screenKey?.slice(0, 12) ?? '?'}${s.app ? ` in ${s.app}` : ''}\n`,
  );
  io.out(
    `     proposed ${s.proposed}${s.executed && s.executed !== s.proposed ? `, ran ${s.executed}` : ''}${s.by === 'person' ? ' (by the person)' : ''}${s.decision ? ` [${s.decision}]` : ''}\n`,
  );
  if (s.reflection) io.out(`     reflection (${s.reflection.status}): ${s.reflection.text}\n`);
}

export function printDiff(d: RunDiff, io: CliIo): void {
  io.out(`A ${d.a.runId}: ${d.a.steps} steps, ${d.a.status}${d.a.strategy ? `, ${d.a.strategy}` : ''} — ${d.a.task}\n`);
  io.out(`B ${d.b.runId}: ${d.b.steps} steps, ${d.b.status}${d.b.strategy ? `, ${d.b.strategy}` : ''} — ${d.b.task}\n`);
  if (!d.sameTask) io.out('(the runs have different tasks)\n');
  if (!d.firstDivergence) {
    io.out(`\nThe runs took the same ${d.commonPrefix} steps on the same screens.\n`);
    return;
  }
  const f = d.firstDivergence;
  io.out(
    `\nThe same for ${d.commonPrefix} step${d.commonPrefix === 1 ? '' : 's'}; first divergence at step ${f.position + 1}: ${REASONS[f.reason]}\n`,
  );
  stepLines('A', f.a, io);
  stepLines('B', f.b, io);
  io.out(`\nAlignment (= same screen and action, ≠ differ, - no counterpart):\n`);
  for (const row of d.alignment)
    io.out(
      `  ${row.a === null ? '   -' : String(row.a + 1).padStart(4)} ${row.same ? '=' : row.a === null || row.b === null ? ' ' : '≠'} ${row.b === null ? '-' : String(row.b + 1)}\n`,
    );
}

export function registerRunsResearch(runs: Command, io: CliIo): void {
  runs
    .command('diff <runA> <runB>')
    .description(
      'align two runs of a task step by step and show the first divergence: both screens, proposals and reflections',
    )
    .option('--json', 'print the diff as JSON', false)
    .action((a: string, b: string, opts: { json: boolean }, command: Command) =>
      withApp(command, async (app) => {
        const { diffRuns } = await import('../../../shared/datasets/run-diff.ts');
        const d = diffRuns(app.runs.state(a), app.runs.state(b));
        if (opts.json) io.out(`${JSON.stringify(d)}\n`);
        else printDiff(d, io);
      }),
    );

  runs
    .command('annotate <runId> <stepId>')
    .description('tag a step with a failure category and a note (recorded in the run with who and when)')
    .addOption(
      new Option('-c, --category <category>', 'the failure category')
        .choices([...FAILURE_CATEGORIES])
        .makeOptionMandatory(),
    )
    .option('-n, --note <text>', 'what went wrong', '')
    .option('--author <name>', 'who annotates (default: the OS user)')
    .action(
      (
        runId: string,
        stepId: string,
        opts: { category: FailureCategory; note: string; author?: string },
        command: Command,
      ) =>
        withApp(command, async (app) => {
          const a = app.annotations.annotate({
            runId,
            stepId,
            category: opts.category,
            note: opts.note,
            ...(opts.author ? { author: opts.author } : {}),
          });
          io.out(`${a.annotationId}: ${runId}/${stepId} tagged ${a.category}${a.author ? ` by ${a.author}` : ''}\n`);
        }),
    );
}
