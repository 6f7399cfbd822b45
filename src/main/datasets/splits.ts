/**
 * Train / validation / test by task, never by step: every step, pair and record of one task
 * lands in the same split, so a model is never tested on a task it was trained on. A task's
 * split depends only on its key and the seed (a hash mapped to [0, 1) and cut at the
 * fractions), so adding runs of other tasks to a later export never moves a task to another
 * split. With few tasks the proportions are only approximate.
 */
import { createHash } from 'node:crypto';
import type { Split } from '../../shared/datasets/dataset-schema.ts';

export { SplitOptions } from '../../shared/contract/datasets.ts';
import type { SplitOptions } from '../../shared/contract/datasets.ts';

export const DEFAULT_SPLIT: SplitOptions = { train: 0.8, validation: 0.1, test: 0.1, seed: 'moba' };

/** What a run's steps are grouped by: its benchmark task, else its task text (case, spacing and final punctuation aside). */
export function taskKeyOf(run: { task: string; benchmark: { taskId: string } | null }): string {
  if (run.benchmark) return `bench:${run.benchmark.taskId}`;
  return run.task
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[.!?。！？]+$/u, '');
}

/** The split of a task key. */
export function splitOf(key: string, options: SplitOptions = DEFAULT_SPLIT): Split {
  const h = createHash('sha256').update(`${options.seed}\n${key}`).digest();
  const u = h.readUInt32BE(0) / 2 ** 32;
  if (u < options.train) return 'train';
  if (u < options.train + options.validation) return 'validation';
  return 'test';
}
