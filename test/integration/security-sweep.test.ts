/**
 * Security: a sweep's Redis is a wire, not a trust boundary. Anyone who can write to it (a
 * lab-shared service) writes the five jobs and results that broke the last probe, against the
 * real redis-server, a real `moba worker` on a simulated phone and a real coordinator:
 *  - a job whose `memorySeed` names a host file (the file came back in `failedReason`, a memory
 *    file's contents reached every prompt, a missing path answered "does not exist");
 *  - a job whose `benchmarkId` climbs out of the worker's data folder (it replaced a file there);
 *  - a task with a catastrophic regular expression (the worker's web host went silent ≥ 90 s, its
 *    announcement expired and the job froze the next worker too);
 *  - a result whose `artifactsUrl` points anywhere (the coordinator sent its MOBA_SWEEP_TOKEN
 *    there), and an artefact of 1 GB (the coordinator buffered whole bodies);
 *  - a result whose `run.id` is `../../…` (`moba dataset export` then wrote outside `--out`).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, Queue, QueueEvents } from 'bullmq';
import { startAdbServer, tempDir } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import { BenchRepo } from '../../src/main/bench/bench-repo.ts';
import { planBenchmark } from '../../src/main/bench/plan.ts';
import { builtinSuiteDir, loadTasks } from '../../src/main/bench/task-files.ts';
import { exportDataset } from '../../src/main/datasets/dataset-export.ts';
import { ArtifactStore } from '../../src/main/store/artifacts.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import { RunsRepo } from '../../src/main/store/runs-repo.ts';
import { SweepCoordinator } from '../../src/main/sweep/coordinator.ts';
import type { SweepCoordinatorOptions } from '../../src/main/sweep/coordinator.ts';
import { artifactRefs } from '../../src/main/sweep/artifacts.ts';
import { importRun } from '../../src/main/sweep/run-import.ts';
import { WORKER_KEY_PREFIX, memorySeedRef, queueName } from '../../src/main/sweep/jobs.ts';
import { bullConnection, parseRedisUrl } from '../../src/main/sweep/redis-url.ts';
import { BenchSpec } from '../../src/shared/bench/config.ts';
import { mobaCli } from '../support/moba-cli.ts';
import type { MobaCli } from '../support/moba-cli.ts';
import { startRedis } from '../support/redis-server.ts';
import type { PrivateRedis } from '../support/redis-server.ts';
import { scriptedModel } from '../support/scripted-model.ts';
import { writeSyntheticRun } from '../support/synthetic-run.ts';
import { plainEpisodeResult } from '../support/episode-result.ts';

/** The token every machine of the sweep was given, which opens a worker's whole web host. */
const SWEEP_TOKEN = 'b5f3c9e1a7d24f6e8c0b1a2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5';

let redis: PrivateRedis;
const dir = tempDir('moba-sec-sweep-');

interface Collector {
  url: string;
  authorizations: string[];
  close(): Promise<void>;
}

