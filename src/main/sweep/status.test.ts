import { describe, expect, it } from 'vitest';
import type { StoredEpisode } from '../bench/bench-repo.ts';
import { readWorkers, sweepProgress } from './status.ts';

const ep = (status: StoredEpisode['status'], startedAt: number | null, finishedAt: number | null) =>
  ({ status, startedAt, finishedAt }) as StoredEpisode;

describe('sweep status', () => {
  it('progress: counts, the rate since the first start, and the time left at that rate', () => {
    const t0 = 1_000_000;
    const repo = {
      episodes: () => [
        ep('done', t0, t0 + 30_000),
        ep('done', t0 + 1_000, t0 + 60_000),
        ep('error', t0 + 2_000, t0 + 60_000),
        ep('running', t0 + 60_000, null),
        ep('pending', null, null),
        ep('pending', null, null),
      ],
    };
    // 3 finished in 2 minutes = 1.5/min; 3 left → 2 minutes.
    expect(sweepProgress(repo, 'b', t0 + 120_000)).toEqual({
      total: 6,
      done: 2,
      error: 1,
      running: 1,
      pending: 2,
      episodesPerMin: 1.5,
      etaS: 120,
    });
    expect(sweepProgress({ episodes: () => [ep('pending', null, null)] }, 'b', t0)).toMatchObject({
      episodesPerMin: null,
      etaS: null,
    });
  });

  it('workers: announcements with heartbeat age and throughput; unreadable ones are skipped', async () => {
    const now = 10_000_000;
    const a = {
      name: 'w2',
      machine: 'lab-2',
      pid: 7,
      profile: 'sim',
      devices: ['127.0.0.1:5555'],
      free: 0,
      current: ['b/c1/t/s0/r0'],
      done: 6,
      startedAt: now - 180_000,
      heartbeatAt: now - 4_000,
    };
    const b = { ...a, name: 'w1', done: 0, current: [], free: 1, heartbeatAt: now };
    const store: Record<string, string> = {
      'moba-sweep:worker:w2': JSON.stringify(a),
      'moba-sweep:worker:w1': JSON.stringify(b),
      'moba-sweep:worker:bad': '{"name":1',
    };
    const pages = [
      ['5', ['moba-sweep:worker:w2']],
      ['0', ['moba-sweep:worker:w1', 'moba-sweep:worker:bad', 'moba-sweep:worker:gone']],
    ] as const;
    let call = 0;
    const redis = {
      scan: async () => pages[call++] as unknown as [string, string[]],
      mget: async (...keys: string[]) => keys.map((k) => store[k] ?? null),
    };
    const ws = await readWorkers(redis as never, now);
    expect(ws.map((w) => [w.name, w.heartbeatAgeS, w.episodesPerMin])).toEqual([
      ['w1', 0, 0],
      ['w2', 4, 2.05],
    ]);
  });
});
