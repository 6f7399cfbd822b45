/**
 * The sweep's coordinator: submits a benchmark's pending episodes to BullMQ with deterministic
 * job ids, follows them through BullMQ's event stream, and writes every attempt and result
 * into its own SQLite store — the same tables, reports and replays as a local benchmark.
 *
 * What it records always comes from the job as Redis holds it (state, attempts started and
 * made, return value), never from the event alone, so an event seen twice, seen late or missed
 * while the coordinator was down changes nothing: a restarted coordinator reads every
 * unfinished episode's job once and carries on. Each attempt BullMQ started becomes its own
 * attempt row (a stalled attempt, whose worker died, is kept as interrupted), and an episode is
 * completed once, in the same transaction that imports its run.
 */
import type { Job, Queue, QueueEvents } from 'bullmq';
import type { BenchmarkSummary } from '../../shared/bench/results.ts';
import { MobaError, errorMessage } from '../../shared/errors.ts';
import { HEARTBEAT_MS, ownerAlive, processOwner } from '../agent/ownership.ts';
import { BenchRepo } from '../bench/bench-repo.ts';
import type { StoredEpisode } from '../bench/bench-repo.ts';
import { carriesMemory, readMemorySeedFile } from '../bench/bench-memory.ts';
import { keepSettledReport } from '../bench/report/benchmark-report.ts';
import type { BenchConfiguration } from '../../shared/bench/config.ts';
import type { ArtifactStore } from '../store/artifacts.ts';
import type { Db } from '../store/database.ts';
import { artifactRefs, fetchArtifacts } from './artifacts.ts';
import { RunsRepo } from '../store/runs-repo.ts';
import {
  SWEEP_FORMAT,
  WORKER_KEY_PREFIX,
  WorkerAnnouncement,
  assertNoSecrets,
  jobId,
  memorySeedRef,
  parseSweepResult,
  queueName,
} from './jobs.ts';
import type { ArtifactSource, SweepJob, SweepJobResult } from './jobs.ts';
import type { Redis } from 'ioredis';
import { bullConnection, probeRedis, redisOptions } from './redis-url.ts';
import type { RedisTarget } from './redis-url.ts';
import { importRun } from './run-import.ts';

export interface SweepCoordinatorOptions {
  redis: RedisTarget;
  profile: string;
  log?: (line: string) => void;
  now?: () => number;
  /** How often every unfinished episode's job is read again, besides the events. */
  rescanMs?: number;
  /** Where artefacts fetched from the workers' announced web hosts go (the app's store). */
  artifacts?: ArtifactStore;
  /** The largest artefact fetched (default MOBA_SWEEP_MAX_ARTIFACT_MB, 64 MB). */
  maxArtifactBytes?: number;
  /** The largest job data or result read from Redis (default MOBA_SWEEP_MAX_RESULT_MB, 256 MB). */
  maxJobBytes?: number;
}

/** The cap on a job's data or return value in Redis, from `MOBA_SWEEP_MAX_RESULT_MB`. */
export function maxJobBytes(env: NodeJS.ProcessEnv = process.env): number {
  const mb = Number(env.MOBA_SWEEP_MAX_RESULT_MB);
  return Math.round((Number.isFinite(mb) && mb > 0 ? mb : 256) * 1024 * 1024);
}

const LOST =
  'The attempt ended without a result (its worker stopped, died or lost Redis); the episode is run again from a reset phone';

/** Refuses configurations a sweep cannot run: memory carried from task to task needs one machine. */
export function assertDistributable(configs: ReadonlyArray<Parameters<typeof carriesMemory>[0]>): void {
  for (const c of configs)
    if (carriesMemory(c))
      throw new MobaError(
        'INVALID_INPUT',
        `Configuration ${c.id} carries memory from task to task (memory: carried); its episodes must run in order on one machine — run it with moba bench run without --distributed`,
      );
}

export class SweepCoordinator {
  private readonly repo: BenchRepo;
  private readonly runs: RunsRepo;
  private readonly db: Db;
  private readonly o: SweepCoordinatorOptions;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  /** One reconciliation at a time per job. */
  private readonly chains = new Map<string, Promise<void>>();
  /** Per configuration id: its memory seed as a job names it (`sha256:<hex>`, the content put in Redis). */
  private readonly seeds = new Map<string, string>();
  /** Redis itself while `run` follows a sweep: seeds, announcements, job sizes. */
  private redis: Redis | undefined;

  constructor(db: Db, options: SweepCoordinatorOptions) {
    this.db = db;
    this.repo = new BenchRepo(db);
    this.runs = new RunsRepo(db);
    this.o = options;
    this.log = options.log ?? (() => undefined);
    this.now = options.now ?? Date.now;
  }