/** An HTTP server that records every Authorization header and answers each request with `bytes` bytes. */
async function collector(bytes = 16): Promise<Collector> {
  const authorizations: string[] = [];
  const chunk = Buffer.alloc(1024 * 1024, 0x42);
  const server: Server = createServer((req, res) => {
    authorizations.push(req.headers.authorization ?? '');
    res.writeHead(200, { 'content-type': 'image/png' });
    let left = bytes;
    const pump = () => {
      while (left > 0 && !res.destroyed) {
        const part = chunk.subarray(0, Math.min(left, chunk.length));
        left -= part.length;
        if (!res.write(part)) return void res.once('drain', pump);
      }
      res.end();
    };
    res.on('close', () => (left = 0));
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    authorizations,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis?.dispose();
  dir.dispose();
});

const builtin = (id: string): Record<string, unknown> => {
  const [found] = loadTasks([builtinSuiteDir()]).filter((t) => t.task.id === id);
  return JSON.parse(readFileSync(found!.file, 'utf8')) as Record<string, unknown>;
};

describe('security: what a Redis writer can make a worker do', () => {
  let adb: PrivateAdbServer;
  let worker: MobaCli;
  let queue: Queue;
  let events: QueueEvents;
  const workerDir = join(dir.path, 'lab', 'worker');

  beforeAll(async () => {
    adb = await startAdbServer();
    worker = mobaCli(
      [
        '--data-dir',
        workerDir,
        'worker',
        '--redis',
        redis.url,
        '--phones',
        '1',
        '--name',
        'w1',
        '--serve',
        '127.0.0.1:0',
        '--json',
      ],
      {
        ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adb.port}`,
        MOBA_ADB_AUTOSTART: '0',
        HOME: adb.home,
        MOBA_SWEEP_TOKEN: SWEEP_TOKEN,
      },
      { closeStdin: true },
    );
    await worker.waitFor((l) => l.ready === true, 180_000);
    const { Queue, QueueEvents } = await import('bullmq');
    const target = parseRedisUrl(redis.url);
    queue = new Queue(queueName('sim'), { connection: bullConnection(target) });
    events = new QueueEvents(queueName('sim'), { connection: bullConnection(target) });
    await events.waitUntilReady();
  }, 240_000);
  afterAll(async () => {
    await events?.close();
    await queue?.close();
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      worker.child.kill('SIGTERM');
      await Promise.race([worker.exit, new Promise((r) => setTimeout(r, 30_000))]);
    }
    await adb?.dispose();
  });

  /** A job as a Redis writer would write it, and how it ended. */
  async function submit(id: string, data: Record<string, unknown>): Promise<Job> {
    const job = await queue.add('episode', data, {
      jobId: id,
      attempts: 3,
      removeOnFail: false,
      removeOnComplete: false,
    });
    await job.waitUntilFinished(events, 300_000).catch(() => undefined);
    return (await queue.getJob(id))!;
  }
  const episode = (over: Record<string, unknown>) => ({
    format: 2,
    benchmarkId: 'b-probe',
    episodeId: 'c1/settings.wifi-off/s0/r0',
    profile: 'sim',
    task: builtin('settings.wifi-off'),
    seed: 7,
    config: { id: 'c1', agent: 'reference' },
    ...over,
  });
  const format1 = (over: Record<string, unknown>) => ({ ...episode(over), format: 1 });

  it('a memory seed naming a host file is refused without reading it: the same answer whether it exists, nothing reaches the model', {
    timeout: 300_000,
  }, async () => {
    const model = await scriptedModel({});
    try {
      const models = Object.fromEntries(
        ['planner', 'actor', 'reflector', 'appSelector'].map((r) => [r, { baseUrl: model.baseUrl, model: 'm' }]),
      );
      // A memory file on the worker's disk, as the probe found one.
      const secretMemory = join(dir.path, 'lab', 'important.json');
      writeFileSync(
        secretMemory,
        JSON.stringify({
          format: 'moba-memory',
          version: 1,
          memories: [{ kind: 'user', text: 'CANARY-7781 the door code' }],
        }),
      );
      const reasons: string[] = [];
      for (const [i, path] of ['/etc/passwd', secretMemory, '/nonexistent/seed.json'].entries()) {
        const config = { id: 'c1', agent: 'moba', memory: 'seeded', memorySeed: path, models };
        for (const data of [episode({ config }), format1({ config })]) {
          const job = await submit(`probe-seed-${i}-${data.format}`, data);
          expect(await job.getState()).toBe('failed');
          expect(job.attemptsMade).toBe(1);
          reasons.push(job.failedReason.replace(/\(this worker speaks sweep format \d+\)/, ''));
        }
      }
      for (const r of reasons) {
        expect(r).not.toMatch(/root:|CANARY|does not exist|ENOENT|no such file/i);
      }
      // The same answer for a file that exists and one that does not: no oracle.
      expect(reasons[0]).toBe(reasons[4]);
      expect(reasons[0]).toMatch(/config\.memorySeed: a job names no file/);
      expect(model.requests()).toHaveLength(0);
    } finally {
      await model.close();
    }
  });

  it('a seeded memory arrives as content under its hash: a reference to nothing, or to other bytes, is refused', {
    timeout: 300_000,
  }, async () => {
    const { Redis } = await import('ioredis');
    const r = new Redis(redis.port, '127.0.0.1');
    try {
      const seed = Buffer.from(JSON.stringify({ format: 'moba-memory', version: 1, memories: [] }));
      const { ref, key } = memorySeedRef(seed);
      await r.set(key, 'other bytes than the hash names');
      const config = (memorySeed: string) => ({ id: 'c1', agent: 'moba', memory: 'seeded', memorySeed, models: {} });
      const missing = await submit('probe-seed-missing', episode({ config: config(`sha256:${'0'.repeat(64)}`) }));
      expect(missing.failedReason).toMatch(/The memory seed sha256:0+ is not in Redis/);
      const forged = await submit('probe-seed-forged', episode({ config: config(ref) }));
      expect(forged.failedReason).toMatch(/does not match its hash/);
    } finally {
      r.disconnect();
    }
  });

  it('a benchmarkId or episodeId that climbs out of the data folder is refused and creates nothing', {
    timeout: 300_000,
  }, async () => {
    const target = join(dir.path, 'lab', 'memory');
    mkdirSync(target, { recursive: true });
    writeFileSync(join(target, 'important-a1.sqlite'), 'precious');
    const config = { id: 'c1', agent: 'moba', memory: 'cold', models: {} };
    for (const [i, over] of [
      { benchmarkId: '../..', episodeId: 'important/settings.wifi-off/s0/r0', config },
      { benchmarkId: '../../lab', config },
      { episodeId: '../../../lab/s0/r0', config },
    ].entries()) {
      for (const data of [episode(over), format1(over)]) {
        const job = await submit(`probe-path-${i}-${data.format}`, data);
        expect(await job.getState(), JSON.stringify(over)).toBe('failed');
        expect(job.failedReason).toMatch(/Not a sweep episode/);
      }
    }
    expect(readFileSync(join(target, 'important-a1.sqlite'), 'utf8')).toBe('precious');
    expect(readdirSync(target)).toEqual(['important-a1.sqlite']);
    // Nothing outside the worker's data folder was made (important.json is the memory-seed probe's, when it ran).
    expect(
      readdirSync(join(dir.path, 'lab'))
        .filter((name) => name !== 'important.json')
        .sort(),
    ).toEqual(['memory', 'worker']);
  });

  it('a catastrophic regular expression in a task: the worker answers as when idle, stays announced, and runs the job once', {
    timeout: 300_000,
  }, async () => {
    const announced = async () => {
      const { Redis } = await import('ioredis');
      const r = new Redis(redis.port, '127.0.0.1');
      try {
        return JSON.parse((await r.get(`${WORKER_KEY_PREFIX}w1`)) ?? 'null') as {
          heartbeatAt: number;
          artifacts?: { url: string; token: string };
        } | null;
      } finally {
        r.disconnect();
      }
    };
    // The worker's web host, as its log names it; a ping is any answer from it (here: no such artefact).
    const serving = (await worker.waitFor((l) => /^serving artefacts at /.test(String(l.log)))).log as string;
    const base = /^serving artefacts at (\S+)/.exec(serving)![1]!;
    const ping = async () => {
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/artifacts/${'0'.repeat(64)}`, {
          headers: { Authorization: `Bearer ${SWEEP_TOKEN}` },
        });
        await res.arrayBuffer();
        expect(res.status).toBe(404);
      } catch (error) {
        // A host that froze long enough may drop the connection: that ping took as long as it waited.
        if (!(error instanceof TypeError)) throw error;
      }
      return performance.now() - t0;
    };
    const idle = Math.max(await ping(), await ping(), await ping());
    const task = builtin('settings.wifi-off') as { milestones: unknown[]; solution: unknown[] };
    task.milestones.push({ id: 'said', check: { answer: { $regex: '^(a+)+$' } } });
    task.solution.push({ action: 'Finish', message: `${'a'.repeat(28)}!` });
    // The worker speaks one format; the job in the other is refused at once.
    let worst = 0;
    let staleness = 0;
    const ended: Job[] = [];
    for (const format of [2, 1]) {
      const data = { ...episode({ task, episodeId: `c1/settings.wifi-off/s0/r${format}` }), format };
      const job = await queue.add('episode', data, { jobId: `probe-regex-${format}`, attempts: 3 });
      for (
        let state = await job.getState();
        state !== 'completed' && state !== 'failed';
        state = await job.getState()
      ) {
        worst = Math.max(worst, await ping());
        const now = await announced();
        staleness = Math.max(staleness, now ? Date.now() - now.heartbeatAt : Number.POSITIVE_INFINITY);
        await new Promise((r) => setTimeout(r, 200));
      }
      ended.push((await queue.getJob(`probe-regex-${format}`))!);
    }
    const done = ended.filter((j) => j.finishedOn && !j.failedReason);
    expect(done, ended.map((j) => j.failedReason).join(' / ')).toHaveLength(1);
    expect(done[0]!.attemptsStarted).toBe(1);
    expect((done[0]!.returnvalue as { result: { reached: number; total: number } }).result).toMatchObject({
      reached: 1,
      total: 2,
    });
    expect(worst - idle, `a ping took ${Math.round(worst)} ms (idle ${Math.round(idle)} ms)`).toBeLessThan(1_000);
    expect(staleness).toBeLessThan(15_000);
    // Coordinators read artefacts at the announced address with the worker's own credential.
    const a = await announced();
    expect(a?.artifacts?.url).toBe(base);
    expect(a?.artifacts?.token).not.toBe(SWEEP_TOKEN);
    const res = await fetch(`${base}/artifacts/${'0'.repeat(64)}`, {
      headers: { Authorization: `Bearer ${a!.artifacts!.token}` },
    });
    expect(res.status).toBe(404);
    // …which opens nothing else of its web host.
    expect((await fetch(`${base}/`, { headers: { Authorization: `Bearer ${a!.artifacts!.token}` } })).status).toBe(401);
  });
});

