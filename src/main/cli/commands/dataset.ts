import { resolve } from 'node:path';
import type { Command } from 'commander';
import { InvalidArgumentError, Option } from 'commander';
import { FAILURE_CATEGORIES, FAILURE_CATEGORY_INFO } from '../../../shared/annotations/failure-categories.ts';
import type { RunSelection } from '../../../shared/contract/datasets.ts';
import type { SplitOptions } from '../../../shared/contract/datasets.ts';
import { RunStatus } from '../../../shared/schemas/run.ts';
import { BenchRepo } from '../../bench/bench-repo.ts';
import { benchmarkRunsIn } from '../../bench/bench-service.ts';
import { exportDataset } from '../../datasets/dataset-export.ts';
import { DEFAULT_SPLIT } from '../../datasets/splits.ts';
import { validateDataset } from '../../datasets/validate-dataset.ts';
import { APP_NAME, APP_VERSION } from '../../version.ts';
import { withApp } from '../lazy-app.ts';
import type { CliIo } from '../io.ts';
import { parsePositiveInt } from '../options.ts';
import { writeFile } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from '../../private-files.ts';
import { deviceExplorer } from '../../datasets/explorer/device-explorer.ts';
import { explore, replayFlow, subTasks } from '../../datasets/explorer/explorer.ts';
import { registerDatasetRewards } from './dataset-rewards.ts';

/** `2025-06-02` or any date-time `Date` reads, as ms since 1970. */
export function parseDate(value: string): number {
  const ms = Date.parse(value);
  if (!Number.isFinite(ms))
    throw new InvalidArgumentError(`not a date: ${value} (e.g. 2025-06-02 or 2025-06-02T18:00)`);
  return ms;
}

function parseSplit(value: string): SplitOptions {
  const parts = value.split('/').map(Number);
  if (parts.length !== 3 || parts.some((n) => !Number.isFinite(n) || n < 0))
    throw new InvalidArgumentError('expected train/validation/test, e.g. 80/10/10');
  const total = parts[0]! + parts[1]! + parts[2]!;
  if (total <= 0) throw new InvalidArgumentError('the split must not be 0/0/0');
  return { train: parts[0]! / total, validation: parts[1]! / total, test: parts[2]! / total, seed: DEFAULT_SPLIT.seed };
}

interface SelectionOpts {
  run?: string[];
  search?: string;
  benchmark?: string;
  strategy?: string;
  since?: number;
  until?: number;
  tag?: RunSelection['tag'];
  status?: RunStatus[];
}

/** The selection options every dataset command shares. */
export function addSelectionOptions(c: Command): Command {
  return c
    .option('-r, --run <id...>', 'these runs (repeatable)')
    .option('-s, --search <text>', 'runs whose task or id contains this')
    .option('--benchmark <id>', 'episodes of this benchmark')
    .option('--strategy <name>', 'runs of this agent strategy (e.g. moba)')
    .option('--since <date>', 'runs started on or after this date', parseDate)
    .option('--until <date>', 'runs started before this date', parseDate)
    .addOption(
      new Option('--tag <category>', 'runs with a step tagged with this failure category').choices([
        ...FAILURE_CATEGORIES,
        'any',
      ]),
    )
    .addOption(new Option('--status <status...>', 'runs that ended so').choices([...RunStatus.options]));
}

export function selectionOf(o: SelectionOpts): RunSelection {
  return {
    ...(o.run ? { runIds: o.run } : {}),
    ...(o.search ? { search: o.search } : {}),
    ...(o.benchmark ? { benchmark: o.benchmark } : {}),
    ...(o.strategy ? { strategy: o.strategy } : {}),
    ...(o.since !== undefined ? { since: o.since } : {}),
    ...(o.until !== undefined ? { until: o.until } : {}),
    ...(o.tag ? { tag: o.tag } : {}),
    ...(o.status ? { status: o.status } : {}),
  };
}

