/**
 * Sweeps and their Redis, without phones: a worker pointed at a wrong Redis URL or password
 * fails at once with a message naming the URL (password masked) and the cause; the job data a
 * coordinator puts in Redis carries the task, seed and configuration and nothing secret; and
 * submitting the same sweep twice adds no job.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenchRepo } from '../../src/main/bench/bench-repo.ts';
import { planBenchmark } from '../../src/main/bench/plan.ts';
import { loadTasks } from '../../src/main/bench/task-files.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import { SweepCoordinator } from '../../src/main/sweep/coordinator.ts';
import { jobId, queueName } from '../../src/main/sweep/jobs.ts';
import { bullConnection, parseRedisUrl, probeRedis } from '../../src/main/sweep/redis-url.ts';
import { BenchSpec } from '../../src/shared/bench/config.ts';
import { freePort, tempDir } from '@moba/testkit/rigs';
import { mobaCli } from '../support/moba-cli.ts';
import { startRedis } from '../support/redis-server.ts';
import type { PrivateRedis } from '../support/redis-server.ts';

const PASSWORD = 'lab-pass-7f3a';
let redis: PrivateRedis;
const dir = tempDir('moba-sweep-redis-');
beforeAll(async () => {
  redis = await startRedis({ password: PASSWORD });
});
afterAll(async () => {
  await redis?.dispose();
  dir.dispose();
});

async function workerFails(url: string): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const cli = mobaCli(
    ['--data-dir', join(dir.path, 'worker'), 'worker', '--redis', url, '--phones', '1'],
    { MOBA_HOME: dir.path },
    { closeStdin: true },
  );
  const code = await cli.exit;
  return { code, stderr: cli.stderr, ms: Date.now() - started };
}

describe('moba worker and a wrong Redis', () => {
  it('an unreachable URL fails at once, naming the URL and the cause', async () => {
    const port = await freePort();
    const r = await workerFails(`redis://:${PASSWORD}@127.0.0.1:${port}`);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`Cannot reach Redis at redis://:***@127.0.0.1:${port}`);
    expect(r.stderr).toContain('ECONNREFUSED');
    expect(r.stderr).not.toContain(PASSWORD);
    expect(r.ms).toBeLessThan(15_000);
  });

  it('a wrong password, or none, is refused at once with the cause', async () => {
    const wrong = await workerFails(`redis://:not-it@127.0.0.1:${redis.port}`);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toContain(`Redis at redis://:***@127.0.0.1:${redis.port} refused the credentials`);
    expect(wrong.stderr).toMatch(/WRONGPASS|invalid username-password/);
    expect(wrong.stderr).not.toContain('not-it');
    const none = await workerFails(`redis://127.0.0.1:${redis.port}`);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toMatch(/refused the credentials: NOAUTH/);
  });

  it('a URL that is not a Redis URL is named', async () => {
    const r = await workerFails('http://127.0.0.1:6379');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('the scheme must be redis:// or rediss://');
  });
});

describe('rediss:// is TLS', () => {
  it('connects over TLS trusting the lab CA, and names a plain URL or an untrusted certificate', async () => {
    const tls = await startRedis({ password: PASSWORD, tls: true });
    try {
      await expect(probeRedis(parseRedisUrl(tls.url, { MOBA_REDIS_CA: tls.tlsCa! }))).resolves.toBeUndefined();
      await expect(probeRedis(parseRedisUrl(tls.url, {}))).rejects.toMatchObject({
        code: 'DISCONNECTED',
        message: expect.stringMatching(
          /TLS handshake with Redis at rediss:\/\/:\*\*\*@127\.0\.0\.1:\d+ failed: .*self.signed/,
        ) as unknown,
      });
      await expect(probeRedis(parseRedisUrl(tls.url.replace('rediss:', 'redis:'), {}), 3_000)).rejects.toMatchObject({
        code: 'DISCONNECTED',
      });
      // A worker given redis:// for a TLS port fails at once too, without showing the password.
      const plain = await workerFails(tls.url.replace('rediss:', 'redis:'));
      expect(plain.code).not.toBe(0);
      expect(plain.stderr).not.toContain(PASSWORD);
    } finally {
      await tls.dispose();
    }
  });
});

describe('what a sweep puts in Redis', () => {
  it('job data: the task, seed and configuration — nothing secret; ids without ":"; resubmitting adds nothing', async () => {
    const db = openDatabase({ path: join(dir.path, 'coord', 'moba.sqlite') });
    const tasks = loadTasks(['builtin'])
      .map((t) => t.task)
      .slice(0, 2);
    const spec = BenchSpec.parse({
      configurations: [
        { agent: 'moba', models: { planner: { baseUrl: 'http://10.0.0.7:8000/v1', model: 'qwen2.5-vl' } } },
      ],
      seeds: 1,
    });
    const plan = planBenchmark(spec, tasks);
    const repo = new BenchRepo(db);
    repo.create({
      id: 'b-jobdata',
      name: 'check',
      spec,
      configurations: plan.configurations,
      tasks: plan.tasks,
      episodes: plan.episodes,
      now: Date.now(),
    });
    const target = parseRedisUrl(redis.url);
    const { Queue } = await import('bullmq');
    const queue = new Queue(queueName('sim'), { connection: bullConnection(target) });
    try {
      for (let round = 0; round < 2; round++) {
        // No worker serves the queue: stop following once the jobs are in.
        const stop = new AbortController();
        const coordinator = new SweepCoordinator(db, { redis: target, profile: 'sim' });
        const until = (async () => {
          while (((await queue.getJobCounts('waiting')).waiting ?? 0) < plan.episodes.length)
            await new Promise((r) => setTimeout(r, 100));
          stop.abort();
        })();
        const summary = await coordinator.run('b-jobdata', { signal: stop.signal });
        await until;
        expect(summary.status).toBe('interrupted');
      }
      const jobs = (await queue.getJobs(['waiting'])).filter((j) => j !== undefined);
      expect(jobs.length).toBe(plan.episodes.length);
      for (const j of jobs) {
        expect(j.id).not.toContain(':');
        expect(j.id).toBeDefined();
        expect(plan.episodes.map((e) => jobId('b-jobdata', e.id))).toContain(j.id);
        const text = JSON.stringify(j.data);
        expect(text).not.toMatch(/api.?key|password|secret|authorization|bearer|\bsk-/i);
        expect(text).not.toContain(PASSWORD);
        expect(Object.keys(j.data as object).sort()).toEqual([
          'benchmarkId',
          'config',
          'episodeId',
          'format',
          'profile',
          'seed',
          'task',
        ]);
        expect((j.data as { config: { models: unknown } }).config.models).toEqual({
          planner: { baseUrl: 'http://10.0.0.7:8000/v1', model: 'qwen2.5-vl' },
        });
      }
      // Nothing the coordinator wrote about itself is in the keyspace beyond BullMQ's keys.
      const { Redis } = await import('ioredis');
      const r = new Redis({ port: redis.port, password: PASSWORD });
      const keys = await r.keys('*');
      r.disconnect();
      expect(keys.every((k) => k.startsWith('bull:moba-sweep-sim:'))).toBe(true);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      db.close();
    }
  });

  it('a configuration that would send credentials through Redis is refused before anything is submitted', async () => {
    const db = openDatabase({ path: join(dir.path, 'coord2', 'moba.sqlite') });
    const tasks = loadTasks(['builtin'])
      .map((t) => t.task)
      .slice(0, 1);
    const spec = BenchSpec.parse({
      configurations: [{ agent: 'moba', models: { planner: { baseUrl: 'http://me:sk-live-123@10.0.0.7:8000/v1' } } }],
      seeds: 1,
    });
    const plan = planBenchmark(spec, tasks);
    new BenchRepo(db).create({
      id: 'b-creds',
      name: 'creds',
      spec,
      configurations: plan.configurations,
      tasks: plan.tasks,
      episodes: plan.episodes,
      now: Date.now(),
    });
    const coordinator = new SweepCoordinator(db, { redis: parseRedisUrl(redis.url), profile: 'creds' });
    await expect(coordinator.run('b-creds')).rejects.toThrow(/baseUrl is a URL with a password/);
    const { Queue } = await import('bullmq');
    const queue = new Queue(queueName('creds'), { connection: bullConnection(parseRedisUrl(redis.url)) });
    expect(await queue.count()).toBe(0);
    await queue.close();
    db.close();
  });
});