describe('security: what a Redis writer can make a coordinator do', () => {
  it('a result names its own artefact address or a run id that climbs out: refused; the announced source gets its own credential only, and 1 GB is cut at the cap', {
    timeout: 300_000,
  }, async () => {
    const evil = await collector();
    const flood = await collector(1024 * 1024 * 1024);
    const coordDir = join(dir.path, 'coordinator');
    const db = openDatabase({ path: join(coordDir, 'moba.sqlite') });
    const { Queue, Worker } = await import('bullmq');
    const { Redis } = await import('ioredis');
    const target = parseRedisUrl(redis.url);
    const r = new Redis(redis.port, '127.0.0.1');
    // A real run's events (with its screenshots' hashes) for the crafted results to carry.
    const synthetic = join(dir.path, 'synthetic');
    const { runId } = await writeSyntheticRun({ dataDir: synthetic, steps: 2 });
    const sdb = openDatabase({ path: join(synthetic, 'moba.sqlite') });
    const runs = new RunsRepo(sdb);
    const realEvents = runs.events(runId).events;
    sdb.close();
    const spec = BenchSpec.parse({
      configurations: [{ id: 'ref', agent: 'reference' }],
      only: { ids: ['settings.wifi-off', 'settings.wifi-off-bluetooth-on', 'clock.timer-minutes'] },
      retries: 0,
    });
    const plan = planBenchmark(
      spec,
      loadTasks(['builtin']).map((t) => t.task),
    );
    new BenchRepo(db).create({ id: 'b-coord', name: 'probe', spec, ...plan, now: Date.now() });
    const byTask = new Map(plan.episodes.map((e) => [e.taskId, e.id]));
    // The announcement a Redis writer plants for its fake worker: the flood server and a credential of its own.
    const planted = 'planted-credential-0123456789abcdef0123456789';
    await r.set(
      `${WORKER_KEY_PREFIX}w-evil`,
      JSON.stringify({
        name: 'w-evil',
        machine: 'x',
        pid: 1,
        profile: 'probe',
        devices: [],
        free: 0,
        current: [],
        done: 0,
        startedAt: 0,
        heartbeatAt: Date.now(),
        artifacts: { url: flood.url, token: planted },
      }),
    );
    const result = (id: string, over: Record<string, unknown> = {}) => ({ ...plainEpisodeResult(id), ...over });
    const crafted = (taskId: string) => {
      const run = (id: string) => ({ id, task: 't', serial: 's', mode: 'auto', createdAt: 1, events: realEvents });
      if (taskId === 'settings.wifi-off')
        return {
          format: 1,
          worker: 'w-evil',
          machine: 'x',
          serial: 's',
          result: result('r-a'),
          run: run('r-a'),
          artifactsUrl: evil.url,
        };
      if (taskId === 'settings.wifi-off-bluetooth-on')
        return {
          format: 2,
          worker: 'w-evil',
          machine: 'x',
          serial: 's',
          result: result('r-flood'),
          run: run('r-flood'),
        };
      const up = '../../escaped';
      return { format: 2, worker: 'w-evil', machine: 'x', serial: 's', result: result(up), run: run(up) };
    };
    const fake = new Worker(
      queueName('probe'),
      async (job) => crafted((job.data as { task: { id: string } }).task.id),
      {
        connection: bullConnection(target),
      },
    );
    try {
      global.gc?.();
      const before = process.memoryUsage().rss;
      const coordinator = new SweepCoordinator(db, {
        redis: target,
        profile: 'probe',
        artifacts: new ArtifactStore(db, join(coordDir, 'artifacts')),
        rescanMs: 1_000,
        // What `moba bench run --distributed` was given on a lab machine.
        ...({ artifactToken: SWEEP_TOKEN } as Partial<SweepCoordinatorOptions>),
      });
      await coordinator.run('b-coord');
      const grown = process.memoryUsage().rss - before;
      const all = [...evil.authorizations, ...flood.authorizations].join('\n');
      expect(all).not.toContain(SWEEP_TOKEN);
      // The address a result named itself is never contacted; the announced one gets its own credential.
      expect(evil.authorizations).toEqual([]);
      expect(flood.authorizations.length).toBeGreaterThan(0);
      expect(new Set(flood.authorizations)).toEqual(new Set([`Bearer ${planted}`]));
      expect(grown, `the coordinator grew by ${Math.round(grown / 1e6)} MB`).toBeLessThan(256 * 1024 * 1024);
      const repo = new BenchRepo(db);
      const ep = (taskId: string) => repo.episodeRow('b-coord', byTask.get(taskId)!)!;
      expect(ep('settings.wifi-off')).toMatchObject({
        status: 'error',
        error: expect.stringMatching(/result was refused: Not a sweep result/),
      });
      expect(ep('clock.timer-minutes')).toMatchObject({ status: 'error', error: expect.stringMatching(/run\.id/) });
      // The flooded episode is recorded; its artefacts, which could not be had, are not.
      expect(ep('settings.wifi-off-bluetooth-on').status).toBe('done');
      const store = new ArtifactStore(db, join(coordDir, 'artifacts'));
      const refs = artifactRefs(realEvents);
      expect(refs.length).toBeGreaterThan(0);
      expect(refs.filter((ref) => store.has(ref.sha256))).toEqual([]);
      expect(new RunsRepo(db).get('../../escaped')).toBeUndefined();
      // And were such a run in a store (an older build imported one), a dataset export stays inside --out.
      importRun(new RunsRepo(db), {
        id: '../../../escaped',
        task: 't',
        serial: 's',
        mode: 'auto',
        createdAt: 1,
        events: realEvents,
      });
      const out = join(dir.path, 'export', 'a', 'b');
      await exportDataset({
        db,
        artifacts: store,
        outDir: out,
        selection: { runIds: ['../../../escaped'] },
        app: { name: 'MobA Studio', version: 'test' },
      });
      const walk = (d: string): string[] =>
        readdirSync(d, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)],
        );
      expect(walk(join(dir.path, 'export')).every((f) => !relative(out, f).startsWith('..'))).toBe(true);
      expect(existsSync(join(dir.path, 'escaped'))).toBe(false);
    } finally {
      await fake.close();
      const q = new Queue(queueName('probe'), { connection: bullConnection(target) });
      await q.obliterate({ force: true });
      await q.close();
      r.disconnect();
      db.close();
      await evil.close();
      await flood.close();
    }
  });
});

