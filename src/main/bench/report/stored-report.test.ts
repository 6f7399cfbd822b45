/**
 * A benchmark's report is kept when it settles and read back instead of being worked out again —
 * only while it still stands for the episodes: any change to them (by any writer), another report
 * format or a benchmark with an episode left makes the reader compute it again.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { mulberry32 } from '@moba/base';
import { BenchSpec } from '../../../shared/bench/config.ts';
import type { EpisodeResult } from '../../../shared/bench/results.ts';
import { plainEpisodeResult } from '../../../../test/support/episode-result.ts';
import { openDatabase } from '../../store/database.ts';
import { BenchRepo } from '../bench-repo.ts';
import { planBenchmark } from '../plan.ts';
import { BenchTask } from '../../../shared/bench/task-schema.ts';
import { benchmarkReport, keepSettledReport } from './benchmark-report.ts';
import { computeReport } from './metrics.ts';
import type * as Metrics from './metrics.ts';
import { REPORT_FORMAT, hasCurrentReport, keepReport, reportKey, storedReport } from './stored-report.ts';

// Counted, so a test can tell whether a report was worked out at all.
vi.mock('./metrics.ts', async (original) => {
  const metrics = await original<typeof Metrics>();
  return { ...metrics, computeReport: vi.fn(metrics.computeReport) };
});

const ID = 'b20250101-000000-kept';
/** Nine tasks over three categories and apps, made here so the pinned report below stays put. */
const TASKS = Array.from({ length: 9 }, (_, i) => {
  const app = ['clock', 'contacts', 'settings'][i % 3]!;
  return BenchTask.parse({
    id: `${app}.task-${i}`,
    version: 1,
    category: ['easy', 'hard', 'cross-app'][i % 3],
    apps: i % 3 === 2 ? [app, 'clock'] : [app],
    goal: { en: `Task ${i}`, zh: `任务${i}` },
    milestones: [{ id: 'opened', check: { screen: { app } } }],
    solution: [{ action: 'Open_App', app }],
    human: { steps: 2 + i },
  });
});

function result(runId: string, random: () => number): EpisodeResult {
  const total = 1 + Math.floor(random() * 4);
  const reached = Math.floor(random() * (total + 1));
  const steps = 2 + Math.floor(random() * 12);
  return plainEpisodeResult(runId, {
    termination: reached === total ? 'finish' : 'budget',
    reason: '',
    reached,
    total,
    complete: reached === total,
    completeStrict: reached === total,
    stepsToLast: reached ? steps : null,
    executedActions: steps,
    steps,
    modelCalls: steps * 2,
    promptTokens: steps * 900,
    completionTokens: steps * 90,
    costUsd: steps * 0.004,
    callLatenciesMs: [400 + random() * 900],
    wallMs: steps * 3000,
  });
}

/** A benchmark of reference and MobA over the tasks × 2 seeds; every episode done but `leave`. */
function seeded(leave = 0): { repo: BenchRepo; close(): void } {
  const db = openDatabase({ path: ':memory:' });
  const repo = new BenchRepo(db);
  const spec = BenchSpec.parse({ configurations: [{ agent: 'reference' }, { agent: 'moba' }], seeds: 2 });
  const plan = planBenchmark(spec, TASKS);
  repo.create({ id: ID, name: 'kept', spec, ...plan, now: 1 });
  const random = mulberry32(11);
  for (const e of plan.episodes.slice(0, plan.episodes.length - leave)) {
    const attempt = repo.claim(ID, e.id, 2)!;
    repo.complete(ID, e.id, attempt, result(`run-${e.id}`, random), 3);
  }
  repo.setStatus(ID, leave ? 'interrupted' : 'done', null, 4);
  return { repo, close: () => db.close() };
}

const computed = (repo: BenchRepo, now: number) => computeReport([repo.snapshot(ID)!], { now });

