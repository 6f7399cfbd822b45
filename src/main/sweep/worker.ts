/**
 * A sweep worker: pulls episodes from its device profile's BullMQ queue, with as many at once
 * as it has devices, runs each through the benchmark's episode runner as an ordinary run in its
 * own store on a freshly reseeded phone, and hands back the result and the run's event log.
 * It announces itself in Redis (machine, devices, current episodes, heartbeat) so
 * coordinators and the Benchmarks page can show it.
 *
 * Delivery is at least once: an episode whose worker died is given to another worker by
 * BullMQ's stalled-job check, and every attempt starts again from a reset phone.
 * `close()` finishes the running episodes; `close({ handBack: true })` stops them and puts
 * them back in the queue for another worker.
 */
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Job, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { MobaError, errorMessage } from '../../shared/errors.ts';
import type { BenchHost } from '../bench/runner.ts';
import { BenchMemories } from '../bench/bench-memory.ts';
import { asInfraError, runEpisode } from '../bench/episode.ts';
import { episodeEnv } from '../bench/episode-env.ts';
import { ModelGateway } from '../llm/model-gateway.ts';
import { isSafeId } from '../safe-id.ts';
import {
  MAX_MEMORY_SEED_BYTES,
  MEMORY_SEED_KEY_PREFIX,
  MEMORY_SEED_REF,
  SWEEP_FORMAT,
  WORKER_KEY_PREFIX,
  WORKER_TTL_S,
  memorySeedRef,
  parseSweepJob,
  queueName,
} from './jobs.ts';
import type { ArtifactSource, SweepJob, SweepJobResult, WorkerAnnouncement } from './jobs.ts';
import { bullConnection, probeRedis, redisOptions } from './redis-url.ts';
import type { RedisTarget } from './redis-url.ts';
import { openWorkerDevices } from './worker-devices.ts';
import type { DeviceSource, WorkerDevices } from './worker-devices.ts';

export interface SweepWorkerOptions {
  redis: RedisTarget;
  source: DeviceSource;
  profile: string;
  name?: string;
  log?: (line: string) => void;
  /** How long a job's lock lasts without renewal; a dead worker's episode goes back after about this long. */
  lockMs?: number;
  /** How often this worker looks for other workers' stalled episodes. */
  stalledCheckMs?: number;
  /** Where this worker's web host serves its artefacts to coordinators, and the credential that reads them (announced). */
  artifacts?: ArtifactSource;
}

const HEARTBEAT_MS = 5_000;

export class SweepWorker {
  private readonly host: BenchHost;
  private readonly o: SweepWorkerOptions;
  private readonly name: string;
  private readonly log: (line: string) => void;
  private devices: WorkerDevices | undefined;
  private worker: Worker | undefined;
  private redis: Redis | undefined;
  private beat: ReturnType<typeof setInterval> | undefined;
  private readonly busy = new Map<number, string>();
  private readonly aborts = new Set<AbortController>();
  private done = 0;
  private readonly startedAt = Date.now();
  private gateway: ModelGateway | undefined;
  private handingBack = false;

