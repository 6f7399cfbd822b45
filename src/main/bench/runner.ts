/**
 * Runs benchmarks: creates one from a spec (tasks frozen into the store), then drives its
 * pending episodes on K simulated phones sharing one Chromium — one worker per phone, each
 * claiming the next episode, running it, storing its one result. Infrastructure failures are
 * retried (the phone replaced), up to the spec's `retries`; failures no retry can fix stop the
 * benchmark; a cost cap stops it from starting more. `run` on a benchmark that was interrupted
 * (even by SIGKILL) first returns the episodes it left running to the queue, so every episode
 * ends up done exactly once.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { BenchSpec } from '../../shared/bench/config.ts';
import type { BenchConfiguration, BenchSpecInput } from '../../shared/bench/config.ts';
import type { BenchmarkSummary } from '../../shared/bench/results.ts';
import type { BenchTask } from '../../shared/bench/task-schema.ts';
import { MobaError, errorMessage } from '../../shared/errors.ts';
import { TERMINAL_STATUSES } from '../../shared/schemas/run.ts';
import { HEARTBEAT_MS, ownerAlive, processOwner } from '../agent/ownership.ts';
import { ModelGateway } from '../llm/model-gateway.ts';
import type { Db } from '../store/database.ts';
import { Emitter } from '@moba/base';
import { BenchMemories, carriesMemory, futureGoals } from './bench-memory.ts';
import { BenchRepo } from './bench-repo.ts';
import type { StoredEpisode } from './bench-repo.ts';
import { asInfraError, runEpisode } from './episode.ts';
import { episodeEnv } from './episode-env.ts';
import type { EpisodeHost } from './episode-env.ts';
import type { EpisodeBroker } from './episode-broker.ts';
import { PhonePool } from './phone-pool.ts';
import { planBenchmark } from './plan.ts';
import { keepSettledReport } from './report/benchmark-report.ts';

export interface BenchHost extends EpisodeHost {
  db: Db;
  /** The data folder; benchmark memories go under `benchmarks/<id>/`. */
  dataDir: string;
}

export interface BenchProgress {
  benchmarkId: string;
  summary: BenchmarkSummary;
  /** The episode that changed, when one did. */
  episode: StoredEpisode | null;
}

export interface RunBenchmarkOptions {
  signal?: AbortSignal;
  /** Why the signal stopped it: `interrupted` (resumable, e.g. Ctrl-C) or `stopped` (by a person). Default `interrupted`. */
  stopAs?: () => 'interrupted' | 'stopped';
  /** Give errored episodes another chance. */
  retryErrors?: boolean;
  log?: (line: string) => void;
  /** Hook for tests: leave these reference solution steps out, per task id. */
  skipSteps?: (taskId: string) => readonly number[] | undefined;
  /** Where the episodes of `externalConnect` configurations wait for agents (without one they fail). */
  externalBroker?: EpisodeBroker;
}

function newBenchmarkId(now: number): string {
  const d = new Date(now);
  const p = (n: number) => String(n).padStart(2, '0');
  return `b${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}-${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}-${randomBytes(2).toString('hex')}`;
}

/** Episodes in order; a carried-memory lane (configuration × repetition) runs one at a time. */
class Queue {
  private readonly pending: StoredEpisode[];
  private readonly busyLanes = new Set<string>();
  private readonly laneOf: (e: StoredEpisode) => string | null;
  private wake: Array<() => void> = [];
  private running = 0;

  constructor(pending: StoredEpisode[], laneOf: (e: StoredEpisode) => string | null) {
    this.pending = [...pending];
    this.laneOf = laneOf;
  }

