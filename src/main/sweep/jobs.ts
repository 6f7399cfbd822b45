/**
 * The sweep's wire format on BullMQ — public, so that other tools can submit or consume
 * episodes (docs/sweeps.md describes it field by field). Redis is a wire, not a trust
 * boundary: anyone who can write to it can write jobs, results and announcements, so every one
 * is parsed by a strict schema before it is used, and nothing in them becomes a host path.
 *
 * - Queue `moba-sweep-<profile>` per device profile (`sim` for simulated phones, or a name a
 *   worker was started with, e.g. `pixel-android14`).
 * - Job id `<benchmarkId>/<episodeId>`: the same episode always has the same id, so submitting
 *   a sweep twice, or resubmitting after a crash, adds nothing.
 * - Ids are 1–128 of `A–Z a–z 0–9 . _ -` (not `.` or `..`); an episode id is four of them
 *   joined by `/`. No file or folder name can escape the data folder that is built from them.
 * - Job data: `SweepJob` — the task as frozen in the coordinator's store, the instance seed and
 *   the configuration. No host path: a seeded memory is `sha256:<hex>`, the hash of the seed
 *   file's content, which the coordinator puts under `moba-sweep:memory-seed:<hex>`. Nothing
 *   secret: model endpoints are named by role and URL only; API keys stay on each worker.
 * - Return value: `SweepJobResult` — the episode's result and the run's event log. Artefacts
 *   come from the worker's web host, at the address and with the credential it announced.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BenchConfiguration } from '../../shared/bench/config.ts';
import { EpisodeResult } from '../../shared/bench/results.ts';
import { BenchTask } from '../../shared/bench/task-schema.ts';
import { MobaError } from '../../shared/errors.ts';
import { tooDeepPath } from '../../shared/input-depth.ts';
import { RunEventSchema } from '../../shared/schemas/run.ts';
import { AutonomyMode } from '../../shared/schemas/settings.ts';
import { MAX_TASK_DEPTH, checkTask } from '../bench/task-validate.ts';
export { MAX_MEMORY_SEED_BYTES } from '../bench/bench-memory.ts';
import { SAFE_ID_PATTERN, isSafeId } from '../safe-id.ts';

export const SWEEP_FORMAT = 2;
export const DEFAULT_PROFILE = 'sim';
export const PROFILE_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

const SafeId = z.string().regex(SAFE_ID_PATTERN, 'an id of 1–128 letters, digits, ".", "_" or "-" (not "." or "..")');
const EpisodeId = z
  .string()
  .max(600)
  .refine((id) => id.split('/').length === 4 && id.split('/').every(isSafeId), {
    message: 'four ids of letters, digits, ".", "_" or "-" joined by "/" (<config>/<task>/s<seed>/r<repetition>)',
  });

/** A seeded memory in a job: the hash of the seed file's content (`moba-sweep:memory-seed:<hex>` holds it). */
export const MEMORY_SEED_REF = /^sha256:([0-9a-f]{64})$/;
export const MEMORY_SEED_KEY_PREFIX = 'moba-sweep:memory-seed:';

export const SweepJob = z
  .object({
    format: z.literal(SWEEP_FORMAT),
    benchmarkId: SafeId,
    episodeId: EpisodeId,
    profile: z.string().regex(PROFILE_PATTERN),
    task: BenchTask,
    seed: z.number().int(),
    config: BenchConfiguration.refine((c) => c.memorySeed === undefined || MEMORY_SEED_REF.test(c.memorySeed), {
      message: 'a job names no file: a seeded memory travels as sha256:<the hash of its content>',
      path: ['memorySeed'],
    }),
    /** Wall-time limit of the episode in seconds; the task's own when absent. */
    timeoutS: z.number().int().positive().max(86_400).optional(),
  })
  .strict();
export type SweepJob = z.infer<typeof SweepJob>;

export const SweepRun = z
  .object({
    id: SafeId,
    task: z.string().max(100_000),
    serial: z.string().max(255),
    mode: AutonomyMode,
    createdAt: z.number(),
    events: z.array(RunEventSchema),
  })
  .strict();
export type SweepRun = z.infer<typeof SweepRun>;

export const SweepJobResult = z
  .object({
    format: z.literal(SWEEP_FORMAT),
    /** The worker's name and machine, and the device the episode ran on. */
    worker: SafeId,
    machine: z.string().max(255),
    serial: z.string().max(255),
    result: EpisodeResult,
    run: SweepRun,
  })
  .strict();
export type SweepJobResult = z.infer<typeof SweepJobResult>;

/** Where a worker serves its artefacts, and the credential that reads them (nothing else of its web host). */
export const ArtifactSource = z
  .object({ url: z.url({ protocol: /^https?$/ }).max(2_048), token: z.string().min(32).max(256) })
  .strict();
export type ArtifactSource = z.infer<typeof ArtifactSource>;

