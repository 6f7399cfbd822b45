/**
 * The sweep's wire format on BullMQ — public, so that other tools can submit or consume
 * episodes (docs/sweeps.md describes it field by field).
 *
 * - Queue `moba-sweep-<profile>` per device profile (`sim` for simulated phones, or a name a
 *   worker was started with, e.g. `pixel-android14`).
 * - Job id `<benchmarkId>/<episodeId>`, with `%` and `:` percent-encoded (BullMQ ids may not
 *   contain `:`): the same episode always has the same id, so submitting a sweep twice, or
 *   resubmitting after a crash, adds nothing.
 * - Job data: `SweepJob` — the task as frozen in the coordinator's store, the instance seed and
 *   the configuration. Nothing secret: model endpoints are named by role and URL only; API
 *   keys stay on each worker (its settings or environment).
 * - Return value: `SweepJobResult` — the episode's result and the run's event log.
 */
import { z } from 'zod';
import { BenchConfiguration } from '../../shared/bench/config.ts';
import { EpisodeResult } from '../../shared/bench/results.ts';
import { BenchTask } from '../../shared/bench/task-schema.ts';
import { MobaError } from '../../shared/errors.ts';
import { RunEventSchema } from '../../shared/schemas/run.ts';

export const SWEEP_FORMAT = 1;
export const DEFAULT_PROFILE = 'sim';
export const PROFILE_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

export const SweepJob = z.object({
  format: z.literal(SWEEP_FORMAT),
  benchmarkId: z.string().min(1),
  episodeId: z.string().min(1),
  profile: z.string().regex(PROFILE_PATTERN),
  task: BenchTask,
  seed: z.number().int(),
  config: BenchConfiguration,
  /** Wall-time limit of the episode in seconds; the task's own when absent. */
  timeoutS: z.number().int().positive().optional(),
});
export type SweepJob = z.infer<typeof SweepJob>;

export const SweepRun = z.object({
  id: z.string().min(1),
  task: z.string(),
  serial: z.string(),
  mode: z.string(),
  createdAt: z.number(),
  events: z.array(RunEventSchema),
});
export type SweepRun = z.infer<typeof SweepRun>;

export const SweepJobResult = z.object({
  format: z.literal(SWEEP_FORMAT),
  /** The worker's name and machine, and the device the episode ran on. */
  worker: z.string(),
  machine: z.string(),
  serial: z.string(),
  result: EpisodeResult,
  run: SweepRun,
  /** Where the worker's web host serves the run's artefacts (`GET <url>/artifacts/<sha256>`, bearer MOBA_SWEEP_TOKEN); absent when it serves none. */
  artifactsUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type SweepJobResult = z.infer<typeof SweepJobResult>;

/** What workers write about themselves (hash `moba-sweep:worker:<name>`, expiring). */
export const WorkerAnnouncement = z.object({
  name: z.string(),
  machine: z.string(),
  pid: z.number().int(),
  profile: z.string(),
  devices: z.array(z.string()),
  free: z.number().int(),
  /** `<benchmarkId>/<episodeId>` per busy device. */
  current: z.array(z.string()),
  done: z.number().int(),
  startedAt: z.number(),
  heartbeatAt: z.number(),
});
export type WorkerAnnouncement = z.infer<typeof WorkerAnnouncement>;

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