  /** The next episode this worker may take; waits while only busy lanes are left; null when done. */
  async next(stopped: () => boolean): Promise<StoredEpisode | null> {
    for (;;) {
      if (stopped()) return null;
      const i = this.pending.findIndex((e) => {
        const lane = this.laneOf(e);
        return lane === null || !this.busyLanes.has(lane);
      });
      if (i >= 0) {
        const [e] = this.pending.splice(i, 1);
        const lane = this.laneOf(e!);
        if (lane) this.busyLanes.add(lane);
        this.running++;
        return e!;
      }
      if (this.pending.length === 0 || this.running === 0) return null;
      await new Promise<void>((resolve) => this.wake.push(resolve));
    }
  }

  done(e: StoredEpisode, requeue: boolean): void {
    const lane = this.laneOf(e);
    if (lane) this.busyLanes.delete(lane);
    this.running--;
    if (requeue) this.pending.unshift(e);
    this.notify();
  }

  notify(): void {
    for (const w of this.wake.splice(0)) w();
  }

  get left(): number {
    return this.pending.length;
  }
}

export class BenchmarkRunner {
  private readonly host: BenchHost;
  readonly repo: BenchRepo;
  private readonly onDidChangeEmitter = new Emitter<BenchProgress>();
  readonly onDidChange = this.onDidChangeEmitter.event;
  private readonly now: () => number;

  constructor(host: BenchHost, options: { now?: () => number } = {}) {
    this.host = host;
    this.repo = new BenchRepo(host.db);
    this.now = options.now ?? Date.now;
  }