/** What workers write about themselves (key `moba-sweep:worker:<name>`, expiring). */
export const WorkerAnnouncement = z
  .object({
    name: SafeId,
    machine: z.string().max(255),
    pid: z.number().int(),
    profile: z.string().max(40),
    devices: z.array(z.string().max(255)).max(1_000),
    free: z.number().int(),
    /** `<benchmarkId>/<episodeId>` per busy device. */
    current: z.array(z.string().max(800)).max(1_000),
    done: z.number().int(),
    startedAt: z.number(),
    heartbeatAt: z.number(),
    /** With `--serve`: where coordinators fetch this worker's artefacts, and with what. */
    artifacts: ArtifactSource.optional(),
  })
  .strict();
export type WorkerAnnouncement = z.infer<typeof WorkerAnnouncement>;

const issuesOf = (error: z.ZodError) =>
  error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(job)'}: ${i.message}`)
    .join('; ');

/**
 * Reads job data as Redis holds it: bounded depth, the strict schema, and the task checked as
 * `moba bench validate` checks a file (its patterns must run on RE2, its parameters stay bounded).
 * @throws MobaError INVALID_INPUT naming what is wrong
 */
export function parseSweepJob(data: unknown): SweepJob {
  const deep = tooDeepPath(data, MAX_TASK_DEPTH + 1, 8);
  if (deep) throw new MobaError('INVALID_INPUT', `Not a sweep episode: nested too deep at ${deep.join('.')}…`);
  const parsed = SweepJob.safeParse(data);
  if (!parsed.success) throw new MobaError('INVALID_INPUT', `Not a sweep episode: ${issuesOf(parsed.error)}`);
  const task = checkTask(parsed.data.task);
  if (!task.ok)
    throw new MobaError(
      'INVALID_INPUT',
      `Not a sweep episode: its task is invalid: ${task.problems
        .slice(0, 5)
        .map((p) => `task.${p.path}: ${p.message}`)
        .join('; ')}`,
    );
  return parsed.data;
}

/**
 * Reads a job's return value as Redis holds it.
 * @throws MobaError INVALID_INPUT naming what is wrong
 */
export function parseSweepResult(value: unknown): SweepJobResult {
  const deep = tooDeepPath(value, 64, 8);
  if (deep) throw new MobaError('INVALID_INPUT', `Not a sweep result: nested too deep at ${deep.join('.')}…`);
  const parsed = SweepJobResult.safeParse(value);
  if (!parsed.success) throw new MobaError('INVALID_INPUT', `Not a sweep result: ${issuesOf(parsed.error)}`);
  return parsed.data;
}

/** The reference a job carries for a memory seed's content, and the Redis key that holds it. */
export function memorySeedRef(content: Buffer): { ref: string; key: string; sha256: string } {
  const sha256 = createHash('sha256').update(content).digest('hex');
  return { ref: `sha256:${sha256}`, key: `${MEMORY_SEED_KEY_PREFIX}${sha256}`, sha256 };
}

export const WORKER_KEY_PREFIX = 'moba-sweep:worker:';
/** Seconds a worker's announcement outlives its last heartbeat. */
export const WORKER_TTL_S = 30;

export function queueName(profile: string): string {
  if (!PROFILE_PATTERN.test(profile))
    throw new MobaError(
      'INVALID_INPUT',
      `Invalid device profile "${profile}": lower-case letters, digits and dashes, at most 40`,
    );
  return `moba-sweep-${profile}`;
}

export function jobId(benchmarkId: string, episodeId: string): string {
  const enc = (s: string) => s.replaceAll('%', '%25').replaceAll(':', '%3A');
  return `${enc(benchmarkId)}/${enc(episodeId)}`;
}

const SECRET_KEY = /api[-_]?key|password|passwd|secret|token|authorization|credential/i;

/**
 * Refuses job data that would carry a secret through Redis: a field named like one, or a URL
 * with credentials in it. The task itself is public data and is not inspected.
 * @throws MobaError INVALID_INPUT naming the field
 */
export function assertNoSecrets(job: SweepJob): void {
  const walk = (v: unknown, path: string): void => {
    if (typeof v === 'string') {
      if (/^[a-z][a-z0-9+.-]*:\/\/[^/@\s]*:[^/@\s]*@/i.test(v))
        throw new MobaError(
          'INVALID_INPUT',
          `The sweep would send credentials through Redis (${path} is a URL with a password); give them to each worker instead`,
        );
      return;
    }
    if (Array.isArray(v)) return v.forEach((x, i) => walk(x, `${path}[${i}]`));
    if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if (SECRET_KEY.test(k) && x !== undefined && x !== null && x !== '')
          throw new MobaError(
            'INVALID_INPUT',
            `The sweep would send a secret through Redis (${path}.${k}); API keys stay on each worker`,
          );
        walk(x, `${path}.${k}`);
      }
  };
  const { task: _task, ...rest } = job;
  walk(rest, 'job');
}
