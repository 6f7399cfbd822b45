/**
 * Sweeps for the app's hosts: the queue configured on Settings (`sweep.redisUrl`, the password
 * from MOBA_REDIS_PASSWORD on this machine), the workers announced there with a sweep's
 * progress (the figures `moba workers` prints), and the coordinator that runs a benchmark
 * started "on the queue" from the Benchmarks page exactly as `moba bench run --distributed`.
 */
import type { BenchConfiguration } from '../../shared/bench/config.ts';
import type { BenchmarkSummary } from '../../shared/bench/results.ts';
import type { SweepProgressView, SweepWorker } from '../../shared/contract/sweeps.ts';
import { MobaError } from '../../shared/errors.ts';
import type { Settings } from '../../shared/schemas/settings.ts';
import type { BenchDistributor } from '../bench/bench-distributor.ts';
import { BenchRepo } from '../bench/bench-repo.ts';
import type { StoredEpisode } from '../bench/bench-repo.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { Db } from '../store/database.ts';
import { maxArtifactBytes } from './artifacts.ts';
import { SweepCoordinator, assertDistributable, maxJobBytes } from './coordinator.ts';
import { DEFAULT_PROFILE } from './jobs.ts';
import { parseRedisUrl, probeRedis } from './redis-url.ts';
import type { RedisTarget } from './redis-url.ts';
import { readWorkersAt, sweepProgress } from './status.ts';

export interface SweepServiceOptions {
  settings: { get(): Settings };
  db: Db;
  artifacts: ArtifactStore;
  env?: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

export const NO_QUEUE_MESSAGE =
  'No sweep queue is configured: set Settings → Sweep queue → Redis URL in the desktop app, or `moba settings set sweep.redisUrl redis://host:6379` on this machine';

export class SweepService implements BenchDistributor {
  private readonly o: SweepServiceOptions;

  constructor(options: SweepServiceOptions) {
    this.o = options;
  }

  /**
   * The configured queue.
   * @throws MobaError INVALID_INPUT when none is configured or the URL does not parse
   */
  target(): RedisTarget {
    const url = this.o.settings.get().sweep.redisUrl;
    if (!url) throw new MobaError('INVALID_INPUT', NO_QUEUE_MESSAGE);
    return parseRedisUrl(url, this.o.env ?? process.env);
  }

  /** @throws MobaError INVALID_INPUT (no queue), NOT_FOUND (benchmark), DISCONNECTED / UNAUTHORIZED (Redis) */
  async listWorkers(
    benchmarkId?: string,
  ): Promise<{ queue: string; workers: SweepWorker[]; progress: SweepProgressView | null }> {
    const target = this.target();
    const repo = new BenchRepo(this.o.db);
    if (benchmarkId && !repo.get(benchmarkId)) throw new MobaError('NOT_FOUND', `No benchmark ${benchmarkId}`);
    const workers = (await readWorkersAt(target)).map(
      ({ name, machine, profile, devices, free, current, heartbeatAgeS, done, episodesPerMin }) => ({
        name,
        machine,
        profile,
        devices,
        free,
        current,
        heartbeatAgeS,
        done,
        episodesPerMin,
      }),
    );
    return { queue: target.display, workers, progress: benchmarkId ? sweepProgress(repo, benchmarkId) : null };
  }

  async check(configurations: readonly BenchConfiguration[]): Promise<void> {
    const target = this.target();
    assertDistributable(configurations);
    await probeRedis(target);
  }

  run(
    id: string,
    options: { signal: AbortSignal; onChange: (episode: StoredEpisode | null) => void },
  ): Promise<BenchmarkSummary> {
    const env = this.o.env ?? process.env;
    const coordinator = new SweepCoordinator(this.o.db, {
      redis: this.target(),
      profile: DEFAULT_PROFILE,
      artifacts: this.o.artifacts,
      maxArtifactBytes: maxArtifactBytes(env),
      maxJobBytes: maxJobBytes(env),
      ...(this.o.log ? { log: this.o.log } : {}),
    });
    return coordinator.run(id, options);
  }
}