  /**
   * Creates a benchmark (nothing runs yet).
   * @throws MobaError INVALID_INPUT for a bad spec or a filter that keeps nothing
   */
  create(input: BenchSpecInput, tasks: readonly BenchTask[]): string {
    const parsed = BenchSpec.safeParse(input);
    if (!parsed.success)
      throw new MobaError(
        'INVALID_INPUT',
        `Invalid benchmark: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(spec)'}: ${i.message}`).join('; ')}`,
      );
    const spec = parsed.data;
    const plan = planBenchmark(spec, tasks);
    const now = this.now();
    const id = newBenchmarkId(now);
    const name =
      spec.name ??
      `${plan.tasks.length} task${plan.tasks.length === 1 ? '' : 's'} × ${plan.configurations.length} configuration${plan.configurations.length === 1 ? '' : 's'}`;
    this.repo.create({
      id,
      name,
      spec,
      configurations: plan.configurations,
      tasks: plan.tasks,
      episodes: plan.episodes,
      now,
    });
    return id;
  }

  summary(id: string): BenchmarkSummary {
    const s = this.repo.summary(id);
    if (!s) throw new MobaError('NOT_FOUND', `No benchmark ${id}`);
    return s;
  }

  /** Announces a change to the benchmark (also from the sweep coordinator, which writes the same store). */
  changed(id: string, episode: StoredEpisode | null): void {
    const summary = this.repo.summary(id);
    if (summary) this.onDidChangeEmitter.fire({ benchmarkId: id, summary, episode });
  }

  /**
   * Runs (or resumes) a benchmark until no episode is left, it is stopped, or it fails.
   * @throws MobaError NOT_FOUND, CONFLICT (another live process runs it), and phone start-up errors
   */
  async run(id: string, options: RunBenchmarkOptions = {}): Promise<BenchmarkSummary> {
    const b = this.repo.get(id);
    if (!b) throw new MobaError('NOT_FOUND', `No benchmark ${id}`);
    const me = processOwner();
    const owner = this.repo.owner(id);
    if (owner && ownerAlive(owner.owner, owner.heartbeatAt, this.now(), me))
      throw new MobaError('CONFLICT', `Benchmark ${id} is being run by another MobA Studio process (${owner.owner})`);
    const log = options.log ?? (() => undefined);
    this.repo.heartbeat(id, me, this.now());
    const beat = setInterval(() => this.repo.heartbeat(id, me, this.now()), HEARTBEAT_MS);
    beat.unref();
    const gateway = new ModelGateway({ settings: this.host.settings });
    let pool: PhonePool | undefined;
    let fatal: string | null = null;
    let capped = false;
    const abort = new AbortController();
    const onStop = () => abort.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', onStop, { once: true });
    if (options.signal?.aborted) abort.abort();
    try {
      // Whatever a killed process left running goes back to the queue; its runs are ended.
      for (const runId of this.repo.recoverInterrupted(id, this.now()))
        await this.endRun(runId, 'The benchmark was interrupted during this episode; it is run again.');
      if (options.retryErrors) this.repo.retryErrors(id);
      this.repo.setStatus(id, 'running', null, this.now());
      this.changed(id, null);
      const configs = new Map(b.configurations.map((c) => [c.id!, c] as const));
      const tasks = new Map(b.tasks.map((t) => [`${t.id}@${t.version}`, t] as const));
      const episodes = this.repo.episodes(id);
      const pending = episodes.filter((e) => e.status === 'pending');
      const queue = new Queue(pending, (e) =>
        carriesMemory(configs.get(e.configId)!) ? `${e.configId}/r${e.repetition}` : null,
      );
      const memories = new BenchMemories({
        dir: join(this.host.dataDir, 'benchmarks', id, 'memory'),
        settings: this.host.settings,
        gateway,
      });
      const stopping = () => abort.signal.aborted || fatal !== null || capped;
      if (pending.length) {
        const count = Math.min(b.spec.phones, pending.length);
        log(
          `starting ${count} simulated phone${count === 1 ? '' : 's'} for ${pending.length} episode${pending.length === 1 ? '' : 's'}`,
        );
        pool = await PhonePool.start({ count, devices: this.host.devices, log });
      }
      const worker = async (slot: number): Promise<void> => {
        for (;;) {
          const e = await queue.next(stopping);
          if (!e) return;
          let requeue = false;
          try {
            requeue = await this.runOne(id, e, {
              configs,
              tasks,
              episodes,
              memories,
              pool: pool!,
              slot,
              signal: abort.signal,
              log,
              retries: b.spec.retries,
              timeoutS: b.spec.timeoutS,
              skipSteps: options.skipSteps,
              externalBroker: options.externalBroker,
              onFatal: (why) => (fatal ??= why),
            });
          } finally {
            queue.done(e, requeue && !stopping());
          }
          if (b.spec.costCapUsd !== undefined && this.repo.cost(id) >= b.spec.costCapUsd && !capped) {
            capped = true;
            log(`the cost cap ($${b.spec.costCapUsd}) is reached: no more episodes start`);
            queue.notify();
          }
        }
      };
      await Promise.all((pool?.phones ?? []).map((p) => worker(p.slot)));
    } finally {
      options.signal?.removeEventListener('abort', onStop);
      clearInterval(beat);
      await pool?.close().catch((error: unknown) => log(`closing the phones: ${errorMessage(error)}`));
      gateway.dispose();
      const left = this.repo.episodes(id).filter((e) => e.status === 'pending' || e.status === 'running').length;
      const status = fatal
        ? 'failed'
        : abort.signal.aborted
          ? (options.stopAs?.() ?? 'interrupted')
          : capped && left
            ? 'stopped'
            : left
              ? 'interrupted'
              : 'done';
      const reason =
        fatal ??
        (abort.signal.aborted
          ? status === 'stopped'
            ? 'Stopped by the person'
            : 'Interrupted; resume to continue'
          : capped && left
            ? `The cost cap ($${b.spec.costCapUsd}) was reached`
            : null);
      this.repo.setStatus(id, status, reason, this.now());
      this.repo.heartbeat(id, null, this.now());
      keepSettledReport(this.repo, id, this.now(), log);
      this.changed(id, null);
    }
    return this.summary(id);
  }

  /** Ends a run an interrupted attempt left open (it is kept, as stopped). */
  private async endRun(runId: string, reason: string): Promise<void> {
    try {
      const st = this.host.runs.get(runId);
      if (!TERMINAL_STATUSES.includes(st.status))
        await this.host.runs.stop(runId, { reason, cause: 'benchmark_stopped' });
    } catch {
      // A run that is gone or cannot be loaded has nothing to end.
    }
  }

  /** One attempt at one episode. @returns whether it goes back to the queue (an infrastructure error with retries left) */
  private async runOne(
    id: string,
    e: StoredEpisode,
    ctx: {
      configs: Map<string, BenchConfiguration>;
      tasks: Map<string, BenchTask>;
      episodes: readonly StoredEpisode[];
      memories: BenchMemories;
      pool: PhonePool;
      slot: number;
      signal: AbortSignal;
      log: (line: string) => void;
      retries: number;
      timeoutS: number | undefined;
      skipSteps: RunBenchmarkOptions['skipSteps'];
      externalBroker: EpisodeBroker | undefined;
      onFatal(why: string): void;
    },
  ): Promise<boolean> {
    const attempt = this.repo.claim(id, e.id, this.now());
    if (attempt === null) return false;
    this.changed(id, this.repo.episodeRow(id, e.id) ?? null);
    const config = ctx.configs.get(e.configId)!;
    const task = ctx.tasks.get(`${e.taskId}@${e.taskVersion}`)!;
    const phone = ctx.pool.phones[ctx.slot]!;
    let memory: Awaited<ReturnType<BenchMemories['forEpisode']>> = null;
    let runId: string | null = null;
    try {
      memory = await ctx.memories.forEpisode(config, e, attempt);
      const result = await runEpisode(
        episodeEnv(this.host, phone.serial, this.now, ctx.externalBroker),
        {
          task,
          seed: e.seed,
          config,
          timeoutS: ctx.timeoutS,
          memory: memory?.memory,
          strategyMemory: memory?.strategyMemory,
          userFacts: memory?.userFacts,
          futureTasks: futureGoals(e, ctx.episodes, config, (x) => ctx.tasks.get(`${x.taskId}@${x.taskVersion}`)),
          skipSteps: ctx.skipSteps?.(task.id),
          onRun: (r) => {
            runId = r;
            this.repo.attachRun(id, e.id, attempt, r);
          },
        },
        ctx.signal,
      );
      this.repo.complete(id, e.id, attempt, result, this.now());
      ctx.log(
        `${e.id}: ${result.reached}/${result.total} milestones${result.complete ? ', complete' : ''} in ${result.steps} steps (${result.termination})`,
      );
      this.changed(id, this.repo.episodeRow(id, e.id) ?? null);
      return false;
    } catch (error) {
      if (ctx.signal.aborted) {
        this.repo.release(id, e.id, attempt, 'The benchmark was stopped during this attempt', this.now());
        this.changed(id, this.repo.episodeRow(id, e.id) ?? null);
        return false;
      }
      const infra = asInfraError(error, runId);
      const message = `${errorMessage(error)}${infra ? '' : ' (not an infrastructure error: not retried)'}`;
      if (infra?.fatal) ctx.onFatal(`${e.id}: ${infra.message}`);
      const final = !infra || infra.fatal || attempt > ctx.retries;
      this.repo.fail(id, e.id, attempt, message, final, this.now());
      ctx.log(`${e.id}: attempt ${attempt} failed${final ? '' : ', retrying'}: ${message}`);
      this.changed(id, this.repo.episodeRow(id, e.id) ?? null);
      if (infra && !infra.fatal) {
        // The phone may be what broke: start a fresh one in its place.
        await ctx.pool
          .replace(ctx.slot)
          .catch((e2: unknown) => ctx.onFatal(`A benchmark phone could not be restarted: ${errorMessage(e2)}`));
      }
      return !final;
    } finally {
      memory?.close();
    }
  }

  dispose(): void {
    this.onDidChangeEmitter.dispose();
  }
}