  /** The job data of one episode (what workers receive). */
  jobOf(benchmarkId: string, e: StoredEpisode): SweepJob {
    const b = this.repo.get(benchmarkId)!;
    const task = b.tasks.find((t) => t.id === e.taskId && t.version === e.taskVersion)!;
    const stored = b.configurations.find((c) => c.id === e.configId)!;
    // A job names no host path: a seeded memory travels as the hash of its content.
    const { memorySeed, ...rest } = stored;
    const seed = memorySeed === undefined ? undefined : this.seeds.get(stored.id!);
    if (memorySeed !== undefined && !seed)
      throw new MobaError('INTERNAL', `The memory seed of configuration ${stored.id} was not put in Redis`);
    const config = seed ? { ...rest, memorySeed: seed } : rest;
    const job: SweepJob = {
      format: SWEEP_FORMAT,
      benchmarkId,
      episodeId: e.id,
      profile: this.o.profile,
      task,
      seed: e.seed,
      config,
      ...(b.spec.timeoutS ? { timeoutS: b.spec.timeoutS } : {}),
    };
    assertNoSecrets(job);
    return job;
  }

  /**
   * Submits (or resubmits — idempotent) the benchmark's unfinished episodes and follows them
   * until every one is done or errored, or `signal` stops the coordinator (the sweep goes on
   * in the workers; running this again picks it up).
   * @throws MobaError NOT_FOUND, CONFLICT (another live coordinator), DISCONNECTED / UNAUTHORIZED (Redis)
   */
  async run(
    id: string,
    options: { signal?: AbortSignal; onChange?: (episode: StoredEpisode | null) => void } = {},
  ): Promise<BenchmarkSummary> {
    const b = this.repo.get(id);
    if (!b) throw new MobaError('NOT_FOUND', `No benchmark ${id}`);
    assertDistributable(b.configurations);
    const me = processOwner();
    const owner = this.repo.owner(id);
    if (owner && ownerAlive(owner.owner, owner.heartbeatAt, this.now(), me))
      throw new MobaError(
        'CONFLICT',
        `Benchmark ${id} is being followed by another MobA Studio process (${owner.owner})`,
      );
    await probeRedis(this.o.redis);
    const { Queue, QueueEvents } = await import('bullmq');
    const name = queueName(this.o.profile);
    const queue: Queue = new Queue(name, { connection: bullConnection(this.o.redis) });
    const { Redis } = await import('ioredis');
    this.redis = new Redis(redisOptions(this.o.redis));
    this.redis.on('error', (e: unknown) => this.log(`redis: ${errorMessage(e)}`));
    const events: QueueEvents = new QueueEvents(name, { connection: bullConnection(this.o.redis) });
    queue.on('error', (e) => this.log(`queue: ${errorMessage(e)}`));
    events.on('error', (e) => this.log(`queue events: ${errorMessage(e)}`));
    this.repo.heartbeat(id, me, this.now());
    const beat = setInterval(() => this.repo.heartbeat(id, me, this.now()), HEARTBEAT_MS);
    beat.unref();
    let wake: () => void = () => undefined;
    const changed = (e: StoredEpisode | null) => {
      options.onChange?.(e);
      wake();
    };
    const follow = (ev: { jobId: string }) => void this.reconcileJob(id, ev.jobId, queue, changed);
    let stopped = false;
    try {
      await events.waitUntilReady();
      for (const type of ['active', 'completed', 'failed', 'stalled', 'waiting', 'delayed'] as const)
        events.on(type, follow);
      await this.putSeeds(b.configurations);
      this.repo.setStatus(id, 'running', null, this.now());
      changed(null);
      const open = () => this.repo.episodes(id).filter((e) => e.status === 'pending' || e.status === 'running');
      const todo = open();
      const spec = b.spec;
      await queue.addBulk(
        todo.map((e) => ({
          name: 'episode',
          data: this.jobOf(id, e),
          opts: {
            jobId: jobId(id, e.id),
            attempts: spec.retries + 1,
            backoff: { type: 'fixed', delay: 1_000 },
            removeOnComplete: false,
            removeOnFail: false,
          },
        })),
      );
      this.log(
        `sweep ${id}: ${todo.length} episode${todo.length === 1 ? '' : 's'} on queue ${name} at ${this.o.redis.display}`,
      );
      let lastScan = 0;
      for (;;) {
        if (options.signal?.aborted) {
          stopped = true;
          break;
        }
        const left = open();
        if (!left.length) break;
        if (this.now() - lastScan >= (this.o.rescanMs ?? 10_000)) {
          lastScan = this.now();
          for (const e of left) await this.reconcile(id, e.id, queue, changed);
          continue;
        }
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, 1_000);
          wake = () => {
            clearTimeout(t);
            resolve();
          };
          options.signal?.addEventListener('abort', () => wake(), { once: true });
        });
      }
      await Promise.all(this.chains.values());
    } finally {
      clearInterval(beat);
      const left = this.repo.episodes(id).filter((e) => e.status === 'pending' || e.status === 'running').length;
      this.repo.setStatus(
        id,
        left || stopped ? 'interrupted' : 'done',
        left || stopped
          ? 'The coordinator stopped; the workers go on — run moba bench resume --distributed to follow the sweep again'
          : null,
        this.now(),
      );
      this.repo.heartbeat(id, null, this.now());
      keepSettledReport(this.repo, id, this.now(), this.log);
      await events.close().catch(() => undefined);
      await queue.close().catch(() => undefined);
      this.redis.disconnect();
    }
    return this.repo.summary(id)!;
  }

  private reconcileJob(
    id: string,
    jid: string,
    queue: Queue,
    changed: (e: StoredEpisode | null) => void,
  ): Promise<void> {
    const prefix = `${jobId(id, '')}`;
    if (!jid.startsWith(prefix)) return Promise.resolve();
    const episodeId = jid.slice(prefix.length).replaceAll('%3A', ':').replaceAll('%25', '%');
    return this.reconcile(id, episodeId, queue, changed);
  }

  /** Brings one episode's rows in line with its job in Redis (serialised per episode). */
  private reconcile(
    id: string,
    episodeId: string,
    queue: Queue,
    changed: (e: StoredEpisode | null) => void,
  ): Promise<void> {
    const prev = this.chains.get(episodeId) ?? Promise.resolve();
    const next = prev
      .then(() => this.reconcileNow(id, episodeId, queue, changed))
      .catch((error: unknown) => this.log(`${episodeId}: ${errorMessage(error)}`))
      .finally(() => {
        if (this.chains.get(episodeId) === next) this.chains.delete(episodeId);
      });
    this.chains.set(episodeId, next);
    return next;
  }

  private async reconcileNow(
    id: string,
    episodeId: string,
    queue: Queue,
    changed: (e: StoredEpisode | null) => void,
  ): Promise<void> {
    let e = this.repo.episodeRow(id, episodeId);
    if (!e || e.status === 'done' || e.status === 'error') return;
    // Anyone who can write Redis can make a job huge: its size is checked before it is read.
    const client = this.redis!;
    const key = queue.toKey(jobId(id, episodeId));
    const size = Math.max(await client.hstrlen(key, 'data'), await client.hstrlen(key, 'returnvalue'));
    const cap = this.o.maxJobBytes ?? maxJobBytes();
    if (size > cap) {
      if (e.status !== 'running') this.repo.claim(id, episodeId, this.now());
      const attempt = this.repo.episodeRow(id, episodeId)!.attempts;
      this.repo.fail(
        id,
        episodeId,
        attempt,
        `The job in Redis is ${size} bytes; more than ${cap} is not read`,
        true,
        this.now(),
      );
      changed(this.repo.episodeRow(id, episodeId) ?? null);
      return;
    }
    const job: Job | undefined = await queue.getJob(jobId(id, episodeId));
    if (!job) {
      // Removed from Redis by hand: submit it again (the same id).
      await queue.add('episode', this.jobOf(id, e), {
        jobId: jobId(id, episodeId),
        attempts: this.repo.get(id)!.spec.retries + 1,
        removeOnComplete: false,
        removeOnFail: false,
      });
      return;
    }
    const state = await job.getState();
    const now = this.now();
    let touched = false;
    // One attempt row per attempt BullMQ started; the earlier one ended as an infrastructure error or a lost worker.
    while (e.attempts < job.attemptsStarted) {
      if (e.status === 'running') {
        if (job.attemptsMade >= e.attempts)
          this.repo.fail(
            id,
            episodeId,
            e.attempts,
            job.failedReason || 'Infrastructure error on the worker',
            false,
            now,
          );
        else this.repo.release(id, episodeId, e.attempts, LOST, now);
      }
      this.repo.claim(id, episodeId, now);
      e = this.repo.episodeRow(id, episodeId)!;
      touched = true;
    }
    if (state === 'completed') {
      // Read while it still ran, the job has no return value yet: completed is final, so read it again.
      const finished = job.returnvalue == null ? ((await queue.getJob(job.id!)) ?? job) : job;
      await this.recordResult(id, episodeId, e.attempts, finished, queue, now);
      touched = true;
    } else if (state === 'failed') {
      this.repo.fail(id, episodeId, e.attempts, job.failedReason || 'Failed on the worker', true, now);
      this.log(`${episodeId}: failed: ${job.failedReason}`);
      touched = true;
    } else if ((state === 'waiting' || state === 'delayed' || state === 'prioritized') && e.status === 'running') {
      // Back in the queue: a retry after an infrastructure error, or a stalled attempt handed on.
      if (job.attemptsMade >= e.attempts)
        this.repo.fail(id, episodeId, e.attempts, job.failedReason || 'Infrastructure error on the worker', false, now);
      else this.repo.release(id, episodeId, e.attempts, LOST, now);
      touched = true;
    }
    if (touched) changed(this.repo.episodeRow(id, episodeId) ?? null);
  }

  /** Puts each seeded configuration's memory file in Redis under the hash of its content (what its jobs name). */
  private async putSeeds(configs: readonly BenchConfiguration[]): Promise<void> {
    const client = this.redis!;
    for (const c of configs) {
      if (c.memorySeed === undefined || this.seeds.has(c.id!)) continue;
      const content = Buffer.from(readMemorySeedFile(c.memorySeed), 'utf8');
      const { ref, key } = memorySeedRef(content);
      await client.set(key, content);
      this.seeds.set(c.id!, ref);
    }
  }

  /**
   * A completed job: its return value read as a strict sweep result, its artefacts fetched from
   * the web host its worker announced, its run imported and the episode completed, once.
   */
  private async recordResult(
    id: string,
    episodeId: string,
    attempt: number,
    job: Job,
    queue: Queue,
    now: number,
  ): Promise<void> {
    let parsed: SweepJobResult;
    try {
      parsed = parseSweepResult(job.returnvalue);
      if (parsed.result.runId !== parsed.run.id)
        throw new MobaError(
          'INVALID_INPUT',
          `its result names run ${parsed.result.runId} but it carries ${parsed.run.id}`,
        );
      if (this.runs.get(parsed.run.id))
        throw new MobaError('INVALID_INPUT', `a run ${parsed.run.id} is already in this store`);
    } catch (error) {
      this.repo.fail(id, episodeId, attempt, `The worker's result was refused: ${errorMessage(error)}`, true, now);
      this.log(`${episodeId}: the worker's result was refused: ${errorMessage(error)}`);
      return;
    }
    const { result, run, worker } = parsed;
    if (this.o.artifacts) await this.fetchArtifactsOf(episodeId, worker, run);
    // Another reconciliation may have recorded it while the artefacts came.
    if (this.repo.episodeRow(id, episodeId)?.status !== 'running') return;
    this.db.transaction(() => {
      importRun(this.runs, run);
      this.repo.attachRun(id, episodeId, attempt, run.id);
      this.repo.complete(id, episodeId, attempt, result, now);
    })();
    this.log(
      `${episodeId}: ${result.reached}/${result.total} milestones in ${result.steps} steps (${result.termination}) on ${worker}`,
    );
    // Recorded: the job's return value (the whole event log) need not stay in Redis's memory.
    await job
      .remove()
      .catch((error: unknown) => this.log(`${episodeId}: the finished job stays in Redis: ${errorMessage(error)}`));
  }

  /** Fetches a run's artefacts from the address its worker announced, with the credential announced beside it. */
  private async fetchArtifactsOf(episodeId: string, worker: string, run: SweepJobResult['run']) {
    const refs = artifactRefs(run.events);
    if (!refs.length) return;
    const source = await this.announcedSource(worker);
    if (!source) {
      this.log(
        `${episodeId}: ${worker} announces no artefacts (started without --serve, or gone); ${refs.length} screenshots and dumps stay on it`,
      );
      return;
    }
    const got = await fetchArtifacts(this.o.artifacts!, refs, source, {
      ...(this.o.maxArtifactBytes ? { maxBytes: this.o.maxArtifactBytes } : {}),
    });
    if (got.missing.length)
      this.log(`${episodeId}: ${got.missing.length} of ${refs.length} artefacts not fetched (${got.missing[0]!.why})`);
  }

  /** Where a worker said it serves artefacts (its announcement in Redis), or null. */
  private async announcedSource(worker: string): Promise<ArtifactSource | null> {
    const text = await this.redis!.get(`${WORKER_KEY_PREFIX}${worker}`);
    if (!text || text.length > 64 * 1024) return null;
    try {
      const a = WorkerAnnouncement.safeParse(JSON.parse(text));
      return a.success && a.data.name === worker ? (a.data.artifacts ?? null) : null;
    } catch {
      return null;
    }
  }
}
