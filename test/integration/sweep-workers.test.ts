/**
 * A sweep across machines, end to end: Redis (with a password) on a free loopback port, three
 * `moba worker` processes with one simulated phone each (each its own data folder, as on its
 * own machine), and `moba bench run --distributed` over 12 episodes of the reference agent.
 * One worker is killed with SIGKILL in the middle of an episode, and the coordinator is killed
 * once and resumed. Then: every episode is recorded exactly once in the coordinator's SQLite,
 * with its run; the killed worker's episode was run again on another worker from a reset phone
 * (its interrupted attempt kept); every screenshot and dump the runs refer to reached the
 * coordinator over the workers' web hosts; and the report equals the same sweep run on one
 * machine.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BenchRepo } from '../../src/main/bench/bench-repo.ts';
import { computeReport } from '../../src/main/bench/report/metrics.ts';
import { openDatabase } from '../../src/main/store/database.ts';
import { RunsRepo } from '../../src/main/store/runs-repo.ts';
import { ArtifactStore } from '../../src/main/store/artifacts.ts';
import { artifactRefs } from '../../src/main/sweep/artifacts.ts';
import { queueName } from '../../src/main/sweep/jobs.ts';
import { bullConnection, parseRedisUrl } from '../../src/main/sweep/redis-url.ts';
import type { BenchReport } from '../../src/shared/bench/report.ts';
import { descendants, isRunning, startAdbServer, tempDir } from '@moba/testkit/rigs';
import type { PrivateAdbServer } from '@moba/testkit/rigs';
import { mobaCli } from '../support/moba-cli.ts';
import type { MobaCli } from '../support/moba-cli.ts';
import { startRedis } from '../support/redis-server.ts';
import type { PrivateRedis } from '../support/redis-server.ts';

const TASKS = [
  'calendar.event-on-day',
  'clock.timer-minutes',
  'shop.search-add-to-cart',
  'contacts.favourite',
  'notes.pin-note',
  'settings.wifi-off',
];
const SEEDS = 2;
const EPISODES = TASKS.length * SEEDS;

let redis: PrivateRedis;
let adb: PrivateAdbServer;
const dir = tempDir('moba-sweep-it-');
const started: MobaCli[] = [];
let env: NodeJS.ProcessEnv;

function start(args: string[]): MobaCli {
  const cli = mobaCli(args, env, { closeStdin: true });
  started.push(cli);
  return cli;
}

/** SIGKILL a moba process and what it started (its Chromium), as a crash would leave nothing to clean up. */
function killHard(cli: MobaCli): void {
  const pid = cli.child.pid!;
  const kids = descendants(pid);
  process.kill(pid, 'SIGKILL');
  for (const k of kids) if (isRunning(k)) process.kill(k, 'SIGKILL');
}

