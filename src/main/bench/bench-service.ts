/**
 * Benchmarks for the app's hosts (the Benchmarks page): starts a benchmark over built-in tasks
 * and runs it in the background with the same runner `moba bench run` uses, stops and resumes
 * it, and reports one or more side by side. A benchmark this process was running when it ends
 * is left `interrupted`, ready to resume. Progress goes out through `onDidChange`.
 */
import type { Disposable } from '@moba/base';
import type { BenchConfiguration } from '../../shared/bench/config.ts';
import type { BenchReport } from '../../shared/bench/report.ts';
import type { BenchmarkSummary } from '../../shared/bench/results.ts';
import type { BenchAgentInfo, BenchSuiteTask } from '../../shared/contract/benchmarks.ts';
import type { MethodParsedInput } from '../../shared/contract.ts';
import { MobaError } from '../../shared/errors.ts';
import { listStrategies } from '../../shared/strategies.ts';
import type { BenchmarkRuns } from '../datasets/run-selection.ts';
import type { BenchRepo } from './bench-repo.ts';
import { benchmarkReport } from './report/benchmark-report.ts';
import type { BenchmarkRunner } from './runner.ts';
import { BUILTIN_SUITE, loadTasks } from './task-files.ts';
import type { BenchTask } from '../../shared/bench/task-schema.ts';
import type { BenchDistributor } from './bench-distributor.ts';
import { EpisodeBroker } from './episode-broker.ts';

type StartInput = MethodParsedInput<'startBenchmark'>;

export class BenchService implements Disposable {
  private readonly runner: BenchmarkRunner;
  private readonly running = new Map<
    string,
    { stop: AbortController; stoppedByPerson: boolean; done: Promise<unknown> }
  >();
  /** Per running benchmark with an `externalConnect` configuration: where agents take its episodes. */
  private readonly handouts = new Map<string, { broker: EpisodeBroker; url: string }>();
  private suite: BenchTask[] | undefined;
  readonly onDidChange: BenchmarkRunner['onDidChange'];

  private readonly log: (line: string) => void;
  private readonly distributor: BenchDistributor | undefined;

  /** `distributor`: runs benchmarks started with `distributed: true` on the sweep queue. */
  constructor(options: { runner: BenchmarkRunner; log?: (line: string) => void; distributor?: BenchDistributor }) {
    this.runner = options.runner;
    this.log = options.log ?? (() => undefined);
    this.distributor = options.distributor;
    this.onDidChange = this.runner.onDidChange;
  }

  private builtin(): BenchTask[] {
    return (this.suite ??= loadTasks([BUILTIN_SUITE]).map((t) => t.task));
  }

  listSuite(): { tasks: BenchSuiteTask[]; agents: BenchAgentInfo[] } {
    const tasks = this.builtin().map((t) => ({
      id: t.id,
      version: t.version,
      category: t.category,
      apps: [...t.apps],
      goal: t.goal.en,
      milestones: t.milestones.length,
      humanSteps: t.human?.steps ?? null,
    }));
    const agents: BenchAgentInfo[] = [
      ...listStrategies().map((s) => ({ name: s.name, label: s.label, description: s.description, pseudo: false })),
      {
        name: 'reference',
        label: 'Reference solution',
        description:
          "Replays each task's scripted reference solution; no model. A calibration: it must reach every milestone.",
        pseudo: true,
      },
      {
        name: 'human',
        label: 'Human',
        description:
          'A person performs each episode in the cockpit (the run waits for them from the start; their hand-back ends it). The Human row.',
        pseudo: true,
      },
      { name: 'noop', label: 'No-op', description: 'Does nothing: every task must score 0.', pseudo: true },
    ];
    return { tasks, agents };
  }

  list(): BenchmarkSummary[] {
    return this.runner.repo.ids().map((id) => this.runner.summary(id));
  }

  /** @throws MobaError INVALID_INPUT (unknown task ids, a filter that keeps nothing, a bad configuration) */
  start(input: StartInput): string {
    const id = this.create(input);
    this.launch(id, false);
    return id;
  }

  /**
   * Starts a benchmark whose episodes run on the sweep queue's workers; this process
   * coordinates (as `moba bench run --distributed`) and the results land in this store.
   * @throws MobaError INVALID_INPUT (no queue configured, memory carried, bad input), DISCONNECTED / UNAUTHORIZED (Redis)
   */
  async startDistributed(input: StartInput): Promise<string> {
    const distributor = this.distributor;
    if (!distributor) throw new MobaError('INVALID_INPUT', 'This host cannot run benchmarks on a sweep queue');
    if (input.configurations.some((c) => c.externalConnect))
      throw new MobaError(
        'INVALID_INPUT',
        'An external agent that connects on its own takes its episodes from this host: run that benchmark here, not on the sweep queue',
      );
    await distributor.check(input.configurations as BenchConfiguration[]);
    const id = this.create(input);
    const stop = new AbortController();
    const entry = { stop, stoppedByPerson: false, done: Promise.resolve() as Promise<unknown> };
    entry.done = distributor
      .run(id, { signal: stop.signal, onChange: (episode) => this.runner.changed(id, episode) })
      .catch((error: unknown) => {
        const why = error instanceof Error ? error.message : String(error);
        this.log(`[bench ${id}] the sweep coordinator ended with an error: ${why}`);
        this.runner.repo.setStatus(id, 'interrupted', `The sweep coordinator stopped: ${why}`, Date.now());
        this.runner.changed(id, null);
      })
      .finally(() => this.running.delete(id));
    this.running.set(id, entry);
    return id;
  }