describe('kept benchmark reports', () => {
  it('keeps a settled benchmark report that reads back as the report computed now', () => {
    const { repo, close } = seeded();
    keepSettledReport(repo, ID, 5, (line) => expect.fail(line));
    expect(repo.storedReport(ID)?.key).toBe(reportKey(repo.get(ID)!));
    const read = storedReport(repo, repo.get(ID)!);
    expect(read).toEqual(computed(repo, 5));
    // By-app rows are kept whatever the first reader printed.
    expect(Object.keys(read!.configurations[0]!.byApp).length).toBeGreaterThan(1);
    // Every reader gets it: the app's report, and a command that may not write.
    expect(benchmarkReport(repo, [ID], { keep: false, now: 99 }).generatedAt).toBe(5);
    // A second end (a sweep's coordinator after the runner) finds it current and computes nothing.
    expect(hasCurrentReport(repo, ID)).toBe(true);
    vi.mocked(computeReport).mockClear();
    keepSettledReport(repo, ID, 6, (line) => expect.fail(line));
    expect(computeReport).not.toHaveBeenCalled();
    expect(repo.storedReport(ID)?.computedAt).toBe(5);
    close();
  });

  it('keeps nothing while an episode is left, and computes the report on each read', () => {
    const { repo, close } = seeded(1);
    vi.mocked(computeReport).mockClear();
    keepSettledReport(repo, ID, 5, (line) => expect.fail(line));
    // Not worked out at the end either: it would be thrown away.
    expect(computeReport).not.toHaveBeenCalled();
    expect(repo.storedReport(ID)).toBeUndefined();
    expect(benchmarkReport(repo, [ID], { keep: true, now: 6 })).toEqual(computed(repo, 6));
    expect(repo.storedReport(ID)).toBeUndefined();
    close();
  });

  it('stops using a kept report once any episode changes, whoever changes it', () => {
    const { repo, close } = seeded();
    keepSettledReport(repo, ID, 5, () => undefined);
    const before = repo.get(ID)!.revision;
    // A writer that is not BenchRepo: the store's triggers still move the revision on.
    const db = (repo as unknown as { db: { prepare(sql: string): { run(...a: unknown[]): unknown } } }).db;
    const first = repo.episodes(ID)[0]!;
    db.prepare("UPDATE benchmark_episodes SET status = 'error', error = 'x' WHERE benchmark_id = ? AND id = ?").run(
      ID,
      first.id,
    );
    expect(repo.get(ID)!.revision).toBeGreaterThan(before);
    expect(storedReport(repo, repo.get(ID)!)).toBeNull();
    expect(hasCurrentReport(repo, ID)).toBe(false);
    const now = benchmarkReport(repo, [ID], { keep: true, now: 7 });
    expect(now).toEqual(computed(repo, 7));
    expect(now.configurations[0]!.errored.episodes).toBe(1);
    // Settled again (the error counts as settled): kept anew.
    expect(storedReport(repo, repo.get(ID)!)?.generatedAt).toBe(7);
    // Resuming it (the errored episode pending again) leaves the kept report behind.
    repo.retryErrors(ID);
    expect(storedReport(repo, repo.get(ID)!)).toBeNull();
    close();
  });

  it('computes again a report kept in another format', () => {
    const { repo, close } = seeded();
    const b = repo.get(ID)!;
    keepReport(repo, b, computed(repo, 5));
    repo.storeReport(ID, {
      ...repo.storedReport(ID)!,
      key: reportKey(b).replace(`format ${REPORT_FORMAT}`, 'format 0'),
    });
    expect(storedReport(repo, b)).toBeNull();
    close();
  });

  it('shows the benchmark name and status as they are now with a kept report', () => {
    const { repo, close } = seeded();
    keepSettledReport(repo, ID, 5, () => undefined);
    repo.setStatus(ID, 'stopped', 'Stopped by the person', 8);
    expect(storedReport(repo, repo.get(ID)!)?.benchmarks).toEqual([{ id: ID, name: 'kept', status: 'stopped' }]);
    close();
  });

  it('raises REPORT_FORMAT with any change to what a report computes from the same episodes', () => {
    // Kept reports of the old format would otherwise be shown in place of the new numbers.
    // When this fails: raise REPORT_FORMAT in stored-report.ts and record both below.
    const { repo, close } = seeded();
    const digest = createHash('sha256')
      .update(JSON.stringify(computed(repo, 0)))
      .digest('hex')
      .slice(0, 16);
    expect({ format: REPORT_FORMAT, digest }).toEqual({ format: 1, digest: '543673c4540c26a5' });
    close();
  });
});
