/**
 * What the bench service needs to run a benchmark on the sweep queue. The sweep service
 * implements it; the benchmark layer sits below the sweep layer and knows only this port.
 */
import type { BenchConfiguration } from '../../shared/bench/config.ts';
import type { BenchmarkSummary } from '../../shared/bench/results.ts';
import type { StoredEpisode } from './bench-repo.ts';

export interface BenchDistributor {
  /** @throws MobaError INVALID_INPUT (no queue, memory carried), DISCONNECTED / UNAUTHORIZED (Redis) */
  check(configurations: readonly BenchConfiguration[]): Promise<void>;
  /** Follows the sweep until every episode finished or `signal` stops following (the workers go on). */
  run(
    id: string,
    options: { signal: AbortSignal; onChange: (episode: StoredEpisode | null) => void },
  ): Promise<BenchmarkSummary>;
}
