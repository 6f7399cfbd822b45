import type { Handlers } from '../contract/router.ts';
import type { SweepService } from '../sweep/sweep-service.ts';

/** The Benchmarks page's Workers panel: workers and progress read from the configured queue. */
export function sweepHandlers(sweep: SweepService): Pick<Handlers, 'listSweepWorkers'> {
  return {
    listSweepWorkers: ({ benchmarkId }) => sweep.listWorkers(benchmarkId),
  };
}