  private create(input: StartInput): string {
    const known = new Set(this.builtin().map((t) => t.id));
    const unknown = (input.taskIds ?? []).filter((id) => !known.has(id));
    if (unknown.length) throw new MobaError('INVALID_INPUT', `Not in the built-in suite: ${unknown.join(', ')}`);
    const only =
      input.taskIds || input.categories
        ? {
            ...(input.taskIds ? { ids: input.taskIds } : {}),
            ...(input.categories ? { categories: input.categories } : {}),
          }
        : undefined;
    const id = this.runner.create(
      {
        ...(input.name ? { name: input.name } : {}),
        tasks: [BUILTIN_SUITE],
        ...(only ? { only } : {}),
        configurations: input.configurations as BenchConfiguration[],
        seeds: input.seeds,
        repetitions: input.repetitions,
        phones: input.phones,
        ...(input.costCapUsd ? { costCapUsd: input.costCapUsd } : {}),
      },
      this.builtin(),
    );
    return id;
  }

  /** @throws MobaError NOT_FOUND, CONFLICT (already running) */
  resume(id: string): string {
    this.runner.summary(id);
    if (this.running.has(id)) throw new MobaError('CONFLICT', `Benchmark ${id} is already running`);
    this.launch(id, true);
    return id;
  }

  private launch(id: string, retryErrors: boolean): void {
    const stop = new AbortController();
    const entry = { stop, stoppedByPerson: false, done: Promise.resolve() as Promise<unknown> };
    const log = (line: string) => this.log(`[bench ${id}] ${line}`);
    entry.done = this.handOut(id, log)
      .then((broker) =>
        this.runner
          .run(id, {
            signal: stop.signal,
            retryErrors,
            stopAs: () => (entry.stoppedByPerson ? 'stopped' : 'interrupted'),
            log,
            ...(broker ? { externalBroker: broker } : {}),
          })
          .finally(() => this.closeHandout(id)),
      )
      .catch((error: unknown) => log(`ended with an error: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => this.running.delete(id));
    this.running.set(id, entry);
  }

  /**
   * A benchmark with an `externalConnect` configuration hands its episodes out itself: an episode
   * broker on a free loopback port with its own token, for as long as the benchmark runs.
   */
  private async handOut(id: string, log: (line: string) => void): Promise<EpisodeBroker | undefined> {
    if (!this.runner.repo.get(id)?.configurations.some((c) => c.externalConnect)) return undefined;
    const broker = new EpisodeBroker(undefined, () => this.runner.changed(id, null));
    const url = await broker.listen(0);
    this.handouts.set(id, { broker, url });
    // The address only: the token is for the page of this host's user, never for a log.
    log(`agents that connect on their own ask for episodes at ${url}/episodes/next`);
    return broker;
  }

  private async closeHandout(id: string): Promise<void> {
    const handout = this.handouts.get(id);
    if (!handout) return;
    this.handouts.delete(id);
    await handout.broker.close();
    // The page takes the address away.
    this.runner.changed(id, null);
  }

  /**
   * Where agents that connect on their own take a running benchmark's episodes (`serveUrl` and
   * `token` as `moba bench serve` prints them) and how many episodes wait for one; null when the
   * benchmark hands out none (not running, or no `externalConnect` configuration).
   * @throws MobaError NOT_FOUND
   */
  agentAccess(id: string): { serveUrl: string; token: string; waiting: number } | null {
    this.runner.summary(id);
    const handout = this.handouts.get(id);
    return handout ? { serveUrl: handout.url, token: handout.broker.token, waiting: handout.broker.waiting } : null;
  }

  /** Stops a running benchmark (running episodes go back to pending; resumable). */
  async stop(id: string): Promise<BenchmarkSummary> {
    const entry = this.running.get(id);
    if (!entry) return this.runner.summary(id);
    entry.stoppedByPerson = true;
    entry.stop.abort();
    await entry.done;
    return this.runner.summary(id);
  }

  /** The report of benchmarks (a settled benchmark's is kept for the next reader). @throws MobaError NOT_FOUND */
  report(ids: readonly string[]): { report: BenchReport; summaries: BenchmarkSummary[] } {
    return {
      report: benchmarkReport(this.runner.repo, ids, { keep: true }),
      summaries: ids.map((id) => this.runner.summary(id)),
    };
  }

  /** The runs of benchmarks, for selecting research data by benchmark (`moba dataset`, History). */
  benchmarkRuns(): BenchmarkRuns {
    return benchmarkRunsIn(this.runner.repo);
  }

  /** Interrupts what runs (resumable) and waits for it to let go of its phones. */
  async close(): Promise<void> {
    const all = [...this.running.values()];
    for (const e of all) e.stop.abort();
    await Promise.all(all.map((e) => e.done));
  }

  dispose(): void {
    void this.close();
  }
}

/** The runs of the benchmarks in a store, for selecting research data by benchmark (the app and `moba dataset`). */
export function benchmarkRunsIn(repo: BenchRepo): BenchmarkRuns {
  return {
    runsOf: (benchmarkId) => {
      if (!repo.get(benchmarkId)) throw new MobaError('NOT_FOUND', `No benchmark ${benchmarkId}`);
      return repo.episodes(benchmarkId).flatMap((e) => (e.runId ? [{ runId: e.runId, taskId: e.taskId }] : []));
    },
    episodeOf: (runId) => repo.episodeOfRun(runId),
  };
}
