import type { Handlers } from '../contract/router.ts';
import type { BenchService } from '../bench/bench-service.ts';
import { assertRemoteMayRunConfigurations } from '../settings/remote-policy.ts';

type BenchHandlerNames =
  | 'listBenchSuite'
  | 'listBenchmarks'
  | 'startBenchmark'
  | 'resumeBenchmark'
  | 'stopBenchmark'
  | 'getBenchmarkAgentAccess'
  | 'getBenchmarkReport';

/** The Benchmarks page's methods; progress goes out as didChangeBenchmark (wired in app.ts). */
export function benchHandlers(bench: BenchService): Pick<Handlers, BenchHandlerNames> {
  return {
    listBenchSuite: () => bench.listSuite(),
    listBenchmarks: () => ({ benchmarks: bench.list() }),
    startBenchmark: async (input, { connection }) => {
      if (connection.kind === 'web') assertRemoteMayRunConfigurations(input.configurations);
      return { benchmarkId: input.distributed ? await bench.startDistributed(input) : bench.start(input) };
    },
    resumeBenchmark: ({ benchmarkId }) => ({ benchmarkId: bench.resume(benchmarkId) }),
    stopBenchmark: async ({ benchmarkId }) => ({ summary: await bench.stop(benchmarkId) }),
    getBenchmarkAgentAccess: ({ benchmarkId }) => ({ access: bench.agentAccess(benchmarkId) }),
    getBenchmarkReport: ({ benchmarkIds }) => bench.report(benchmarkIds),
  };
}