export function registerDataset(program: Command, io: CliIo): void {
  const dataset = program
    .command('dataset')
    .description(
      'research data: export runs as a training dataset, check an export, summarise failure annotations, explore an app for sub-tasks, reward labels on a benchmark',
    );
  registerExport(dataset, io);
  registerValidateAndFailures(dataset, io);
  registerExplore(dataset, io);
  registerDatasetRewards(dataset, io);
}

/** `moba dataset export`: runs as a training dataset, split by task, with its datasheet. */
function registerExport(dataset: Command, io: CliIo): void {
  addSelectionOptions(
    dataset
      .command('export')
      .description(
        'one step per JSONL record (screens, UI dump, elements, task, action in MobA syntax and AndroidWorld JSON), preference pairs from human corrections, TRL DPO and SFT files, split by task, with a datasheet README.md',
      )
      .requiredOption('-o, --out <dir>', 'a new or empty folder'),
  )
    .option('--split <t/v/t>', 'train/validation/test shares by task (default 80/10/10)', parseSplit)
    .option('--seed <text>', 'the seed of the split', DEFAULT_SPLIT.seed)
    .option('--json', 'print the result as JSON', false)
    .action(
      (opts: SelectionOpts & { out: string; split?: SplitOptions; seed: string; json: boolean }, command: Command) =>
        withApp(command, async (app) => {
          const split = { ...(opts.split ?? DEFAULT_SPLIT), seed: opts.seed };
          let shown = 0;
          // A progress line only on a terminal: piped output stays clean.
          const live = !opts.json && process.stderr.isTTY === true;
          const r = await exportDataset({
            db: app.db,
            artifacts: app.artifacts,
            outDir: resolve(opts.out),
            selection: selectionOf(opts),
            // --benchmark ID selects the runs of that benchmark's episodes from its store.
            benchmarks: benchmarkRunsIn(new BenchRepo(app.db)),
            split,
            app: { name: APP_NAME, version: APP_VERSION },
            onProgress: (p) => {
              if (!live || Date.now() - shown < 500) return;
              shown = Date.now();
              io.err(
                `\r${p.phase === 'runs' ? `run ${p.runsDone}/${p.runsTotal}, ${p.steps} steps, ${p.pairs} pairs` : p.phase}…   `,
              );
            },
          });
          if (live) io.err('\r\u001b[K');
          if (opts.json) {
            io.out(`${JSON.stringify(r)}\n`);
            return;
          }
          io.out(`Exported ${r.steps} steps of ${r.runs} runs to ${r.dir} in ${(r.ms / 1000).toFixed(1)} s\n`);
          for (const [s, c] of Object.entries(r.perSplit))
            io.out(
              `  ${s.padEnd(10)} ${String(c.tasks).padStart(4)} tasks ${String(c.steps).padStart(7)} steps ${String(c.pairs).padStart(5)} pairs ${String(c.sft).padStart(6)} SFT\n`,
            );
          io.out(
            `  ${r.pairs} preference pairs (${r.dpo} in TRL's DPO format), ${r.sft} approved proposals; ${r.files.images} images, ${r.files.dumps} dumps${r.files.missing ? `, ${r.files.missing} files missing from the data folder` : ''}\n  datasheet: ${resolve(r.dir, 'README.md')}\n`,
          );
        }),
    );
}

