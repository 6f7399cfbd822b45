import { describe, expect, it } from 'vitest';
import { BenchSpec } from '../../shared/bench/config.ts';
import type { EpisodeResult } from '../../shared/bench/results.ts';
import { openDatabase } from '../store/database.ts';
import { BenchRepo } from './bench-repo.ts';

const spec = BenchSpec.parse({ configurations: [{ agent: 'noop' }] });
const ep = (id: string, ordinal: number) => ({
  id,
  ordinal,
  configId: 'no-op',
  taskId: 't',
  taskVersion: 1,
  category: 'easy' as const,
  apps: ['clock'],
  seedIndex: ordinal,
  repetition: 0,
  seed: ordinal,
});
const result = { runId: 'run-1', costUsd: 0.5, reached: 3, total: 4, complete: false } as EpisodeResult;

describe('benchmarks in the store', () => {
  it('claims, completes, retries and recovers episodes so each ends done once', () => {
    const db = openDatabase({ path: ':memory:' });
    const repo = new BenchRepo(db);
    repo.create({
      id: 'b',
      name: 'n',
      spec,
      configurations: [{ ...spec.configurations[0]!, id: 'no-op' }],
      tasks: [],
      episodes: [ep('e1', 0), ep('e2', 1), ep('e3', 2)],
      now: 1,
    });
    expect(repo.claim('b', 'e1', 2)).toBe(1);
    expect(repo.claim('b', 'e1', 2)).toBeNull();
    repo.attachRun('b', 'e1', 1, 'run-1');
    repo.complete('b', 'e1', 1, result, 3);
    expect(repo.claim('b', 'e2', 4)).toBe(1);
    repo.fail('b', 'e2', 1, 'adb went away', false, 5);
    expect(repo.episodeRow('b', 'e2')).toMatchObject({ status: 'pending', error: 'adb went away', attempts: 1 });
    expect(repo.claim('b', 'e2', 6)).toBe(2);
    repo.attachRun('b', 'e2', 2, 'run-2');
    expect(repo.claim('b', 'e3', 6)).toBe(1);
    repo.fail('b', 'e3', 1, 'still broken', true, 7);
    // The process dies here; the next one recovers what it left running.
    expect(repo.recoverInterrupted('b', 8)).toEqual(['run-2']);
    expect(repo.episodes('b').map((e) => [e.id, e.status, e.attempts])).toEqual([
      ['e1', 'done', 1],
      ['e2', 'pending', 2],
      ['e3', 'error', 1],
    ]);
    expect(repo.attempts('b').map((a) => [a.episodeId, a.attempt, a.outcome])).toEqual([
      ['e1', 1, 'done'],
      ['e2', 1, 'infra_error'],
      ['e2', 2, 'interrupted'],
      ['e3', 1, 'infra_error'],
    ]);
    expect(repo.summary('b')).toMatchObject({
      counts: { total: 3, done: 1, pending: 1, error: 1, running: 0 },
      costUsd: 0.5,
      // The list's scores: milestones reached of all, episodes complete, over the finished ones.
      scores: [{ configId: 'no-op', episodes: 1, msPercent: 75, completeRate: 0 }],
    });
    expect(repo.retryErrors('b')).toBe(1);
    // A completed episode is never completed twice.
    repo.complete('b', 'e1', 1, { ...result, runId: 'other' }, 9);
    expect(repo.episodeRow('b', 'e1')?.runId).toBe('run-1');
    expect(repo.delete('b')).toBe(true);
    expect(repo.attempts('b')).toEqual([]);
    db.close();
  });

  it("sums a list's scores and cost per configuration from the stored results", () => {
    const db = openDatabase({ path: ':memory:' });
    const repo = new BenchRepo(db);
    const two = BenchSpec.parse({ configurations: [{ agent: 'noop' }, { agent: 'reference' }] });
    repo.create({
      id: 'b',
      name: 'n',
      spec: two,
      configurations: [
        { ...two.configurations[0]!, id: 'no-op' },
        { ...two.configurations[1]!, id: 'ref' },
      ],
      tasks: [],
      episodes: [ep('e1', 0), ep('e2', 1), { ...ep('e3', 2), configId: 'ref' }, { ...ep('e4', 3), configId: 'ref' }],
      now: 1,
    });
    const done = (e: string, r: Partial<EpisodeResult>) =>
      repo.complete('b', e, repo.claim('b', e, 2)!, r as EpisodeResult, 3);
    done('e1', { runId: 'r1', reached: 1, total: 4, complete: false, costUsd: 0.25 });
    done('e2', { runId: 'r2', reached: 2, total: 2, complete: true });
    done('e3', { runId: 'r3', reached: 3, total: 3, complete: true, costUsd: 1.5 });
    expect(repo.summary('b')).toMatchObject({
      costUsd: 1.75,
      scores: [
        { configId: 'no-op', episodes: 2, msPercent: 50, completeRate: 50 },
        { configId: 'ref', episodes: 1, msPercent: 100, completeRate: 100 },
      ],
    });
    expect(repo.cost('b')).toBe(1.75);
    db.close();
  });
});