  constructor(host: BenchHost, options: SweepWorkerOptions) {
    this.host = host;
    this.o = options;
    this.name = options.name ?? `${hostname()}-${process.pid}`.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 128);
    if (!isSafeId(this.name))
      throw new MobaError(
        'INVALID_INPUT',
        `Invalid worker name "${options.name}": 1–128 letters, digits, ".", "_" or "-" (it names a key in Redis and appears in results)`,
      );
    this.log = options.log ?? (() => undefined);
  }

  /**
   * Checks Redis, opens the devices, and starts pulling episodes.
   * @throws MobaError DISCONNECTED / UNAUTHORIZED (Redis), INVALID_INPUT, and device start-up errors
   */
  async start(): Promise<void> {
    await probeRedis(this.o.redis);
    const { Redis } = await import('ioredis');
    const { Worker } = await import('bullmq');
    this.redis = new Redis(redisOptions(this.o.redis));
    this.redis.on('error', (e: unknown) => this.log(`redis: ${errorMessage(e)}`));
    this.devices = await openWorkerDevices(this.o.source, this.host.devices, this.log);
    const serials = this.devices.serials();
    if (!serials.length) throw new MobaError('INVALID_INPUT', 'The worker has no device to run episodes on');
    this.gateway = new ModelGateway({ settings: this.host.settings });
    await this.announce();
    this.beat = setInterval(
      () => void this.announce().catch((e: unknown) => this.log(`heartbeat: ${errorMessage(e)}`)),
      HEARTBEAT_MS,
    );
    const lockMs = this.o.lockMs ?? 20_000;
    this.worker = new Worker(queueName(this.o.profile), (job, token, signal) => this.process(job, token, signal), {
      connection: bullConnection(this.o.redis),
      concurrency: serials.length,
      lockDuration: lockMs,
      stalledInterval: this.o.stalledCheckMs ?? Math.max(1_000, Math.round(lockMs / 2)),
      // A worker that dies is not the episode's fault: let it be handed on several times.
      maxStalledCount: 5,
      autorun: false,
    });
    this.worker.on('error', (e) => this.log(`queue: ${errorMessage(e)}`));
    void this.worker.run();
    this.log(
      `worker ${this.name} on ${this.o.redis.display}: ${serials.length} device${serials.length === 1 ? '' : 's'} (${serials.join(', ')}), queue ${queueName(this.o.profile)}`,
    );
  }

  private announcement(): WorkerAnnouncement {
    return {
      name: this.name,
      machine: hostname(),
      pid: process.pid,
      profile: this.o.profile,
      devices: this.devices?.serials() ?? [],
      free: (this.devices?.serials().length ?? 0) - this.busy.size,
      current: [...this.busy.values()],
      done: this.done,
      startedAt: this.startedAt,
      heartbeatAt: Date.now(),
      ...(this.o.artifacts ? { artifacts: this.o.artifacts } : {}),
    };
  }

  private async announce(): Promise<void> {
    if (!this.redis) return;
    const key = `${WORKER_KEY_PREFIX}${this.name}`;
    await this.redis.multi().set(key, JSON.stringify(this.announcement())).expire(key, WORKER_TTL_S).exec();
  }

  /**
   * A seeded memory's content: `sha256:<hex>` names the key the coordinator put it under; the
   * bytes must hash to it.
   * @throws MobaError INVALID_INPUT (not a seed reference, missing, too large, wrong bytes)
   */
  private async memorySeed(ref: string): Promise<string> {
    const m = MEMORY_SEED_REF.exec(ref);
    if (!m) throw new MobaError('INVALID_INPUT', 'The memory seed is not a sha256:<hex> reference');
    const key = `${MEMORY_SEED_KEY_PREFIX}${m[1]!}`;
    const size = await this.redis!.strlen(key);
    if (size === 0) throw new MobaError('INVALID_INPUT', `The memory seed ${ref} is not in Redis (${key})`);
    if (size > MAX_MEMORY_SEED_BYTES)
      throw new MobaError('INVALID_INPUT', `The memory seed ${ref} is ${size} bytes; at most ${MAX_MEMORY_SEED_BYTES}`);
    const content = await this.redis!.getBuffer(key);
    if (!content || memorySeedRef(content).sha256 !== m[1])
      throw new MobaError('INVALID_INPUT', `The memory seed under ${key} does not match its hash`);
    return content.toString('utf8');
  }

  private freeSlot(): number {
    const n = this.devices!.serials().length;
    for (let i = 0; i < n; i++) if (!this.busy.has(i)) return i;
    throw new MobaError('INTERNAL', 'No free device although the worker takes one episode per device');
  }

  private async process(job: Job, token: string | undefined, signal: AbortSignal | undefined): Promise<SweepJobResult> {
    const { UnrecoverableError, WaitingError } = await import('bullmq');
    let data: SweepJob;
    try {
      // Whoever can write Redis can write a job: nothing in it is used before this.
      data = parseSweepJob(job.data);
    } catch (error) {
      throw new UnrecoverableError(`${errorMessage(error)} (this worker speaks sweep format ${SWEEP_FORMAT})`);
    }
    const slot = this.freeSlot();
    const serial = this.devices!.serials()[slot]!;
    this.busy.set(slot, `${data.benchmarkId}/${data.episodeId}`);
    void this.announce().catch(() => undefined);
    const abort = new AbortController();
    this.aborts.add(abort);
    const onAbort = () => abort.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const memories = new BenchMemories({
      dir: join(this.host.dataDir, 'sweeps', data.benchmarkId, 'memory'),
      settings: this.host.settings,
      gateway: this.gateway!,
      // The seed's content from the coordinator (by its hash); a job never names a file here.
      seed: (c) => this.memorySeed(c.memorySeed ?? ''),
    });
    let memory: Awaited<ReturnType<BenchMemories['forEpisode']>> = null;
    let runId: string | null = null;
    this.log(`${data.episodeId}: attempt ${job.attemptsStarted} on ${serial}`);
    try {
      memory = await memories.forEpisode(data.config, { id: data.episodeId, repetition: 0 }, job.attemptsStarted);
      const result = await runEpisode(
        episodeEnv(this.host, serial),
        {
          task: data.task,
          seed: data.seed,
          config: data.config,
          timeoutS: data.timeoutS,
          memory: memory?.memory,
          strategyMemory: memory?.strategyMemory,
          userFacts: memory?.userFacts,
          onRun: (r) => {
            runId = r;
            void job.updateProgress({ worker: this.name, serial, runId: r }).catch(() => undefined);
          },
        },
        abort.signal,
      );
      const summary = this.host.runs.get(result.runId);
      this.done++;
      this.log(
        `${data.episodeId}: ${result.reached}/${result.total} milestones in ${result.steps} steps (${result.termination})`,
      );
      return {
        format: SWEEP_FORMAT,
        worker: this.name,
        machine: hostname(),
        serial,
        result,
        run: {
          id: summary.id,
          task: summary.task,
          serial: summary.serial,
          mode: summary.mode,
          createdAt: summary.createdAt,
          events: this.host.runs.events(result.runId).events,
        },
      };
    } catch (error) {
      if (abort.signal.aborted || this.handingBack) {
        // Handed back: another worker runs it again from a reset phone; no attempt is used up.
        this.log(`${data.episodeId}: handed back to the queue`);
        if (token) await job.moveToWait(token);
        throw new WaitingError();
      }
      const infra = asInfraError(error, runId);
      this.log(`${data.episodeId}: attempt ${job.attemptsStarted} failed: ${errorMessage(error)}`);
      if (infra && !infra.fatal) {
        await this.devices!.replace(slot).catch((e: unknown) =>
          this.log(`replacing the phone on slot ${slot + 1}: ${errorMessage(e)}`),
        );
        throw new Error(`Infrastructure error on ${this.name} (${serial}): ${errorMessage(error)}`, { cause: error });
      }
      throw new UnrecoverableError(
        `${infra ? 'Infrastructure error no retry can fix' : 'Not an infrastructure error: not retried'} on ${this.name}: ${errorMessage(error)}`,
      );
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.aborts.delete(abort);
      memory?.close();
      this.busy.delete(slot);
      void this.announce().catch(() => undefined);
    }
  }

  /**
   * Stops pulling episodes. Without `handBack` the running ones are finished first; with it
   * they are stopped and put back in the queue at once.
   */
  async close(options: { handBack?: boolean } = {}): Promise<void> {
    if (options.handBack) {
      this.handingBack = true;
      for (const a of this.aborts) a.abort();
    }
    await this.worker?.close().catch((e: unknown) => this.log(`closing the queue: ${errorMessage(e)}`));
    if (this.beat) clearInterval(this.beat);
    await this.redis?.del(`${WORKER_KEY_PREFIX}${this.name}`).catch(() => undefined);
    this.redis?.disconnect();
    await this.devices?.close().catch((e: unknown) => this.log(`closing the devices: ${errorMessage(e)}`));
    this.gateway?.dispose();
  }
}