/** `moba dataset validate` (an export against its schemas) and `failures` (annotations over runs). */
function registerValidateAndFailures(dataset: Command, io: CliIo): void {
  dataset
    .command('validate <dir>')
    .description(
      'check every record of an export against the JSON Schemas in its schemas/ folder, and that every file it names exists',
    )
    .option('--json', 'print the result as JSON', false)
    .action(async (dir: string, opts: { json: boolean }) => {
      const v = await validateDataset(resolve(dir));
      if (opts.json) io.out(`${JSON.stringify(v)}\n`);
      else {
        io.out(
          `${Object.entries(v.records)
            .map(([k, n]) => `${n} ${k}`)
            .join(', ')} records, ${v.modelInputs} model inputs\n`,
        );
        for (const p of v.problems) io.out(`  ${p.file}:${p.line}: ${p.message}\n`);
        io.out(v.problems.length ? `${v.problems.length} problem${v.problems.length === 1 ? '' : 's'}\n` : 'valid\n');
      }
      if (v.problems.length) io.exitCode = 1;
    });

  addSelectionOptions(
    dataset
      .command('failures')
      .description('failure annotations over a selection of runs: per category, per run, and the notes'),
  )
    .option('--json', 'print JSON', false)
    .action((opts: SelectionOpts & { json: boolean }, command: Command) =>
      withApp(command, async (app) => {
        const s = app.annotations.summary(selectionOf(opts));
        if (opts.json) {
          io.out(`${JSON.stringify(s)}\n`);
          return;
        }
        io.out(`${s.runs} runs, ${s.steps} steps, ${s.annotatedSteps} annotated\n`);
        for (const c of FAILURE_CATEGORIES)
          if (s.byCategory[c]) io.out(`  ${FAILURE_CATEGORY_INFO[c].label.padEnd(22)} ${s.byCategory[c]}\n`);
        for (const a of s.annotations)
          io.out(
            `  ${a.runId}/${a.stepId}  ${a.category}${a.note ? `: ${a.note}` : ''}${a.author ? `  (${a.author})` : ''}\n`,
          );
      }),
    );
}

/** `moba dataset explore`: seeded walks through one app of a simulated phone and its sub-tasks. */
function registerExplore(dataset: Command, io: CliIo): void {
  dataset
    .command('explore')
    .description(
      "seeded random walks through one app of a simulated phone (reset before each walk): its page graph and MobileReach's page-reaching and page-operation sub-tasks with shortest flows, each replayed to check it",
    )
    .requiredOption('-d, --device <serial>', 'a simulated phone (it is reset: sim-reset)')
    .requiredOption('-a, --app <package>', 'the app to explore, e.g. com.android.settings')
    .option('--label <name>', 'the app name used in generated instructions (default: the package)')
    .option('--seed <n>', "the walks' seed", parsePositiveInt, 1)
    .option('--walks <n>', 'random walks', parsePositiveInt, 8)
    .option('--depth <n>', 'actions per walk', parsePositiveInt, 6)
    .option('--no-replay', "do not replay the sub-tasks' flows")
    .requiredOption('-o, --out <file>', 'JSON file for the graph and the sub-tasks')
    .action(
      (
        opts: {
          device: string;
          app: string;
          label?: string;
          seed: number;
          walks: number;
          depth: number;
          replay: boolean;
          out: string;
        },
        command: Command,
      ) =>
        withApp(command, async (app) => {
          const device = deviceExplorer({
            devices: app.devices,
            observer: app.observer,
            serial: opts.device,
            app: opts.app,
            settleTimeoutMs: app.settings.get().agent.settleTimeoutMs,
          });
          const graph = await explore({ device, app: opts.app, seed: opts.seed, walks: opts.walks, depth: opts.depth });
          io.out(
            `${graph.pages.length} pages, ${graph.edges.length} edges${graph.conflicts ? `, ${graph.conflicts} conflicting transitions` : ''}${graph.failed ? `, ${graph.failed} failed actions` : ''}\n`,
          );
          const tasks = subTasks(graph, opts.label ?? opts.app);
          const replays: Record<string, boolean> = {};
          if (opts.replay) {
            for (const t of tasks) {
              const r = await replayFlow(device, t);
              replays[t.id] = r.ok;
              io.out(`  ${r.ok ? 'ok  ' : 'FAIL'} ${t.type.padEnd(14)} ${t.flow.length} steps  ${t.instruction}\n`);
            }
          }
          await writeFile(
            resolve(opts.out),
            `${JSON.stringify({ graph, tasks: tasks.map((t) => ({ ...t, ...(opts.replay ? { replayed: replays[t.id] } : {}) })) }, null, 1)}\n`,
            { mode: PRIVATE_FILE_MODE },
          );
          io.out(
            `${tasks.length} sub-tasks${opts.replay ? `, ${Object.values(replays).filter(Boolean).length} replayed to their target` : ''}; written to ${resolve(opts.out)}\n`,
          );
          if (opts.replay && Object.values(replays).some((ok) => !ok)) io.exitCode = 1;
        }),
    );
}
