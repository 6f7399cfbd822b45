import { mkdir, writeFile } from 'node:fs/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../private-files.ts';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { MobaError } from '../../../shared/errors.ts';
import { BenchRepo } from '../../bench/bench-repo.ts';
import { benchmarkRewards } from '../../datasets/rewards/benchmark-rewards.ts';
import { REWARD_LEVELS } from '../../datasets/rewards/reach-rewards.ts';
import type { CliIo } from '../io.ts';
import { withApp } from '../lazy-app.ts';
import { parsePositiveInt } from '../options.ts';

/** `moba dataset rewards`: ReachAgent's 4-level reward on a benchmark's episodes, and its preference pairs. */
export function registerDatasetRewards(dataset: Command, io: CliIo): void {
  dataset
    .command('rewards')
    .description(
      "ReachAgent's 4-level reward (golden, longer, incomplete, invalid) for every step of a benchmark's episodes, and preference pairs at shared states",
    )
    .requiredOption('--benchmark <id>', 'the benchmark whose episodes to label')
    .requiredOption('-o, --out <dir>', 'folder for rewards.jsonl and reward-pairs.jsonl')
    .option('--seed <n>', "seed for the pairs drawn from a page's action space", parsePositiveInt, 1)
    .option('--json', 'print the counts as JSON', false)
    .action((opts: { benchmark: string; out: string; seed: number; json: boolean }, command: Command) =>
      withApp(command, async (app) => {
        const repo = new BenchRepo(app.db);
        if (!repo.get(opts.benchmark))
          throw new MobaError(
            'NOT_FOUND',
            `No benchmark ${opts.benchmark} in ${app.paths.dataDir} (moba bench list shows them)`,
          );
        const r = benchmarkRewards(app.db, opts.benchmark, repo.episodes(opts.benchmark), opts.seed);
        const out = resolve(opts.out);
        await mkdir(out, { recursive: true, mode: PRIVATE_DIR_MODE });
        const jsonl = (rows: readonly object[]) =>
          rows.map((x) => JSON.stringify(x)).join('\n') + (rows.length ? '\n' : '');
        await writeFile(join(out, 'rewards.jsonl'), jsonl(r.steps), { mode: PRIVATE_FILE_MODE });
        await writeFile(join(out, 'reward-pairs.jsonl'), jsonl(r.pairs), { mode: PRIVATE_FILE_MODE });
        const summary = {
          benchmark: opts.benchmark,
          out,
          instances: r.instances,
          withoutGolden: r.withoutGolden,
          steps: r.steps.length,
          pairs: r.pairs.length,
          counts: r.counts,
        };
        if (opts.json) {
          io.out(`${JSON.stringify(summary)}\n`);
          return;
        }
        io.out(
          `${r.instances} task instances (${r.withoutGolden} without a completing episode), ${r.steps.length} steps labelled, ${r.pairs.length} preference pairs\n`,
        );
        for (const level of REWARD_LEVELS) io.out(`  ${level.padEnd(11)} ${r.counts[level]}\n`);
        io.out(`written to ${join(out, 'rewards.jsonl')} and ${join(out, 'reward-pairs.jsonl')}\n`);
      }),
    );
}
