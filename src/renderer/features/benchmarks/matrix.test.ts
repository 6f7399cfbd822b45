import { describe, expect, it } from 'vitest';
import type { BenchReport, EpisodeLink } from '../../../shared/bench/report.ts';
import { buildMatrix, cellScore, viewMatrix } from './matrix.ts';

const ep = (key: string, taskId: string, category: string, over: Partial<EpisodeLink>): EpisodeLink => ({
  key,
  episodeId: `${key}/${taskId}/${Math.random()}`,
  taskId,
  category,
  status: 'done',
  runId: `run-${key}-${taskId}`,
  reached: 0,
  total: 2,
  complete: false,
  steps: 3,
  costUsd: 0,
  termination: 'finish',
  focusStep: 1,
  questions: 0,
  unnecessaryQuestions: 0,
  ...over,
});

const report = {
  episodes: [
    ep('moba', 'clock-alarm', 'easy', { reached: 2, complete: true }),
    ep('moba', 'clock-alarm', 'easy', { reached: 1, questions: 2, unnecessaryQuestions: 1 }),
    ep('noplan', 'clock-alarm', 'easy', { reached: 2, complete: true }),
    ep('moba', 'shop-order', 'hard', { reached: 0 }),
    ep('noplan', 'shop-order', 'hard', { status: 'pending', runId: null, reached: null, total: null, complete: null }),
    ep('moba', 'weather-sunset', 'indirect', { status: 'error', reached: null, total: null, complete: null }),
  ],
} as unknown as BenchReport;

describe('the task × configuration matrix', () => {
  const rows = buildMatrix(report);

  it('sums each task and configuration over its episodes, and opens a missed episode first', () => {
    const alarm = rows.find((r) => r.taskId === 'clock-alarm')!;
    expect(alarm.cells.moba).toMatchObject({
      episodes: 2,
      passed: 1,
      reached: 3,
      total: 4,
      open: 0,
      questions: 2,
      unnecessaryQuestions: 1,
    });
    expect(cellScore(alarm.cells.moba)).toBe(0.75);
    expect(alarm.cells.moba!.episode?.complete).toBe(false);
    expect(rows.find((r) => r.taskId === 'shop-order')!.cells.noplan).toMatchObject({ open: 1, total: 0 });
    expect(cellScore(rows.find((r) => r.taskId === 'shop-order')!.cells.noplan)).toBeNull();
    expect(rows.find((r) => r.taskId === 'weather-sunset')!.cells.moba).toMatchObject({ errors: 1 });
  });

  it('sorts by task, category or a configuration (best first, unscored last) and filters by category', () => {
    expect(viewMatrix(rows, '', { by: 'task' }).map((r) => r.taskId)).toEqual([
      'clock-alarm',
      'shop-order',
      'weather-sunset',
    ]);
    expect(viewMatrix(rows, '', { by: 'category' }).map((r) => r.category)).toEqual(['easy', 'hard', 'indirect']);
    expect(viewMatrix(rows, '', { by: 'config', key: 'noplan' }).map((r) => r.taskId)).toEqual([
      'clock-alarm',
      'shop-order',
      'weather-sunset',
    ]);
    expect(viewMatrix(rows, '', { by: 'config', key: 'moba' }).map((r) => r.taskId)).toEqual([
      'clock-alarm',
      'shop-order',
      'weather-sunset',
    ]);
    expect(viewMatrix(rows, 'hard', { by: 'task' }).map((r) => r.taskId)).toEqual(['shop-order']);
  });
});