beforeAll(async () => {
  redis = await startRedis({ password: 'sweep-lab' });
  adb = await startAdbServer();
  env = {
    ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adb.port}`,
    MOBA_ADB_AUTOSTART: '0',
    HOME: adb.home,
    MOBA_HOME: dir.path,
    MOBA_SWEEP_LOCK_MS: '4000',
    MOBA_SWEEP_TOKEN: 'sweep-token-1',
  };
});

afterAll(async () => {
  for (const c of started) {
    if (c.child.exitCode === null && c.child.signalCode === null) {
      c.child.kill('SIGTERM');
      c.child.kill('SIGTERM');
      await Promise.race([c.exit, new Promise((r) => setTimeout(r, 20_000))]);
      if (c.child.exitCode === null && c.child.signalCode === null) killHard(c);
    }
  }
  await adb?.dispose();
  await redis?.dispose();
  dir.dispose();
});

/** The report's figures (not its ids, clocks or latencies). */
function figures(r: BenchReport) {
  return {
    configurations: r.configurations.map((c) => ({
      label: c.label,
      overall: c.overall,
      byCategory: c.byCategory,
      byApp: c.byApp,
      perTask: c.perTask,
      terminations: c.terminations,
      interventions: c.interventions,
    })),
    episodes: r.episodes.map((e) => ({
      episodeId: e.episodeId,
      status: e.status,
      reached: e.reached,
      total: e.total,
      complete: e.complete,
      steps: e.steps,
      termination: e.termination,
      focusStep: e.focusStep,
    })),
  };
}

describe('a sweep on three workers', () => {
  it('survives a worker killed mid-episode and a coordinator restart: every episode once, the same report as on one machine', {
    timeout: 900_000,
  }, async () => {
    const workers = [1, 2, 3].map((n) =>
      start([
        '--data-dir',
        join(dir.path, `worker-${n}`),
        'worker',
        '--redis',
        redis.url,
        '--phones',
        '1',
        '--name',
        `w${n}`,
        '--serve',
        '127.0.0.1:0',
        '--json',
      ]),
    );
    await Promise.all(workers.map((w) => w.waitFor((l) => l.ready === true, 180_000)));
    // The workers panel's data: every worker, its machine and device, a fresh heartbeat.
    const list = start(['--data-dir', join(dir.path, 'viewer'), 'workers', '--redis', redis.url, '--json']);
    const seen = (await list.waitFor((l) => Array.isArray(l.workers))).workers as Array<{
      name: string;
      machine: string;
      devices: string[];
      free: number;
      heartbeatAgeS: number;
      current: string[];
    }>;
    expect(seen.map((w) => w.name)).toEqual(['w1', 'w2', 'w3']);
    for (const w of seen) expect(w).toMatchObject({ devices: [expect.any(String)], free: 1, current: [] });
    expect(Math.max(...seen.map((w) => w.heartbeatAgeS))).toBeLessThanOrEqual(10);

    const coordDir = join(dir.path, 'coordinator');
    const sweepArgs = ['--agent', 'reference', '--ids', TASKS.join(','), '--seeds', String(SEEDS)];
    const first = start([
      '--data-dir',
      coordDir,
      'bench',
      'run',
      '--distributed',
      '--redis',
      redis.url,
      ...sweepArgs,
      '--json',
    ]);
    const id = (await first.waitFor((l) => typeof l.benchmark === 'string' && !('status' in l))).benchmark as string;

    // Worker 1 is killed in the middle of an episode (after it started one, before it finished it).
    const victim = workers[0]!;
    const startedLine = await victim.waitFor(
      (l) => typeof l.log === 'string' && / attempt \d+ on /.test(l.log),
      300_000,
    );
    const killedEpisode = /^(\S+): attempt/.exec(startedLine.log as string)![1]!;
    await new Promise((r) => setTimeout(r, 500));
    expect(
      victim.lines.some(
        (l) => typeof l.log === 'string' && l.log.startsWith(`${killedEpisode}:`) && l.log.includes('milestones'),
      ),
    ).toBe(false);
    killHard(victim);
    const victimDone = () =>
      victim.lines.filter((l) => typeof l.log === 'string' && / milestones in /.test(l.log)).length;

    // The coordinator is killed once some episodes are in, then resumed.
    await first.waitFor((l) => l.episode !== undefined && l.status === 'done', 300_000);
    await first.waitFor(() => first.lines.filter((l) => l.episode !== undefined).length >= 3, 300_000);
    killHard(first);
    await first.exit;
    const resumed = start([
      '--data-dir',
      coordDir,
      'bench',
      'resume',
      id,
      '--distributed',
      '--redis',
      redis.url,
      '--json',
    ]);
    const end = await resumed.waitFor((l) => l.benchmark === id && 'status' in l, 600_000);
    expect(await resumed.exit).toBe(0);
    // Recorded results leave Redis (their event logs would fill its memory); nothing is left waiting.
    const { Queue } = await import('bullmq');
    const queue = new Queue(queueName('sim'), { connection: bullConnection(parseRedisUrl(redis.url)) });
    const left = await queue.getJobCounts('completed', 'waiting', 'active', 'delayed', 'failed');
    await queue.close();
    expect(left).toEqual({ completed: 0, waiting: 0, active: 0, delayed: 0, failed: 0 });
    const status = start([
      '--data-dir',
      join(dir.path, 'coordinator'),
      'workers',
      '--redis',
      redis.url,
      '--benchmark',
      id,
      '--json',
    ]);
    const shown = await status.waitFor((l) => l.progress !== undefined);
    expect(shown.progress).toMatchObject({ total: EPISODES, done: EPISODES, pending: 0, running: 0, etaS: 0 });
    // The killed worker's announcement expired or is stale; the live ones report what they did.
    const live = (shown.workers as Array<{ name: string; done: number }>).filter((w) => w.name !== 'w1');
    expect(live.reduce((n, w) => n + w.done, 0)).toBeGreaterThanOrEqual(EPISODES - victimDone());
    expect(end.status).toBe('done');
    expect(end.counts).toMatchObject({ total: EPISODES, done: EPISODES, error: 0, pending: 0, running: 0 });

    // The coordinator's store: every episode done exactly once, with its run imported.
    const db = openDatabase({ path: join(coordDir, 'moba.sqlite') });
    try {
      const repo = new BenchRepo(db);
      const runs = new RunsRepo(db);
      const artifacts = new ArtifactStore(db, join(coordDir, 'artifacts'));
      const episodes = repo.episodes(id);
      expect(episodes).toHaveLength(EPISODES);
      const attempts = repo.attempts(id);
      for (const e of episodes) {
        expect(e.status, e.id).toBe('done');
        expect(e.result?.complete, e.id).toBe(true);
        expect(e.result?.satisfiedAtStart, e.id).toEqual([]);
        expect(
          attempts.filter((a) => a.episodeId === e.id && a.outcome === 'done'),
          e.id,
        ).toHaveLength(1);
        const run = runs.get(e.runId!);
        expect(run?.status, e.id).toBe('succeeded');
        const events = runs.events(e.runId!).events;
        expect(events.some((ev) => ev.type === 'run_finished')).toBe(true);
        // The screenshots and dumps came over the workers' web hosts, not through Redis.
        const refs = artifactRefs(events);
        expect(refs.length, e.id).toBeGreaterThan(0);
        for (const ref of refs) expect(artifacts.read(ref.sha256).byteLength, `${e.id} ${ref.sha256}`).toBe(ref.bytes);
      }
      // The killed worker's episode: its attempt kept as interrupted, then done on another worker, from a reset phone.
      const mine = attempts.filter((a) => a.episodeId === killedEpisode);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine[0]!.outcome).toBe('interrupted');
      expect(mine.at(-1)!.outcome).toBe('done');
      const rerunOn = workers
        .slice(1)
        .filter((w) =>
          w.lines.some(
            (l) => typeof l.log === 'string' && l.log.startsWith(`${killedEpisode}: `) && l.log.includes('milestones'),
          ),
        );
      expect(rerunOn).toHaveLength(1);
      expect(repo.episodeRow(id, killedEpisode)!.result!.seedRetries).toBe(0);

      // The same sweep on one machine, through the local runner.
      const local = start(['--data-dir', coordDir, 'bench', 'run', ...sweepArgs, '--phones', '2', '--json']);
      const localEnd = await local.waitFor((l) => typeof l.benchmark === 'string' && 'status' in l, 600_000);
      expect(localEnd.status).toBe('done');
      const localId = localEnd.benchmark as string;
      const sweepReport = computeReport([{ benchmark: repo.get(id)!, episodes: repo.episodes(id) }]);
      const localReport = computeReport([{ benchmark: repo.get(localId)!, episodes: repo.episodes(localId) }]);
      expect(sweepReport.configurations[0]!.overall.msPercent.value).toBe(100);
      expect(figures(sweepReport)).toEqual(figures(localReport));
    } finally {
      db.close();
    }

    for (const w of workers.slice(1)) w.child.kill('SIGTERM');
    for (const w of workers.slice(1)) expect(await w.exit).toBe(0);
  });
});