describe('security: what a coordinator puts in Redis for a seeded memory', () => {
  it('the seed file’s content under its hash, and jobs that name the hash, never the path', {
    timeout: 120_000,
  }, async () => {
    const coordDir = join(dir.path, 'coordinator-seed');
    mkdirSync(coordDir, { recursive: true });
    const seedFile = join(coordDir, 'seed.json');
    const content = JSON.stringify({ format: 'moba-memory', version: 1, memories: [] });
    writeFileSync(seedFile, content);
    const db = openDatabase({ path: join(coordDir, 'moba.sqlite') });
    const target = parseRedisUrl(redis.url);
    const { Queue } = await import('bullmq');
    const queue = new Queue(queueName('seeded'), { connection: bullConnection(target) });
    const { Redis } = await import('ioredis');
    const r = new Redis(redis.port, '127.0.0.1');
    try {
      const spec = BenchSpec.parse({
        configurations: [{ id: 'seeded', agent: 'moba', memory: 'seeded', memorySeed: seedFile }],
        only: { ids: ['settings.wifi-off'] },
      });
      const plan = planBenchmark(
        spec,
        loadTasks(['builtin']).map((t) => t.task),
      );
      new BenchRepo(db).create({ id: 'b-seeded', name: 'seeded', spec, ...plan, now: Date.now() });
      const stop = new AbortController();
      const until = (async () => {
        while (((await queue.getJobCounts('waiting')).waiting ?? 0) < plan.episodes.length)
          await new Promise((res) => setTimeout(res, 100));
        stop.abort();
      })();
      await new SweepCoordinator(db, { redis: target, profile: 'seeded' }).run('b-seeded', { signal: stop.signal });
      await until;
      const [job] = await queue.getJobs(['waiting']);
      const { ref, key } = memorySeedRef(Buffer.from(content));
      expect((job!.data as { config: { memorySeed: string } }).config.memorySeed).toBe(ref);
      expect(JSON.stringify(job!.data)).not.toContain(coordDir);
      expect(await r.get(key)).toBe(content);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      r.disconnect();
      db.close();
    }
  });
});
