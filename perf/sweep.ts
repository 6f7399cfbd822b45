/**
 * `npm run perf:sweep` — a benchmark sweep's throughput with 1, 2 and 3 `moba worker`
 * processes (one simulated phone each, as on separate machines) behind one Redis and one
 * `moba bench run --distributed` coordinator, on this machine: wall time from submission to the
 * last result, episodes per minute, and the speed-up over one worker. The same reference-agent
 * episodes every time (MOBA_PERF_SWEEP_TASKS, MOBA_PERF_SWEEP_SEEDS). Workers are started and
 * ready (phone up) before the clock starts. On a 2-core machine every worker's Chromium, phone
 * and Node compete for the same cores, so the speed-up flattens long before 3 (README). Ends
 * with one JSON line.
 */
import { join } from 'node:path';
import { descendants, isRunning, startAdbServer, tempDir } from '@moba/testkit/rigs';
import { mobaCli } from '../test/support/moba-cli.ts';
import type { MobaCli } from '../test/support/moba-cli.ts';
import { startRedis } from '../test/support/redis-server.ts';
import { QUICK, listOption, option } from './quick.ts';

const TASKS = (
  process.env.MOBA_PERF_SWEEP_TASKS ||
  (QUICK
    ? 'settings.wifi-off'
    : 'clock.timer-minutes,contacts.favourite,notes.pin-note,settings.wifi-off,settings.dark-theme,messages.reply-alice')
).split(',');
const SEEDS = option('MOBA_PERF_SWEEP_SEEDS', 2, 1);
const WORKERS = listOption('MOBA_PERF_SWEEP_WORKERS', '1,2,3', '1');
const EPISODES = TASKS.length * SEEDS;

async function stop(cli: MobaCli): Promise<void> {
  if (cli.child.exitCode !== null || cli.child.signalCode !== null) return;
  const kids = descendants(cli.child.pid!);
  cli.child.kill('SIGTERM');
  await Promise.race([cli.exit, new Promise((r) => setTimeout(r, 30_000))]);
  if (cli.child.exitCode === null && cli.child.signalCode === null) cli.child.kill('SIGKILL');
  for (const k of kids) if (isRunning(k)) process.kill(k, 'SIGKILL');
}

interface Round {
  workers: number;
  episodes: number;
  wallS: number;
  episodesPerMin: number;
  perWorker: Record<string, number>;
}

async function round(n: number): Promise<Round> {
  const redis = await startRedis();
  const adb = await startAdbServer();
  const dir = tempDir('moba-bench-sweep-');
  const env = {
    ADB_SERVER_SOCKET: `tcp:127.0.0.1:${adb.port}`,
    MOBA_ADB_AUTOSTART: '0',
    HOME: adb.home,
    MOBA_HOME: dir.path,
  };
  const clis: MobaCli[] = [];
  try {
    for (let i = 1; i <= n; i++)
      clis.push(
        mobaCli(
          [
            '--data-dir',
            join(dir.path, `w${i}`),
            'worker',
            '--redis',
            redis.url,
            '--phones',
            '1',
            '--name',
            `w${i}`,
            '--json',
          ],
          env,
          { closeStdin: true },
        ),
      );
    await Promise.all(clis.map((c) => c.waitFor((l) => l.ready === true, 180_000)));
    const t0 = performance.now();
    const coord = mobaCli(
      [
        '--data-dir',
        join(dir.path, 'coordinator'),
        'bench',
        'run',
        '--distributed',
        '--redis',
        redis.url,
        '--agent',
        'reference',
        '--ids',
        TASKS.join(','),
        '--seeds',
        String(SEEDS),
        '--json',
      ],
      env,
      { closeStdin: true },
    );
    clis.push(coord);
    const end = await coord.waitFor((l) => typeof l.benchmark === 'string' && 'status' in l, 1_800_000);
    const wallS = (performance.now() - t0) / 1000;
    const counts = end.counts as { done: number };
    if (end.status !== 'done' || counts.done !== EPISODES)
      throw new Error(`the sweep with ${n} workers ended ${String(end.status)} with ${counts.done}/${EPISODES} done`);
    const perWorker: Record<string, number> = {};
    for (let i = 0; i < n; i++)
      perWorker[`w${i + 1}`] = clis[i]!.lines.filter(
        (l) => typeof l.log === 'string' && / milestones in /.test(l.log),
      ).length;
    return {
      workers: n,
      episodes: EPISODES,
      wallS: Number(wallS.toFixed(1)),
      episodesPerMin: Number(((EPISODES / wallS) * 60).toFixed(1)),
      perWorker,
    };
  } finally {
    for (const c of clis) await stop(c);
    await adb.dispose();
    await redis.dispose();
    dir.dispose();
  }
}

const rounds: Round[] = [];
for (const n of WORKERS) {
  const r = await round(n);
  rounds.push(r);
  console.log(
    `${n} worker${n === 1 ? ' ' : 's'}: ${r.episodes} episodes in ${r.wallS} s — ${r.episodesPerMin} episodes/min (per worker: ${Object.values(r.perWorker).join(', ')})`,
  );
}
const base = rounds[0]!;
const scaling = rounds.map((r) => ({
  workers: r.workers,
  speedup: Number((r.episodesPerMin / base.episodesPerMin).toFixed(2)),
  efficiency: Number((r.episodesPerMin / base.episodesPerMin / (r.workers / base.workers)).toFixed(2)),
}));
for (const s of scaling)
  console.log(
    `speed-up with ${s.workers} over ${base.workers}: ×${s.speedup} (${Math.round(s.efficiency * 100)} % of linear)`,
  );
console.log(
  JSON.stringify({
    perf: 'sweep',
    cores: (await import('node:os')).availableParallelism(),
    tasks: TASKS.length,
    seeds: SEEDS,
    rounds,
    scaling,
  }),
);
